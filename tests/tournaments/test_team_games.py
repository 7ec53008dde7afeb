"""Team games (Quarante de roi, Plonk): pairs formed by hand or drawn, team against team with
no rematch and a bye for an odd team, deals entered one at a time to the target, the ranking
(matches won, points scored, difference), bad input in French with nothing lost, the target
per tournament, the signal, PDF and Excel read back."""

import io
import random

import pytest
from django.urls import reverse
from form_data import form_data
from helpers import play_round, post_deals
from openpyxl import load_workbook

from tournaments.models import GameRules, Seat, Table, Tournament
from tournaments.sample_sheets import plonk_match, quarante_match
from tournaments.selectors import lineup, rulebook, scoresheet, season_rankings
from tournaments.services import deal_entry, drawing, round_clock, rulesets

pytestmark = pytest.mark.django_db


def quarante_data(
    table,
    *,
    kings=(None, None),
    queens=(2, None),
    jacks=(2, None),
    trump="hearts",
    cliques=(),
    number=None,
):
    table.refresh_from_db()
    data = {
        "version": str(table.version),
        "action": "save",
        "number": str(number or table.deals.count() + 1),
        "trump": trump,
    }
    for key, pair in (("kings", kings), ("queens", queens), ("jacks", jacks)):
        for team, value in enumerate(pair):
            data[f"{key}{team}"] = "" if value is None else str(value)
    for player, figure, count in cliques:
        data[f"clique{player}_{figure}"] = str(count)
    return data


def plonk_data(table, tricks=(7, None), dead=(12, 9), live=(150, 140), number=None):
    table.refresh_from_db()
    data = {
        "version": str(table.version),
        "action": "save",
        "number": str(number or table.deals.count() + 1),
    }
    for team in range(2):
        data[f"tricks{team}"] = "" if tricks[team] is None else str(tricks[team])
        data[f"dead{team}"] = str(dead[team])
        data[f"live{team}"] = str(live[team])
    return data


# --------------------------------------------------------------------------- teams


def test_pairs_formed_by_hand_and_drawn(make_tournament, scorekeeper_client):
    tournament = make_tournament("quarante", players=6, paired=False)
    url = reverse("staff_teams", args=[tournament.pk])
    entries = list(tournament.entries.order_by("pk"))
    response = scorekeeper_client.post(
        url,
        {"action": "pair", "first": entries[0].pk, "second": entries[0].pk, "name": ""},
    )
    assert response.status_code == 400
    assert "Choisissez deux joueurs différents" in response.content.decode()
    response = scorekeeper_client.post(
        url,
        {"action": "pair", "first": entries[0].pk, "second": entries[3].pk, "name": "Les As"},
    )
    assert response.status_code == 302
    team = tournament.teams.get(name="Les As")
    assert [e.pk for e in scoresheet.team_players(team)] == [entries[0].pk, entries[3].pk]
    page = scorekeeper_client.get(url).content.decode()
    assert "4 joueurs présents n’ont pas de partenaire" in page
    scorekeeper_client.post(url, {"action": "draw"})
    assert tournament.teams.count() == 3
    assert not lineup.unpaired_entries(tournament)
    assert "Les As" in scorekeeper_client.get(url).content.decode()


def test_team_seating_without_rematch(make_tournament):
    tournament = make_tournament("quarante", players=8, rounds=3)
    met = set()
    for number in range(3):
        round_ = drawing.draw_round(tournament, seed=number)
        for table in round_.tables.all():
            teams = tuple(sorted(s.team_id for s in table.seats.all()))
            assert len(teams) == 2 and all(s.entry_id is None for s in table.seats.all())
            assert teams not in met
            met.add(teams)
        play_round(round_, "quarante", seed=number)
    assert len(met) == 6  # 4 teams, 3 rounds: everybody met everybody once
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_odd_team_count_gets_a_bye_scored_by_the_rules(make_tournament, club):
    # A bye scores the tournament's own target (RULES.md), here the club's 100.
    rulesets.save_club_rules(club, game="quarante", rules={"target": 100, "bye_against": 50})
    tournament = make_tournament("quarante", players=10, rounds=2)
    byes = []
    for number in range(2):
        round_ = drawing.draw_round(tournament, seed=number)
        bye = round_.tables.get(bye=True)
        seat = bye.seats.get()
        assert bye.complete and seat.score == 100 and seat.against == 50 and seat.won is True
        byes.append(seat.team_id)
        play_round(round_, "quarante", seed=number, target=100)
    assert byes[0] != byes[1]  # the bye goes to a team that has not had one
    rows = services_rows(tournament)
    bye_row = next(r for r in rows if r.team_id == byes[0])
    assert bye_row.rounds[1].score == 100


def services_rows(tournament):
    from tournaments.selectors.classification import tournament_standings

    return tournament_standings(tournament)


# --------------------------------------------------------------------------- Quarante


def test_quarante_deal_entry_running_totals_and_winner(make_tournament, scorekeeper_client):
    tournament = make_tournament("quarante", players=4, rounds=1)
    tournament.rules = {"target": 100}
    tournament.save()
    table = drawing.draw_round(tournament, seed=1).tables.get()
    page = scorekeeper_client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert "Partie en 100 points" in page
    # team 0: 3 kings, 2 queens, 0 jacks; team 1 follows; a clique of 3 kings for player 1
    data = quarante_data(
        table, kings=(3, None), queens=(2, None), jacks=(0, None), cliques=[(1, "K", 3)]
    )
    assert post_deals(scorekeeper_client, table, data).status_code == 302
    deal = table.deals.get()
    assert deal.record["kings"] == [3, 1] and deal.points == [23, 31]
    # all figures to team 0 twice more: 44 + 44 → 111 against 31: won
    for _ in range(2):
        data = quarante_data(table, kings=(4, None), queens=(4, None), jacks=(4, None))
        assert post_deals(scorekeeper_client, table, data).status_code == 302
    table.refresh_from_db()
    assert table.complete
    seats = {s.position: s for s in table.seats.all()}
    assert (seats[0].score, seats[0].won, seats[0].against) == (111, True, 31)
    assert seats[1].won is False
    page = scorekeeper_client.get(reverse("staff_deals", args=[table.pk])).content.decode()
    assert "La partie est terminée" in page
    assert 'data-total="0">111<' in page


def test_quarante_bad_input_in_french_nothing_lost(make_tournament, scorekeeper_client):
    tournament = make_tournament("quarante", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    # both teams entered, not summing to 4
    data = quarante_data(table, kings=(3, 3))
    response = post_deals(scorekeeper_client, table, data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "doivent totaliser 4" in html
    assert 'name="kings1" value="3"' in html
    # five kings announced in cliques
    data = quarante_data(table, kings=(2, None), cliques=[(0, "K", 3), (1, "K", 3)])
    html = post_deals(scorekeeper_client, table, data).content.decode()
    assert "6 cartes d’une même figure annoncées : il n’en existe que 4" in html
    # nothing entered for a figure
    data = quarante_data(table, kings=(None, None))
    html = post_deals(scorekeeper_client, table, data).content.decode()
    assert "saisissez les rois gagnés par une équipe au moins" in html
    data = quarante_data(table, kings=(2, None), trump="")
    html = post_deals(scorekeeper_client, table, data).content.decode()
    assert "choisissez la couleur d’atout" in html
    assert table.deals.count() == 0


def test_quarante_cliques_beyond_a_hand_of_8_are_refused(make_tournament, scorekeeper_client):
    tournament = make_tournament("quarante", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    # four kings, four queens and three jacks: 11 cards, a player holds 8 (RULES.md)
    eleven = [(1, "K", 4), (1, "Q", 4), (1, "J", 3)]
    response = post_deals(
        scorekeeper_client, table, quarante_data(table, kings=(2, None), cliques=eleven)
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "annonce 11 cartes de cliques mais n’en a que 8" in html
    assert response.context["form"]["clique1_J"].value() == "3", "what was typed is kept"
    assert table.deals.count() == 0
    eight = [(1, "K", 4), (1, "Q", 4)]
    response = post_deals(
        scorekeeper_client, table, quarante_data(table, kings=(2, None), cliques=eight)
    )
    assert response.status_code == 302
    assert table.deals.get().points == [22, 82]


def test_ranking_wins_then_points_then_difference(make_tournament):
    from tournaments.selectors.classification import tournament_standings

    tournament = make_tournament("quarante", players=8, rounds=2)
    for number in range(2):
        round_ = drawing.draw_round(tournament, seed=number)
        play_round(round_, "quarante", seed=10 + number)
    rows = tournament_standings(tournament)
    assert len(rows) == 4
    keys = [(r.wins, r.score, r.score - r.against) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert sum(r.wins for r in rows) == 4
    assert rows[0].rank == 1


def test_target_edited_per_tournament_before_start(make_tournament, scorekeeper_client, club):
    tournament = make_tournament("quarante", players=4, rounds=1)
    url = reverse("staff_tournament_edit", args=[tournament.pk])
    page = scorekeeper_client.get(url).content.decode()
    assert 'name="target" value="150"' in page
    data = {
        "club": club.pk,
        "season": tournament.season_id,
        "game": "quarante",
        "name": tournament.name,
        "date": "2026-03-14",
        "rounds": "1",
        "entry_fee": "3,00",
        "target": "200",
        "round_minutes": "45",
    }
    assert scorekeeper_client.post(url, data).status_code == 302
    round_ = drawing.draw_round(tournament, seed=1)
    tournament.refresh_from_db()
    assert tournament.rules["target"] == 200 and tournament.rules["round_minutes"] == 45
    assert round_.clock_minutes == 45
    page = scorekeeper_client.get(url).content.decode()
    assert "ne peut plus changer" in page.lower() or "disabled" in page


def test_signal_decides_on_totals(make_tournament):
    tournament = make_tournament("quarante", players=8, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    first, second = round_.tables.order_by("number")
    records = quarante_match(0, random.Random(1))[:1]
    deal_entry.save_sheet(first, records=records, version=0, user=None)
    round_clock.close_round(round_)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.complete and second.complete
    seats = list(first.seats.order_by("position"))
    higher = max(seats, key=lambda s: s.score)
    if seats[0].score != seats[1].score:
        assert higher.won is True
    assert all(s.won is None for s in second.seats.all())  # 0-0: drawn


# --------------------------------------------------------------------------- Plonk


def test_plonk_entry_checks_and_winner(make_tournament, scorekeeper_client):
    tournament = make_tournament(game="plonk", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    assert post_deals(scorekeeper_client, table, plonk_data(table)).status_code == 302
    assert table.deals.get().points == [138, 131]
    assert table.deals.get().record["tricks"] == [7, 6]
    # too many dead cards for 2 tricks
    response = post_deals(
        scorekeeper_client, table, plonk_data(table, (2, None), (9, 20), (0, 100))
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "au plus 8 cartes mortes" in html
    assert 'name="dead0" value="9"' in html
    # live points impossible
    html = post_deals(
        scorekeeper_client, table, plonk_data(table, (7, None), (12, 9), (500, 140))
    ).content.decode()
    assert "500 points vivants sont impossibles" in html
    # tricks not summing to 13
    html = post_deals(
        scorekeeper_client, table, plonk_data(table, (7, 7), (12, 9), (150, 140))
    ).content.decode()
    assert "doivent totaliser 13" in html
    assert table.deals.count() == 1
    table.refresh_from_db()
    deal_entry.save_sheet(
        table, records=plonk_match(0, random.Random(3)), version=table.version, user=None
    )
    table.refresh_from_db()
    assert table.complete
    assert sorted(s.won for s in table.seats.all()) == [False, True]


# --------------------------------------------------------------------------- prints, exports


@pytest.mark.parametrize("game", ["quarante", "plonk"])
def test_pdf_plan_standings_and_excel(make_tournament, scorekeeper_client, game):
    from pypdf import PdfReader

    tournament = make_tournament(game=game, players=10, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    blank = scorekeeper_client.get(reverse("round_sheets_pdf", args=[round_.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(blank.content)).pages)
    team = tournament.teams.order_by("name").first()
    assert "Donneur" in text
    plan = scorekeeper_client.get(reverse("round_plan_pdf", args=[round_.pk]))
    text_plan = "".join(p.extract_text() for p in PdfReader(io.BytesIO(plan.content)).pages)
    player = scoresheet.team_players(team)[0].player
    assert player.last_name.upper() in text_plan and "exempt" in text_plan
    play_round(round_, game)
    filled = scorekeeper_client.get(reverse("tournament_filled_pdf", args=[tournament.pk]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(filled.content)).pages)
    assert "Gagnée" in text or "gagnée" in text
    standings = scorekeeper_client.get(reverse("tournament_standings", args=[tournament.pk]))
    html = standings.content.decode()
    assert "Parties gagnées" in html and team.label in html
    response = scorekeeper_client.get(reverse("tournament_xlsx", args=[tournament.pk]))
    workbook = load_workbook(io.BytesIO(response.content))
    ws = workbook.worksheets[0]
    headers = [c.value for c in ws[2]]
    assert "Parties gagnées" in headers
    assert ws.max_row == 7  # a title, a header, 5 teams
    names = {ws.cell(row=r, column=2).value for r in range(3, 8)}
    assert team.label in names
    assert Seat.objects.filter(round=round_, table__bye=True).count() == 1
    assert Table.objects.filter(round=round_).count() == 3
    # every page of the round shows teams (and the bye)
    bye = round_.tables.get(bye=True)
    played = round_.tables.filter(bye=False).first()
    for url in (
        reverse("staff_round", args=[round_.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[played.pk]),
        reverse("staff_history", args=[played.pk]),
        reverse("staff_deals", args=[bye.pk]),
        reverse("staff_tournament", args=[tournament.pk]),
        reverse("staff_registration", args=[tournament.pk]),
    ):
        response = scorekeeper_client.get(url)
        assert response.status_code == 200, url
    for url in (
        reverse("staff_round", args=[round_.pk]),
        reverse("tournament_rounds", args=[tournament.pk]),
        reverse("table_detail", args=[played.pk]),
    ):
        html = scorekeeper_client.get(url).content.decode()
        assert all(s.team.label in html for s in played.seats.all()), url
    registration = scorekeeper_client.get(reverse("staff_registration", args=[tournament.pk]))
    assert "10 joueurs présents, 5 équipes complètes" in registration.content.decode()
    history = scorekeeper_client.get(reverse("staff_history", args=[played.pk])).content.decode()
    assert "Version 1" in history and reverse("staff_deals", args=[played.pk]) in history
    assert (
        "exempte" in scorekeeper_client.get(reverse("staff_deals", args=[bye.pk])).content.decode()
    )


def test_club_sets_the_bye_and_the_tie_rule(client, committee_user, club):
    client.force_login(committee_user)
    url = reverse("staff_rules", args=[club.slug, "plonk"])
    page = client.get(url).content.decode()
    assert "Points contre attribués pour une exemption" in page and "Objectif" in page
    data = form_data(client.get(url).context["form"])
    data["setting__bye_against"] = "250"
    data["setting__tie_rule"] = "draw"
    assert client.post(url, data).status_code == 302
    rules = rulebook.club_rules(club, "plonk")
    assert rules["bye_against"] == 250 and rules["tie_rule"] == "draw"


def test_a_bye_in_a_quarante_to_60_scores_60(make_tournament, club):
    # The club's stored ruleset still carries the old default « bye_score »: 150.
    rulesets.save_club_rules(club, game="quarante", rules={})
    GameRules.objects.filter(club=club, game="quarante").update(
        rules={**rulebook.club_rules(club, "quarante"), "bye_score": 150}
    )
    tournament = make_tournament("quarante", players=6, rounds=1)
    # The target chosen for this tournament on its form (kept in its rules until it starts).
    Tournament.objects.filter(pk=tournament.pk).update(rules={"target": 60})
    seat = drawing.draw_round(tournament, seed=1).tables.get(bye=True).seats.get()
    assert (seat.score, seat.against, seat.won) == (60, 0, True)


def test_a_players_public_page_shows_his_teams_matches(make_tournament, client):
    tournament = make_tournament("quarante", players=4, rounds=1)
    tournament.rules = {"target": 100}
    tournament.save()
    table = drawing.draw_round(tournament, seed=1).tables.get()
    entry = tournament.entries.select_related("team").first()
    response = client.get(reverse("tournament_player", args=[tournament.pk, entry.pk]))
    page = response.content.decode()
    opponents = table.seats.exclude(team=entry.team).get()
    assert response.status_code == 200
    assert opponents.team.label in page
    assert entry.team.label not in page.split("<tbody>")[1]


def test_season_standings_and_excel_credit_players_with_their_teams_matches(
    make_tournament, client, season
):
    tournament = make_tournament("quarante", players=4, rounds=1)
    tournament.rules = {"target": 100}
    tournament.save()
    table = drawing.draw_round(tournament, seed=1).tables.get()
    play_round(table.round, "quarante", target=100)
    winners = table.seats.get(won=True).team.entries.select_related("player")
    rows = season_rankings.season_standings(season)["quarante"]
    top = {r.name for r in rows if r.rank == 1}
    assert top == {e.player.full_name for e in winners}
    assert all(r.wins in (0, 1) for r in rows) and len(rows) == 4
    page = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    assert "Parties gagnées" in page and "Points de place" not in page
    response = client.get(reverse("season_xlsx", args=[season.pk]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert [c.value for c in sheet[2]][4:7] == ["Parties gagnées", "Score total", "Différence"]
    assert sheet.cell(row=3, column=2).value in top
