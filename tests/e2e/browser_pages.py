"""A browser page for the end-to-end tests, opened and closed (the Content-Security-Policy's
violations checked): shared by the fixtures of conftest.py and the tests that open pages of
their own sizes. A module of its own name, not ``conftest``: another folder's conftest would
take that name first when pytest is given several folders."""

from urllib.parse import urljoin

from playwright.sync_api import expect


def new_page(browser, *, width: int = 1280, height: int = 900):
    context = browser.new_context(locale="fr-BE", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(15_000)
    # Whatever the Content-Security-Policy blocks (an inline script, a handler) is a bug.
    page.csp_violations = []
    page.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text and page.csp_violations.append(message.text)
        ),
    )
    return page


def close_page(page) -> None:
    violations = page.csp_violations
    page.context.close()
    assert not violations, violations


def table_settled(page) -> None:
    """Wait until a table's phone page shows the table as the site has it now (its stamp is
    the state's): else its poll reloads it at the next news (another phone that joined the
    table), midway through what the test types."""
    live = page.locator("#table-live")
    state = page.request.get(urljoin(page.url, live.get_attribute("data-state-url"))).json()
    expect(live).to_have_attribute("data-stamp", state["stamp"], timeout=10_000)


def who_am_i(page, url: str, name: str) -> None:
    """A phone at a table's page says which player holds it."""
    page.goto(url)
    page.get_by_label(name, exact=True).check()
    with page.expect_navigation():
        page.get_by_role("button", name="C’est moi").click()
    assert name in page.inner_text("#me")


def whist_deal(page, declarers: tuple[str, str] = ("0", "2"), tricks: str = "10") -> None:
    """An emballage 9 by two seats typed on a phone (10 tricks: +5 each declarer, -5 each
    other)."""
    page.select_option("#id_contract", "emballage_9")
    page.select_option("#id_d1", declarers[0])
    page.select_option("#id_d2", declarers[1])
    page.fill("#id_tricks", tricks)
