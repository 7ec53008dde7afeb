"""Shared vocabulary and record checks for every game.

Vocabulary
----------
*record*
    What a scorekeeper writes for one deal (one game, hand or manche): a
    JSON-compatible ``dict``.  It is validated strictly: a missing key, an unknown
    key, a ``bool`` where a number is expected or a wrong total raises
    :class:`~scoring.errors.InvalidDeal`; nothing is clamped or guessed.
*seat*
    ``0..n-1`` in playing order (clockwise).  *team* ``t`` (team games) is seats
    ``t`` and ``t + 2``.
*ruleset* (``rules``)
    A JSON-compatible ``dict`` of club settings.  ``None`` means the game's
    defaults; a partial ``dict`` is laid over the defaults (top-level keys);
    an unknown key is an error (a typo must not silently fall back to a default).
*session*
    What :func:`table_result` summarises at one table: a Double King round, a
    whist pool, a Quarante/Plonk match, a game of Double.

>>> require_int({"n": 3}, "n")
3
>>> require_int({"n": True}, "n")
Traceback (most recent call last):
...
scoring.errors.InvalidDeal: n: a whole number is required, got True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeAlias, TypeGuard

from .errors import InvalidDeal, InvalidRules

__all__ = [
    "Json",
    "Record",
    "Rules",
    "TableResult",
    "bounded",
    "check_keys",
    "check_seat",
    "check_table_size",
    "merge_rules",
    "require_int",
    "require_int_list",
    "rule_int",
    "rule_int_list",
    "rule_place_points",
    "with_deal",
]

Json: TypeAlias = int | str | bool | list["Json"] | dict[str, "Json"] | None
Record: TypeAlias = Mapping[str, object]
Rules: TypeAlias = Mapping[str, Any]


@dataclass(frozen=True)
class TableResult:
    """Summary of one session at one table (see each game's ``table_result``).

    ``scores``: running totals per seat (per team in team games);
    ``per_deal``: the points of each record, in order;
    ``complete``: the round/pool/match/game is finished;
    ``place_points``: per seat, when complete and the ruleset has a table;
    ``winner``: team games, the winning team once decided;
    ``pending``: JSON-friendly description of what is still to play.
    """

    scores: list[int]
    per_deal: list[list[int]]
    complete: bool
    place_points: list[Fraction] | None = None
    winner: int | None = None
    pending: dict[str, Json] = field(default_factory=dict)


# --------------------------------------------------------------------------- records


def as_record(record: object) -> Record:
    """The record itself if it is a mapping with string keys."""
    if not isinstance(record, Mapping) or not all(isinstance(k, str) for k in record):
        raise InvalidDeal("not_a_mapping")
    return record


def check_keys(record: Record, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Every required key present, no key outside required + optional."""
    req = list(required)
    allowed = set(req) | set(optional)
    for key in req:
        if key not in record:
            raise InvalidDeal("missing_field", key)
    for key in record:
        if key not in allowed:
            raise InvalidDeal("unknown_field", key, key=key)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def require_int(record: Record, key: str) -> int:
    """``record[key]`` as an ``int`` (``bool`` and ``float`` refused)."""
    value = record.get(key)
    if not _is_int(value):
        raise InvalidDeal("not_an_integer", key, got=repr(value))
    assert isinstance(value, int)
    return value


def require_int_list(
    record: Record,
    key: str,
    length: int | None = None,
    *,
    total: int | None = None,
    maximum: int | None = None,
) -> list[int]:
    """``record[key]`` as a list of non-negative ints, optionally of a given length,
    total and per-entry maximum."""
    value = record.get(key)
    if not isinstance(value, list | tuple):
        raise InvalidDeal("not_a_list", key)
    if length is not None and len(value) != length:
        raise InvalidDeal("wrong_length", key, expected=length, got=len(value))
    out: list[int] = []
    for index, item in enumerate(value):
        if not _is_int(item):
            raise InvalidDeal("not_an_integer", key, got=repr(item), index=index)
        assert isinstance(item, int)
        if item < 0:
            raise InvalidDeal("negative_count", key, index=index, got=item)
        if maximum is not None and item > maximum:
            raise InvalidDeal("count_too_high", key, index=index, max=maximum, got=item)
        out.append(item)
    if total is not None and sum(out) != total:
        raise InvalidDeal("wrong_total", key, expected=total, got=sum(out))
    return out


def check_seat(value: object, key: str, n_seats: int) -> int:
    """A seat number ``0..n_seats-1``."""
    if not _is_int(value):
        raise InvalidDeal("not_an_integer", key, got=repr(value))
    assert isinstance(value, int)
    if not 0 <= value < n_seats:
        raise InvalidDeal("bad_seat", key, got=value, seats=n_seats)
    return value


def check_table_size(n_seats: int, allowed: Sequence[int]) -> None:
    """Refuse a table size the game is not played with."""
    if not _is_int(n_seats) or n_seats not in allowed:
        raise InvalidDeal(
            "bad_table_size",
            "n_seats",
            got=repr(n_seats),
            allowed=", ".join(str(a) for a in allowed),
        )


def check_dealer(record: Record, expected: int, n_seats: int) -> None:
    """If the record names its dealer, it must be the dealer of the rotation."""
    if "dealer" in record:
        got = check_seat(record["dealer"], "dealer", n_seats)
        if got != expected:
            raise InvalidDeal("wrong_dealer", "dealer", expected=expected, got=got)


def with_deal(err: InvalidDeal, deal: int) -> InvalidDeal:
    """The same error, with ``deal`` (0-based record index) in its params."""
    return err.with_params(deal=deal)


# --------------------------------------------------------------------------- rulesets


def rules_validator(
    defaults: Mapping[str, Json],
    parse: Callable[[Rules | None], object],
    retired: Iterable[str] = (),
) -> Callable[[Rules | None], dict[str, Json]]:
    """A game's ``validate_rules``: ``parse`` reads the ruleset (raising ``InvalidRules``);
    the result is the full ruleset, defaults filled in and ``retired`` keys dropped.

    >>> validate = rules_validator({"target": 150}, lambda rules: None)
    >>> validate({"target": 60})
    {'target': 60}
    """
    retired = tuple(retired)

    def validate_rules(rules: Rules | None) -> dict[str, Json]:
        """The full ruleset (defaults filled in), or :class:`InvalidRules`."""
        parse(rules)
        return merge_rules(defaults, rules, retired)

    return validate_rules


def merge_rules(
    defaults: Mapping[str, Any], rules: Rules | None, retired: Iterable[str] = ()
) -> dict[str, Any]:
    """Lay ``rules`` over ``defaults`` (top-level keys); unknown keys are refused.

    ``retired`` keys were settings once: rulesets stored then still load, without them.

    >>> merge_rules({"target": 150, "tie_rule": "higher_total"}, {"target": 100})
    {'target': 100, 'tie_rule': 'higher_total'}
    >>> merge_rules({"target": 150}, {"target": 60, "old": 3}, retired=("old",))
    {'target': 60}
    >>> merge_rules({"target": 150}, {"targt": 100})
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidRules: ruleset targt: unknown setting
    """
    merged = dict(defaults)
    if rules is None:
        return merged
    if not isinstance(rules, Mapping):
        raise InvalidRules("rules", "must be a JSON object")
    dropped = set(retired)
    for key, value in rules.items():
        if key in dropped:
            continue
        if key not in defaults:
            raise InvalidRules(str(key), "unknown setting")
        merged[key] = value
    return merged


def bounded(value: object, key: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``: every numeric setting has sane bounds, so a
    typo (99999999 minutes, 10**12 points) is refused before it breaks play.

    >>> bounded(60, "round_minutes", 0, 600)
    60
    >>> bounded(99999999, "round_minutes", 0, 600)
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidRules: ruleset round_minutes: must be a whole number from 0 to 600
    """
    if not _is_int(value) or not low <= value <= high:
        raise InvalidRules(key, f"must be a whole number from {low} to {high}", min=low, max=high)
    assert isinstance(value, int)
    return value


def rule_int(rules: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """An integer setting within its bounds."""
    return bounded(rules[key], key, low, high)


def rule_bool(rules: Mapping[str, Any], key: str) -> bool:
    """A boolean setting."""
    value = rules[key]
    if not isinstance(value, bool):
        raise InvalidRules(key, "must be true or false")
    return value


def rule_choice(rules: Mapping[str, Any], key: str, choices: Sequence[str]) -> str:
    """A setting among named choices."""
    value = rules[key]
    if value not in choices:
        raise InvalidRules(key, "must be one of " + ", ".join(choices))
    assert isinstance(value, str)
    return value


def rule_int_list(
    value: object, key: str, length: int | None = None, *, low: int = 0, high: int = 1000
) -> list[int]:
    """A list of integers, each within ``low..high``."""
    if not isinstance(value, list | tuple) or not all(_is_int(v) for v in value):
        raise InvalidRules(key, "must be a list of integers")
    if length is not None and len(value) != length:
        raise InvalidRules(key, f"must have {length} entries")
    return [bounded(v, key, low, high) for v in value]


#: Place points: what a club could mean (0 to 10,000 a place: a leaderboard's « 1000 for
#: the first »), never more for a worse place.
PLACE_POINTS_MAX = 10_000


def rule_place_points(value: object, key: str, length: int) -> list[int]:
    """A place-points table, best place first: ``length`` entries from 0 to 10,000,
    non-increasing (a worse place never earns more).

    >>> rule_place_points([16, 12, 8, 4], "place_points", 4)
    [16, 12, 8, 4]
    >>> rule_place_points([4, 8, 12, 16], "place_points", 4)
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidRules: ruleset place_points: must not increase from one place to the next
    """
    points = rule_int_list(value, key, length, low=0, high=PLACE_POINTS_MAX)
    if any(a < b for a, b in itertools.pairwise(points)):
        raise InvalidRules(
            key, "must not increase from one place to the next", rule="non_increasing"
        )
    return points


def rule_str_list(rules: Mapping[str, Any], key: str, choices: Sequence[str]) -> list[str]:
    """A list of names among ``choices`` (e.g. tie-breaks, in order)."""
    value = rules[key]
    if not isinstance(value, list | tuple) or not all(v in choices for v in value):
        raise InvalidRules(key, "must be a list of: " + ", ".join(choices))
    return [str(v) for v in value]
