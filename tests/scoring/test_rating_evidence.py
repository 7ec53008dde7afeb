"""Honest evidence that the rating ranks skill (issue 36).

A synthetic club: a few hundred players, each with a hidden skill and his own attendance (the
two independent), two seasons of evenings whose tables are drawn at random among the players
present, and each table's order drawn from its players' hidden skills (a Thurstone race: each
player's hidden skill plus Gaussian luck, the best performance first). The generator shares
nothing with the rating's code but the results it hands over. The season's points ranking is
the club's own (place points 16/12/8/4 summed over the season): it rewards attendance, which
the rating must not.
"""

import random

import pytest

from scoring.rating import RatedTable, RatedTournament, RatingState, published, replay

SEEDS = [1, 2, 3, 4, 5]
PLAYERS = 300
EVENINGS = 36  # a season of 18 evenings, twice
ROUNDS = 4
PLACE_POINTS = (16, 12, 8, 4)


def _club(seed):
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(PLAYERS)]
    attendance = [rng.uniform(0.15, 0.6) for _ in range(PLAYERS)]
    evenings = []
    for _ in range(EVENINGS):
        present = [p for p in range(PLAYERS) if rng.random() < attendance[p]]
        present = present[: len(present) - len(present) % 4]
        tables = []
        for _ in range(ROUNDS):
            rng.shuffle(present)
            for i in range(0, len(present), 4):
                seated = present[i : i + 4]
                order = sorted(seated, key=lambda p: -(skill[p] + rng.gauss(0, 1)))
                tables.append(order)  # first to last
        evenings.append(tables)
    return skill, evenings


def _rated(evenings):
    return [
        RatedTournament(
            key=f"e{n}",
            tables=tuple(RatedTable(tuple((p,) for p in order), (1, 2, 3, 4)) for order in tables),
        )
        for n, tables in enumerate(evenings)
    ]


def _season_points(evenings):
    points: dict[int, int] = {}
    for tables in evenings:
        for order in tables:
            for place, p in enumerate(order):
                points[p] = points.get(p, 0) + PLACE_POINTS[place]
    return points


def _ranks(values):
    """Average ranks (ties share), for Spearman's coefficient."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def _spearman(xs, ys):
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5


@pytest.mark.parametrize("seed", SEEDS)
def test_the_rating_ranks_hidden_skill_better_than_the_season_points(seed):
    skill, evenings = _club(seed)
    state = replay(RatingState(), _rated(evenings))
    rated = [p for p, s in state.players.items() if s.rated]
    assert len(rated) >= 100
    assert len(rated) < len(state.players)  # the occasional players are still provisional
    season = _season_points(evenings[EVENINGS // 2 :])
    truth = [skill[p] for p in rated]
    by_rating = _spearman([published(state.players[p]) for p in rated], truth)
    by_points = _spearman([season.get(p, 0) for p in rated], truth)
    assert by_rating >= 0.7
    assert by_rating > by_points


@pytest.mark.parametrize("seed", SEEDS)
def test_the_rating_predicts_later_winners_better_than_the_season_points(seed):
    _skill, evenings = _club(seed)
    known, later = evenings[:30], evenings[30:]
    state = replay(RatingState(), _rated(known))
    season = _season_points(known[EVENINGS // 2 :])
    by_rating = by_points = 0
    for tables in later:
        for order in tables:
            winner = order[0]
            best = max(
                order,
                key=lambda p: published(state.players[p]) if p in state.players else 0,
            )
            leader = max(order, key=lambda p: season.get(p, 0))
            by_rating += best == winner
            by_points += leader == winner
    assert by_rating > by_points


# The gates (issue 36): who stays provisional, who is left out.


def _table(players, order):
    return RatedTable(seats=tuple((p,) for p in players), places=tuple(order))


def test_a_closed_group_of_four_stays_provisional():
    rng = random.Random(4)
    tables = [_table([0, 1, 2, 3], rng.sample([1, 2, 3, 4], 4)) for _ in range(200)]
    state = replay(RatingState(), [RatedTournament("t", tuple(tables))])
    assert all(s.tables == 200 and not s.rated for s in state.players.values())
    assert state.rated_count == 0


def _population(rng, players, tables):
    return [_table(rng.sample(players, 4), rng.sample([1, 2, 3, 4], 4)) for _ in range(tables)]


def test_a_closed_group_of_sixteen_beside_a_rated_population_stays_provisional():
    rng = random.Random(16)
    population = list(range(100, 160))
    group = list(range(16))
    first = _population(rng, population, 900)
    closed = _population(rng, group, 300)
    later = _population(rng, population, 300)
    state = replay(
        RatingState(),
        [RatedTournament("a", tuple(first)), RatedTournament("b", tuple(closed + later))],
    )
    assert state.rated_count >= 12
    assert sum(state.players[p].rated for p in population) >= 50
    for p in group:
        member = state.players[p]
        # Only the half-rated rule holds them back.
        assert member.tables >= 30 and len(member.opponents) == 15
        assert not member.rated and not member.rated_opponents


def test_before_the_list_has_k_rated_players_tables_and_opponents_suffice():
    rng = random.Random(5)
    group = list(range(16))
    state = replay(RatingState(), [RatedTournament("t", tuple(_population(rng, group, 300)))])
    assert all(state.players[p].rated for p in group)


def test_a_substitutes_rating_is_unchanged_by_the_tables_he_filled():
    rng = random.Random(7)
    players = list(range(30))
    before = [RatedTournament("a", tuple(_population(rng, players, 60)))]
    filled = _population(rng, [p for p in players if p != 0], 10)
    filled = [
        RatedTable(((0,), *t.seats[1:]), t.places) if i % 2 == 0 else t
        for i, t in enumerate(filled)
    ]
    with_sub = replay(
        RatingState(), [*before, RatedTournament("b", tuple(filled), left_out=frozenset({0}))]
    )
    alone = replay(RatingState(), before)
    sub, earlier = with_sub.players[0], alone.players[0]
    assert (sub.mu, sub.sigma, sub.tables, sub.opponents) == (
        earlier.mu,
        earlier.sigma,
        earlier.tables,
        earlier.opponents,
    )
    # His tables still count for the others, as a match among the three rated.
    table = filled[0]
    three = RatedTable(table.seats[1:], table.places[1:])
    other = table.seats[1][0]
    as_filled = replay(alone, [RatedTournament("b", (table,), left_out=frozenset({0}))])
    among_three = replay(alone, [RatedTournament("b", (three,))])
    assert as_filled.players[other].tables == alone.players[other].tables + 1
    assert abs(as_filled.players[other].mu - among_three.players[other].mu) <= 1e-12
