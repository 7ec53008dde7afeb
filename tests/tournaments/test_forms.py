"""The staff forms refuse bad input on the field concerned, in French, keeping what was typed."""

import datetime

import pytest
from helpers import fr

from club.models import Club, Player, Season
from tournaments.forms import RegisterMemberForm, SwapForm, TeamForm, TournamentForm, WalkInForm
from tournaments.services import drawing, pairing

pytestmark = pytest.mark.django_db


def tournament_data(club, season, **changes) -> dict[str, str]:
    data = {
        "club": str(club.pk),
        "season": str(season.pk),
        "game": "double_king",
        "name": "Tournoi du printemps",
        "date": "2026-04-11",
        "rounds": "3",
        "entry_fee": "3,00",
    }
    return {**data, **changes}


def test_a_tournament_in_another_clubs_season_is_refused(club, season):
    other = Club.objects.create(name="Autre cercle", slug="autre")
    form = TournamentForm(tournament_data(other, season))
    assert not form.is_valid()
    assert form.errors["season"] == [fr("This season belongs to another club.")]
    assert form["name"].value() == "Tournoi du printemps"  # what was typed is kept


def test_a_tournament_dated_outside_its_season_is_refused(club, season):
    form = TournamentForm(tournament_data(club, season, date="2027-01-02"))
    assert not form.is_valid()
    assert form.errors["date"] == [
        fr(
            "The date must fall within the season (%(start)s – %(end)s).",
            start="01/01/2026",
            end="31/12/2026",
        )
    ]


def test_a_started_tournament_keeps_its_rounds_whatever_is_posted(make_tournament):
    tournament = make_tournament(players=8, rounds=3)
    drawing.start_round(drawing.draw_round(tournament, seed=1))
    tournament.refresh_from_db()
    data = tournament_data(tournament.club, tournament.season, rounds="1")
    form = TournamentForm(data, instance=tournament)
    # Disabled once started: a tampered post cannot remove the rounds planned.
    assert form.is_valid(), form.errors
    assert form.cleaned_data["rounds"] == 3


def test_an_empty_round_count_takes_the_games_default(club, season):
    form = TournamentForm(tournament_data(club, season, game="whist", rounds=""))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["rounds"] == 3  # whist: the ruleset's three pools


def test_a_player_of_another_club_cannot_be_registered(make_tournament):
    tournament = make_tournament(players=4)
    stranger = Player.objects.create(first_name="Ida", last_name="Ailleurs")
    form = RegisterMemberForm({"player": str(stranger.pk)}, tournament=tournament)
    assert not form.is_valid()
    assert form.errors["player"] == [fr("Choose a player of the club from the list.")]


def test_a_registered_player_is_not_registered_twice(make_tournament):
    tournament = make_tournament(players=4)
    player = tournament.entries.first().player
    form = RegisterMemberForm({"player": str(player.pk)}, tournament=tournament)
    assert not form.is_valid()
    assert form.errors["player"] == [fr("%(player)s is already registered.", player=player)]


def test_a_walk_in_already_in_the_club_is_sent_to_the_members_list(club, make_players):
    known = make_players(1)[0]
    form = WalkInForm(
        {"first_name": f" {known.first_name} ", "last_name": known.last_name}, club=club
    )
    assert not form.is_valid()
    assert form.non_field_errors() == [
        fr(
            "%(name)s is already a player of the club: register him from the members list.",
            name=f"{known.first_name} {known.last_name}",
        )
    ]


def test_a_walk_in_name_with_a_control_character_is_refused_on_its_field(club):
    typed = "Léa\u202eDupont"  # a bidirectional control: the name would print reversed
    form = WalkInForm({"first_name": typed, "last_name": "Dupont"}, club=club)
    assert not form.is_valid()
    assert list(form.errors) == ["first_name"]
    assert form["first_name"].value() == typed


def test_a_player_cannot_swap_with_himself(make_tournament):
    round_ = drawing.draw_round(make_tournament(players=8), seed=1)
    entry = round_.seats.first().entry
    form = SwapForm({"first": str(entry.pk), "second": str(entry.pk)}, round_=round_)
    assert not form.is_valid()
    assert form.errors["second"] == [fr("Choose two different players.")]


def test_a_player_already_in_a_team_is_not_offered_as_a_partner(make_tournament):
    tournament = make_tournament("quarante", players=4, paired=False)
    first, second, third, _fourth = tournament.entries.order_by("pk")
    pairing.form_team(tournament, first=first, second=second)
    form = TeamForm({"first": str(third.pk), "second": str(first.pk)}, tournament=tournament)
    assert not form.is_valid()
    assert list(form.errors) == ["second"]
    assert first not in form.fields["second"].queryset


def test_a_team_needs_both_players(make_tournament):
    tournament = make_tournament("quarante", players=4, paired=False)
    form = TeamForm({"first": "", "second": ""}, tournament=tournament)
    assert not form.is_valid()
    assert form.errors["first"] == [fr("Choose the first player of the team.")]
    assert form.errors["second"] == [fr("Choose his partner.")]


def test_a_season_of_another_club_is_not_offered_to_its_staff(club, season):
    other = Club.objects.create(name="Autre cercle", slug="autre")
    foreign = Season.objects.create(
        club=other,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    form = TournamentForm(tournament_data(club, foreign), clubs=Club.objects.filter(pk=club.pk))
    assert not form.is_valid()
    assert "season" in form.errors
    assert foreign not in form.fields["season"].queryset
