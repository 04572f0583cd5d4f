"""XSS in a real Chromium: the hostile review, playbook and document pages run no script (no
alert dialog opens, no <img src=x> exists) and trip no CSP violation (the browser_page fixture
fails the test on any)."""

from __future__ import annotations

import pytest

from tests.conftest import login, screenshot
from tests.factories import PASSWORD
from tests.review.factories import author_user
from tests.security import payloads

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_hostile_text_runs_nothing_in_the_browser(browser_page):
    owner = author_user(username="xss-owner", is_staff=True, is_superuser=True)
    hostile = payloads.build(owner)
    page = browser_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    login(page, owner.username, PASSWORD)

    active, completed = hostile.active, hostile.completed
    liability = active.recommendations.get(rule_id="limitation-of-liability")
    playbook = hostile.version.playbook
    urls = [
        f"/reviews/{active.pk}/",
        f"/reviews/{active.pk}/recommendations/{liability.pk}/",
        f"/reviews/{completed.pk}/",
        f"/reviews/{completed.pk}/preview/",
        "/reviews/",
        "/reviews/new/",
        "/documents/",
        f"/documents/{completed.document.pk}/",
        f"/documents/{completed.document.pk}/v1/",
        f"/documents/{completed.document.pk}/latest/",
        "/playbooks/",
        f"/playbooks/{playbook.pk}/v1/",
        f"/playbooks/{playbook.pk}/diff/?from=1&to=2",
        # Django's admin shows the same text (reviews, decisions, playbooks).
        "/admin/review/review/",
        f"/admin/review/review/{completed.pk}/change/",
        "/admin/playbooks/playbook/",
    ]
    for url in urls:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        assert page.locator("img[src='x']").count() == 0, url
        assert page.evaluate("() => [...document.scripts].every(s => s.src)"), f"{url}: an inline script exists"

    # The card as a lawyer sees it: the payloads are visible text.
    page.goto(f"/reviews/{active.pk}/recommendations/{liability.pk}/")
    assert payloads.INSTRUCTION in page.locator("#card").inner_text()
    screenshot(page, "security-xss-card")

    # Through HTMX too: a decision swaps the next card in, and try-a-rule swaps its panel.
    page.goto(f"/reviews/{active.pk}/")
    page.fill("input[name=reason]", payloads.REASON)
    page.click("button[value=reject]")
    page.wait_for_load_state("networkidle")
    assert active.decisions.filter(reason=payloads.REASON, outcome="rejected").exists()
    assert page.locator("img[src='x']").count() == 0
    page.goto(f"/playbooks/{playbook.pk}/v1/")
    page.select_option("select[name=rule]", "payment-terms")
    page.fill("textarea[name=text]", f"Customer shall pay invoices within ninety (90) days {payloads.IMG} {payloads.SCRIPT}.")
    page.click("#try-panel button[type=submit]")
    page.wait_for_selector(".try-result")
    assert payloads.SCRIPT in page.locator(".try-result").inner_text()
    assert page.locator("img[src='x']").count() == 0
    screenshot(page, "security-xss-try")

    assert dialogs == [], dialogs
