import random
from fractions import Fraction

import pytest

from scoring import InvalidDeal
from tournaments.models import Deal, ResultChange, Round, Seat, Table, Tournament
from tournaments.sample_sheets import double_king_round
from tournaments.selectors import classification, lineup, scoresheet
from tournaments.services import deal_entry, drawing, errors, registration, rulesets

pytestmark = pytest.mark.django_db


def first_dealer(table: Table) -> int:
    return table.seats.get(first_dealer=True).position


def test_starting_copies_the_club_rules_so_later_edits_do_not_reach_it(make_tournament, club):
    from tournaments.models import GameRules

    rules = GameRules.objects.create(
        club=club, game="double_king", rules={"place_points": [20, 10, 5, 0]}
    )
    tournament = rulesets.start_tournament(make_tournament(players=4))
    rules.rules = {"place_points": [16, 12, 8, 4]}
    rules.save()
    tournament.refresh_from_db()
    assert tournament.rules["place_points"] == [20, 10, 5, 0]
    assert tournament.status == Tournament.Status.RUNNING


def test_draw_seats_every_present_player_once_at_tables_of_four(make_tournament):
    tournament = make_tournament(players=16, rounds=5)
    round_ = drawing.draw_round(tournament, seed=3)
    seats = list(Seat.objects.filter(round=round_))
    assert len(seats) == 16 and len({s.entry_id for s in seats}) == 16
    assert [t.seats.count() for t in round_.tables.all()] == [4, 4, 4, 4]
    assert all(t.seats.filter(first_dealer=True).count() == 1 for t in round_.tables.all())


def test_sixteen_players_meet_nobody_twice_over_five_rounds(make_tournament):
    tournament = make_tournament(players=16, rounds=5)
    for _ in range(5):
        round_ = drawing.draw_round(tournament, seed=7)
        drawing.start_round(round_)
    assert Round.objects.get(tournament=tournament, number=5).repeats == 0


def test_an_uneven_count_is_refused_with_the_substitutes_to_add(make_tournament):
    tournament = make_tournament(players=14)
    with pytest.raises(errors.TournamentError) as error:
        drawing.draw_round(tournament)
    assert "ajoutez 2 remplaçants ou retirez 2 joueurs" in str(error.value)
    assert not tournament.round_set.exists()


def test_late_arrival_is_seated_in_the_next_round_against_what_was_played(
    make_tournament, make_players
):
    tournament = make_tournament(players=12, rounds=3)
    drawing.start_round(drawing.draw_round(tournament, seed=1))
    late = make_players(4, prefix="Tard")
    for player in late:
        registration.register_player(tournament, player=player)
    second = drawing.draw_round(tournament, seed=1)
    assert second.seats.count() == 16
    assert second.repeats == 0


def test_redraw_is_allowed_until_the_round_starts(make_tournament):
    tournament = make_tournament(players=8)
    round_ = drawing.draw_round(tournament, seed=1)
    drawing.redraw_round(round_)
    round_.refresh_from_db()
    assert round_.seed == 2 and round_.seats.count() == 8
    drawing.start_round(round_)
    with pytest.raises(errors.TournamentError):
        drawing.redraw_round(round_)


def test_swap_exchanges_two_seats_and_counts_repeats(make_tournament):
    tournament = make_tournament(players=8, rounds=2)
    first = drawing.draw_round(tournament, seed=1)
    drawing.start_round(first)
    second = drawing.draw_round(tournament, seed=1)
    tables = list(second.tables.all())
    a = tables[0].seats.get(position=0)
    b = tables[1].seats.get(position=0)
    a_entry, b_entry = a.entry, b.entry
    _, after = drawing.swap_players(second, first=a_entry, second=b_entry)
    assert second.seats.get(entry=a_entry).table_id == tables[1].pk
    assert second.seats.get(entry=b_entry).table_id == tables[0].pk
    assert after == lineup.current_repeats(second)
    assert Round.objects.get(pk=second.pk).repeats == after


def test_saving_a_complete_sheet_stores_scores_place_points_and_history(
    make_tournament, committee_user
):
    tournament = make_tournament(players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    table = round_.tables.get()
    records = double_king_round(first_dealer(table), random.Random(5))
    deal_entry.save_sheet(table, records=records, version=0, user=committee_user)
    table.refresh_from_db()
    seats = list(table.seats.order_by("position"))
    assert table.complete and table.version == 1
    assert sum(s.score for s in seats) == 0
    assert sum(s.place_points for s in seats) == Fraction(40)
    assert Deal.objects.filter(table=table).count() == 20
    change = ResultChange.objects.get(table=table)
    assert change.user == committee_user and change.before == [] and change.after == records
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_a_partial_sheet_is_saved_and_completed_later(make_tournament, committee_user):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    records = double_king_round(first_dealer(table), random.Random(5))
    deal_entry.save_sheet(table, records=records[:8], version=0, user=committee_user)
    table.refresh_from_db()
    assert not table.complete and table.deals.count() == 8
    assert Round.objects.get(pk=table.round_id).status == Round.Status.STARTED
    deal_entry.save_sheet(table, records=records, version=1, user=committee_user)
    table.refresh_from_db()
    assert table.complete and table.version == 2


def test_an_invalid_sheet_saves_nothing(make_tournament, committee_user):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    records = double_king_round(first_dealer(table), random.Random(5))[:5]
    records[3] = {"game": "trump", "dealer": records[3]["dealer"], "taken": [3, 3, 3, 3]}
    with pytest.raises(InvalidDeal) as error:
        deal_entry.save_sheet(table, records=records, version=0, user=committee_user)
    assert error.value.code == "wrong_total" and error.value.params["deal"] == 3
    table.refresh_from_db()
    assert table.version == 0 and not table.deals.exists() and not table.changes.exists()


def test_a_stale_save_is_refused_and_says_who_changed_the_sheet(
    make_tournament, committee_user, scorekeeper_user
):
    tournament = make_tournament(players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    records = double_king_round(first_dealer(table), random.Random(5))
    deal_entry.save_sheet(table, records=records[:4], version=0, user=scorekeeper_user)
    with pytest.raises(errors.StaleSheet) as stale:
        deal_entry.save_sheet(table, records=records[:6], version=0, user=committee_user)
    assert stale.value.current_version == 1
    assert [c.user for c in stale.value.changes] == [scorekeeper_user]
    assert stale.value.saved_records == records[:4]
    assert Table.objects.get(pk=table.pk).deals.count() == 4


def test_correcting_a_game_recomputes_the_standings(played_tournament, committee_user):
    table = Table.objects.filter(round__tournament=played_tournament).first()
    records = scoresheet.table_records(table)
    index = next(i for i, r in enumerate(records) if r["game"] == "trump")
    records[index] = {**records[index], "taken": [13, 0, 0, 0]}
    deal_entry.save_sheet(table, records=records, version=table.version, user=committee_user)
    result = scoresheet.evaluate_sheet(table, records)
    seats = {s.position: s for s in table.seats.all()}
    assert [seats[p].score for p in range(4)] == result.scores
    standings = {
        row.entry_id: row for row in classification.tournament_standings(played_tournament)
    }
    own = standings[seats[0].entry_id]
    assert own.score == sum(
        Seat.objects.filter(entry_id=seats[0].entry_id).values_list("score", flat=True)
    )
    assert ResultChange.objects.filter(table=table).count() == 2


def test_classification_ranks_by_place_points_then_score_and_leaves_substitutes_out(
    played_tournament,
):
    played_tournament.entries.filter(pk=played_tournament.entries.first().pk).update(
        substitute=True
    )
    rows = classification.tournament_standings(played_tournament)
    ranked = [r for r in rows if r.rank is not None]
    assert len(ranked) == 7 and rows[-1].substitute and rows[-1].rank is None
    keys = [(r.place_points, r.score, r.best_round) for r in ranked]
    assert keys == sorted(keys, reverse=True)
    assert sum(r.place_points for r in rows) == Fraction(2 * 2 * 40)


def test_withdrawn_player_is_not_seated_in_the_next_round(make_tournament):
    tournament = make_tournament(players=12, rounds=2)
    drawing.start_round(drawing.draw_round(tournament, seed=1))
    leaving = list(tournament.entries.all()[:4])
    for entry in leaving:
        registration.update_entry(entry, withdrawn=True)
    second = drawing.draw_round(tournament, seed=1)
    assert second.seats.count() == 8
    assert not second.seats.filter(entry__in=leaving).exists()
