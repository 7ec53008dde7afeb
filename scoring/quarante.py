"""Quarante de roi: two teams of two, 32 cards, figures and cliques, match to 150.

Vocabulary
----------
*figure*
    King ``K`` (5 points), queen ``Q`` (4), jack ``J`` (2) won in tricks: 44
    figure points per deal.  The record counts, per team, the figures won:
    ``kings``, ``queens``, ``jacks``, each pair summing to 4.
*clique*
    3 or 4 cards of one figure held in hand and announced by a seat:
    4 kings 40, 3 kings 10, 4 queens 20, 3 queens 8, 4 jacks 13, 3 jacks 6;
    scored for the announcer's team.  At most 4 cards of a figure can be
    announced in all, and a player's cliques use at most the 8 cards of his hand.
*trump* (« atout »)
    Set by the dealer's last card; informative only (``hearts``, ``diamonds``,
    ``clubs``, ``spades``).

Record::

    {"kings": [k0, k1], "queens": [q0, q1], "jacks": [j0, j1],
     "cliques": [{"seat": s, "figure": "K", "count": 3}], "trump": "hearts"}

``cliques`` and ``trump`` are optional (and ``dealer``).  Points per team.

>>> score_deal({"kings": [3, 1], "queens": [2, 2], "jacks": [0, 4],
...             "cliques": [{"seat": 1, "figure": "K", "count": 3}]})
[23, 31]
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import match
from .common import (
    Json,
    Record,
    Rules,
    TableResult,
    as_record,
    bounded,
    check_keys,
    check_seat,
    merge_rules,
    require_int_list,
    rules_validator,
)
from .errors import InvalidDeal, InvalidRules

__all__ = [
    "DEFAULT_RULES",
    "FIGURES",
    "SPEC",
    "SUITS",
    "default_rules",
    "score_deal",
    "table_result",
]

FIGURES = {"K": "kings", "Q": "queens", "J": "jacks"}
SUITS = ("hearts", "diamonds", "clubs", "spades")
CARDS_PER_FIGURE = 4
#: A player's hand (32 cards dealt to 4): his cliques cannot announce more cards.
HAND = 8
#: Sane bounds: a figure is worth at most 100 points, a clique at most 1000.
FIGURE_MAX, CLIQUE_MAX = 100, 1000

#: Default ruleset (JSON): the figure and clique values, the target (150) and
#: the shared match settings (see :mod:`scoring.match`).
DEFAULT_RULES: dict[str, Json] = {
    "figure_points": {"K": 5, "Q": 4, "J": 2},
    "clique_points": {"K": {"3": 10, "4": 40}, "Q": {"3": 8, "4": 20}, "J": {"3": 6, "4": 13}},
    **match.match_defaults(150),
}


def default_rules() -> dict[str, Json]:
    """A fresh deep copy of the default ruleset.

    >>> default_rules()["target"]
    150
    """
    return copy.deepcopy(DEFAULT_RULES)


@dataclass(frozen=True)
class _Rules:
    figure_points: dict[str, int]
    clique_points: dict[str, dict[int, int]]
    match: match.MatchRules


def _rules(rules: Rules | None) -> _Rules:
    merged: dict[str, Any] = merge_rules(DEFAULT_RULES, rules, match.RETIRED)
    fp, cp = merged["figure_points"], merged["clique_points"]
    if not isinstance(fp, Mapping) or set(fp) != set(FIGURES):
        raise InvalidRules("figure_points", "must give K, Q and J")
    if not isinstance(cp, Mapping) or set(cp) != set(FIGURES):
        raise InvalidRules("clique_points", "must give K, Q and J")
    cliques: dict[str, dict[int, int]] = {}
    for fig in FIGURES:
        row = cp[fig]
        if not isinstance(row, Mapping) or set(row) != {"3", "4"}:
            raise InvalidRules("clique_points", f'{fig} must give "3" and "4"')
        cliques[fig] = {
            3: bounded(row["3"], "clique_points", 0, CLIQUE_MAX),
            4: bounded(row["4"], "clique_points", 0, CLIQUE_MAX),
        }
    return _Rules(
        figure_points={f: bounded(fp[f], "figure_points", 0, FIGURE_MAX) for f in FIGURES},
        clique_points=cliques,
        match=match.MatchRules.parse(merged),
    )


#: The full ruleset (defaults filled in), or :class:`InvalidRules`.
validate_rules = rules_validator(DEFAULT_RULES, _rules, match.RETIRED)


def _score(record: object, rules: _Rules) -> list[int]:
    rec = as_record(record)
    check_keys(rec, ("kings", "queens", "jacks"), ("cliques", "trump", "dealer"))
    points = [0, 0]
    for fig, key in FIGURES.items():
        counts = require_int_list(rec, key, 2, total=CARDS_PER_FIGURE, maximum=CARDS_PER_FIGURE)
        for team in (0, 1):
            points[team] += counts[team] * rules.figure_points[fig]
    if "trump" in rec and rec["trump"] not in SUITS:
        raise InvalidDeal("bad_trump", "trump", got=repr(rec["trump"]))
    if "dealer" in rec:
        check_seat(rec["dealer"], "dealer", match.SEATS)
    cliques = rec.get("cliques", [])
    if not isinstance(cliques, list | tuple):
        raise InvalidDeal("not_a_list", "cliques")
    announced = dict.fromkeys(FIGURES, 0)
    in_hand = [0] * match.SEATS
    for index, clique in enumerate(cliques):
        if not isinstance(clique, Mapping):
            raise InvalidDeal("not_a_mapping", "cliques", index=index)
        check_keys(clique, ("seat", "figure", "count"))
        seat = check_seat(clique["seat"], "cliques", match.SEATS)
        fig = clique["figure"]
        if not isinstance(fig, str) or fig not in FIGURES:
            raise InvalidDeal("bad_figure", "cliques", got=repr(fig), index=index)
        count = clique["count"]
        if isinstance(count, bool) or count not in (3, 4):
            raise InvalidDeal("bad_clique_count", "cliques", got=repr(count), index=index)
        assert isinstance(count, int)
        announced[fig] += count
        if announced[fig] > CARDS_PER_FIGURE:
            raise InvalidDeal("impossible_cliques", "cliques", figure=fig, got=announced[fig])
        in_hand[seat] += count
        if in_hand[seat] > HAND:
            raise InvalidDeal("too_many_cards", "cliques", seat=seat, max=HAND, got=in_hand[seat])
        points[seat % 2] += rules.clique_points[fig][count]
    return points


def score_deal(record: Record, rules: Rules | None = None) -> list[int]:
    """Points of one deal per team ``[team 0, team 1]``.

    >>> score_deal({"kings": [4, 0], "queens": [4, 0], "jacks": [4, 0],
    ...             "cliques": [{"seat": 3, "figure": "K", "count": 4}]})
    [44, 40]
    """
    return _score(record, _rules(rules))


def table_result(
    records: Sequence[Record],
    rules: Rules | None = None,
    *,
    first_dealer: int = 0,
    n_seats: int = 4,
) -> TableResult:
    """A match so far: totals per team, winner at the target with the tie rule.

    >>> deal = {"kings": [4, 0], "queens": [4, 0], "jacks": [4, 0]}
    >>> r = table_result([deal] * 4)
    >>> r.scores, r.complete, r.winner
    ([176, 0], True, 0)
    """
    r = _rules(rules)
    return match.match_result(
        records, lambda rec: _score(rec, r), r.match, first_dealer=first_dealer, n_seats=n_seats
    )


SPEC = match.match_spec(
    globals(),
    key="quarante",
    match_rules=lambda rules: _rules(rules).match,
)
