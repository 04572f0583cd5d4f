import pytest

from playbooks.services import playbook_upload
from tests.conftest import login, screenshot
from tests.factories import PASSWORD, TeamFactory, author
from tests.playbooks.helpers import V1

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_author_fixes_an_error_in_place_and_tries_a_rule(browser_page):
    team = TeamFactory()
    user = author(team=team)
    page = browser_page
    login(page, user.username, PASSWORD)
    page.click("nav >> text=Playbooks")
    assert page.get_by_role("heading", name="Playbooks").is_visible()
    page.click("text=Upload a playbook")

    # A broken file: the form swaps in place (HTMX) and shows the problem under its line.
    page.fill("textarea[name=source]", V1.replace("max_days", "max_dayz"))
    page.click("button:has-text('Check and upload')")
    page.wait_for_selector("tr.line-error#L9")
    assert "unknown check 'max_dayz'" in page.inner_text("#L9")
    screenshot(page, "playbook-upload-errors")

    page.fill("textarea[name=source]", V1)
    page.click("button:has-text('Check and upload')")
    page.wait_for_url("**/v1/")
    assert page.get_by_role("heading", name="SaaS purchasing (customer side) v1").is_visible()
    assert page.locator("#rule-payment-terms").get_by_text("at most 30 days").is_visible()

    # Try a rule: the result appears without a page reload.
    page.evaluate("() => { window.__marker = 1 }")
    page.select_option("select[name=rule]", "payment-terms")
    page.fill("#try-panel textarea[name=text]", "Customer shall pay all invoices within sixty (60) days of receipt.")
    page.click("#try-panel button:has-text('Try it')")
    page.wait_for_selector(".try-result .proposal")
    assert page.evaluate("() => window.__marker") == 1
    assert page.locator(".try-result del").first.inner_text() == "sixty"
    screenshot(page, "playbook-version-try")


def test_version_page_renders_for_a_library_sized_playbook(browser_page):
    team = TeamFactory()
    user = author(team=team)
    from playbooks.services import LIBRARY_DIR

    version, _ = playbook_upload(author=user, source=(LIBRARY_DIR / "saas-customer.yaml").read_bytes(), team=team)
    playbook_upload(author=user, source=V1, team=team)
    page = browser_page
    login(page, user.username, PASSWORD)
    page.goto(f"/playbooks/{version.playbook.pk}/v1/")
    assert page.locator("#rules article.rule").count() == version.rule_count
    screenshot(page, "playbook-library-version")
