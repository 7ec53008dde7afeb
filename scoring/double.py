"""Double (Walter Johnson), 3 to 6 players: bids backed by tokens, ten manches.

Vocabulary
----------
*manche*
    One deal; the ten manches deal 1, 2, 3, 4, 5, 5, 4, 3, 2, 1 cards (setting
    ``manches``).
*bid* (« annonce »)
    The tricks a player announces, between 0 and the cards dealt, backed by
    tokens: never more than the *points held* (15 at the start, setting
    ``start_points``).  Exact bid: ``+5 + bid``; wrong bid: ``-bid``.  So the
    points held never drop below 0.  The club's values (settings ``exact_bonus``,
    ``exact_per_trick``, ``wrong_per_trick``): exact ``bonus + bid × exact_per_trick``,
    wrong ``-bid × wrong_per_trick``; a bid's *stake* (``bid × wrong_per_trick``) is
    what it must be backed with, so the points held still never drop below 0.
*game* (« partie »)
    The ten manches; the highest total wins.  Place points per table size
    (setting ``place_points``).

Record: ``{"cards": c, "bids": [...], "tricks": [...]}``, one bid and one trick
count per seat (and optionally ``dealer``).  The checks that need the running
totals belong to :func:`table_result`.

>>> score_deal({"cards": 3, "bids": [1, 0, 2, 1], "tricks": [1, 1, 1, 0]})
[6, 0, -2, -1]
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .common import (
    Json,
    Record,
    Rules,
    TableResult,
    as_record,
    check_dealer,
    check_keys,
    check_seat,
    check_table_size,
    merge_rules,
    require_int,
    require_int_list,
    rule_choice,
    rule_int,
    rule_int_list,
    rule_place_points,
    rule_str_list,
    rules_validator,
    with_deal,
)
from .errors import InvalidDeal, InvalidRules
from .ranking import RoundLine, session_result
from .spec import GameSpec, Key

__all__ = [
    "DEFAULT_RULES",
    "SPEC",
    "TABLE_SIZES",
    "classifier",
    "default_rules",
    "score_deal",
    "table_result",
]

TABLE_SIZES = (3, 4, 5, 6)
MAX_CARDS = 5
EXACT_BONUS = 5
#: Sane bounds: at most 30 manches; tokens and bonus at most 100 points.
MAX_MANCHES = 30
#: A trick bid is worth 1 to 10 points, made or missed.
BOUNDS: dict[str, tuple[int, int]] = {
    "start_points": (0, 100),
    "exact_bonus": (0, 100),
    "exact_per_trick": (1, 10),
    "wrong_per_trick": (1, 10),
}
TIEBREAKS = ("tokens",)

#: Default ruleset (JSON).  ``place_points`` per table size: 16 for the first and
#: 4 for the last at every size, symmetric, 10 on average, so tables of different
#: sizes weigh the same in a tournament (4 players: the Double King 16/12/8/4).
DEFAULT_RULES: dict[str, Json] = {
    "start_points": 15,
    "manches": [1, 2, 3, 4, 5, 5, 4, 3, 2, 1],
    "exact_bonus": EXACT_BONUS,
    "exact_per_trick": 1,
    "wrong_per_trick": 1,
    "place_points": {
        "3": [16, 10, 4],
        "4": [16, 12, 8, 4],
        "5": [16, 13, 10, 7, 4],
        "6": [16, 14, 11, 9, 6, 4],
    },
    "tiebreaks": ["tokens"],
    "place_points_use": "ranking",
}
#: What a game's place points do (``place_points_use``): ``"ranking"`` (Default: the tournament
#: ranks by place points, the tokens breaking ties) or ``"added"`` (added to the tokens left at
#: the end of each game, the tournament ranking by that total).
PLACE_POINTS_USES = ("ranking", "added")


def default_rules() -> dict[str, Json]:
    """A fresh deep copy of the default ruleset.

    >>> default_rules()["place_points"]["3"]
    [16, 10, 4]
    """
    return copy.deepcopy(DEFAULT_RULES)


@dataclass(frozen=True)
class _Rules:
    start_points: int
    manches: list[int]
    exact_bonus: int
    place_points: dict[int, list[int]]
    tiebreaks: list[str]
    place_points_added: bool = False
    exact_per_trick: int = 1
    wrong_per_trick: int = 1


def _rules(rules: Rules | None) -> _Rules:
    merged: dict[str, Any] = merge_rules(DEFAULT_RULES, rules)
    manches = rule_int_list(merged["manches"], "manches", low=1, high=MAX_CARDS)
    if not 1 <= len(manches) <= MAX_MANCHES:
        raise InvalidRules("manches", f"must have 1 to {MAX_MANCHES} entries", rule="manches")
    pp = merged["place_points"]
    if not isinstance(pp, dict) or set(pp) != {str(n) for n in TABLE_SIZES}:
        raise InvalidRules("place_points", "must give a table for 3, 4, 5 and 6 players")
    return _Rules(
        start_points=rule_int(merged, "start_points", *BOUNDS["start_points"]),
        manches=manches,
        exact_bonus=rule_int(merged, "exact_bonus", *BOUNDS["exact_bonus"]),
        place_points={n: rule_place_points(pp[str(n)], "place_points", n) for n in TABLE_SIZES},
        tiebreaks=rule_str_list(merged, "tiebreaks", TIEBREAKS),
        place_points_added=rule_choice(merged, "place_points_use", PLACE_POINTS_USES) == "added",
        exact_per_trick=rule_int(merged, "exact_per_trick", *BOUNDS["exact_per_trick"]),
        wrong_per_trick=rule_int(merged, "wrong_per_trick", *BOUNDS["wrong_per_trick"]),
    )


#: The full ruleset (defaults filled in), or :class:`InvalidRules`.
validate_rules = rules_validator(DEFAULT_RULES, _rules)


def _parse(record: object, n_seats: int | None) -> tuple[int, list[int], list[int]]:
    rec = as_record(record)
    check_keys(rec, ("cards", "bids", "tricks"), ("dealer",))
    cards = require_int(rec, "cards")
    if not 1 <= cards <= MAX_CARDS:
        raise InvalidDeal("bad_card_count", "cards", expected=f"1..{MAX_CARDS}", got=cards)
    bids_raw = rec["bids"]
    if not isinstance(bids_raw, list | tuple):
        raise InvalidDeal("not_a_list", "bids")
    if n_seats is None:
        if len(bids_raw) not in TABLE_SIZES:
            raise InvalidDeal("wrong_length", "bids", expected="3..6", got=len(bids_raw))
        n_seats = len(bids_raw)
    bids = require_int_list(rec, "bids", n_seats)
    for seat, bid in enumerate(bids):
        if bid > cards:
            raise InvalidDeal("bid_out_of_range", "bids", seat=seat, max=cards, got=bid)
    tricks = require_int_list(rec, "tricks", n_seats, total=cards, maximum=cards)
    if "dealer" in rec:
        check_seat(rec["dealer"], "dealer", n_seats)
    return cards, bids, tricks


def _points(bids: list[int], tricks: list[int], rules: _Rules) -> list[int]:
    exact, wrong = rules.exact_per_trick, rules.wrong_per_trick
    return [
        rules.exact_bonus + b * exact if b == t else -b * wrong
        for b, t in zip(bids, tricks, strict=True)
    ]


def score_deal(record: Record, rules: Rules | None = None) -> list[int]:
    """Points of one manche per seat (3 to 6 seats, from the length of ``bids``).

    >>> score_deal({"cards": 1, "bids": [0, 0, 1], "tricks": [0, 0, 1]})
    [5, 5, 6]
    """
    r = _rules(rules)
    _, bids, tricks = _parse(record, None)
    return _points(bids, tricks, r)


def table_result(
    records: Sequence[Record],
    rules: Rules | None = None,
    *,
    first_dealer: int = 0,
    n_seats: int = 4,
) -> TableResult:
    """A game so far: points held per seat (``scores``, starting at 15), place
    points when the ten manches are played, and the next manche.

    Checks the card count of each manche (1-2-3-4-5-5-4-3-2-1), each bid against
    the points the seat holds before the manche, the dealer rotation, and at most
    ten manches.  Errors carry ``deal``.

    >>> r = table_result([{"cards": 1, "bids": [1, 0, 0], "tricks": [1, 0, 0]}], n_seats=3)
    >>> r.scores, r.pending["next_cards"], r.pending["manches_left"]
    ([21, 20, 20], 2, 9)
    """
    r = _rules(rules)
    check_table_size(n_seats, TABLE_SIZES)
    check_seat(first_dealer, "first_dealer", n_seats)
    held = [r.start_points] * n_seats
    per_deal: list[list[int]] = []
    for index, record in enumerate(records):
        try:
            if index >= len(r.manches):
                raise InvalidDeal("too_many_manches", "cards", max=len(r.manches))
            cards, bids, tricks = _parse(record, n_seats)
            if cards != r.manches[index]:
                raise InvalidDeal("bad_card_count", "cards", expected=r.manches[index], got=cards)
            check_dealer(as_record(record), (first_dealer + index) % n_seats, n_seats)
            for seat, bid in enumerate(bids):
                # A bid is backed by what a wrong bid would lose (its stake).
                stake = bid * r.wrong_per_trick
                if stake > held[seat] and r.wrong_per_trick == 1:
                    raise InvalidDeal(
                        "bid_above_points", "bids", seat=seat, held=held[seat], got=bid
                    )
                if stake > held[seat]:
                    raise InvalidDeal(
                        "stake_above_points",
                        "bids",
                        seat=seat,
                        held=held[seat],
                        got=bid,
                        stake=stake,
                    )
        except InvalidDeal as err:
            raise with_deal(err, index) from None
        points = _points(bids, tricks, r)
        per_deal.append(points)
        held = [h + p for h, p in zip(held, points, strict=True)]
    played = len(per_deal)
    complete = played == len(r.manches)
    return session_result(
        list(held),
        per_deal,
        complete=complete,
        table=r.place_points[n_seats],
        pending={
            "manches_played": played,
            "manches_left": len(r.manches) - played,
            "next_cards": None if complete else r.manches[played],
            "next_dealer": None if complete else (first_dealer + played) % n_seats,
            "points_held": list(held),
        },
    )


def classifier(rules: Rules | None = None) -> Callable[[Sequence[RoundLine]], Key]:
    """Key (sorts descending): total place points, then total tokens at the end
    of each game (``RoundLine.score``); with ``place_points_use`` ``"added"``, the tokens
    plus the place points first.

    >>> classifier()([RoundLine(31, Fraction(16)), RoundLine(12, Fraction(4))])
    (Fraction(20, 1), 43)
    >>> classifier({"place_points_use": "added"})([RoundLine(31, Fraction(16))])
    (Fraction(47, 1), 31)
    """
    read = _rules(rules)
    tiebreaks, added = read.tiebreaks, read.place_points_added

    def key(rounds: Sequence[RoundLine]) -> Key:
        points = sum((line.place_points or Fraction(0) for line in rounds), Fraction(0))
        if added:
            points += sum(line.score for line in rounds)
        return (points, *(sum(line.score for line in rounds) for _name in tiebreaks))

    return key


def season_criteria(rules: Rules | None = None) -> tuple[str, ...]:
    """A season's key: place points, then points (with the place points of the tournaments
    that added them), then the best game; with ``place_points_use`` ``"added"``, the points
    with the place points first, then the best game.

    >>> from scoring.ranking import SeasonLine, season_key
    >>> line = SeasonLine(Fraction(28), 40, 31, added_place_points=Fraction(28))
    >>> season_key(season_criteria())(line)
    (Fraction(28, 1), Fraction(68, 1), 31)
    >>> season_key(season_criteria({"place_points_use": "added"}))(line)
    (Fraction(68, 1), 31)
    """
    if _rules(rules).place_points_added:
        return ("total_score", "best_round")
    return ("place_points", "total_score", "best_round")


SPEC = GameSpec.from_module(
    globals(),
    key="double",
    table_sizes=TABLE_SIZES,
    deals_per_round=10,
    default_sessions=None,
    teams=None,
    bounds=BOUNDS,
)
