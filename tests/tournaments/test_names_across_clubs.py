"""A page that lists players of several clubs (a federation's ranking, a player's results
across clubs) writes each row's name as that row's own club writes it (its order of names, the
player's public name there), whatever club's context the page runs in; one query, whatever the
number of rows and clubs (issue 33 §3)."""

import datetime

import pytest
from django.db import connection
from django.template import Context, Template
from django.test.utils import CaptureQueriesContext
from helpers import fr

from club import names, privacy
from club.models import Club, Player, PublicName, Season
from tournaments.models import Tournament, TournamentResult
from tournaments.selectors.across_clubs import results_across_clubs
from tournaments.services import registration

pytestmark = pytest.mark.django_db

PAGE = Template(
    "<ol>{% for row in rows %}<li>{{ row.club }} · {{ row.tournament }} · {{ row.rank }}. "
    "{{ row.name }}{% if not row.linked %} (no page){% endif %}</li>{% endfor %}</ol>"
)


def club(name: str, **choices: str) -> Club:
    return Club.objects.create(name=name, slug=name.lower().replace(" ", "-"), **choices)


def tournament_of(club: Club, results: list[Player], day: int) -> Tournament:
    season = Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    tournament = Tournament.objects.create(
        club=club,
        season=season,
        game="whist",
        name=f"Whist {club.name}",
        date=datetime.date(2026, 3, day),
        rounds=1,
        published=True,
    )
    for rank, player in enumerate(results, start=1):
        club.players.add(player)
        entry = registration.register_player(tournament, player=player)
        TournamentResult.objects.create(
            tournament=tournament,
            player=player,
            entry=entry,
            rank=rank,
            rounds=1,
            points=10 - rank,
            best_round=10 - rank,
        )
    return tournament


def test_players_of_three_clubs_are_each_written_as_his_own_club_says():
    # Three clubs, three choices: names in full, last name first; initials; hidden.
    alpha = club("Alpha", name_order=names.LAST_FIRST)
    beta = club("Beta", default_public_name=PublicName.INITIALS)
    gamma = club("Gamma", default_public_name=PublicName.HIDDEN)
    guy = Player.objects.create(first_name="Guy", last_name="Henrard")  # plays at Alpha and Beta
    josiane = Player.objects.create(first_name="Josiane", last_name="Petit")
    anne = Player.objects.create(
        first_name="Anne", last_name="Dupont", public_name=PublicName.PSEUDONYM, pseudonym="Atout"
    )
    marc = Player.objects.create(first_name="Marc", last_name="Lenoir")
    ids = [
        tournament_of(alpha, [guy], 1).pk,
        tournament_of(beta, [josiane, guy], 2).pk,
        tournament_of(gamma, [anne, marc], 3).pk,
    ]
    # The page runs in Alpha's context (its order, its public names): no row of another club
    # may follow it.
    alpha.activate_name_order()
    privacy.activate_public_names(alpha)
    try:
        with CaptureQueriesContext(connection) as queries:
            rows = results_across_clubs(ids)
            page = PAGE.render(Context({"rows": rows}))
    finally:
        names.activate_name_order(names.FIRST_LAST)
        names.activate_public_names(None)
    assert len(queries) == 1
    marc_label = fr("Player %(number)s", number=marc.pk)
    assert [row.name for row in rows] == [
        "Henrard Guy",  # Alpha: in full, last name first
        "Josiane P.",  # Beta: initials, its default
        "Guy H.",  # the same Guy, at Beta
        "Atout",  # Gamma: her own choice, a pseudonym
        marc_label,  # Gamma: hidden, its default
    ]
    assert [row.linked for row in rows] == [True, True, True, True, False]
    for row in rows:
        assert f"{row.rank}. {row.name}" in page
    assert "Guy Henrard" not in page and "Marc" not in page and "Dupont" not in page
    assert f"{marc_label} (no page)" in page


def test_the_query_count_stays_one_whatever_the_rows():
    clubs = [club(f"Club {n}", default_public_name=mode) for n, mode in enumerate(PublicName)]
    ids = []
    for day, each in enumerate(clubs, start=1):
        players = [
            Player.objects.create(first_name=f"P{day}{i}", last_name=f"N{day}{i}") for i in range(6)
        ]
        ids.append(tournament_of(each, players, day).pk)
    with CaptureQueriesContext(connection) as few:
        assert len(results_across_clubs(ids[:1])) == 6
    with CaptureQueriesContext(connection) as many:
        assert len(results_across_clubs(ids)) == 6 * len(clubs)
    assert len(few) == len(many) == 1
