"""Deal-by-deal entry on a phone (390×844): the form comes first, Enter saves the deal, the
focus is back on the contract after each save (no scrolling back up), the deals are folded
below with the running totals, and axe-core finds nothing on any game's deal page."""

import pytest
from django.urls import reverse
from page_checks import axe_violations

from tournaments.services import drawing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE_HEIGHT = 844
#: Whist deals as a scorekeeper types them: contract, declarers (seats), tricks (one count,
#: or one per declarer for the misères).
DEALS = [
    ("solo_6", ["0"], "7"),
    ("emballage_8", ["1", "3"], "9"),
    ("petite_misere", ["0", "2"], ["0", "1"]),
    ("solo_7", ["2"], "6"),
    ("emballage_9", ["0", "2"], "10"),
    ("trou", ["1", "2"], "8"),
    ("emballage_10", ["0", "3"], "11"),
]


class Taps:
    """Counts taps as a thumb makes them: a select is opened then an option picked (2), a
    button is touched (1), a number field is touched then each digit typed, and the
    keyboard's Enter saves (1)."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def choose(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.count += 2

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1

    def type(self, selector: str, text: str) -> None:
        self.page.click(selector)
        self.page.keyboard.type(text)
        self.count += 1 + len(text)

    def type_on(self, field_id: str, text: str) -> None:
        """Types where the page has put the cursor (no touch needed: checked)."""
        assert focused_id(self.page) == field_id
        self.page.keyboard.type(text)
        self.count += len(text)

    def enter(self) -> None:
        with self.page.expect_navigation():
            self.page.keyboard.press("Enter")
        self.count += 1


def focused_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def test_whist_deals_by_enter_keep_the_focus_on_the_contract(
    log_in, phone, live_server, whist_table, scorekeeper_user
):
    page = phone
    log_in(page)
    page.goto(live_server.url + reverse("staff_deals", args=[whist_table.pk]))
    assert focused_id(page) == "id_contract"

    for number, (contract, declarers, tricks) in enumerate(DEALS, start=1):
        taps = Taps(page)
        taps.choose("#id_contract", contract)
        # One tap a declarer: the buttons fill the selects in order, and the cursor moves on
        # to what is typed next: a misère declarer's own tricks, or the shared count once
        # the contract has its declarers.
        for row, seat in enumerate(declarers, start=1):
            taps.tap(f".quick-pick button[data-seat='{seat}']")
            if isinstance(tricks, list):
                taps.type_on(f"id_t{row}", tricks[row - 1])
        assert [page.input_value(f"#id_d{row}") for row in (1, 2)] == [*declarers, ""][:2]
        if isinstance(tricks, str):
            taps.type_on("id_tricks", tricks)
        taps.enter()  # Enter in the tricks field saves (it does not only show the points)
        assert f"Donne {number} enregistrée." in page.inner_text(".messages")
        assert whist_table.deals.count() == number
        # No tap, Tab or scroll to start the next deal: the contract has the focus, on screen.
        assert focused_id(page) == "id_contract"
        box = page.evaluate(
            "(r => [r.top, r.bottom])(document.activeElement.getBoundingClientRect())"
        )
        assert box[0] >= 0 and box[1] <= PHONE_HEIGHT
        assert taps.count <= 8, (contract, taps.count)

    # The form comes before the deals; nothing on the page scrolls sideways.
    form_top = page.locator("#deal-form").bounding_box()["y"]
    assert form_top < page.locator("#deal-list").bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The totals are on show, the deals folded until asked for, with the running totals.
    assert page.inner_text("[data-total='0']").strip() == str(
        sum(deal.points[0] for deal in whist_table.deals.all())
    )
    assert not page.locator("#deals tbody").is_visible()
    page.click("#deals summary")
    assert page.locator("#deals tbody tr").count() == len(DEALS)
    last = page.locator("#deals tbody tr").last
    assert last.locator("[data-running='0']").inner_text() == page.inner_text("[data-total='0']")
    assert axe_violations(page) == []


def test_a_refused_deal_keeps_the_values_and_focuses_the_field_in_error(
    log_in, phone, live_server, whist_table, scorekeeper_user
):
    page = phone
    log_in(page)
    page.goto(live_server.url + reverse("staff_deals", args=[whist_table.pk]))
    page.select_option("#id_contract", "solo_6")
    page.click("#id_tricks")
    page.keyboard.type("7")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert whist_table.deals.count() == 0
    assert "choisissez le ou les déclarants" in page.content()
    assert page.input_value("#id_contract") == "solo_6"
    assert focused_id(page) == "id_d1"
    assert axe_violations(page) == []


@pytest.mark.parametrize("game", ["whist", "quarante", "plonk", "double"])
def test_every_deal_page_passes_axe(
    game, log_in, phone, live_server, make_tournament, scorekeeper_user
):
    tournament = make_tournament(game, rounds=1)
    round_ = drawing.draw_round(tournament, seed=2)
    table = round_.tables.filter(bye=False).order_by("number").first()
    page = phone
    log_in(page)
    page.goto(live_server.url + reverse("staff_deals", args=[table.pk]))
    assert page.locator("#deal-form").is_visible()
    assert focused_id(page)  # the first field to type
    # Every field of the deal is in view: nothing scrolls sideways, the page or the form.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(
        "[...document.querySelectorAll('#deal-form input:not([type=hidden]), #deal-form select')]"
        ".every(e => e.getBoundingClientRect().right <= 390)"
    )
    page.click("#deals summary")
    assert axe_violations(page) == []
