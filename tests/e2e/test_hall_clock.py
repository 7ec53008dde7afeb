"""The hall clock in Chromium: the digits fill the screen and never leave it, whatever its
shape; the hall's screen opens it through the QR code's link, without a login."""

import pytest
from browser_pages import close_page, new_page
from django.urls import reverse
from page_checks import axe_violations

from tournaments.services import drawing
from tournaments.tableside import hall_screen

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = [(1920, 1080), (1280, 800), (1024, 768), (390, 844)]

# The box of the digits' text itself (a Range), not of the element that holds it.
DIGITS_BOX = """() => {
  const range = document.createRange();
  range.selectNodeContents(document.getElementById('clock-digits'));
  const r = range.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height,
          text: range.toString(), vw: document.documentElement.clientWidth, vh: window.innerHeight};
}"""


def _assert_inside_and_large(page, width, height):
    box = page.evaluate(DIGITS_BOX)
    assert box["text"] == "1:20:00"
    assert box["left"] >= 0 and box["top"] >= 0, (width, height, box)
    assert box["right"] <= box["vw"] and box["bottom"] <= box["vh"], (width, height, box)
    # Sized to the text: as wide as the screen lets it (most of it), not a timid fixed size.
    assert box["right"] - box["left"] >= 0.6 * min(box["vw"], 2.2 * box["vh"]), box
    # Nothing else on the page is pushed off screen either.
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.body.scrollHeight]"
    )
    assert scroll[0] <= box["vw"] and scroll[1] <= box["vh"], (width, height, scroll)


@pytest.fixture
def whist_round(make_tournament):
    tournament = make_tournament("whist", players=8, rounds=2, name="Whist du vendredi")
    return drawing.draw_round(tournament, seed=1)


def test_hall_screen_digits_fit_every_screen_without_login(browser, live_server, whist_round):
    token = hall_screen.hall_link_renew(whist_round.tournament)
    url = live_server.url + reverse("hall_clock", args=[token])
    for width, height in SCREENS:
        page = new_page(browser, width=width, height=height)
        page.goto(url)
        assert page.inner_text("h1") == "Whist du vendredi — poule 1"
        _assert_inside_and_large(page, width, height)
        if (width, height) in ((390, 844), (1280, 800)):
            page.screenshot(path=f"/tmp/hall-clock-{width}x{height}.png")
        assert axe_violations(page) == []
        close_page(page)


def test_staff_clock_digits_fit_beside_the_controls(
    browser, live_server, log_in, scorekeeper_user, whist_round
):
    for width, height in SCREENS:
        page = new_page(browser, width=width, height=height)
        log_in(page)
        page.goto(live_server.url + reverse("staff_clock", args=[whist_round.pk]))
        _assert_inside_and_large(page, width, height)
        if (width, height) in ((390, 844), (1280, 800)):
            page.screenshot(path=f"/tmp/staff-clock-{width}x{height}.png")
        close_page(page)


def test_the_scorekeeper_creates_the_link_and_the_hall_opens_it(
    browser, page, live_server, log_in, scorekeeper_user, whist_round
):
    log_in(page)
    page.goto(live_server.url + reverse("staff_clock", args=[whist_round.pk]))
    with page.expect_navigation():
        page.click("text=Ouvrir sur un téléviseur ou un projecteur (code QR)")
    with page.expect_navigation():
        page.click("text=Créer le lien")
    assert page.is_visible("#hall-qr")
    assert axe_violations(page) == []
    page.screenshot(path="/tmp/hall-link-1280x800.png", full_page=True)
    link = page.get_attribute("#hall-link", "href")

    hall = new_page(browser, width=1920, height=1080)  # another device: no session
    hall.goto(link)
    assert hall.inner_text("#clock-digits") == "1:20:00"
    assert not hall.locator("button[value=start]").count()
    close_page(hall)
