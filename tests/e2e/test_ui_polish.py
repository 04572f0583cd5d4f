"""What a lawyer, a playbook author and an admin see at 390 px (a phone) and 1280 px: nothing
wider than the screen, list tables readable without sideways scrolling, nothing clipped.
docs/decisions/ui-polish.md says why each of these looks the way it does."""

from __future__ import annotations

import contextlib
import io

import pytest
from django.contrib.auth.models import Group
from docx import Document as DocxDocument
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from playbooks.services import playbook_upload
from review.models import Approval, ReviewStatus
from tests.conftest import browser_context, login, screenshot
from tests.factories import PASSWORD
from tests.review.factories import CONTRACT_PARAGRAPHS, PLAYBOOK_YAML, contract_docx, decide, make_review, shown
from tests.review.test_approvals import gated_review, teammate
from tests.review.test_clause_map import CONTRACT

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

# Every stacked table's cells lie inside the window, and each carries its column's name (unless
# the column's header is hidden on screen too).
CELLS_IN_VIEW = """() => {
  const cells = [...document.querySelectorAll('table.stack-sm td')].filter(td => td.offsetParent);
  return {
    cells: cells.length,
    outside: cells.filter(td => td.getBoundingClientRect().right > window.innerWidth + 0.5).length,
    unlabelled: cells.filter(td => {
      const th = td.closest('table').querySelectorAll('thead th')[td.cellIndex];
      const named = th && th.textContent.trim() && !th.querySelector('.visually-hidden');
      return named && td.textContent.trim() && !td.hasAttribute('data-label');
    }).length,
  };
}"""


@pytest.fixture
def touch_phone(_playwright_browser, live_server):  # type: ignore[no-untyped-def]
    """A page in a phone's browser: 390 px, a touch screen, no mouse."""
    context = browser_context(_playwright_browser, base_url=live_server.url, viewport=PHONE, has_touch=True,
                              is_mobile=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def fits(page, width: int) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate("() => document.documentElement.scrollWidth") <= width


def test_list_tables_read_as_cards_on_a_phone_and_nothing_is_wider_than_it(browser_page, live_server):
    review = make_review()
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    playbook = review.playbook_version.playbook
    pages = {
        "reviews": "/reviews/",
        "review": f"/reviews/{review.pk}/",
        "issues": f"/reviews/{review.pk}/issues/",
        "clauses": f"/reviews/{review.pk}/clauses/",
        "contracts": "/documents/",
        "contract": f"/documents/{review.document_id}/",
        "playbooks": "/playbooks/",
        "playbook": f"/playbooks/{playbook.pk}/",
    }
    page.set_viewport_size(PHONE)
    for name, url in pages.items():
        page.goto(live_server.url + url)
        page.wait_for_load_state("networkidle")
        screenshot(page, f"polish-{name}-390")
        assert fits(page, 390), name
        seen = page.evaluate(CELLS_IN_VIEW)
        assert seen["cells"] > 0, name
        assert seen["outside"] == 0, (name, seen)
        assert seen["unlabelled"] == 0, (name, seen)
    # The column names show above each value on the phone ...
    page.goto(f"{live_server.url}/reviews/")
    label = page.evaluate("() => getComputedStyle(document.querySelector('#review-list td'), '::before').content")
    assert label == '"Contract"'
    # ... and the same table is an ordinary table on a desktop.
    page.set_viewport_size({"width": 1280, "height": 900})
    assert page.locator("#review-list thead th").first.is_visible()
    label = page.evaluate("() => getComputedStyle(document.querySelector('#review-list td'), '::before').content")
    assert label in ("none", "normal")


def test_playbook_comparison_of_a_long_pattern_wraps_on_a_phone(browser_page, live_server):
    review = make_review()
    author = review.owner
    playbook = review.playbook_version.playbook
    long_pattern = "|".join(f"alternative{n}" for n in range(30))
    changed = PLAYBOOK_YAML.replace(
        'find: {any: ["change these terms"]}', f"find: {{regex: '\\b(?:{long_pattern})\\b'}}"
    )
    assert changed != PLAYBOOK_YAML
    playbook_upload(author=author, source=changed, playbook=playbook, team=None)
    page = browser_page
    login(page, author.username, PASSWORD)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/playbooks/{playbook.pk}/diff/")
    page.wait_for_selector(".rule-change")
    screenshot(page, "polish-playbook-diff-390")
    assert "alternative29" in page.locator(".rule-change").inner_text()
    assert fits(page, 390)


def contract_with_a_cover_table() -> bytes:
    """The contract of the review tests after a cover page laid out as a Word table, the way
    many agreements start (parties, dates, placeholders that are long unbroken words)."""
    document = DocxDocument()
    document.add_paragraph("Cover Page")
    table = document.add_table(rows=3, cols=2)
    for row, (name, value) in zip(table.rows, [
        ("Effective Date", "{effective_date_of_this_agreement_as_signed}"),
        ("Governing Law", "{governing_law_jurisdiction_and_courts_of_that_jurisdiction}"),
        ("Notices", "notices-for-the-customer@legal-department.example.com"),
    ], strict=True):
        row.cells[0].text, row.cells[1].text = name, value
    for style, text in CONTRACT_PARAGRAPHS:
        document.add_paragraph(text, style=style) if style else document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def test_a_finished_review_with_a_word_table_fits_a_phone(browser_page, live_server):
    review = make_review(contract=contract_with_a_cover_table())
    decide(review, shown(review, "payment-terms"), "accept")
    decide(review, shown(review, "renewal-term"), "reject", reason="Sales agreed three years.")
    decide(review, shown(review, "limitation-of-liability"), "accept")
    review.refresh_from_db()
    assert review.status == ReviewStatus.COMPLETED
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.set_viewport_size(PHONE)
    for name, url in {"done": f"/reviews/{review.pk}/", "preview": f"/reviews/{review.pk}/preview/",
                      "version": f"/documents/{review.document_id}/v1/"}.items():
        page.goto(live_server.url + url)
        page.wait_for_load_state("networkidle")
        screenshot(page, f"polish-finished-{name}-390")
        assert "Governing Law" in page.locator("main").inner_text(), name
        assert fits(page, 390), name
        # The cover page's values are read whole, not behind a scroll inside the table.
        assert page.evaluate("() => [...document.querySelectorAll('.doc-preview table')]"
                             ".every(t => t.scrollWidth <= t.clientWidth)"), name
    page.goto(f"{live_server.url}/reviews/{review.pk}/")
    seen = page.evaluate(CELLS_IN_VIEW)
    assert seen["cells"] > 0 and seen["outside"] == 0 and seen["unlabelled"] == 0, seen
    # The undo button says what it does: no column name above it.
    assert page.locator("#decisions-table td:not([data-label]) button", has_text="Undo").count() >= 1


def test_on_a_touch_screen_the_card_s_links_are_big_enough_to_tap(touch_phone):
    review = make_review()
    page = touch_phone
    assert page.evaluate("() => matchMedia('(hover: none) and (pointer: coarse)').matches")
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    page.wait_for_selector("#card")
    screenshot(page, "polish-touch-card-390")
    for target in ["#card a[data-shortcut=j]", "#cancel-link", "#review-header a[href$='/issues/']",
                   ".nav-user .link-button", "#edit-in-place summary"]:
        box = page.locator(target).bounding_box()
        assert box is not None and box["height"] >= 44, (target, box)
    # The reason's hint is not cut off: the field has the whole line on a phone.
    reason = page.locator("#reason")
    assert reason.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert reason.bounding_box()["width"] > 300


def test_clause_map_passages_are_quotations_without_bullets(browser_page, live_server):
    review = make_review(contract=contract_docx(CONTRACT))
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/reviews/{review.pk}/clauses/")
    page.wait_for_selector("#clause-types details[open] blockquote")
    screenshot(page, "polish-clause-map-390")
    assert fits(page, 390)
    item = page.locator("#clause-types details[open] li").first
    assert item.evaluate("el => getComputedStyle(el).listStyleType") == "none"
    quote, card = page.locator("#clause-types details[open] blockquote").first.bounding_box(), page.locator(
        "#clause-types").bounding_box()
    # The quotation uses the card's width (before: a bullet and two indents left it 60 % of it).
    assert quote["width"] >= 0.85 * (card["width"] - 2 * 15)
    where = page.locator("#key-terms tr[data-term=governing-law] td").nth(2).inner_text()
    assert "confidence" in where


MEASURED_TICKS = """() => {
  const chart = Chart.getChart(document.querySelector('canvas[data-chart=rules]'));
  const axis = chart.scales.y;
  chart.ctx.font = Chart.helpers.toFont(axis.options.ticks.font).string;
  const labels = axis.ticks.map(t => [t.label].flat().join(' '));
  return {labels, room: axis.width, widest: Math.max(...labels.map(l => chart.ctx.measureText(l).width))};
}"""


def test_the_statistics_chart_shortens_long_rule_names_instead_of_cutting_them(browser_page, live_server):
    long_id = "vendor-termination-for-convenience-and-payment-terms"
    review = make_review(playbook=PLAYBOOK_YAML.replace("id: payment-terms", f"id: {long_id}"))
    playbook = review.playbook_version.playbook
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/playbooks/{playbook.pk}/stats/")
    page.wait_for_selector("canvas[data-chart=rules][data-drawn=true]")
    screenshot(page, "polish-stats-390")
    ticks = page.evaluate(MEASURED_TICKS)
    assert ticks["widest"] <= ticks["room"], ticks
    shortened = [label for label in ticks["labels"] if label.startswith("vendor-termination")]
    assert shortened and shortened[0].endswith("…"), ticks
    # The tooltip (and the table below the chart) still have the whole name.
    assert long_id in page.evaluate("() => Chart.getChart(document.querySelector('canvas[data-chart=rules]')).data.labels")
    # A desktop has room for the whole name.
    page.set_viewport_size({"width": 1280, "height": 900})
    # Chart.js redraws on its resize observer, when it gets to it: wait for the whole name.
    page.wait_for_function(f"id => ({MEASURED_TICKS})().labels.includes(id)", arg=long_id)
    assert long_id in page.evaluate(MEASURED_TICKS)["labels"]


def test_the_approver_s_send_back_reason_is_not_cut_off_on_a_phone(browser_page, live_server):
    approver = teammate(username="sam-senior")
    approver.groups.add(Group.objects.get_or_create(name="Senior counsel")[0])
    review = gated_review()
    decide(review, shown(review, "payment-terms"), "accept")
    approval = Approval.objects.get(review=review)
    page = browser_page
    login(page, approver.username, PASSWORD)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/reviews/approvals/{approval.pk}/")
    back = page.locator("input[name=comment][required]")
    screenshot(page, "polish-approval-390")
    assert fits(page, 390)
    assert back.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert back.bounding_box()["width"] > 300


LONG_COMMENT = ("We pay every supplier within thirty days of receiving an undisputed invoice; this keeps our "
                "payment runs uniform across all vendors, and undisputed amounts are always paid on time.")


def test_the_comment_for_the_other_side_shows_whole_before_accepting(browser_page, live_server):
    playbook = PLAYBOOK_YAML.replace("    guidance: Longer terms hurt our cash flow; 45 days is the most we concede.",
                                     "    guidance: Longer terms hurt our cash flow; 45 days is the most we concede.\n"
                                     f"    comment: {LONG_COMMENT}")
    assert playbook != PLAYBOOK_YAML
    review = make_review(playbook=playbook)
    page = browser_page
    login(page, review.owner.username, PASSWORD)
    for width, height in [(1280, 900), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/reviews/{review.pk}/")
        box = page.locator("#comment")
        assert box.input_value() == LONG_COMMENT
        assert box.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), width


def test_after_a_decision_on_a_phone_the_next_card_s_title_is_on_screen(touch_phone):
    review = make_review()
    page = touch_phone
    login(page, review.owner.username, PASSWORD)
    page.goto(f"/reviews/{review.pk}/")
    first = page.locator("#card-title").inner_text()
    # The lawyer has scrolled down to the buttons at the bottom of the card.
    page.locator("#instruction").scroll_into_view_if_needed()
    page.locator("button[value=reject]").click()
    page.wait_for_function("t => document.querySelector('#card-title').innerText !== t", arg=first)
    # The page scrolls the new card into view once HTMX has settled the swap: wait for that
    # (or for the step timeout, and then the assertion below says where the title is).
    title_top = "() => document.querySelector('#card-title').getBoundingClientRect().top"
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(f"h => {{ const top = ({title_top})(); return top >= 0 && top < h / 2; }}",
                               arg=PHONE["height"])
    screenshot(page, "polish-next-card-390")
    top = page.evaluate(title_top)
    assert 0 <= top < PHONE["height"] / 2, top
    # The brand keeps its space between the mark and the name on a touch screen.
    gap = page.evaluate("""() => {
      const brand = document.querySelector('.brand'), mark = brand.querySelector('.brand-mark');
      const range = document.createRange();
      range.setStartAfter(mark); range.setEndAfter(brand.lastChild);
      const text = [...range.getClientRects()].filter(r => r.width > 0)[0];
      return text.left - mark.getBoundingClientRect().right;
    }""")
    assert gap >= 3, gap
