"""A team game's row sent back comes back in the phone's form with both teams' counts; the
players correct it by changing one team's count only, as the form says (« saisissez une
équipe, l’autre suit »): the other team's count follows what is typed, and the corrected row
is accepted (issue 37, « At the tables and the desk »). In French on a phone (390×844) and in
Dutch on a wide screen (1280×800); axe-core finds nothing on the page."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from page_checks import axe_violations
from playwright.sync_api import expect

from tournaments.models import Entry
from tournaments.selectors.scoresheet import table_seats
from tournaments.services import drawing
from tournaments.tableside import table_entry, table_state
from tournaments.tableside.models import PhoneSeat, TableDeal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: Where the screenshots go when ATOUT_SHOTS names a folder (looked at by hand).
SHOTS = os.environ.get("ATOUT_SHOTS")

#: Per game: the row as first sent (both teams' counts typed, one of them wrong), the cell the
#: players correct, its new value, the cell that must follow (as sent, then as it follows) and
#: the row as corrected.
ROWS = {
    "quarante": (
        {
            "kings": [3, 1],
            "queens": [2, 2],
            "jacks": [1, 3],
            "cliques": [],
            "trump": "hearts",
        },
        "#id_kings0",
        "2",
        ("#id_kings1", "1", "2"),
        {"kings": [2, 2], "queens": [2, 2], "jacks": [1, 3]},
    ),
    "plonk": (
        {"tricks": [6, 7], "dead": [12, 9], "live_points": [110, 120]},
        "#id_tricks1",
        "6",
        ("#id_tricks0", "6", "7"),
        {"tricks": [7, 6], "dead": [12, 9], "live_points": [110, 120]},
    ),
}


@pytest.mark.parametrize(
    ("game", "language", "size"),
    [
        ("quarante", "fr", (390, 844)),
        ("quarante", "nl", (1280, 800)),
        ("plonk", "fr", (390, 844)),
        ("plonk", "nl", (1280, 800)),
    ],
)
def test_a_sent_back_row_is_corrected_by_one_team_only(
    open_page, live_server, make_tournament, scorekeeper_user, game, language, size
):
    sent, cell, value, (follower, prefilled, followed), corrected = ROWS[game]
    tournament = make_tournament(game, players=4, rounds=1, rules={"target": 5000})
    tournament.club.language = language
    tournament.club.save(update_fields=["language"])
    table = drawing.draw_round(tournament, seed=4).tables.get()
    link = table_entry.issue_link(table, user=None)
    url = live_server.url + reverse("table_page", args=[link.token])
    phone = open_page(width=size[0], height=size[1])
    phone.goto(url)
    phone.locator("#who-form input[type=radio]").first.check()
    with phone.expect_navigation():
        phone.locator("#who-form button[type=submit]").click()
    seat = PhoneSeat.objects.get(link=link, released_at__isnull=True)
    side = next(
        p.side for p in table_state.table_people(table_seats(table)) if p.entry_id == seat.entry_id
    )
    deal = table_entry.enter_deal(
        table,
        entry=Entry.objects.get(pk=seat.entry_id),
        side=side,
        record=sent,
        version=table.version,
        key="k" * 22,
        device=seat.device,
        fingerprint="f",
    )
    table_entry.reject_deal(table, deal.pk, reason="un roi de trop", user=scorekeeper_user)

    phone.goto(url)
    expect(phone.locator("#sent-back-reason")).to_contain_text("un roi de trop")
    # Both teams' counts are back in the form, as they were typed.
    assert phone.input_value(follower) == prefilled
    # One team's count corrected: the other team's follows what is typed.
    phone.fill(cell, value)
    expect(phone.locator(follower)).to_have_value(followed)
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=f"{SHOTS}/sent-back-{game}-{language}-{size[0]}.png", full_page=True)
    assert axe_violations(phone) == []
    with phone.expect_navigation():
        phone.click("#save-deal")
    assert phone.locator(".errorlist, .error-box[role=alert]").count() == 0, phone.inner_text(
        "main"
    )
    again = TableDeal.objects.exclude(pk=deal.pk).get(table=table)
    assert again.status == TableDeal.Status.PENDING
    assert {k: again.record[k] for k in corrected} == corrected
