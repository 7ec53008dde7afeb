"""The reads the staff pages and the services share (``tournaments.selectors``)."""

import pytest

from scoring import GAMES
from tournaments.models import Tournament
from tournaments.selectors import accounts, lineup, rulebook, scoresheet
from tournaments.services import drawing, pairing, registration, rulesets

pytestmark = pytest.mark.django_db


def test_playing_entries_leave_out_the_absent_and_the_withdrawn(make_tournament):
    tournament = make_tournament(players=6)
    absent, withdrawn, *present = tournament.entries.order_by("pk")
    registration.update_entry(absent, present=False)
    registration.update_entry(withdrawn, withdrawn=True)
    playing = lineup.playing_entries(tournament)
    assert [e.pk for e in playing] == [e.pk for e in present]
    # Sorted by last name then first name, as the registration page lists them.
    assert [e.player.last_name for e in playing] == sorted(e.player.last_name for e in playing)


@pytest.mark.parametrize(
    ("count", "sizes", "gap"),
    [
        (8, (4,), None),
        (9, (4,), (3, 1)),  # add 3 to make 12, or remove 1 to make 8
        (9, (4, 5), None),
        (3, (4,), (1, 3)),  # nobody can be seated: remove all three
        (0, (4,), (4, 0)),
        (7, (3, 4, 5, 6), None),
    ],
)
def test_seating_gap_says_how_many_to_add_or_remove(count, sizes, gap):
    assert lineup.seating_gap(count, sizes) == gap


def test_the_gap_of_a_whist_tournament_follows_the_clubs_tables_of_five(make_tournament, club):
    tournament = make_tournament("whist", players=9, rounds=1)
    assert lineup.seating_gap_for(tournament) == (3, 1)
    rulesets.save_club_rules(club, game="whist", rules={"tables_of_five": True})
    assert lineup.seating_gap_for(tournament) is None


def test_team_games_have_no_seating_gap_but_unpaired_players(make_tournament):
    tournament = make_tournament("quarante", players=5)  # one left without a partner
    assert lineup.seating_gap_for(tournament) is None
    assert len(lineup.unpaired_entries(tournament)) == 1
    assert len(lineup.playing_teams(tournament)) == 2


def test_a_team_with_an_absent_player_does_not_play(make_tournament):
    tournament = make_tournament("quarante", players=4)
    team = tournament.teams.order_by("name").first()
    registration.update_entry(team.entries.first(), present=False)
    assert len(lineup.playing_teams(tournament)) == 1
    assert team.pk not in [t.pk for t in lineup.playing_teams(tournament)]


def test_the_tournaments_own_settings_win_until_it_starts(make_tournament, club):
    tournament = make_tournament("quarante", players=4)
    rulesets.save_club_rules(club, game="quarante", rules={"target": 150})
    Tournament.objects.filter(pk=tournament.pk).update(rules={"target": 60})
    tournament.refresh_from_db()
    assert rulebook.effective_rules(tournament)["target"] == 60
    assert rulebook.club_rules(club, "quarante")["target"] == 150
    drawing.draw_round(tournament, seed=1)
    tournament.refresh_from_db()
    # Started: a later edit of the club's rules never reaches it.
    rulesets.save_club_rules(club, game="quarante", rules={"target": 100})
    assert rulebook.effective_rules(tournament)["target"] == 60
    assert rulebook.tournament_settings(tournament) == {}


def test_a_club_without_its_own_rules_gets_the_games_defaults(club):
    assert rulebook.club_rules(club, "whist") == GAMES["whist"].default_rules()


def test_a_team_table_deals_in_turn_across_the_teams(make_tournament):
    tournament = make_tournament("quarante", players=4, paired=False)
    a1, b1, a2, b2 = tournament.entries.order_by("pk")
    pairing.form_team(tournament, first=a1, second=a2, name="A")
    pairing.form_team(tournament, first=b1, second=b2, name="B")
    table = drawing.draw_round(tournament, seed=1).tables.get()
    seats = scoresheet.table_seats(table)
    first, second = (scoresheet.team_players(s.team) for s in seats)
    # Team t sits at seats t and t + 2: its first player, then the other team's, then its second.
    expected = [first[0], second[0], first[1], second[1]]
    assert scoresheet.dealing_names(seats) == [e.player.full_name for e in expected]
    assert scoresheet.seat_names(seats) == [s.team.label for s in seats]
    assert scoresheet.first_dealer(seats) == 0


def test_an_individual_table_is_named_by_its_players_in_seat_order(make_tournament):
    table = drawing.draw_round(make_tournament(players=4), seed=1).tables.get()
    seats = scoresheet.table_seats(table)
    names = [s.entry.player.full_name for s in sorted(seats, key=lambda s: s.position)]
    assert scoresheet.dealing_names(seats) == names == scoresheet.seat_names(seats)


def test_the_records_come_back_in_sheet_order(played_tournament):
    table = played_tournament.round_set.get(number=1).tables.order_by("number").first()
    records = scoresheet.table_records(table)
    assert records == [d.record for d in table.deals.order_by("number")]
    assert len(records) == table.deals.count() > 1


def test_repeats_count_the_meetings_of_earlier_rounds(make_tournament):
    tournament = make_tournament(players=4, rounds=2)
    first = drawing.draw_round(tournament, seed=1)
    drawing.start_round(first)
    second = drawing.draw_round(tournament, seed=1)
    # Four players, one table: the second round repeats all six pairs.
    assert lineup.current_repeats(first) == 0
    assert lineup.current_repeats(second) == 6


def test_team_lines_say_which_teams_have_played(make_tournament, django_assert_num_queries):
    tournament = make_tournament("quarante", players=6, rounds=1)  # three teams: one bye
    with django_assert_num_queries(3):  # teams, their entries, the players
        before = lineup.team_lines(tournament)
    assert [line.has_played for line in before] == [False] * 3
    assert all(len(line.players) == 2 for line in before)
    drawing.draw_round(tournament, seed=1)
    assert [line.has_played for line in lineup.team_lines(tournament)] == [True] * 3


def test_a_withdrawn_player_is_not_asked_for_his_membership(make_tournament, club):
    club.free_participations = 0  # due from the first participation
    club.save()
    tournament = make_tournament(players=2)
    first, second = tournament.entries.order_by("pk")
    registration.update_entry(second, withdrawn=True)
    lines = {line.entry.pk: line for line in accounts.registration_lines(tournament)}
    assert lines[first.pk].membership.due and lines[first.pk].membership_unpaid
    assert not lines[second.pk].membership_unpaid
