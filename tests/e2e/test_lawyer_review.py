"""The lawyer's review in a real Chromium, at 1280 px and 390 px: the whole contract beside the
card, edit in place, undo, comments for the other side, the issue list, and no page wider than
its viewport. Screenshots of every step go to test-artifacts/screenshots/ (``lawyer-*``)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from review.models import Review, ReviewStatus
from tests.conftest import browser_context, login, screenshot, writes_sent_while
from tests.factories import PASSWORD
from tests.review.factories import PLAYBOOK_YAML, make_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}

# The test playbook, with payment-terms at low severity (a number-only edit) and comments for
# the other side beside internal guidance that must never leave the firm.
COMMENTED_PLAYBOOK = PLAYBOOK_YAML.replace(
    """    severity: medium
    find:
      any: ["invoice", "payment"]""",
    """    severity: low
    comment: We pay every supplier within thirty days; this keeps our terms uniform.
    find:
      any: ["invoice", "payment"]""",
).replace(
    "    guidance: Uncapped liability is a red line.",
    "    guidance: Uncapped liability is a red line.\n    comment: A cap tied to the fees is market standard for SaaS.",
)
assert COMMENTED_PLAYBOOK.count("comment:") == 2


def fits(page) -> None:  # type: ignore[no-untyped-def]
    """No page is wider than its viewport (no sideways scrolling)."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.evaluate("() => window.innerWidth")
    assert width <= viewport, f"{page.url} is {width}px wide in a {viewport}px viewport"


def shot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    fits(page)
    screenshot(page, f"lawyer-{name}")


@pytest.fixture(params=list(WIDTHS), ids=list(WIDTHS))
def sized(request, browser_page):  # type: ignore[no-untyped-def]
    width, height = WIDTHS[request.param]
    browser_page.set_viewport_size({"width": width, "height": height})
    browser_page.redpen_width = request.param
    return browser_page


def title(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator("#card-title").inner_text()


def wait_title(page, prefix: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function("(p) => document.querySelector('#card-title').innerText.startsWith(p)", arg=prefix)


def show_contract(page) -> None:  # type: ignore[no-untyped-def]
    if page.redpen_width == "phone":
        page.click(".view-switch button[data-view=contract]")
    page.wait_for_selector("#contract-pane a.hl")


def test_the_contract_in_view_marks_every_recommendation_and_opens_its_card(sized):
    page = sized
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    n_recs = review.recommendations.count()
    show_contract(page)
    marks = page.locator("#contract-pane a.hl")
    assert marks.count() == n_recs
    # Coloured by severity and status.
    assert page.locator("#contract-pane a.hl.sev-high.st-pending").count() == 1
    assert page.locator("#contract-pane a.hl.sev-critical").count() == 1
    shot(page, f"contract-{page.redpen_width}")
    # The card's clause is in view and marked as the current one.
    payment = review.recommendations.get(rule_id="payment-terms")
    assert page.locator(f"#contract-pane a.hl.current[data-rec='{payment.pk}']").count() == 1
    # Clicking a mark opens its card.
    page.click("#contract-pane a.hl.sev-high")
    wait_title(page, "Renewal")
    assert page.locator(".ctr-focus").count() == 1
    if page.redpen_width == "desktop":
        box = page.locator(".ctr-focus").bounding_box()
        pane = page.locator("#contract-pane").bounding_box()
        assert pane["y"] <= box["y"] <= pane["y"] + pane["height"], "the card's clause is scrolled into view"
    shot(page, f"contract-card-{page.redpen_width}")
    # The keyboard queue stays.
    page.keyboard.press("j")
    wait_title(page, "A limitation")
    # Filters by severity and status.
    page.select_option("#filter-severity", "high")
    assert page.locator("#rec-list li:not([hidden])").count() == 1
    page.select_option("#filter-severity", "")
    page.select_option("#filter-status", "accepted")
    assert page.locator("#rec-list li:not([hidden])").count() == 0
    page.select_option("#filter-status", "pending")
    assert page.locator("#rec-list li:not([hidden])").count() == n_recs
    shot(page, f"contract-filtered-{page.redpen_width}")


def test_accept_all_low_severity_number_only_edits_with_one_confirmation(sized):
    page = sized
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.click("#bulk-accept")
    items = page.locator(".bulk-list li")
    assert items.count() == 1
    assert "Payment within 30 days" in items.first.inner_text()
    assert page.locator(".bulk-list ins").count() >= 1
    shot(page, f"bulk-confirm-{page.redpen_width}")
    page.click("#confirm-bulk")
    page.wait_for_selector("text=Accepted 1 number-only edit.")
    assert review.recommendations.get(rule_id="payment-terms").status == "accepted"
    assert review.recommendations.exclude(rule_id="payment-terms").filter(status="accepted").count() == 0
    shot(page, f"bulk-done-{page.redpen_width}")


def test_edit_in_place_with_a_live_redline_is_accepted_as_a_revision(sized):
    page = sized
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    if page.redpen_width == "desktop":
        page.keyboard.press("w")
    else:
        page.click("#edit-in-place summary")
    area = page.locator("#wording")
    assert area.input_value().startswith("Customer shall pay")  # prefilled with the proposed wording
    area.fill("Customer shall pay undisputed invoices within twenty (20) business days of receipt.")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#wording-redline ins')].some(e => e.innerText.includes('business'))"
    )
    inserted = " ".join(page.locator("#wording-redline ins").all_inner_texts())
    deleted = " ".join(page.locator("#wording-redline del").all_inner_texts())
    assert "twenty" in inserted and "sixty" in deleted  # against the contract as it reads now
    shot(page, f"edit-in-place-{page.redpen_width}")
    page.click("button:has-text('Accept my wording')")
    wait_title(page, "Renewal")
    rec = review.recommendations.get(rule_id="payment-terms")
    assert rec.status == "accepted"
    assert rec.current_proposal.instruction.startswith("replace with: ")
    review.refresh_from_db()
    assert "twenty (20) business days" in review.current_version.text_model.text
    page.goto(f"/reviews/{review.pk}/recommendations/{rec.pk}/")
    page.click("summary:has-text('Revision history')")
    assert "replace with:" in page.locator(".history").inner_text()
    shot(page, f"edit-history-{page.redpen_width}")


def test_comments_for_the_other_side_are_edited_on_the_card_and_reach_the_redline(sized):
    page = sized
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    box = page.locator("#comment")
    assert box.input_value().startswith("We pay every supplier within thirty days")
    box.fill("Our payment run is monthly; thirty days lets us pay on time.")
    shot(page, f"comment-card-{page.redpen_width}")
    page.click("button[value=accept]")
    wait_title(page, "Renewal")
    page.fill("#reason", "Fine for this vendor.")
    page.press("#reason", "Enter")
    wait_title(page, "A limitation")
    page.click("button[value=accept]")
    page.wait_for_selector("text=Download redline .docx")
    shot(page, f"completed-{page.redpen_width}")
    with page.expect_download() as download:
        page.click("text=Download redline .docx (tracked changes and comments)")
    data = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes()))
    comments = data.read("word/comments.xml").decode()
    assert "Our payment run is monthly" in comments
    assert "market standard for SaaS" in comments
    assert "red line" not in comments and "cash flow" not in comments  # guidance never leaves the firm
    assert "commentReference" in data.read("word/document.xml").decode()
    with page.expect_download() as plain:
        page.click("text=Redline without comments")
    assert "word/comments.xml" not in zipfile.ZipFile(plain.value.path()).namelist()


def test_the_issue_list_downloads_and_prints(sized):
    page = sized
    review = make_review(playbook=COMMENTED_PLAYBOOK)
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.click("button[value=accept]")
    wait_title(page, "Renewal")
    page.fill("#reason", "Renewals are fine for this vendor.")
    page.press("#reason", "Enter")
    wait_title(page, "A limitation")
    page.click("text=Issue list")
    rows = page.locator("#issues tbody tr")
    assert rows.count() == review.rule_outcomes.count() + 0  # one per rule: each has at most one recommendation
    text = page.locator("#issues").inner_text()
    assert "Renewals are fine for this vendor." in text and "rejected" in text
    assert "We pay every supplier within thirty days" in text
    assert "cash flow" not in text
    shot(page, f"issues-{page.redpen_width}")
    page.emulate_media(media="print")
    assert page.locator(".topbar").is_hidden()
    page.emulate_media(media="screen")
    with page.expect_download() as xlsx:
        page.click("text=Download .xlsx")
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(Path(xlsx.value.path()).read_bytes())).active
    header = [c.value for c in sheet[1]]
    assert header[:3] == ["#", "Source", "Clause"] and "Comment for the other side" in header
    assert sheet.max_row == rows.count() + 1
    with page.expect_download() as csv_file:
        page.click("text=Download .csv")
    assert "Renewals are fine for this vendor." in Path(csv_file.value.path()).read_text(encoding="utf-8-sig")


def test_cancel_asks_for_confirmation_first(sized):
    page = sized
    review = make_review()
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.click("#cancel-link")
    page.wait_for_selector("text=Cancel this review?")
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION  # nothing happened yet
    shot(page, f"cancel-confirm-{page.redpen_width}")
    page.click("text=No, go back")
    assert Review.objects.get(pk=review.pk).status == ReviewStatus.AWAITING_DECISION
    page.click("#cancel-link")
    page.fill("input[name=reason]", "Deal fell through")
    page.click("#confirm-cancel")
    page.wait_for_selector("text=The review was cancelled")
    assert Review.objects.get(pk=review.pk).status == ReviewStatus.CANCELLED


def test_rough_edges_counter_reject_reason_variants_and_clause(sized):
    page = sized
    review = make_review()
    n = review.recommendations.count()
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    assert page.locator("#card-counter").inner_text() == f"Recommendation 1 of {n}"
    # Only what the rule has is offered: payment-terms has a mutual variant, renewal-term none.
    assert "mutual" in page.locator("#revise-help").inner_text()
    page.click("button[value=accept]")
    wait_title(page, "Renewal")
    # The counter after an HTMX decision (it read "of 0").
    assert page.locator("#card-counter").inner_text() == f"Recommendation 2 of {n}"
    assert "mutual" not in page.locator("#revise-help").inner_text()
    page.fill("#instruction", "mutual")
    page.click("button[value=revise]")
    page.wait_for_selector("text=This rule has no “mutual” version")
    assert "could not understand" not in page.content().lower()
    # The clause is shown once.
    assert page.locator("blockquote.clause").count() == 1
    # r asks for the reason (skippable) instead of rejecting at once.
    if page.redpen_width == "desktop":
        page.locator("body").click(position={"x": 5, "y": 5})
        page.keyboard.press("r")
        assert page.evaluate("() => document.activeElement.id") == "reason"
        assert review.recommendations.get(rule_id="renewal-term").status == "pending"
        page.keyboard.press("Enter")
        wait_title(page, "A limitation")
        assert review.recommendations.get(rule_id="renewal-term").status == "rejected"
    shot(page, f"rough-edges-{page.redpen_width}")


def test_every_page_fits_its_viewport(sized, live_server):
    from playbooks.models import Playbook
    from playbooks.services import playbook_upload

    page = sized
    review = make_review()
    user = review.owner
    login(page, user.username, PASSWORD)
    # The starter library's SaaS playbook: long positions, guidance and patterns.
    library = (Path(__file__).resolve().parents[2] / "playbooks" / "library" / "saas-customer.yaml").read_bytes()
    version, _ = playbook_upload(author=user, source=library)
    assert Playbook.objects.count() == 2
    pages = {
        "reviews": "/reviews/",
        "new-review": "/reviews/new/",
        "review": f"/reviews/{review.pk}/",
        "contracts": "/documents/",
        "contract": f"/documents/{review.document.pk}/",
        "playbooks": "/playbooks/",
        "playbook-version": f"/playbooks/{version.playbook_id}/v{version.number}/",
        "playbook-upload": "/playbooks/upload/",
        "inbox": "/inbox/",
        "issues": f"/reviews/{review.pk}/issues/",
        "playbook-format": "/playbooks/format/",
        "not-found": "/reviews/999999/",
    }
    for name, url in pages.items():
        page.goto(url)
        page.wait_for_load_state("networkidle")
        shot(page, f"page-{name}-{page.redpen_width}")
    # Inbox and Log out are on screen at every width.
    for selector in ("nav >> text=Inbox", "text=Log out"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
    # The 404 is in the site's layout.
    page.goto("/reviews/999999/")
    assert page.locator(".topbar").count() == 1 and "not found" in page.locator("main").inner_text().lower()


def test_keyboard_hints_hide_on_touch_screens(browser_page, _playwright_browser, live_server):
    review = make_review()
    context = browser_context(_playwright_browser, base_url=live_server.url, viewport={"width": 390, "height": 844},
                              has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        login(page, review.owner.username, PASSWORD)
        page.goto(f"/reviews/{review.pk}/")
        assert page.locator(".shortcuts").is_hidden()
        fits(page)
        screenshot(page, "lawyer-touch-phone")
    finally:
        context.close()


def test_undo_an_acceptance_and_reopen_a_rejection(sized):
    page = sized
    review = make_review()
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.click("button[value=accept]")
    wait_title(page, "Renewal")
    page.fill("#reason", "Fine for now.")
    page.press("#reason", "Enter")
    wait_title(page, "A limitation")
    page.click("button[value=accept]")
    page.wait_for_selector("text=Download clean .docx")
    assert Review.objects.get(pk=review.pk).status == ReviewStatus.COMPLETED
    shot(page, f"undo-completed-{page.redpen_width}")
    # Undo the payment acceptance from the decisions table: a new version reverts it.
    page.click("#finished tr:has-text('Payment within 30 days') .undo-button")
    page.wait_for_selector("text=reverts that edit")
    assert title(page).startswith("Payment")
    review.refresh_from_db()
    assert review.status == ReviewStatus.AWAITING_DECISION and review.current_version.number == 4
    assert "sixty (60) days" in review.current_version.text_model.text
    assert "total liability" in review.current_version.text_model.text  # the later edit stays
    shot(page, f"undo-card-{page.redpen_width}")
    # A double click on an old page's undo changes nothing more.
    page.go_back()
    page.reload()
    # Reopen the rejection from its card.
    renewal = review.recommendations.get(rule_id="renewal-term")
    page.goto(f"/reviews/{review.pk}/recommendations/{renewal.pk}/")
    page.click("button:has-text('Reopen')")
    page.wait_for_selector("text=Reopened")
    renewal.refresh_from_db()
    assert renewal.status == "pending"
    assert Review.objects.get(pk=review.pk).current_version.number == 4
    shot(page, f"reopened-{page.redpen_width}")


def test_a_damaged_docx_is_told_so_and_the_form_states_the_limit(sized, tmp_path):
    from playbooks.services import playbook_upload
    from tests.review.factories import PLAYBOOK_YAML as YAML
    from tests.review.factories import author_user

    page = sized
    user = author_user()
    playbook_upload(author=user, source=YAML)
    login(page, user.username, PASSWORD)
    page.goto("/reviews/new/")
    assert "at most 20 MB" in page.locator("main form").inner_text()
    broken = tmp_path / "contract.docx"
    broken.write_bytes(b"This Agreement is made between the parties.\n" * 20)
    page.set_input_files("input[name=contract]", str(broken))
    page.click("button:has-text('Upload and analyse')")
    page.wait_for_selector("text=damaged")
    assert "plain-text" not in page.content()
    shot(page, f"upload-damaged-{page.redpen_width}")


def test_one_key_cannot_approve_a_critical_item(sized):
    from django.contrib.auth.models import Group

    from review.models import Approval
    from tests.review.factories import decide, shown
    from tests.review.test_approvals import gated_review, teammate

    page = sized
    senior = teammate(username="sam-senior")
    senior.groups.add(Group.objects.get_or_create(name="Senior counsel")[0])
    review = gated_review()
    decide(review, shown(review, "limitation-of-liability"), "reject", reason="Not now.")
    approval = Approval.objects.get(review=review)
    login(page, senior.username, PASSWORD)
    page.goto(f"/reviews/approvals/{approval.pk}/")
    page.locator("h1").click()
    # The key sends nothing (checked once the page has run what the key press queued), so no
    # request can still be on its way when the approval is read.
    assert writes_sent_while(page, lambda: page.keyboard.press("a")) == []
    approval.refresh_from_db()
    assert approval.status == "open"
    shot(page, f"approval-critical-{page.redpen_width}")
    page.check("#confirm-critical")
    page.click("button:has-text('Approve')")
    page.wait_for_url("**/inbox/**")
    approval.refresh_from_db()
    assert approval.status == "approved"
