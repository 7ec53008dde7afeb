"""End-to-end tests in Debian's Chromium driven by Playwright (never a downloaded browser).

The browser is Debian's headless build of Chromium (``chromium-headless-shell``, the build
Playwright itself runs headless tests in): the same Blink and V8 as the ``chromium`` package,
without the desktop browser around them, for half its CPU over the browser tests (issue 38
§5). A machine with only ``chromium`` runs them in it.

They are skipped, with a clear reason, when neither is installed, unless REQUIRE_BROWSER=1
(CI), where a missing browser is an error.
"""

import os
import shutil

import pytest
from browser_pages import close_page, new_page

CHROMIUM = (
    shutil.which("chromium-headless-shell") or shutil.which("chromium") or "/usr/bin/chromium"
)
# Playwright's sync API runs an event loop in the test thread; the test itself only touches
# the database through Django's ORM between browser steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    if os.environ.get("REQUIRE_BROWSER") == "1":
        raise pytest.UsageError(f"REQUIRE_BROWSER=1 but Chromium is missing at {CHROMIUM}")
    skip = pytest.mark.skip(
        reason="Chromium is not installed (apt-get install chromium-headless-shell)"
    )
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    page = new_page(browser)
    yield page
    close_page(page)


@pytest.fixture
def phone(browser):
    """A phone-sized page, as a scorekeeper holds it in the hall."""
    page = new_page(browser, width=390, height=844)
    yield page
    close_page(page)


@pytest.fixture
def phones(browser):
    """Opens phones (390×844), each in its own browser context (its own cookies), as the
    players at one table hold them; all closed, and checked for CSP violations, at the end."""
    opened = []

    def open_phone():
        page = new_page(browser, width=390, height=844)
        opened.append(page)
        return page

    yield open_phone
    for page in opened:
        close_page(page)


@pytest.fixture
def log_in(live_server):
    """Log a page in through the login form (the scorekeeper of tests/conftest.py by default)."""
    from django.urls import reverse

    def log_in(page, username: str = "saisie", password: str = "secret-pass-123") -> None:
        page.goto(live_server.url + reverse("login"))
        page.fill("#id_username", username)
        page.fill("#id_password", password)
        with page.expect_navigation():
            page.keyboard.press("Enter")

    return log_in


@pytest.fixture
def open_page(browser):
    """Pages of any size, each in its own browser context (two people on two devices),
    closed and checked for CSP violations at the end of the test."""
    pages = []

    def open_(*, width: int = 1280, height: int = 900):
        page = new_page(browser, width=width, height=height)
        pages.append(page)
        return page

    yield open_
    for page in pages:
        close_page(page)
