"""The rating's model (scoring/rating.py): the gates, substitutes, per game, incremental."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import rating
from scoring.rating import Gates, RatedTable, RatedTournament, RatingState, replay


def _table(players, order=None):
    order = order or list(range(1, len(players) + 1))
    return RatedTable(seats=tuple((p,) for p in players), places=tuple(order))


def _history(seed, players=40, tournaments=12, tables=6, size=4):
    rng = random.Random(seed)
    out = []
    for t in range(tournaments):
        rows = []
        for _ in range(tables):
            seated = rng.sample(range(players), size)
            rows.append(_table(seated))
        out.append(RatedTournament(key=f"t{t}", tables=tuple(rows)))
    return out


def _same(a: RatingState, b: RatingState) -> bool:
    assert a.players.keys() == b.players.keys()
    assert a.rated_count == b.rated_count
    for p, sa in a.players.items():
        sb = b.players[p]
        assert abs(sa.mu - sb.mu) <= 1e-9
        assert abs(sa.sigma - sb.sigma) <= 1e-9
        assert (sa.tables, sa.opponents, sa.rated_opponents, sa.rated) == (
            sb.tables,
            sb.opponents,
            sb.rated_opponents,
            sb.rated,
        )
    return True


def test_full_recomputation_equals_incremental_to_1e_9():
    history = _history(1)
    gates = Gates(min_tables=5, min_opponents=6, rated_population=4)
    scratch = replay(RatingState(), history, gates)
    state = RatingState()
    for tournament in history:
        state = replay(state, [tournament], gates)
    assert _same(scratch, state)
    assert scratch.rated_count > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), split=st.integers(0, 12))
def test_any_split_of_a_history_gives_the_same_state(seed, split):
    history = _history(seed, tournaments=12, tables=3)
    gates = Gates(min_tables=4, min_opponents=5, rated_population=3)
    whole = replay(RatingState(), history, gates)
    halves = replay(replay(RatingState(), history[:split], gates), history[split:], gates)
    assert _same(whole, halves)


def test_replay_leaves_its_state_as_it_was():
    state = replay(RatingState(), _history(2, tournaments=2))
    before = state.copy()
    replay(state, _history(3, tournaments=2))
    assert _same(state, before)


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(3, 6),
    places=st.lists(st.integers(1, 6), min_size=6, max_size=6),
    shift=st.integers(0, 5),
)
def test_the_seats_order_at_a_table_does_not_matter(size, places, shift):
    players = list(range(size))
    order = places[:size]
    straight = RatedTable(tuple((p,) for p in players), tuple(order))
    k = shift % size
    turned = RatedTable(
        tuple((p,) for p in players[k:] + players[:k]), tuple(order[k:] + order[:k])
    )
    a = replay(RatingState(), [RatedTournament("t", (straight,))])
    b = replay(RatingState(), [RatedTournament("t", (turned,))])
    assert _same(a, b)


@settings(max_examples=40, deadline=None)
@given(size=st.integers(3, 6), winner=st.integers(0, 5), loser=st.integers(0, 5))
def test_among_equals_the_winner_gains_and_the_last_loses(size, winner, loser):
    winner, loser = winner % size, loser % size
    if winner == loser:
        loser = (winner + 1) % size
    places = [2] * size
    places[winner], places[loser] = 1, size
    state = replay(RatingState(), [RatedTournament("t", (_table(list(range(size)), places),))])
    fresh = rating.PlayerState()
    assert state.players[winner].mu > fresh.mu > state.players[loser].mu
    assert rating.published(state.players[winner]) > rating.published(state.players[loser])


@settings(max_examples=50, deadline=None)
@given(mu=st.floats(0, 50), sigma=st.floats(0.5, 9), more=st.floats(0.01, 5))
def test_the_published_number_rises_with_skill_and_falls_with_uncertainty(mu, sigma, more):
    base = rating.conservative(rating.PlayerState(mu=mu, sigma=sigma))
    assert rating.conservative(rating.PlayerState(mu=mu + more, sigma=sigma)) > base
    assert rating.conservative(rating.PlayerState(mu=mu, sigma=sigma + more)) < base


def test_team_games_rate_each_teammate():
    table = RatedTable(seats=((1, 2), (3, 4)), places=(1, 2))
    state = replay(RatingState(), [RatedTournament("t", (table,))])
    assert state.players[1].mu == state.players[2].mu > state.players[3].mu
    assert state.players[1].opponents == {3, 4}


def test_the_model_and_its_version_are_named():
    assert rating.MODEL_NAME == "openskill.PlackettLuce"
    assert rating.MODEL_VERSION.split(".")[0] == "6"


def test_a_host_in_a_team_leaves_his_teammate_to_play_the_seat_alone():
    """A team game: the host filling a team's place is left out, his teammate holds the seat
    alone against the other team (a match among those rated)."""
    table = RatedTable(seats=((1, 2), (3, 4)), places=(1, 2))
    state = replay(RatingState(), [RatedTournament("t", (table,), left_out=frozenset({2}))])
    alone = replay(RatingState(), [RatedTournament("t", (RatedTable(((1,), (3, 4)), (1, 2)),))])
    assert 2 not in state.players
    assert abs(state.players[1].mu - alone.players[1].mu) <= 1e-12
    assert state.players[1].opponents == {3, 4} and state.players[3].opponents == {1}
