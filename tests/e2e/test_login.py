import pytest

from tests.conftest import login, screenshot
from tests.factories import PASSWORD, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_login_in_chromium_and_land_on_reviews(browser_page):
    user = UserFactory(first_name="Lena", last_name="Lawyer")
    page = browser_page
    page.goto("/reviews/")
    assert "/login/" in page.url
    screenshot(page, "login")
    login(page, user.username, PASSWORD)
    assert page.url.endswith("/reviews/")
    assert page.get_by_role("heading", name="Reviews").is_visible()
    assert page.get_by_text("Lena Lawyer").is_visible()
    # HTMX 2 is served by the app itself (no CDN) and loaded.
    assert page.evaluate("() => window.htmx && window.htmx.version.startsWith('2')")
    screenshot(page, "reviews-empty")
