"""Plonk (David Parlett): two teams of two, 52 cards, live and dead cards, match to 500.

Vocabulary
----------
*dead card* (« carte morte »)
    A card of the suit led in a trick: -1 for the team that wins the trick.
    Every trick holds at least its lead as a dead card.
*live card* (« carte vivante »)
    A card of another suit: its face value for the team that wins the trick
    (2-10 as marked, J Q K 10, A 15).  A team with ``t`` tricks and ``d`` dead
    cards holds ``4t - d`` live cards.
*live points*
    The face value of a team's live cards; it must be a sum that many cards of
    a 52-card deck can make (checked exactly, not only between the smallest and
    largest possible sums), both teams' live cards being dealt from one deck at
    once (:func:`live_cards`).

Record: ``{"tricks": [t0, t1], "dead": [d0, d1], "live_points": [l0, l1]}``
(and optionally ``dealer``).  Score per team = live points - dead cards.

>>> score_deal({"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]})
[138, 131]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from . import match
from .common import (
    Json,
    Record,
    Rules,
    TableResult,
    as_record,
    check_keys,
    check_seat,
    merge_rules,
    require_int_list,
    rules_validator,
)
from .errors import InvalidDeal

__all__ = [
    "CARD_VALUES",
    "DEFAULT_RULES",
    "SPEC",
    "default_rules",
    "live_cards",
    "live_range",
    "reachable",
    "score_deal",
    "table_result",
]

TRICKS = 13
#: Face values of the 52 cards: 2..9 four times, 10 J Q K sixteen times, A four times.
CARD_VALUES: tuple[int, ...] = tuple(
    sorted([v for v in range(2, 10) for _ in range(4)] + [10] * 16 + [15] * 4)
)

#: Default ruleset (JSON): target 500 and the shared match settings.
DEFAULT_RULES: dict[str, Json] = dict(match.match_defaults(500))


def default_rules() -> dict[str, Json]:
    """A fresh copy of the default ruleset.

    >>> default_rules()["target"]
    500
    """
    return {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULT_RULES.items()}


@dataclass(frozen=True)
class _Rules:
    match: match.MatchRules


def _rules(rules: Rules | None) -> _Rules:
    merged: dict[str, Any] = merge_rules(DEFAULT_RULES, rules, match.RETIRED)
    return _Rules(match=match.MatchRules.parse(merged))


#: The full ruleset (defaults filled in), or :class:`InvalidRules`.
validate_rules = rules_validator(DEFAULT_RULES, _rules, match.RETIRED)


@cache
def _sums() -> tuple[frozenset[int], ...]:
    """``_sums()[n]``: every total ``n`` distinct cards of the deck can make."""
    table: list[set[int]] = [set() for _ in range(len(CARD_VALUES) + 1)]
    table[0].add(0)
    for value in CARD_VALUES:
        for n in range(len(CARD_VALUES) - 1, -1, -1):
            table[n + 1].update(s + value for s in table[n])
    return tuple(frozenset(s) for s in table)


def reachable(cards: int, points: int) -> bool:
    """Can ``cards`` distinct cards of a 52-card deck be worth ``points``?

    >>> reachable(1, 15), reachable(1, 11), reachable(52, 396)
    (True, False, True)
    """
    return 0 <= cards <= len(CARD_VALUES) and points in _sums()[cards]


#: The deck by value, fewest cards first: (value, how many the deck holds).
_DECK: tuple[tuple[int, int], ...] = tuple(
    sorted(((v, CARD_VALUES.count(v)) for v in set(CARD_VALUES)), key=lambda vc: (vc[1], vc[0]))
)


@cache
def _suffix_sums() -> tuple[tuple[frozenset[int], ...], ...]:
    """``_suffix_sums()[i][n]``: the totals ``n`` cards of the values ``_DECK[i:]`` can make
    (one team alone), to cut the search short."""
    tables: list[tuple[frozenset[int], ...]] = []
    table: list[set[int]] = [{0}] + [set() for _ in CARD_VALUES]
    tables.append(tuple(frozenset(t) for t in table))
    for value, count in reversed(_DECK):
        new = [set(t) for t in table]
        for n, totals in enumerate(table):
            for k in range(1, min(count, len(CARD_VALUES) - n) + 1):
                new[n + k].update(t + k * value for t in totals)
        table = new
        tables.append(tuple(frozenset(t) for t in table))
    return tuple(reversed(tables))


LiveCards = tuple[dict[int, int], dict[int, int]]


@lru_cache(maxsize=4096)
def _live_cards(cards: tuple[int, int], points: tuple[int, int]) -> LiveCards | None:
    suffix = _suffix_sums()
    failed: set[tuple[int, int, int, int, int]] = set()

    def fill(i: int, n0: int, p0: int, n1: int, p1: int) -> LiveCards | None:
        if i == len(_DECK):
            return ({}, {}) if n0 == p0 == n1 == p1 == 0 else None
        if (i, n0, p0, n1, p1) in failed:
            return None
        value, count = _DECK[i]
        for a in range(min(count, n0) + 1):
            if p0 - a * value not in suffix[i + 1][n0 - a]:
                continue
            for b in range(min(count - a, n1) + 1):
                if p1 - b * value not in suffix[i + 1][n1 - b]:
                    continue
                rest = fill(i + 1, n0 - a, p0 - a * value, n1 - b, p1 - b * value)
                if rest is not None:
                    mine, theirs = rest
                    return (
                        {value: a, **mine} if a else mine,
                        {value: b, **theirs} if b else theirs,
                    )
        failed.add((i, n0, p0, n1, p1))
        return None

    if not all(
        0 <= n <= len(CARD_VALUES) and p in suffix[0][n] for n, p in zip(cards, points, strict=True)
    ):
        return None
    return fill(0, cards[0], points[0], cards[1], points[1])


def live_cards(cards: Sequence[int], points: Sequence[int]) -> LiveCards | None:
    """Live cards for both teams from one deck: for each team ``{value: how many}`` making
    its ``cards`` and ``points``, the two together within the deck's count of each value;
    None if there are none (docs/rules/plonk.md#checks).

    Each team alone is not enough: 3 cards worth 31 need an ace, 5 worth 67 the four aces.

    >>> live_cards([3, 5], [30, 67])
    ({10: 3}, {7: 1, 15: 4})
    >>> live_cards([3, 5], [31, 67]) is None
    True
    """
    return _live_cards((cards[0], cards[1]), (points[0], points[1]))


def live_range(cards: int) -> tuple[int, int]:
    """Smallest and largest value of ``cards`` cards.

    >>> live_range(2)
    (4, 30)
    """
    return sum(CARD_VALUES[:cards]), sum(CARD_VALUES[len(CARD_VALUES) - cards :])


def _score(record: object, rules: _Rules) -> list[int]:
    rec = as_record(record)
    check_keys(rec, ("tricks", "dead", "live_points"), ("dealer",))
    tricks = require_int_list(rec, "tricks", 2, total=TRICKS, maximum=TRICKS)
    dead = require_int_list(rec, "dead", 2)
    live = require_int_list(rec, "live_points", 2)
    if "dealer" in rec:
        check_seat(rec["dealer"], "dealer", match.SEATS)
    cards = [0, 0]
    for team in (0, 1):
        if dead[team] > 4 * tricks[team]:
            raise InvalidDeal(
                "too_many_dead", "dead", team=team, max=4 * tricks[team], got=dead[team]
            )
        if dead[team] < tricks[team]:
            raise InvalidDeal("too_few_dead", "dead", team=team, min=tricks[team], got=dead[team])
        cards[team] = 4 * tricks[team] - dead[team]
        if not reachable(cards[team], live[team]):
            low, high = live_range(cards[team])
            raise InvalidDeal(
                "live_points_unreachable",
                "live_points",
                team=team,
                cards=cards[team],
                min=low,
                max=high,
                got=live[team],
            )
    if live_cards(cards, live) is None:
        raise InvalidDeal(
            "live_cards_not_dealable",
            "live_points",
            cards_0=cards[0],
            cards_1=cards[1],
            got_0=live[0],
            got_1=live[1],
        )
    return [live[0] - dead[0], live[1] - dead[1]]


def score_deal(record: Record, rules: Rules | None = None) -> list[int]:
    """Points of one deal per team: live points minus dead cards.

    >>> score_deal({"tricks": [13, 0], "dead": [13, 0], "live_points": [396, 0]})
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: live_points: team 0 cannot score 396 with 39 live cards (246 to 355)
    """
    return _score(record, _rules(rules))


def table_result(
    records: Sequence[Record],
    rules: Rules | None = None,
    *,
    first_dealer: int = 0,
    n_seats: int = 4,
) -> TableResult:
    """A match so far: totals per team, winner at the target (500) with the tie rule.

    >>> deal = {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]}
    >>> table_result([deal] * 3).pending["to_target"]
    [86, 107]
    """
    r = _rules(rules)
    return match.match_result(
        records, lambda rec: _score(rec, r), r.match, first_dealer=first_dealer, n_seats=n_seats
    )


SPEC = match.match_spec(
    globals(),
    key="plonk",
    match_rules=lambda rules: _rules(rules).match,
)
