"""Matches of the team games (Quarante de roi, Plonk): target, tie rule, ranking.

Vocabulary
----------
*team*
    Team 0 is seats 0 and 2, team 1 is seats 1 and 3.  Deal points and match
    totals are per team: ``[t0, t1]``.
*match* (« partie »)
    Deals until a team reaches the *target* (``>=``, checked at the end of each
    deal).  *Tie rule* (Default ``"higher_total"``): if both teams pass the
    target in the same deal the higher total wins, and on equal totals another
    deal is played; ``"draw"`` makes equal totals a drawn match instead.
*signal* (« fin du temps »)
    A round may be played against the clock (``round_minutes``, 0: no clock); a match
    unfinished at the signal is decided on the totals (:func:`decide_at_signal`).
*bye* (« exempt »)
    A team without opponents in a round; it is credited with the tournament's own
    ``target`` (never the game's default: docs/rules/matches.md#bye), ``bye_against``
    and a won match (``bye_won``).

>>> settle([[80, 60], [75, 70]], target=150)
(True, 0, [155, 130])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    check_seat,
    check_table_size,
    rule_bool,
    rule_choice,
    rule_int,
    rule_str_list,
    with_deal,
)
from .errors import InvalidDeal
from .ranking import RoundLine, match_wins
from .spec import GameSpec, Key

__all__ = [
    "TEAMS",
    "TIEBREAKS",
    "TIE_RULES",
    "MatchRules",
    "bye_line",
    "classification_key",
    "decide_at_signal",
    "match_defaults",
    "match_result",
    "match_spec",
    "settle",
]

TEAMS = ((0, 2), (1, 3))
SEATS = 4
TIE_RULES = ("higher_total", "draw")
TIEBREAKS = ("points_for", "points_difference", "points_against")
#: Settings of older rulesets, ignored when they load: ``bye_score`` (a bye now scores the
#: tournament's own target).
RETIRED = ("bye_score",)
#: Sane bounds of the match settings (docs/rules/matches.md#target-and-tie: 150 and 500 by default).
BOUNDS: dict[str, tuple[int, int]] = {
    "target": (10, 10_000),
    "bye_against": (0, 10_000),
    "round_minutes": (0, 600),
}


def match_defaults(target: int) -> dict[str, Json]:
    """The match settings shared by the team games, for a given target.

    >>> match_defaults(500)["tie_rule"]
    'higher_total'
    """
    return {
        "target": target,
        "tie_rule": "higher_total",
        "bye_won": True,
        "bye_against": 0,
        "tiebreaks": ["points_for", "points_difference"],
        "round_minutes": 60,
    }


@dataclass(frozen=True)
class MatchRules:
    """Parsed match settings."""

    target: int
    tie_rule: str
    bye_won: bool
    bye_against: int
    tiebreaks: list[str]
    round_minutes: int = 60

    @classmethod
    def parse(cls, merged: Mapping[str, Any]) -> MatchRules:
        """From a merged ruleset (already checked for unknown keys)."""
        return cls(
            target=rule_int(merged, "target", *BOUNDS["target"]),
            tie_rule=rule_choice(merged, "tie_rule", TIE_RULES),
            bye_won=rule_bool(merged, "bye_won"),
            bye_against=rule_int(merged, "bye_against", *BOUNDS["bye_against"]),
            tiebreaks=rule_str_list(merged, "tiebreaks", TIEBREAKS),
            round_minutes=rule_int(merged, "round_minutes", *BOUNDS["round_minutes"]),
        )


def settle(
    per_deal: Sequence[Sequence[int]], target: int, tie_rule: str = "higher_total"
) -> tuple[bool, int | None, list[int]]:
    """``(complete, winner, totals)`` after these deals (no check that the match
    ended only at the last deal; :func:`match_result` does that).

    >>> settle([[100, 90], [60, 70]], 150)
    (False, None, [160, 160])
    >>> settle([[100, 90], [60, 70]], 150, "draw")
    (True, None, [160, 160])
    """
    totals = [0, 0]
    for points in per_deal:
        totals = [totals[0] + points[0], totals[1] + points[1]]
    if max(totals) < target:
        return False, None, totals
    if totals[0] != totals[1]:
        return True, 0 if totals[0] > totals[1] else 1, totals
    return tie_rule == "draw", None, totals


def match_result(
    records: Sequence[Record],
    score: Callable[[Record], list[int]],
    rules: MatchRules,
    *,
    first_dealer: int,
    n_seats: int,
) -> TableResult:
    """A match so far, from its records; ``score`` validates and scores one record.

    Refuses a record after the match is decided (``match_over``) and a
    ``dealer`` that does not follow the rotation.  Errors carry ``deal``.
    """
    check_table_size(n_seats, (SEATS,))
    check_seat(first_dealer, "first_dealer", SEATS)
    per_deal: list[list[int]] = []
    complete, winner = False, None
    for index, record in enumerate(records):
        try:
            if complete:
                raise InvalidDeal("match_over", "deal")
            rec = as_record(record)
            check_dealer(rec, (first_dealer + index) % SEATS, SEATS)
            points = score(rec)
        except InvalidDeal as err:
            raise with_deal(err, index) from None
        per_deal.append(points)
        complete, winner, _ = settle(per_deal, rules.target, rules.tie_rule)
    _, _, totals = settle(per_deal, rules.target, rules.tie_rule)
    return TableResult(
        scores=totals,
        per_deal=per_deal,
        complete=complete,
        winner=winner,
        pending={
            "deals_played": len(per_deal),
            "to_target": [max(0, rules.target - t) for t in totals],
            "next_dealer": None if complete else (first_dealer + len(per_deal)) % SEATS,
        },
    )


def decide_at_signal(totals: Sequence[int]) -> int | None:
    """The winner of a match stopped at the signal: the higher total; ``None`` (drawn) when
    the totals are equal.

    >>> decide_at_signal([120, 95]), decide_at_signal([80, 80])
    (0, None)
    """
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def bye_line(rules: MatchRules) -> RoundLine:
    """The round line credited to a team with a bye: the ruleset's own target (a Quarante
    to 60 gives 60), never the game's default."""
    return RoundLine(
        score=rules.target,
        won=rules.bye_won,
        against=rules.bye_against,
    )


def _tiebreak(name: str, points_for: int, against: int) -> int:
    """One tie-break of the ruleset (docs/rules/matches.md#ranking)."""
    if name == "points_for":
        return points_for
    if name == "points_difference":
        return points_for - against
    return -against


def classification_key(rounds: Sequence[RoundLine], rules: MatchRules) -> Key:
    """Team key (sorts descending): matches won (a draw, ``won=None``, counts a
    half), then the tie-breaks (default: points scored, points difference).

    >>> m = MatchRules(150, "higher_total", True, 0, ["points_for", "points_difference"])
    >>> classification_key([RoundLine(160, won=True, against=120),
    ...                     RoundLine(140, won=False, against=152)], m)
    (Fraction(1, 1), 300, 28)
    """
    wins = sum((match_wins(line.won) for line in rounds), Fraction(0))
    points_for = sum(line.score for line in rounds)
    against = sum(line.against or 0 for line in rounds)
    return (wins, *(_tiebreak(name, points_for, against) for name in rules.tiebreaks))


def match_spec(
    namespace: Mapping[str, Any],
    *,
    key: str,
    match_rules: Callable[[Rules | None], MatchRules],
    names: Mapping[str, str] | None = None,
) -> GameSpec:
    """The spec of a team game played as matches to a target: its module's own rules and
    deal scoring (``default_rules``, ``validate_rules``, ``score_deal``, ``table_result`` in
    ``namespace``), teams seated as :data:`TEAMS`, ranked by matches won then the
    tie-breaks, a bye as the ruleset says; its ``names`` (language → name), else the
    words table's (``scoring.game_words``)."""

    def classifier(rules: Rules | None) -> Callable[[Sequence[RoundLine]], Key]:
        parsed = match_rules(rules)
        return lambda rounds: classification_key(rounds, parsed)

    def season_criteria(rules: Rules | None) -> tuple[str, ...]:
        # The tie-breaks' names are the season criteria's (``ranking.SEASON_CRITERIA``).
        return ("wins", *match_rules(rules).tiebreaks)

    return GameSpec.from_module(
        {
            **namespace,
            "classifier": classifier,
            "season_criteria": season_criteria,
            "bye_line": lambda rules: bye_line(match_rules(rules)),
        },
        key=key,
        names=names or {},
        table_sizes=(SEATS,),
        deals_per_round=None,
        default_sessions=None,
        teams=TEAMS,
        bounds=BOUNDS,
    )
