"""The season: the annual ranking under each of the club's rules (page, Excel, queries), the
membership due from the third participation, the money report."""

import datetime
from decimal import Decimal
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from club.models import Membership, Player
from tournaments.models import Tournament
from tournaments.selectors import accounts, annual_rankings
from tournaments.services import deal_entry, drawing, payments, registration, round_clock, rulesets

pytestmark = pytest.mark.django_db


def play(tournament, pools_scores):
    """Play each pool with one deal per table that gives the wanted winner, then close it.

    ``pools_scores``: per pool, the seat 0 declarer's solo_6 tricks (6: made, +6; 5: -9)."""
    for number, tricks in enumerate(pools_scores):
        round_ = drawing.draw_round(tournament, seed=number)
        for table in round_.tables.all():
            first = table.seats.get(first_dealer=True).position
            record = {"contract": "solo_6", "declarers": [0], "tricks": tricks, "dealer": first}
            deal_entry.save_sheet(table, records=[record], version=table.version, user=None)
        round_clock.close_round(round_)


@pytest.fixture
def season_of_three(make_tournament, club):
    """Three finished whist tournaments with the same 4 players."""
    players = list(Player.objects.none())
    tournaments = []
    for index, day in enumerate((10, 17, 24)):
        tournament = make_tournament(
            "whist", players=0, rounds=1, name=f"Whist {day}", date=datetime.date(2026, 3, day)
        )
        if not players:
            players = [
                Player.objects.create(first_name=f"P{i}", last_name=f"Joueur{i}") for i in range(4)
            ]
            club.players.add(*players)
        for player in players:
            registration.register_player(tournament, player=player)
        play(tournament, [6 if index != 1 else 5])
        tournaments.append(tournament)
    return tournaments, players


def by_name(ranking):
    return {row.name: row for row in ranking.rows}


def test_annual_ranking_under_each_rule(season_of_three, season, club):
    tournaments, _players = season_of_three
    default = annual_rankings.annual_ranking(season, "whist")
    assert default.rule == "sum_points"
    assert [t.pk for t in default.tournaments] == [t.pk for t in tournaments]
    rows = default.rows
    assert len(rows) == 4
    assert sum(r.points for r in rows) == 0  # whist deals sum to zero
    # Each tournament's winner made his solo (+6) twice and failed once (-9): totals
    totals = sorted((r.points for r in rows), reverse=True)
    assert rows[0].points == totals[0] and rows[0].rank == 1
    for row in rows:
        assert row.tournaments == 3
    place = annual_rankings.annual_ranking(
        season, "whist", rules={"annual_ranking": "sum_place_points"}
    )
    assert place.rule == "sum_place_points"
    assert sum(r.place_points for r in place.rows) == 3 * (4 + 3 + 2 + 1)
    assert [r.rank for r in place.rows] == sorted(r.rank for r in place.rows)
    assert all(
        place.rows[i].place_points >= place.rows[i + 1].place_points
        for i in range(len(place.rows) - 1)
    )
    best = annual_rankings.annual_ranking(
        season, "whist", rules={"annual_ranking": "best_n", "annual_best_n": 2}
    )
    for row in best.rows:
        results = sorted((r[0] for r in row.results.values()), reverse=True)
        assert row.key_value == sum(results[:2])
    assert all(
        best.rows[i].key_value >= best.rows[i + 1].key_value for i in range(len(best.rows) - 1)
    )


def test_unpublished_and_other_games_are_left_out(season_of_three, season, make_tournament):
    tournaments, _ = season_of_three
    Tournament.objects.filter(pk=tournaments[0].pk).update(published=False)
    assert len(annual_rankings.annual_ranking(season, "whist").tournaments) == 2


def test_annual_ranking_page_and_query_count(client, season_of_three, season, make_tournament):
    url = reverse("season_standings", args=[season.pk])
    with CaptureQueriesContext(connection) as small:
        response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Classement annuel : somme des points des tournois" in html
    assert "10/03" in html and "17/03" in html
    # Twice the tournaments and players: the same number of queries.
    for day in (3, 4):
        tournament = make_tournament(
            "whist", players=8, rounds=2, name=f"Grand {day}", date=datetime.date(2026, 4, day)
        )
        play(tournament, [6, 5])
    with CaptureQueriesContext(connection) as large:
        client.get(url)
    assert len(large) == len(small)


def test_annual_ranking_rule_comes_from_the_clubs_rules(client, season_of_three, season, club):
    rulesets.save_club_rules(
        club, game="whist", rules={"annual_ranking": "best_n", "annual_best_n": 2}
    )
    html = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    assert "somme des points des 2 meilleurs tournois" in html
    # The column says which N, not the letter.
    assert "2 meilleurs tournois</a>" in html and "N meilleurs tournois" not in html


def test_annual_ranking_excel_read_back(client, season_of_three, season):
    tournaments, _ = season_of_three
    response = client.get(reverse("season_xlsx", args=[season.pk]))
    assert response.status_code == 200
    workbook = load_workbook(BytesIO(response.content))
    ws = workbook.worksheets[0]
    header = [c.value for c in ws[2]]
    assert header[:6] == [
        "Rang",
        "Joueur",
        "Tournois",
        "Points",
        "Points de place",
        "N meilleurs tournois",
    ]
    assert header[6:8] == ["10/03 points", "10/03 place"]
    ranking = annual_rankings.annual_ranking(season, "whist")
    for row, expected in zip(
        ws.iter_rows(min_row=3, max_row=6, values_only=True), ranking.rows, strict=True
    ):
        assert row[0] == expected.rank
        assert row[1] == expected.name
        assert row[2] == 3
        assert row[3] == expected.points
        assert row[6] == expected.results[tournaments[0].pk][0]
    notes = [c.value for c in ws["B"] if c.value and str(c.value).startswith("Règle")]
    assert notes == ["Règle du classement : somme des points des tournois"]


def test_membership_due_from_the_third_participation(
    scorekeeper_client, make_tournament, club, season
):
    player = Player.objects.create(first_name="Mathieu", last_name="Abat")
    club.players.add(player)
    tournaments = []
    for day in (1, 8, 15):
        tournament = make_tournament(
            "whist",
            players=3,
            rounds=1,
            name=f"Soir {day}",
            date=datetime.date(2026, 5, day),
            prefix=f"S{day}",
        )
        registration.register_player(tournament, player=player)
        tournaments.append(tournament)
    second = scorekeeper_client.get(reverse("staff_registration", args=[tournaments[1].pk]))
    assert "memberships-due" not in second.content.decode()
    page = scorekeeper_client.get(reverse("staff_registration", args=[tournaments[2].pk]))
    html = page.content.decode()
    assert "Cotisation annuelle due et non payée" in html
    assert "Mathieu Abat : participation n° 3 de la saison, cotisation de 7,00\u00a0€ due" in html
    entry = tournaments[2].entries.get(player=player)
    response = scorekeeper_client.post(
        reverse("staff_registration", args=[tournaments[2].pk]),
        {"action": "membership", "entry": entry.pk},
        follow=True,
    )
    assert "Cotisation annuelle de Mathieu Abat enregistrée" in response.content.decode()
    membership = Membership.objects.get(player=player, season=season)
    assert membership.amount == Decimal("7.00") and membership.is_paid
    html = scorekeeper_client.get(
        reverse("staff_registration", args=[tournaments[2].pk])
    ).content.decode()
    assert "memberships-due" not in html
    # A withdrawn entry is not a participation.
    other = Player.objects.create(first_name="Léa", last_name="Retrait")
    for tournament in tournaments:
        entry = registration.register_player(tournament, player=other)
    registration.update_entry(tournaments[0].entries.get(player=other), withdrawn=True)
    status = accounts.membership_status(tournaments[2])
    assert status[other.pk].participations == 2 and not status[other.pk].due


def test_check_in_marks_the_fee_paid_and_the_money_report(
    client, committee_user, make_tournament, season, club
):
    tournaments = [
        make_tournament(
            "whist",
            players=4,
            rounds=1,
            name=f"Caisse {d}",
            date=datetime.date(2026, 6, d),
            prefix="C",
        )
        if d == 1
        else None
        for d in (1,)
    ]
    first = tournaments[0]
    players = [e.player for e in first.entries.all()]
    second = make_tournament(
        "whist", players=0, rounds=1, name="Caisse 8", date=datetime.date(2026, 6, 8)
    )
    third = make_tournament(
        "whist", players=0, rounds=1, name="Caisse 15", date=datetime.date(2026, 6, 15)
    )
    for t in (second, third):
        for p in players:
            registration.register_player(t, player=p)
    client.force_login(committee_user)
    entry = first.entries.first()
    client.post(
        reverse("staff_registration", args=[first.pk]),
        {"action": "paid", "entry": entry.pk, "value": "1"},
    )
    for t in (second, third):
        for e in t.entries.all()[:3]:
            registration.update_entry(e, paid=True)
    payments.record_membership_payment(players[0], season=season)
    page = client.get(reverse("staff_money", args=[season.pk]))
    html = page.content.decode()
    report = page.context["report"]
    assert [(line.entries, line.paid) for line in report.lines] == [(4, 1), (4, 3), (4, 3)]
    assert report.entry_fees == Decimal("21.00")
    assert report.memberships_due == 4 and report.memberships_paid == 1
    assert "Dues : 4 · payées : 1 (7,00\u00a0€)" in html
    workbook = load_workbook(
        BytesIO(client.get(reverse("staff_money_xlsx", args=[season.pk])).content)
    )
    fees = workbook.worksheets[0]
    assert [c.value for c in fees[2]] == ["Date", "Tournoi", "Joueurs", "Payé", "Droit", "Encaissé"]
    assert fees.cell(row=6, column=6).value == 21.0
    members = workbook.worksheets[1]
    assert len([r for r in members.iter_rows(min_row=3, values_only=True) if r[2] == "non"]) == 3


def test_demo_club_has_a_whist_season_and_a_running_clock(demo_db, client):
    from django.utils import timezone

    from club.models import Season

    whist = Tournament.objects.filter(game="whist")
    assert whist.filter(status=Tournament.Status.FINISHED).count() >= 4
    live = whist.get(name="Whist du soir")
    pool = live.round_set.get(number=2)
    assert pool.clock_state(timezone.now())["state"] == "running"
    season = Season.objects.get(club__slug="la-chevalerie")
    ranking = annual_rankings.annual_ranking(season, "whist")
    assert len(ranking.tournaments) == 5 and len(ranking.rows) >= 24
    assert client.get(reverse("season_standings", args=[season.pk])).status_code == 200
