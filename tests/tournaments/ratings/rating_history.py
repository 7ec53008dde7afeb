"""The rating tests' starting point: finished Double King tournaments stored directly, and the
club's Double King list over them, its gates low enough for so small a history."""

import random

from tournaments.ratings import services
from tournaments.ratings.models import RatingList
from tournaments.sample_sheets import stored_tournament

GATES = {"min_tables": 6, "min_opponents": 6, "rated_population": 3}


def stored_history(
    club, season, make_players, *, tournaments=4, pool=20, players=16, seed=1, prefix=None
):
    """``tournaments`` finished tournaments of 5 rounds, each of ``players`` drawn from a pool
    of ``pool`` (named ``prefix``…, by default after the seed), and the club's list, not yet
    built: the pool, the tournaments and the list."""
    people = make_players(pool, prefix=prefix or f"P{seed}")
    rng = random.Random(seed)
    made = [
        stored_tournament(season, "double_king", 5, i, people, rng, players=players)
        for i in range(tournaments)
    ]
    rating_list = services.club_list(club, "double_king")
    RatingList.objects.filter(pk=rating_list.pk).update(**GATES)
    rating_list.refresh_from_db()
    return people, made, rating_list
