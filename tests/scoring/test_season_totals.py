"""A season's totals with the place points that tournaments added to them (FreeWhist): the
invariants the season and period rankings rely on."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring import GAMES
from scoring.ranking import SeasonLine, TournamentLine, annual_ranking_key, shared_places

#: One tournament of a player: its points, its place points (whole sixtieths, as stored),
#: and whether the tournament added them to the total.
tournament = st.tuples(
    st.integers(-300, 300),
    st.integers(0, 100 * 60).map(lambda sixtieths: Fraction(sixtieths, 60)),
    st.booleans(),
)


def season_line(tournaments) -> SeasonLine:
    return SeasonLine(
        place_points=sum((p for _s, p, _a in tournaments), Fraction(0)),
        score=sum(s for s, _p, _a in tournaments),
        best_round=max((s for s, _p, _a in tournaments), default=0),
        added_place_points=sum((p for _s, p, added in tournaments if added), Fraction(0)),
    )


@given(st.lists(tournament, max_size=30))
def test_the_season_total_is_the_sum_of_the_tournaments_totals(tournaments):
    """The season adds what each tournament counted: its points, with its place points only
    where it added them; the annual « sum of points » of those totals is the same figure."""
    totals = [s + (p if added else 0) for s, p, added in tournaments]
    line = season_line(tournaments)
    assert line.total == sum(totals, Fraction(0))
    assert annual_ranking_key([TournamentLine(t) for t in totals]) == (line.total,)
    if not any(added for _s, _p, added in tournaments):
        assert line.total == line.score  # nothing added: the points alone


@given(st.lists(tournament, min_size=1, max_size=12), st.integers(1, 18))
def test_a_best_n_of_totals_never_passes_the_best_sum_and_a_period_sum_is_exact(tournaments, n):
    totals = [Fraction(s) + (p if added else 0) for s, p, added in tournaments]
    lines = [TournamentLine(t) for t in totals]
    best = annual_ranking_key(lines, "best_n", n)[0]
    assert best == sum(sorted(totals, reverse=True)[:n])
    assert isinstance(best, int | Fraction)  # exact, never a float
    assert (best * 60).denominator == 1  # whole sixtieths, as the database sums them


@given(st.lists(st.lists(tournament, min_size=1, max_size=6), min_size=2, max_size=8))
def test_double_adding_place_points_ranks_the_season_by_the_totals(players):
    """Double with « added »: the season key starts with the total, so a player with a
    greater total is never ranked below one with a smaller."""
    lines = [season_line(t) for t in players]
    key = GAMES["double"].season_classifier({"place_points_use": "added"})
    places = shared_places([key(line) for line in lines])
    for a, b in zip(lines, places, strict=True):
        for c, d in zip(lines, places, strict=True):
            if a.total > c.total:
                assert b < d
