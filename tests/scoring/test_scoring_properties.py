"""Property tests (hypothesis): zero sums, totals, and malformed records."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidDeal, double_king, plonk, score_deal, whist
from scoring import double as double_game

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Record = dict[str, Any]
DK_TOTALS = {"tricks": 13, "hearts": 13, "queens": 4, "jacks_kings": 8, "trump": 13}
NEGATIVE = ["tricks", "hearts", "queens", "jacks_kings", "king_of_hearts", "seventh_last"]
CONTRACTS = {c["code"]: c for c in whist.default_rules()["contracts"]}  # type: ignore[union-attr,index]
COUNTERS = whist.CHEVALERIE_COUNTERS


@st.composite
def split(draw: st.DrawFn, total: int, n: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(bounds)]


seat4 = st.integers(0, 3)


# --------------------------------------------------------------------------- Double King


@st.composite
def dk_game(draw: st.DrawFn, code: str | None = None) -> Record:
    code = code or draw(st.sampled_from([*NEGATIVE, "trump"]))
    if code == "king_of_hearts":
        return {"game": code, "taker": draw(seat4)}
    if code == "seventh_last":
        return {"game": code, "seventh": draw(seat4), "last": draw(seat4)}
    return {"game": code, "taken": draw(split(DK_TOTALS[code], 4))}


@st.composite
def dk_record(draw: st.DrawFn) -> Record:
    if draw(st.integers(0, 5)) == 0:
        return {"game": draw(st.sampled_from([*NEGATIVE, "trump"])), "penalty": draw(seat4)}
    return draw(dk_game())


def dk_expected_total(record: Record) -> int:
    kind = double_king.KINDS[record["game"]]
    if "penalty" in record and not kind.negative:
        return 0
    return kind.total


@SETTINGS
@given(dk_record())
def test_double_king_deal_sums_to_its_games_total(record: Record) -> None:
    points = score_deal("double_king", record)
    assert len(points) == 4
    assert sum(points) == dk_expected_total(record)


@st.composite
def dk_round(draw: st.DrawFn) -> tuple[int, list[Record]]:
    first = draw(seat4)
    slots = [g for g in NEGATIVE for _ in range(2)]
    slots = draw(st.permutations(slots))
    choices = []
    for s in range(4):
        mine = [*slots[3 * s : 3 * s + 3], "trump", "trump"]
        choices.append(list(draw(st.permutations(mine))))
    records = []
    for k in range(20):
        dealer = (first + k) % 4
        rec = draw(dk_game(choices[dealer].pop()))
        if draw(st.booleans()):
            rec["dealer"] = dealer
        records.append(rec)
    return first, records


@SETTINGS
@given(dk_round())
def test_complete_double_king_round_sums_to_zero(data: tuple[int, list[Record]]) -> None:
    first, records = data
    result = double_king.table_result(records, first_dealer=first)
    assert result.complete
    assert sum(result.scores) == 0
    assert result.place_points is not None and sum(result.place_points) == 40
    for n in range(20):  # every partial round: never a quota exceeded, what is left adds up
        partial = double_king.table_result(records[:n], first_dealer=first)
        assert partial.pending["games_left"] == 20 - n
        negs, trumps = partial.pending["negatives_left"], partial.pending["trumps_left"]
        assert isinstance(negs, list) and isinstance(trumps, list)
        assert sum(negs) + sum(trumps) == 20 - n  # type: ignore[arg-type]
        assert min(negs) >= 0 and min(trumps) >= 0  # type: ignore[type-var]


# --------------------------------------------------------------------------- whist


@st.composite
def whist_record(draw: st.DrawFn) -> Record:
    five = draw(st.booleans())
    seats = list(range(5 if five else 4))
    out = draw(st.sampled_from(seats)) if five else None
    active = [s for s in seats if s != out]
    use_counter = draw(st.integers(0, 4)) == 0
    if use_counter:
        counter = draw(st.sampled_from(COUNTERS))
        code, against = counter["contract"], counter["against"]  # type: ignore[index]
    else:
        code, against = draw(st.sampled_from(sorted(CONTRACTS))), None
    row = CONTRACTS[code]
    low, high = row["declarers"]
    n = draw(st.integers(low, min(high, 4)))
    declarers = draw(st.permutations(active))[:n]
    record: Record = {"contract": code, "declarers": declarers}
    if row["tricks_per_declarer"]:
        record["tricks"] = draw(split(13, n + 1))[:n]
    else:
        # a solo stops at 8 tricks: more is refused (test_scoring_rules_changes_1125)
        record["tricks"] = draw(st.integers(0, row["overtrick_cap"]))
    if against:
        record["against"] = against
    if draw(st.integers(0, 6)) == 0:
        record["renege"] = draw(st.sampled_from(active))
        if draw(st.booleans()):
            del record["tricks"]
    if five:
        record["sitting_out"] = out
    return record


@SETTINGS
@given(whist_record())
def test_whist_deal_sums_to_zero(record: Record) -> None:
    points = score_deal("whist", record)
    assert sum(points) == 0
    assert len(points) == (5 if "sitting_out" in record else 4)
    if "sitting_out" in record:
        assert points[record["sitting_out"]] == 0


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 16),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.lists(st.integers(-2, 14), max_size=5),
)


@SETTINGS
@given(
    st.dictionaries(
        st.sampled_from(
            ["contract", "declarers", "tricks", "against", "renege", "dealer", "sitting_out"]
        ),
        st.one_of(
            junk, st.sampled_from(sorted(CONTRACTS)), st.lists(st.integers(0, 4), max_size=4)
        ),
        max_size=7,
    )
)
def test_whist_fuzz_accepted_deals_sum_to_zero(record: Record) -> None:
    try:
        points = score_deal("whist", record)
    except InvalidDeal:
        return
    assert sum(points) == 0


@SETTINGS
@given(
    st.dictionaries(
        st.sampled_from(["game", "taken", "taker", "seventh", "last", "penalty", "dealer"]),
        st.one_of(junk, st.sampled_from([*NEGATIVE, "trump"])),
        max_size=5,
    )
)
def test_double_king_fuzz_accepted_deals_sum_to_their_total(record: Record) -> None:
    try:
        points = score_deal("double_king", record)
    except InvalidDeal:
        return
    assert sum(points) == dk_expected_total(record)


# --------------------------------------------------------------------------- Quarante


@st.composite
def quarante_record(draw: st.DrawFn) -> tuple[Record, int]:
    record: Record = {}
    for key in ("kings", "queens", "jacks"):
        record[key] = draw(split(4, 2))
    cliques, bonus = [], 0
    values = {"K": {3: 10, 4: 40}, "Q": {3: 8, 4: 20}, "J": {3: 6, 4: 13}}
    in_hand = [0] * 4
    for fig in "KQJ":
        count = draw(st.sampled_from([0, 0, 3, 4]))
        seat = draw(seat4)
        if count and in_hand[seat] + count <= 8:  # a hand holds 8 cards (RULES.md)
            in_hand[seat] += count
            cliques.append({"seat": seat, "figure": fig, "count": count})
            bonus += values[fig][count]
    record["cliques"] = cliques
    if draw(st.booleans()):
        record["trump"] = draw(st.sampled_from(["hearts", "diamonds", "clubs", "spades"]))
    return record, bonus


@SETTINGS
@given(quarante_record())
def test_quarante_totals_44_plus_cliques(data: tuple[Record, int]) -> None:
    record, bonus = data
    assert sum(score_deal("quarante", record)) == 44 + bonus


# --------------------------------------------------------------------------- Plonk


@st.composite
def plonk_played(draw: st.DrawFn) -> Record:
    """A deal actually played out: 13 tricks of 4 real cards."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    deck = [(suit, value) for suit in range(4) for value in plonk.CARD_VALUES[suit::4]]
    rng.shuffle(deck)
    tricks, dead, live = [0, 0], [0, 0], [0, 0]
    for t in range(13):
        cards = deck[4 * t : 4 * t + 4]
        team = rng.randrange(2)
        led = cards[0][0]
        tricks[team] += 1
        dead[team] += sum(1 for suit, _ in cards if suit == led)
        live[team] += sum(v for suit, v in cards if suit != led)
    return {"tricks": tricks, "dead": dead, "live_points": live}


def check_plonk_bounds(record: Record, points: list[int]) -> None:
    for team in (0, 1):
        tricks = record["tricks"][team]
        assert -4 * tricks <= points[team] <= plonk.live_range(4 * tricks - tricks)[1] - tricks
    assert -52 <= sum(points) <= sum(plonk.CARD_VALUES) - 13


@SETTINGS
@given(plonk_played())
def test_plonk_played_deals_are_accepted_and_bounded(record: Record) -> None:
    points = score_deal("plonk", record)
    check_plonk_bounds(record, points)


@SETTINGS
@given(
    st.fixed_dictionaries(
        {
            "tricks": split(13, 2),
            "dead": st.lists(st.integers(0, 52), min_size=2, max_size=2),
            "live_points": st.lists(st.integers(0, 400), min_size=2, max_size=2),
        }
    )
)
def test_plonk_accepted_scores_stay_within_52_cards(record: Record) -> None:
    try:
        points = score_deal("plonk", record)
    except InvalidDeal:
        return
    check_plonk_bounds(record, points)


# --------------------------------------------------------------------------- Double


@st.composite
def double_game_records(draw: st.DrawFn) -> tuple[int, list[Record]]:
    n = draw(st.integers(3, 6))
    held = [15] * n
    records = []
    for cards in [1, 2, 3, 4, 5, 5, 4, 3, 2, 1]:
        bids = [draw(st.integers(0, min(cards, h))) for h in held]
        tricks = draw(split(cards, n))
        records.append({"cards": cards, "bids": bids, "tricks": tricks})
        held = [h + (5 + b if b == t else -b) for h, b, t in zip(held, bids, tricks, strict=True)]
    return n, records


@SETTINGS
@given(double_game_records())
def test_double_games_never_go_below_zero(data: tuple[int, list[Record]]) -> None:
    n, records = data
    result = double_game.table_result(records, n_seats=n)
    assert result.complete and min(result.scores) >= 0
    assert result.place_points is not None and sum(result.place_points) == 10 * n


# --------------------------------------------------------------------------- malformed


Mutation = Callable[[Record, st.DrawFn], Record]


def _wrong_length(key: str) -> Mutation:
    def mutate(rec: Record, draw: st.DrawFn) -> Record:
        value = list(rec[key])
        if draw(st.booleans()) and value:
            value.pop()
        else:
            value.append(0)
        return {**rec, key: value}

    return mutate


def _wrong_total(key: str) -> Mutation:
    def mutate(rec: Record, draw: st.DrawFn) -> Record:
        value = list(rec[key])
        i = draw(st.integers(0, len(value) - 1))
        value[i] += draw(st.integers(1, 3))
        return {**rec, key: value}

    return mutate


def _negative(key: str) -> Mutation:
    def mutate(rec: Record, draw: st.DrawFn) -> Record:
        value = list(rec[key])
        value[draw(st.integers(0, len(value) - 1))] = -draw(st.integers(1, 5))
        return {**rec, key: value}

    return mutate


def _set(key: str, values: st.SearchStrategy[Any]) -> Mutation:
    return lambda rec, draw: {**rec, key: draw(values)}


def _drop(key: str) -> Mutation:
    return lambda rec, draw: {k: v for k, v in rec.items() if k != key}


def _extra(rec: Record, draw: st.DrawFn) -> Record:
    return {**rec, draw(st.sampled_from(["note", "score", "Taken", "player"])): 1}


bad_seat = st.one_of(st.integers(5, 9), st.integers(-5, -1), st.just(True), st.just("1"))
unknown_name = st.text(min_size=1, max_size=8).filter(
    lambda s: s not in CONTRACTS and s not in double_king.KINDS
)


@st.composite
def malformed_dk(draw: st.DrawFn) -> Record:
    rec = draw(dk_game(draw(st.sampled_from(["tricks", "hearts", "queens", "trump"]))))
    mutation = draw(
        st.sampled_from(
            [
                _wrong_length("taken"),
                _wrong_total("taken"),
                _negative("taken"),
                _set("game", unknown_name),
                _drop("taken"),
                _drop("game"),
                _extra,
                _set("dealer", bad_seat),
                _set("taken", st.just(13)),
            ]
        )
    )
    return mutation(rec, draw)


@st.composite
def malformed_dk_single(draw: st.DrawFn) -> Record:
    rec = draw(dk_game(draw(st.sampled_from(["king_of_hearts", "seventh_last"]))))
    key = "taker" if "taker" in rec else draw(st.sampled_from(["seventh", "last"]))
    mutation = draw(
        st.sampled_from([_set(key, bad_seat), _drop(key), _extra, _set("game", unknown_name)])
    )
    return mutation(rec, draw)


@st.composite
def malformed_whist(draw: st.DrawFn) -> Record:
    rec = draw(whist_record())
    rec.pop("renege", None)
    rec.setdefault("tricks", 0 if not isinstance(rec.get("tricks"), list) else rec["tricks"])
    if CONTRACTS[rec["contract"]]["tricks_per_declarer"] and not isinstance(rec["tricks"], list):
        rec["tricks"] = [0] * len(rec["declarers"])
    per_declarer = isinstance(rec["tricks"], list)
    mutations: list[Mutation] = [
        _set("contract", unknown_name),
        _set("declarers", st.lists(bad_seat, min_size=1, max_size=2)),
        _set("declarers", st.just([])),
        lambda r, d: {**r, "declarers": [*r["declarers"], r["declarers"][0]]},
        _drop("declarers"),
        _drop("contract"),
        _drop("tricks"),
        _extra,
        _set("renege", bad_seat),
    ]
    if per_declarer:
        mutations += [
            _wrong_length("tricks"),
            _negative("tricks"),
            _set("tricks", st.integers(0, 13)),
        ]
    else:
        mutations += [
            _set("tricks", st.one_of(st.integers(14, 40), st.integers(-9, -1))),
            _set("tricks", st.lists(st.integers(0, 13), max_size=2)),
        ]
    return draw(st.sampled_from(mutations))(rec, draw)


@st.composite
def malformed_quarante(draw: st.DrawFn) -> Record:
    rec, _ = draw(quarante_record())
    key = draw(st.sampled_from(["kings", "queens", "jacks"]))
    mutations: list[Mutation] = [
        _wrong_length(key),
        _wrong_total(key),
        _negative(key),
        _drop(key),
        _extra,
        lambda r, d: {**r, "cliques": [{"seat": d(bad_seat), "figure": "K", "count": 3}]},
        lambda r, d: {**r, "cliques": [{"seat": 0, "figure": "K", "count": d(st.integers(5, 9))}]},
        lambda r, d: {
            **r,
            "cliques": [{"seat": 0, "figure": d(st.sampled_from(["A", "k", ""])), "count": 3}],
        },
        lambda r, d: {
            **r,
            "cliques": [
                {"seat": 0, "figure": "Q", "count": 3},
                {"seat": 1, "figure": "Q", "count": d(st.sampled_from([3, 4]))},
            ],
        },
    ]
    return draw(st.sampled_from(mutations))(rec, draw)


@st.composite
def malformed_plonk(draw: st.DrawFn) -> Record:
    rec = draw(plonk_played())
    key = draw(st.sampled_from(["tricks", "dead", "live_points"]))
    mutations: list[Mutation] = [
        _wrong_length(key),
        _negative(key),
        _drop(key),
        _extra,
        _wrong_total("tricks"),
        lambda r, d: {**r, "dead": [4 * r["tricks"][0] + 1, r["dead"][1]]},
        lambda r, d: {**r, "live_points": [r["live_points"][0] + 400, r["live_points"][1]]},
    ]
    return draw(st.sampled_from(mutations))(rec, draw)


@st.composite
def malformed_double(draw: st.DrawFn) -> Record:
    n = draw(st.integers(3, 6))
    cards = draw(st.integers(1, 5))
    rec = {
        "cards": cards,
        "bids": draw(st.lists(st.integers(0, cards), min_size=n, max_size=n)),
        "tricks": draw(split(cards, n)),
    }
    mutations: list[Mutation] = [
        _wrong_length("tricks"),
        _wrong_total("tricks"),
        _negative("tricks"),
        _negative("bids"),
        _drop("bids"),
        _extra,
        _set("cards", st.one_of(st.integers(6, 9), st.integers(-3, 0))),
        lambda r, d: {**r, "bids": [r["cards"] + 1, *r["bids"][1:]]},
    ]
    return draw(st.sampled_from(mutations))(rec, draw)


MALFORMED = {
    "double_king": st.one_of(malformed_dk(), malformed_dk_single()),
    "whist": malformed_whist(),
    "quarante": malformed_quarante(),
    "plonk": malformed_plonk(),
    "double": malformed_double(),
}


@pytest.mark.parametrize("game", list(MALFORMED))
def test_malformed_records_always_raise(game: str) -> None:
    @SETTINGS
    @given(MALFORMED[game])
    def check(record: Record) -> None:
        with pytest.raises(InvalidDeal) as info:
            score_deal(game, record)
        assert info.value.code

    check()
