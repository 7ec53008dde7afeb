"""A scorekeeper enters a whole Double King sheet with the keyboard; the public sees it."""

import random

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.double_king import score_deal
from tournaments.sample_sheets import double_king_round
from tournaments.services import drawing

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GAME_LABELS = {
    "tricks": "A — Pas de plis",
    "hearts": "B — Pas de cœurs",
    "queens": "C — Pas de dames",
    "jacks_kings": "D — Pas de valets/rois",
    "king_of_hearts": "E — Pas de roi de cœur",
    "seventh_last": "F — Pas de 7e et dernier pli",
    "trump": "T — Atout",
}


def test_scorekeeper_enters_a_sheet_and_the_public_standings_change(
    log_in, page, live_server, make_tournament, scorekeeper_user
):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=4).tables.get()
    seats = {s.position: s for s in table.seats.select_related("entry__player")}
    first = next(p for p, s in seats.items() if s.first_dealer)
    records = double_king_round(first, random.Random(11))

    log_in(page)
    assert page.locator("text=Déconnexion").count() == 1

    page.goto(live_server.url + reverse("staff_sheet", args=[table.pk]))
    assert (
        page.locator("tr[data-row='1'] .dealer").inner_text() == seats[first].entry.player.full_name
    )
    for row, record in enumerate(records, start=1):
        page.select_option(f"#id_g{row}", label=GAME_LABELS[record["game"]])
        for seat, points in enumerate(score_deal(record)):
            page.fill(f"#id_c{row}_{seat}", str(points))
    # The live panel follows the typing: nothing left to choose once the 20 games are in.
    expect(page.locator("[data-trumps='0']")).to_have_text("0")
    page.click("text=Enregistrer la feuille")
    page.wait_for_selector("text=complète")

    table.refresh_from_db()
    assert table.complete
    best = max(table.seats.select_related("entry__player"), key=lambda s: (s.place_points, s.score))
    page.goto(live_server.url + reverse("tournament_standings", args=[tournament.pk]))
    first_row = page.locator("table.standings tbody tr").first
    assert best.entry.player.full_name in first_row.inner_text()
