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
    largest possible sums), and both teams' live cards together too.

Record: ``{"tricks": [t0, t1], "dead": [d0, d1], "live_points": [l0, l1]}``
(and optionally ``dealer``).  Score per team = live points - dead cards.

>>> score_deal({"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]})
[138, 131]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
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
    if not reachable(sum(cards), sum(live)):
        low, high = live_range(sum(cards))
        raise InvalidDeal(
            "live_points_unreachable",
            "live_points",
            team="both",
            cards=sum(cards),
            min=low,
            max=high,
            got=sum(live),
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
    name_fr="Plonk",
    name_en="Plonk",
    match_rules=lambda rules: _rules(rules).match,
)
