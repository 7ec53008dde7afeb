import datetime
import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Entry, Table, Tournament
from tournaments.sample_sheets import double_king_round, sheet_post_data
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn_table(make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    return round_.tables.get()


def first_dealer(table):
    return table.seats.get(first_dealer=True).position


# --------------------------------------------------------------------------- roles


@pytest.mark.parametrize("name", ["staff_tournaments", "staff_tournament_create"])
def test_staff_pages_need_a_scorekeeper(plain_user, scorekeeper_user, name):
    url = reverse(name)
    assert Client().get(url).status_code == 302
    refused = Client()
    refused.force_login(plain_user)
    response = refused.get(url)
    assert response.status_code == 403
    assert "réservée aux marqueurs" in response.content.decode()
    allowed = Client()
    allowed.force_login(scorekeeper_user)
    assert allowed.get(url).status_code == 200


def test_the_staff_list_shows_the_newest_tournament_first(scorekeeper_client, make_tournament):
    for name, date in (
        ("Septembre", (2026, 9, 27)),
        ("Novembre", (2026, 11, 1)),
        ("Octobre", (2026, 10, 15)),
    ):
        make_tournament(players=4, name=name, date=datetime.date(*date))
    page = scorekeeper_client.get(reverse("staff_tournaments")).content.decode()
    assert page.index("Novembre") < page.index("Octobre") < page.index("Septembre")


def test_sheet_page_refuses_anonymous_and_playerless_users(client, plain_user, drawn_table):
    url = reverse("staff_sheet", args=[drawn_table.pk])
    assert client.get(url).status_code == 302
    client.force_login(plain_user)
    assert client.post(url, {"version": "0"}).status_code == 403
    assert not drawn_table.deals.exists()


def test_publishing_is_for_the_committee(scorekeeper_user, committee_user, make_tournament):
    tournament = make_tournament(players=4, published=False)
    url = reverse("staff_publish", args=[tournament.pk])
    scorekeeper, committee = Client(), Client()
    scorekeeper.force_login(scorekeeper_user)
    committee.force_login(committee_user)
    assert scorekeeper.post(url, {"published": "1"}).status_code == 403
    assert not Tournament.objects.get(pk=tournament.pk).published
    committee.post(url, {"published": "1"})
    assert Tournament.objects.get(pk=tournament.pk).published


def test_unpublished_tournaments_are_hidden_from_the_public(client, make_tournament):
    tournament = make_tournament(players=4, published=False)
    assert client.get(reverse("tournament_standings", args=[tournament.pk])).status_code == 404
    assert tournament.name not in client.get(reverse("tournament_list")).content.decode()


# ------------------------------------------------------------------ creating and registering


def test_create_tournament_and_refuse_a_date_outside_the_season(scorekeeper_client, club, season):
    url = reverse("staff_tournament_create")
    data = {
        "club": club.pk,
        "season": season.pk,
        "game": "double_king",
        "name": "Tournoi d’hiver",
        "date": "2027-01-15",
        "rounds": "5",
        "entry_fee": "3,00",
    }
    response = scorekeeper_client.post(url, data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "La date doit se situer dans la saison" in page
    assert "Tournoi d’hiver" in page, "what was typed is kept"
    assert not Tournament.objects.exists()
    data["date"] = "2026-01-15"
    response = scorekeeper_client.post(url, data)
    assert response.status_code == 302
    assert Tournament.objects.get().name == "Tournoi d’hiver"


def test_register_members_walk_ins_and_substitutes(
    scorekeeper_client, make_tournament, make_players
):
    tournament = make_tournament(players=2)
    url = reverse("staff_registration", args=[tournament.pk])
    member = make_players(1, prefix="Membre")[0]
    scorekeeper_client.post(url, {"action": "member", "player": member.pk})
    scorekeeper_client.post(
        url, {"action": "walk_in", "first_name": "Zoé", "last_name": "Nouvelle", "substitute": "on"}
    )
    entries = {e.player.last_name: e for e in Entry.objects.filter(tournament=tournament)}
    assert (
        entries["Nouvelle"].substitute
        and entries["Nouvelle"].player.clubs.filter(pk=tournament.club_id).exists()
    )
    page = scorekeeper_client.get(url).content.decode()
    assert "4 joueurs présents" in page and "les tables sont complètes" in page


def test_registering_twice_is_refused_in_french(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=2)
    entry = tournament.entries.first()
    response = scorekeeper_client.post(
        reverse("staff_registration", args=[tournament.pk]),
        {"action": "member", "player": entry.player_id},
    )
    assert response.status_code == 400
    assert "inscription déjà faite" in response.content.decode()


def test_member_search_finds_club_members_not_yet_registered(
    scorekeeper_client, make_tournament, make_players
):
    tournament = make_tournament(players=2)
    make_players(1, prefix="Octave")
    response = scorekeeper_client.get(
        reverse("staff_member_search", args=[tournament.pk]), {"q": "octa"}
    )
    assert [p["name"] for p in response.json()["players"]] == ["Octave00 Nom00"]


def test_missing_substitutes_are_announced(scorekeeper_client, make_tournament):
    tournament = make_tournament(players=6)
    page = scorekeeper_client.get(
        reverse("staff_registration", args=[tournament.pk])
    ).content.decode()
    assert "ajoutez 2 remplaçants ou retirez 2 joueurs" in page


# --------------------------------------------------------------------------- the sheet


def test_a_complete_sheet_entered_through_the_form_reaches_the_public_standings(
    scorekeeper_client, client, drawn_table
):
    records = double_king_round(first_dealer(drawn_table), random.Random(2))
    response = scorekeeper_client.post(
        reverse("staff_sheet", args=[drawn_table.pk]), sheet_post_data(drawn_table, records, 0)
    )
    assert response.status_code == 302
    drawn_table.refresh_from_db()
    assert drawn_table.complete
    tournament = drawn_table.round.tournament
    page = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    top = max(drawn_table.seats.all(), key=lambda s: (s.place_points, s.score))
    assert top.entry.player.full_name in page


def test_a_wrong_total_is_refused_on_the_row_and_typed_values_are_kept(
    scorekeeper_client, drawn_table
):
    records = double_king_round(first_dealer(drawn_table), random.Random(2))[:3]
    data = sheet_post_data(drawn_table, records, 0)
    data.update({"g3": "trump", "c3_0": "5", "c3_1": "3", "c3_2": "2", "c3_3": "2"})
    response = scorekeeper_client.post(reverse("staff_sheet", args=[drawn_table.pk]), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Jeu 3 : les points doivent totaliser 13, vous en avez saisi 12" in page
    assert 'name="c3_0" value="5"' in page
    assert not drawn_table.deals.exists()


def test_the_sheet_takes_the_points_written_on_paper(scorekeeper_client, drawn_table):
    """« -4 » in « no queens » is two queens; the typographic minus and « +3 » are read too;
    a point that the game cannot give is refused on its cell."""
    dealer = first_dealer(drawn_table)
    url = reverse("staff_sheet", args=[drawn_table.pk])
    data = {"version": "0", "g1": "queens", "c1_0": "-2", "c1_1": "0", "c1_2": "\u22124"}
    data.update({"c1_3": "-2", "g2": "trump", "c2_0": "+3", "c2_1": "4", "c2_2": "6"})
    data.update({"c2_3": "0", "g3": "seventh_last", "c3_0": "0", "c3_1": "-5"})
    data.update({"c3_2": "0", "c3_3": "0"})
    bad = {**data, "c1_1": "-3", "c1_0": "-1"}
    response = scorekeeper_client.post(url, bad)
    assert response.status_code == 400
    assert "Jeu 1 : -1 est impossible dans ce jeu (0, -2, -4, -6, -8)" in response.content.decode()
    assert not drawn_table.deals.exists()
    assert scorekeeper_client.post(url, data).status_code == 302
    records = [d.record for d in drawn_table.deals.order_by("number")]
    assert records == [
        {"game": "queens", "taken": [1, 0, 2, 1], "dealer": dealer},
        {"game": "trump", "taken": [3, 4, 6, 0], "dealer": (dealer + 1) % 4},
        {"game": "seventh_last", "seventh": 1, "last": 1, "dealer": (dealer + 2) % 4},
    ]


def test_a_fourth_negative_game_is_refused_with_the_players_name(scorekeeper_client, drawn_table):
    dealer = first_dealer(drawn_table)
    name = drawn_table.seats.get(position=dealer).entry.player.full_name
    taken = {
        "tricks": [4, 4, 4, 1],
        "hearts": [4, 4, 4, 1],
        "queens": [1, 1, 1, 1],
        "jacks_kings": [2, 2, 2, 2],
        "trump": [4, 3, 3, 3],
    }
    # Rows 1, 5, 9 and 13 are dealt by the first dealer: a fourth negative game is refused.
    by_offset = [
        ["tricks", "hearts", "queens", "jacks_kings"],
        ["trump", "trump", "king_of_hearts"],
        ["trump", "trump", "seventh_last"],
        ["king_of_hearts", "seventh_last", "tricks"],
    ]
    records = []
    for row in range(13):
        game = by_offset[row % 4][row // 4]
        if game in taken:
            records.append({"game": game, "taken": taken[game]})
        elif game == "king_of_hearts":
            records.append({"game": game, "taker": 1})
        else:
            records.append({"game": game, "seventh": 0, "last": 2})
    response = scorekeeper_client.post(
        reverse("staff_sheet", args=[drawn_table.pk]), sheet_post_data(drawn_table, records, 0)
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert f"Jeu 13 : {name} a déjà choisi ses 3 jeux à la charge" in page


def test_a_missing_count_and_a_gap_are_refused(scorekeeper_client, drawn_table):
    data = {"version": "0", "g1": "queens", "c1_0": "-2", "c1_1": "-2", "c1_2": "-4", "g3": "trump"}
    response = scorekeeper_client.post(reverse("staff_sheet", args=[drawn_table.pk]), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "Jeu 1 : saisissez les points de chaque joueur (0 s’il n’en a pas)" in page
    assert "Le jeu 2 est vide" in page


def test_a_stale_save_keeps_the_typed_values_and_says_who_saved(
    client, scorekeeper_user, committee_user, drawn_table
):
    records = double_king_round(first_dealer(drawn_table), random.Random(2))
    deal_entry.save_sheet(drawn_table, records=records[:2], version=0, user=committee_user)
    client.force_login(scorekeeper_user)
    data = sheet_post_data(drawn_table, records[:3], 0)
    response = client.post(reverse("staff_sheet", args=[drawn_table.pk]), data)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Quelqu’un d’autre a enregistré cette feuille pendant votre saisie" in page
    assert "Enregistré par bureau" in page
    assert 'name="g3" ' in page and 'value="1" name="version"' not in page
    assert Table.objects.get(pk=drawn_table.pk).deals.count() == 2


def test_preview_reports_what_each_seat_still_has_to_choose(scorekeeper_client, drawn_table):
    records = double_king_round(first_dealer(drawn_table), random.Random(2))[:1]
    data = sheet_post_data(drawn_table, records, 0)
    response = scorekeeper_client.post(reverse("staff_sheet_preview", args=[drawn_table.pk]), data)
    payload = response.json()
    assert payload["ok"]
    dealer = first_dealer(drawn_table)
    chose_negative = records[0]["game"] != "trump"
    assert payload["pending"]["negatives_left"][dealer] == (2 if chose_negative else 3)
    assert sum(payload["scores"]) in {-13, -8, -5, 13}


def test_history_page_lists_who_changed_what(scorekeeper_client, committee_user, drawn_table):
    records = double_king_round(first_dealer(drawn_table), random.Random(2))
    deal_entry.save_sheet(drawn_table, records=records[:2], version=0, user=committee_user)
    deal_entry.save_sheet(drawn_table, records=records[:3], version=1, user=committee_user)
    page = scorekeeper_client.get(reverse("staff_history", args=[drawn_table.pk])).content.decode()
    assert "Version 2 — bureau" in page and "Version 1 — bureau" in page


# --------------------------------------------------------------------------- query counts


def _standings_queries(client, tournament) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("tournament_standings", args=[tournament.pk]))
    assert response.status_code == 200
    return len(queries)


def test_standings_use_a_constant_number_of_queries(client, make_tournament, fill_round):
    counts = []
    for players, name in ((8, "Tournoi petit"), (32, "Tournoi grand")):
        tournament = make_tournament(players=players, rounds=2, name=name)
        for number in range(2):
            round_ = drawing.draw_round(tournament, seed=number)
            fill_round(round_, seed=number)
        counts.append(_standings_queries(client, tournament))
    assert counts[0] == counts[1] <= 6


def test_season_standings_use_a_constant_number_of_queries(
    client, season, make_tournament, fill_round
):
    counts = []
    for players, name in ((8, "Tournoi petit"), (32, "Tournoi grand")):
        tournament = make_tournament(players=players, rounds=1, name=name)
        fill_round(drawing.draw_round(tournament, seed=1))
        with CaptureQueriesContext(connection) as queries:
            response = client.get(reverse("season_standings", args=[season.pk]))
        assert response.status_code == 200
        counts.append(len(queries))
    # Two of them the page's key (its tournaments' signature, its club's rulesets; the
    # classification's rulesets are read from them).
    assert counts[0] == counts[1] <= 6
