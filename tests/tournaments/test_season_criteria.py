"""The season standings ranked by the database, from each game's season criteria: the places
its season key (``scoring``, exact Fractions) makes of the same sums, whatever the club's
tie-breaks, ties shared and players sharing a place by name; one query a game."""

import datetime
import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from club.models import Player
from scoring import GAMES
from scoring.ranking import SEASON_CRITERIA, SeasonLine, shared_places
from tournaments.models import Entry, Tournament, TournamentResult
from tournaments.selectors import season_rankings

pytestmark = pytest.mark.django_db

#: The club's rulesets tried: together their tie-breaks name every season criterion.
RULES = [
    {},
    {
        "double_king": {"tiebreaks": ["best_round", "total_score"]},
        "whist": {"tiebreaks": ["place_points", "best_pool"]},
        "quarante": {"tiebreaks": ["points_against", "points_difference"]},
        "plonk": {"tiebreaks": ["points_difference", "points_for"]},
        "double": {"place_points_use": "added"},
    },
    {
        "double_king": {"tiebreaks": ["total_score"]},
        "whist": {"tiebreaks": ["best_pool"]},
        "quarante": {"tiebreaks": ["points_for", "points_against"]},
        "plonk": {"tiebreaks": []},
    },
]


def test_the_rulesets_tried_name_every_season_criterion():
    named = {
        name
        for rules in RULES
        for game in GAMES
        for name in GAMES[game].season_criteria(rules.get(game))
    }
    assert named == set(SEASON_CRITERIA)


@pytest.fixture
def played(club, season):
    """Three evenings of every game, 14 players each, their results drawn from few values
    (ties in every criterion); whist's and Double's second evening added its place points to
    the total."""
    rng = random.Random(7)
    players = Player.objects.bulk_create(
        Player(first_name=f"P{i}", last_name=name)
        for i, name in enumerate(["Émile", "emile", "Zoé", "Abel", "Éric", "Eric", "Bé"] * 2)
    )
    results = []
    for game in GAMES:
        for evening in range(3):
            adds = evening == 1 and game in ("whist", "double")
            tournament = Tournament.objects.create(
                club=club,
                season=season,
                game=game,
                name=f"{game} {evening}",
                date=datetime.date(2026, 1, 5 + 7 * evening),
                published=True,
                status=Tournament.Status.FINISHED,
                rules={"place_points_use": "added"} if adds else {},
            )
            for player in players[: 14 - evening]:
                entry = Entry.objects.create(tournament=tournament, player=player, present=True)
                won = rng.randint(0, 2)
                results.append(
                    TournamentResult(
                        tournament=tournament,
                        player=player,
                        entry=entry,
                        rank=1,
                        rounds=3,
                        points=rng.choice([0, 10]),
                        best_round=rng.choice([5, 10]),
                        place_points_60ths=rng.choice([0, 600]),
                        matches_won=won if GAMES[game].teams else 0,
                        matches_drawn=(2 - won) // 2 if GAMES[game].teams else 0,
                        against=rng.choice([0, 10]) if GAMES[game].teams else 0,
                    )
                )
    TournamentResult.objects.bulk_create(results)
    return players


@pytest.mark.parametrize("rules", RULES)
def test_the_database_ranks_each_game_as_its_season_key(season, played, rules):
    stored = {game: (1, own) for game, own in rules.items()}
    with CaptureQueriesContext(connection) as queries:
        standings = season_rankings.season_standings(season, list(GAMES), rules=stored)
    assert len(queries) == len(GAMES) + 1  # one ranked query a game, and the signature
    assert set(standings) == set(GAMES)
    sort_keys = dict(Player.objects.values_list("pk", "sort_key"))
    shared = 0
    for game, rows in standings.items():
        key = GAMES[game].season_classifier(rules.get(game))
        lines = [
            SeasonLine(
                place_points=row.place_points,
                score=row.score,
                best_round=row.best_round,
                wins=row.wins,
                against=row.score - row.difference,
                added_place_points=row.total - row.score,
            )
            for row in rows
        ]
        assert [row.rank for row in rows] == shared_places([key(line) for line in lines]), game
        order = [(row.rank, sort_keys[row.player_id], row.player_id) for row in rows]
        assert order == sorted(order), game
        shared += len(rows) - len({row.rank for row in rows})
    assert shared > 0  # ties were met and shared


def test_a_tournament_that_added_its_place_points_counts_them_in_the_total(season, played):
    rows = season_rankings.season_standings(season, ["double"])["double"]
    added = TournamentResult.objects.filter(tournament__game="double", tournament__name="double 1")
    extra = {r.player_id: r.place_points_60ths for r in added}
    assert [row.added for row in rows] == [row.player_id in extra for row in rows]
    for row in rows:
        assert row.total * 60 == row.score * 60 + extra.get(row.player_id, 0)
