"""The scorekeeper's « Reste à choisir » panel follows each game's letter as it is typed
(issue 26, item 10): the row's points need not be in, nothing is saved."""

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tournaments.games.double_king import LETTERS
from tournaments.sample_sheets import double_king_round
from tournaments.services import drawing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _panel(page) -> tuple[list[str], list[str], str]:
    negatives = [page.locator(f"[data-negatives='{seat}']").inner_text() for seat in range(4)]
    trumps = [page.locator(f"[data-trumps='{seat}']").inner_text() for seat in range(4)]
    return negatives, trumps, page.locator("#games-left").inner_text()


def test_the_panel_counts_each_letter_as_it_is_typed(
    log_in, page, live_server, make_tournament, scorekeeper_user
):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    first = table.seats.get(first_dealer=True).position
    second = (first + 1) % 4

    log_in(page)
    page.goto(live_server.url + reverse("staff_sheet", args=[table.pk]))
    negatives, trumps, left = _panel(page)
    assert negatives == ["3"] * 4 and trumps == ["2"] * 4
    assert "Pas de dames × 2" in left

    # Game 1: the first dealer chooses trump (« T »), the points not typed yet.
    page.focus("#id_g1")
    page.keyboard.press("t")
    expect(page.locator(f"[data-trumps='{first}']")).to_have_text("1")
    # Game 2: the next dealer chooses « C » (no queens).
    page.focus("#id_g2")
    page.keyboard.press("c")
    expect(page.locator(f"[data-negatives='{second}']")).to_have_text("2")
    negatives, trumps, left = _panel(page)
    assert negatives == ["2" if seat == second else "3" for seat in range(4)]
    assert trumps == ["1" if seat == first else "2" for seat in range(4)]
    assert "Pas de dames × 1" in left and "Pas de plis × 2" in left

    # A letter typed over another: the count follows the new one.
    page.focus("#id_g2")
    page.keyboard.press("t")
    expect(page.locator(f"[data-trumps='{second}']")).to_have_text("1")
    expect(page.locator(f"[data-negatives='{second}']")).to_have_text("3")
    assert "Pas de dames × 2" in page.locator("#games-left").inner_text()

    # The 20 letters of a whole round, no points: nothing is left to choose.
    records = double_king_round(first, random.Random(11))
    for row, record in enumerate(records, start=1):
        page.focus(f"#id_g{row}")
        page.keyboard.press(LETTERS[record["game"]].lower())
    negatives, trumps, left = _panel(page)
    assert negatives == ["0"] * 4 and trumps == ["0"] * 4
    assert left.strip() == ""
    assert not table.deals.exists()  # counted on the page, nothing saved
