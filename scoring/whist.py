"""Belgian whist, RC « La Chevalerie » tournament rules: deals, pools, classification.

Vocabulary
----------
*contract* (« contrat »)
    What the declarers undertake, by code (``emballage_9``, ``solo_8``, ``trou``,
    ``petite_misere``...).  The club's *contract table* is data in the ruleset
    (``rules["contracts"]``, weakest first): points ``P``, declarers, tricks to
    make, overtrick/undertrick values, capo.  Another club's table is another
    ruleset, not other code.
*declarers* / *defenders*
    The seats that play the contract / the others.
*payout* ``"pair"``
    Two declarers (emballage, trou): each declarer ``+X``, each defender ``-X``.
*payout* ``"alone"``
    Each declarer is settled alone against the three others: ``+X`` and ``-X/3``
    each (solo, abondance, schlem, misères; several misères add up).
*scoring model* (``scoring_model``)
    Who pays: ``"zero_sum"`` (Default: as above, every deal sums to zero) or
    ``"on_failure"`` (a made contract pays its declarers only, the opponents scoring 0; a
    failure is settled as above) or ``"independent"`` (each opponent scores the row's
    ``opponent_points`` / ``opponent_points_failed`` as typed). See :mod:`scoring.whist_models`.
*counter* (« contre », ``"against"``)
    A contract bid to beat another, with its own points (``rules["counters"]``).
*renege* (« erreur de suivi »)
    The deal stops; the offender pays ``3 × P``, every other player gets ``+P``.
*pool* (« poule »)
    12 deals at a table; a tournament is 3 pools.

``X`` for one declarer (or the pair) with ``n`` tricks, contract bid ``b``:
made: ``P + overtrick × (n - b)``, the deal stopping at ``overtrick_cap`` tricks (a
solo at 8: more is refused, ``tricks_after_stop``); an unannounced capo (13
tricks, ``b < 13``) turns it into ``X × capo_multiplier + capo_bonus``; failed:
``-(points_failed + undertrick × (b - n))`` where ``points_failed`` defaults to
``P``.  ``exact`` contracts (misères: 0 tricks, piccolo: 1) score ``±P`` flat.

Record: ``{"contract": code, "declarers": [seats], "tricks": n}``, ``tricks`` a
list (one per declarer) for the misère family; optional ``"against"``,
``"renege"``, ``"dealer"``, and ``"sitting_out"`` (table of 5: the seat sitting
out, scoring 0, the result then has 5 entries; table of 6: the two opposite seats
sitting out, e.g. ``[1, 4]``, 6 entries; who sits out: :mod:`scoring.whist_seats`).

>>> score_deal({"contract": "solo_8", "declarers": [1], "tricks": 7})
[7, -21, 7, 7]
>>> score_deal({"contract": "emballage_10", "declarers": [0, 2], "tricks": 13})
[17, -17, 17, -17]
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from . import game_words
from .common import (
    Json,
    Record,
    Rules,
    TableResult,
    as_record,
    bounded,
    check_dealer,
    check_keys,
    check_seat,
    check_table_size,
    merge_rules,
    rule_choice,
    rule_int,
    rule_place_points,
    rule_str_list,
    rules_validator,
    with_deal,
)
from .errors import InvalidDeal, InvalidRules
from .ranking import ANNUAL_RULES, RoundLine, session_result
from .spec import GameSpec
from .whist_models import (
    DEFAULT_MODEL,
    INDEPENDENT,
    SCORING_MODELS,
    independent_points,
    opponent_points,
    shared_values,
)
from .whist_seats import SIT_OUT, check_sit_out_order, deal_seats

__all__ = [
    "CHEVALERIE_CONTRACTS",
    "CHEVALERIE_COUNTERS",
    "DEFAULT_RULES",
    "SCORING_MODELS",
    "Contract",
    "classification_key",
    "classifier",
    "contract_table",
    "default_rules",
    "score_deal",
    "table_result",
]

TRICKS = 13
TABLE_SIZES = (4, 5, 6)
#: A renege: the offender pays 3 x P, each other player gets P, so the deal sums to 0
#: (docs/rules/whist.md#renege: not a club setting).
RENEGE_MULTIPLIER = 3
#: Settings that were once in the ruleset: stored rulesets that still carry them load without
#: them. The fees are the club's (``Club.membership_fee``, ``Tournament.entry_fee``), never the
#: game's: nothing read these.
RETIRED = (
    "renege_multiplier",
    "entry_fee_cents",
    "membership_fee_cents",
    "membership_from_participation",
)
#: Sane bounds: every value of a contract or counter row is at most 1000 points (a capo
#: multiplies by 1 to 10); a pool has 1 to 30 deals and lasts 1 to 600 minutes; fees up to
#: 1000 € (in cents).
POINTS_MAX = 1000
#: ``points``: of a contract or a counter.
BOUNDS: dict[str, tuple[int, int]] = {
    "points": (0, POINTS_MAX),
    "deals_per_pool": (1, 30),
    "annual_best_n": (1, 100),
    "pools": (1, 20),
    "pool_minutes": (1, 600),
}


def _names(code: str) -> dict[str, Json]:
    """A default contract's ``name_<language>`` for every language of the words table."""
    return {f"name_{lang}": name for lang, name in game_words.names(f"contract.{code}").items()}


def _c(
    code: str,
    points: int,
    declarers: tuple[int, int],
    tricks: int,
    payout: str,
    *,
    exact: bool = False,
    per_declarer: bool = False,
    overtrick: int = 0,
    overtrick_cap: int = TRICKS,
    undertrick: int = 0,
    capo_bonus: int = 0,
    capo_multiplier: int = 1,
) -> dict[str, Json]:
    return {
        "code": code,
        **_names(code),
        "points": points,
        "points_failed": None,
        "declarers": list(declarers),
        "tricks": tricks,
        "exact": exact,
        "payout": payout,
        "tricks_per_declarer": per_declarer,
        "overtrick": overtrick,
        "overtrick_cap": overtrick_cap,
        "undertrick": undertrick,
        "capo_bonus": capo_bonus,
        "capo_multiplier": capo_multiplier,
    }


def _emballage(n: int, points: int) -> dict[str, Json]:
    return _c(
        f"emballage_{n}",
        points,
        (2, 2),
        n,
        "pair",
        overtrick=1,
        undertrick=1,
        capo_bonus=5 if n < TRICKS else 0,
    )


def _misere(code: str, points: int, tricks: int = 0) -> dict[str, Json]:
    return _c(code, points, (1, 4), tricks, "alone", exact=True, per_declarer=True)


#: The RC « La Chevalerie » contract table, weakest first (docs/rules/whist.md#contracts).
CHEVALERIE_CONTRACTS: list[Json] = [
    _emballage(8, 2),
    _emballage(9, 4),
    _c("solo_6", 6, (1, 1), 6, "alone", overtrick=3, overtrick_cap=8, undertrick=3),
    _c("trou", 6, (2, 2), 8, "pair", undertrick=1, capo_multiplier=2),
    _c("trou_royal", 6, (2, 2), 9, "pair", undertrick=1, capo_multiplier=2),
    _emballage(10, 9),
    _c("solo_7", 12, (1, 1), 7, "alone", overtrick=3, overtrick_cap=8, undertrick=3),
    _emballage(11, 15),
    _c("solo_8", 18, (1, 1), 8, "alone", overtrick=3, overtrick_cap=8, undertrick=3),
    _misere("petite_misere", 18),
    _emballage(12, 21),
    _misere("piccolo", 24, tricks=1),
    _c("abondance_9", 27, (1, 1), 9, "alone"),
    _c("abondance_10", 30, (1, 1), 10, "alone"),
    _emballage(13, 30),
    _misere("grande_misere", 36),
    _c("abondance_11", 42, (1, 1), 11, "alone"),
    _misere("grande_misere_table", 60),
    _c("petit_schlem", 90, (1, 1), 12, "alone"),
    _c("grand_schlem", 120, (1, 1), 13, "alone"),
]

#: The club's counters: ``contract`` bid against ``against`` scores ``points``.
CHEVALERIE_COUNTERS: list[Json] = [
    {"contract": c, "against": a, "points": p}
    for c, a, p in (
        ("emballage_12", "abondance_9", 27),
        ("emballage_13", "abondance_10", 30),
        ("solo_8", "petite_misere", 18),
        ("emballage_10", "petite_misere", 9),
        ("solo_8", "piccolo", 24),
        ("emballage_11", "piccolo", 12),
        ("grande_misere", "trou", 36),
        ("abondance_11", "trou", 42),
        ("grande_misere_table", "trou", 60),
    )
]

#: The seed's other counters (docs/rules/whist.md#counters): bid ``against`` one of these
#: keys, each scores its own P from the main table.
SEED_COUNTERS: dict[str, tuple[str, ...]] = {
    "abondance_9": ("abondance_9", "abondance_10", "abondance_11"),
    "grande_misere": (
        "abondance_11",
        "grande_misere_table",
        "petit_schlem",
        "grand_schlem",
        "emballage_13",
    ),
    "abondance_11": ("grande_misere_table", "petit_schlem", "grand_schlem"),
    "grande_misere_table": ("petit_schlem", "grand_schlem"),
    "petit_schlem": ("grand_schlem",),
}

TIEBREAKS = ("best_pool", "place_points")

#: How the club's page shows and takes a one-declarer contract's values (display only: the
#: ruleset always stores ``X``, the declarer's total): ``"total"`` (Default) or
#: ``"opponent"`` (what each of the three opponents pays, a third of ``X``).
CONTRACT_VALUES = ("total", "opponent")
#: What a whist table's place points do (``place_points_use``): ``"tiebreak"`` (Default: only
#: the tie-break ``place_points`` reads them) or ``"added"`` (FreeWhist: added to each
#: player's points, 90/60/30/0 per pool, and the tournament ranks by that total).
PLACE_POINTS_USES = ("tiebreak", "added")

#: The default ruleset (JSON).  ``contract_values``: see :data:`CONTRACT_VALUES`.  Besides
#: the tables: ``deals_per_pool`` (12),
#: ``pools`` (3), ``pool_minutes`` (80); ``place_points`` per table size
#: (``null``: no place points at a whist table); ``tiebreaks`` after total points
#: (Default ``["best_pool"]``); ``annual_ranking``
#: (``sum_points`` | ``sum_place_points`` | ``best_n``) and ``annual_best_n``;
#: ``tables_of_five``
#: (Default ``false``: tables of 4 only; ``true``: tables of 5 allowed, one player sitting
#: out each deal); ``tables_of_six`` (Default ``false``; ``true`` with tables of 5: a table
#: of 6 where tables of 4 and 5 cannot seat everybody, two sitting out); ``sit_out`` (who:
#: :data:`scoring.whist_seats.SIT_OUT`, Default ``"dealer"``); ``scoring_model``
#: (:data:`SCORING_MODELS`, Default ``"zero_sum"``).
DEFAULT_RULES: dict[str, Json] = {
    "contracts": CHEVALERIE_CONTRACTS,
    "counters": CHEVALERIE_COUNTERS,
    "deals_per_pool": 12,
    "pools": 3,
    "pool_minutes": 80,
    "place_points": None,
    "tiebreaks": ["best_pool"],
    "annual_ranking": "sum_points",
    "annual_best_n": None,
    "tables_of_five": False,
    "tables_of_six": False,
    "sit_out": "dealer",
    "contract_values": "total",
    "place_points_use": "tiebreak",
    "scoring_model": DEFAULT_MODEL,
}


def default_rules() -> dict[str, Json]:
    """A fresh deep copy of the default ruleset (the Chevalerie table).

    >>> [c["points"] for c in default_rules()["contracts"]][:4]
    [2, 4, 6, 6]
    """
    return copy.deepcopy(DEFAULT_RULES)


# --------------------------------------------------------------------------- ruleset


@dataclass(frozen=True)
class Contract:
    """One row of a contract table (see the module docstring)."""

    code: str
    points: int
    points_failed: int
    declarers: tuple[int, int]
    tricks: int
    exact: bool
    payout: str
    tricks_per_declarer: bool
    overtrick: int
    overtrick_cap: int
    undertrick: int
    capo_bonus: int
    capo_multiplier: int
    #: Each opponent's value made / failed, read in the ``independent`` model only
    #: (docs/rules/whist.md#scoring-model).
    opponent_points: int = 0
    opponent_points_failed: int = 0

    def with_points(self, points: int, points_failed: int | None) -> Contract:
        """The same contract paying other points (a counter)."""
        return Contract(
            self.code,
            points,
            points if points_failed is None else points_failed,
            self.declarers,
            self.tricks,
            self.exact,
            self.payout,
            self.tricks_per_declarer,
            self.overtrick,
            self.overtrick_cap,
            self.undertrick,
            self.capo_bonus,
            self.capo_multiplier,
            self.opponent_points,
            self.opponent_points_failed,
        )


@dataclass(frozen=True)
class _Rules:
    contracts: dict[str, Contract]
    counters: dict[tuple[str, str], Contract]
    deals_per_pool: int
    place_points: dict[int, list[int]] | None
    tiebreaks: list[str]
    place_points_added: bool = False
    model: str = DEFAULT_MODEL
    sit_out: str = "dealer"


def _int(row: Mapping[str, Any], key: str, where: str, low: int = 0, high: int = POINTS_MAX) -> int:
    """A number of a contract row, within its bounds (the error names the row)."""
    try:
        return bounded(row.get(key), key, low, high)
    except InvalidRules as err:
        raise InvalidRules(where, f"{key} {err.params['reason']}", min=low, max=high) from None


def _bool(row: Mapping[str, Any], key: str, where: str) -> bool:
    value = row.get(key, False)
    if not isinstance(value, bool):
        raise InvalidRules(where, f"{key} must be true or false")
    return value


_CONTRACT_KEYS = {
    "code",
    "points",
    "points_failed",
    "declarers",
    "tricks",
    "exact",
    "payout",
    "tricks_per_declarer",
    "overtrick",
    "overtrick_cap",
    "undertrick",
    "capo_bonus",
    "capo_multiplier",
    "opponent_points",
    "opponent_points_failed",
}
#: A contract's name in one language (``name_fr``, ``name_en``, ``name_nl``, ``name_nl-be``...:
#: the languages of ``scoring.game_words``).
NAME_KEY = re.compile(r"name_[a-z]{2,3}(-[a-z0-9]{2,8})?")
NAME_MAX = 80


def _optional_int(
    row: Mapping[str, Any], key: str, where: str, low: int, high: int, default: int
) -> int:
    return _int(row, key, where, low, high) if key in row else default


def _declarer_range(decl: object, where: str) -> tuple[int, int]:
    if (
        not isinstance(decl, list | tuple)
        or len(decl) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) for d in decl)
        or not 1 <= decl[0] <= decl[1] <= 4
    ):
        raise InvalidRules(where, "declarers must be [min, max] within 1..4")
    return decl[0], decl[1]


def _check_payout(payout: object, decl: tuple[int, int], per_declarer: bool, where: str) -> None:
    if payout == "pair":
        if decl != (2, 2) or per_declarer:
            raise InvalidRules(where, "a pair contract has exactly 2 declarers and one count")
    elif payout == "alone":
        if not per_declarer and decl != (1, 1):
            raise InvalidRules(where, "several declarers alone need tricks_per_declarer")
    else:
        raise InvalidRules(where, "payout must be 'pair' or 'alone'")


def _contract(row: object, index: int, model: str) -> Contract:
    where = f"contracts[{index}]"
    if not isinstance(row, Mapping):
        raise InvalidRules(where, "must be an object")
    names = {k for k in row if isinstance(k, str) and NAME_KEY.fullmatch(k)}
    unknown = set(row) - _CONTRACT_KEYS - names
    if unknown:
        raise InvalidRules(where, "unknown keys: " + ", ".join(sorted(map(str, unknown))))
    for key in names:
        name = row[key]
        if name is not None and (not isinstance(name, str) or len(name) > NAME_MAX):
            raise InvalidRules(where, f"{key} must be a text of at most {NAME_MAX} characters")
    code = row.get("code")
    if not isinstance(code, str) or not code:
        raise InvalidRules(where, "code must be a non-empty string")
    points = _int(row, "points", where)
    failed = points if row.get("points_failed") is None else _int(row, "points_failed", where)
    decl = _declarer_range(row.get("declarers"), where)
    tricks = _int(row, "tricks", where, high=TRICKS)
    payout = row.get("payout")
    per_declarer = _bool(row, "tricks_per_declarer", where)
    _check_payout(payout, decl, per_declarer, where)
    contract = Contract(
        code=code,
        points=points,
        points_failed=failed,
        declarers=decl,
        tricks=tricks,
        exact=_bool(row, "exact", where),
        payout=str(payout),
        tricks_per_declarer=per_declarer,
        overtrick=_optional_int(row, "overtrick", where, 0, POINTS_MAX, 0),
        overtrick_cap=_optional_int(row, "overtrick_cap", where, 0, TRICKS, TRICKS),
        undertrick=_optional_int(row, "undertrick", where, 0, POINTS_MAX, 0),
        capo_bonus=_optional_int(row, "capo_bonus", where, 0, POINTS_MAX, 0),
        capo_multiplier=_optional_int(row, "capo_multiplier", where, 1, 10, 1),
        opponent_points=_optional_int(row, "opponent_points", where, 0, POINTS_MAX, 0),
        opponent_points_failed=_optional_int(
            row, "opponent_points_failed", where, 0, POINTS_MAX, 0
        ),
    )
    if model != INDEPENDENT and (contract.opponent_points or contract.opponent_points_failed):
        # Nothing typed is silently ignored: the opponents' own values count in that model only.
        raise InvalidRules(
            where,
            "opponents' own values need the independent scoring model",
            rule="opponent_values_model",
        )
    _check_divisible(contract, where, model)
    return contract


def _check_divisible(c: Contract, where: str, model: str) -> None:
    """A one-declarer contract's values its three opponents share divide by 3 (the model's
    :func:`~scoring.whist_models.shared_values`): every deal stays exact, and zero-sum in the
    zero-sum model."""
    if c.payout != "alone":
        return
    for name in shared_values(model):
        if getattr(c, name) % 3:
            raise InvalidRules(
                where,
                f"{name} of a one-declarer contract must divide by 3",
                rule="opponents_share",
                column=name,
            )


def _rules(rules: Rules | None) -> _Rules:
    """The ruleset read once per distinct ruleset: a page reads the same club rules dozens
    of times (each deal, each contract list), and reading them is the costly part."""
    try:
        key = json.dumps(rules, sort_keys=True)
    except (TypeError, ValueError):  # not JSON: read as it is (and most likely refused)
        return _read_rules(rules)
    return _read_rules_cached(key)


@lru_cache(maxsize=64)
def _read_rules_cached(key: str) -> _Rules:
    return _read_rules(json.loads(key))


def _read_rules(rules: Rules | None) -> _Rules:
    merged: dict[str, Any] = merge_rules(DEFAULT_RULES, rules, RETIRED)
    model = rule_choice(merged, "scoring_model", SCORING_MODELS)
    rows = merged["contracts"]
    if not isinstance(rows, list | tuple) or not rows:
        raise InvalidRules("contracts", "must be a non-empty list")
    contracts: dict[str, Contract] = {}
    for index, row in enumerate(rows):
        c = _contract(row, index, model)
        if c.code in contracts:
            raise InvalidRules(f"contracts[{index}]", f"duplicate code {c.code}")
        contracts[c.code] = c
    counters: dict[tuple[str, str], Contract] = {}
    cows = merged["counters"]
    if not isinstance(cows, list | tuple):
        raise InvalidRules("counters", "must be a list")
    for index, row in enumerate(cows):
        where = f"counters[{index}]"
        if not isinstance(row, Mapping) or set(row) - {
            "contract",
            "against",
            "points",
            "points_failed",
        }:
            raise InvalidRules(where, "must be {contract, against, points[, points_failed]}")
        code, against = row.get("contract"), row.get("against")
        if code not in contracts or against not in contracts:
            raise InvalidRules(where, "contract and against must be codes of the table")
        assert isinstance(code, str) and isinstance(against, str)
        failed = None if row.get("points_failed") is None else _int(row, "points_failed", where)
        counter = contracts[code].with_points(_int(row, "points", where), failed)
        _check_divisible(counter, where, model)
        counters[(code, against)] = counter
    rule_choice(merged, "annual_ranking", ANNUAL_RULES)
    rule_choice(merged, "contract_values", CONTRACT_VALUES)
    if merged["annual_best_n"] is not None:
        rule_int(merged, "annual_best_n", *BOUNDS["annual_best_n"])
    for key in ("pools", "pool_minutes"):
        rule_int(merged, key, *BOUNDS[key])
    for key in ("tables_of_five", "tables_of_six"):
        if not isinstance(merged[key], bool):
            raise InvalidRules(key, "must be true or false")
    if merged["tables_of_six"] and not merged["tables_of_five"]:
        raise InvalidRules("tables_of_six", "tables of 6 need tables of 5", rule="six_needs_five")
    sit_out = rule_choice(merged, "sit_out", SIT_OUT)
    pp = merged["place_points"]
    tables: dict[int, list[int]] | None = None
    if pp is not None:
        if not isinstance(pp, Mapping):
            raise InvalidRules("place_points", 'must be null or {"4": [...], "5": [...], ...}')
        tables = {}
        for size in TABLE_SIZES:
            if str(size) in pp:
                tables[size] = rule_place_points(pp[str(size)], "place_points", size)
    added = rule_choice(merged, "place_points_use", PLACE_POINTS_USES) == "added"
    sizes = TABLE_SIZES[: 1 + merged["tables_of_five"] + merged["tables_of_six"]]
    if added and any(size not in (tables or {}) for size in sizes):
        raise InvalidRules(
            "place_points",
            "place points added to the total need a table for each table size",
            rule="place_points_needed",
        )
    return _Rules(
        contracts=contracts,
        counters=counters,
        deals_per_pool=rule_int(merged, "deals_per_pool", *BOUNDS["deals_per_pool"]),
        place_points=tables,
        tiebreaks=rule_str_list(merged, "tiebreaks", TIEBREAKS),
        place_points_added=added,
        model=model,
        sit_out=sit_out,
    )


#: The full ruleset (defaults filled in), or :class:`InvalidRules`.
validate_rules = rules_validator(DEFAULT_RULES, _rules, RETIRED)


def contract_table(rules: Rules | None = None) -> list[Contract]:
    """The contracts of a ruleset, weakest first.

    >>> [c.code for c in contract_table()][-2:]
    ['petit_schlem', 'grand_schlem']
    """
    return list(_rules(rules).contracts.values())


# --------------------------------------------------------------------------- one deal


def _value(c: Contract, tricks: int) -> int:
    """``X`` for one declarer (alone) or for each of the pair."""
    if c.exact:
        return c.points if tricks == c.tricks else -c.points_failed
    if tricks < c.tricks:
        return -(c.points_failed + c.undertrick * (c.tricks - tricks))
    x = c.points + c.overtrick * (tricks - c.tricks)
    if tricks == TRICKS and c.tricks < TRICKS:
        x = x * c.capo_multiplier + c.capo_bonus
    return x


def _tricks(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidDeal("not_an_integer", field, got=repr(value))
    if not 0 <= value <= TRICKS:
        raise InvalidDeal("tricks_out_of_range", field, got=value, max=TRICKS)
    return value


@dataclass(frozen=True)
class _Table:
    """Who plays a deal: 4 seats, or 5 with one sitting out, or 6 with two."""

    n_seats: int
    sitting_out: tuple[int, ...]

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.n_seats) if s not in self.sitting_out]

    def seat(self, value: object, field: str) -> int:
        s = check_seat(value, field, self.n_seats)
        if s in self.sitting_out:
            raise InvalidDeal("seat_sitting_out", field, seat=s)
        return s


def _sitting_out(raw: object) -> tuple[int, ...]:
    """A record's ``sitting_out``: one seat (table of 5) or two opposite seats (table of 6)."""
    if not isinstance(raw, list | tuple):
        return (check_seat(raw, "sitting_out", 5),)
    if len(raw) != 2:
        raise InvalidDeal("wrong_length", "sitting_out", expected=2, got=len(raw))
    out = tuple(sorted(check_seat(s, "sitting_out", 6) for s in raw))
    if out[1] - out[0] != 3:  # docs/rules/whist.md#tables-of-5-and-6: opposite seats
        raise InvalidDeal("wrong_sitting_out", "sitting_out", got=", ".join(map(str, out)))
    return out


def _table(rec: Mapping[str, Any], sitting_out: tuple[int, ...], sit_out: str) -> _Table:
    """The deal's table: the seats ``sitting_out`` (none at 4) from the record or the pool;
    a record's ``dealer`` sits out (``sit_out`` ``"dealer"``) or plays (``"rotating"``)."""
    if "sitting_out" in rec:
        out = _sitting_out(rec["sitting_out"])
        if sitting_out and out != sitting_out:
            if len(sitting_out) == 1 and sit_out == "dealer":
                raise InvalidDeal(
                    "wrong_dealer", "sitting_out", expected=sitting_out[0], got=out[0]
                )
            raise InvalidDeal("wrong_sitting_out", "sitting_out", got=", ".join(map(str, out)))
        sitting_out = out
    n_seats = 4 + len(sitting_out)
    if "dealer" not in rec:
        return _Table(n_seats, sitting_out)
    # A dealer is a seat of the table at every size, a table of 4 included (a record alone is
    # checked as its pool checks it).
    dealer = check_seat(rec["dealer"], "dealer", n_seats)
    if sitting_out:
        if sit_out == "dealer" and dealer not in sitting_out:
            raise InvalidDeal("wrong_dealer", "dealer", expected=sitting_out[0], got=dealer)
        if sit_out != "dealer" and dealer in sitting_out:
            raise InvalidDeal("seat_sitting_out", "dealer", seat=dealer)
    return _Table(n_seats, sitting_out)


def _played_contract(rec: Mapping[str, Any], rules: _Rules) -> Contract:
    """The contract of the deal, or the counter it plays (``against``)."""
    code = rec["contract"]
    if not isinstance(code, str) or code not in rules.contracts:
        raise InvalidDeal("unknown_contract", "contract", got=repr(code))
    if "against" not in rec:
        return rules.contracts[code]
    against = rec["against"]
    if not isinstance(against, str) or against not in rules.contracts:
        raise InvalidDeal("unknown_contract", "against", got=repr(against))
    if (code, against) in rules.counters:
        return rules.counters[(code, against)]
    if code not in SEED_COUNTERS.get(against, ()):
        raise InvalidDeal("counter_not_allowed", "against", contract=code, against=against)
    return rules.contracts[code]


def _declarers(raw: object, contract: Contract, table: _Table) -> list[int]:
    if not isinstance(raw, list | tuple):
        raise InvalidDeal("not_a_list", "declarers")
    declarers = [table.seat(d, "declarers") for d in raw]
    for d in declarers:
        if declarers.count(d) > 1:
            raise InvalidDeal("duplicate_seat", "declarers", seat=d)
    low, high = contract.declarers
    if not low <= len(declarers) <= high:
        raise InvalidDeal(
            "wrong_declarer_count", "declarers", min=low, max=high, got=len(declarers)
        )
    return declarers


def _taken(raw: object, contract: Contract, declarers: Sequence[int]) -> list[int]:
    """The tricks taken: one count, or one per declarer (the misère family)."""
    if not contract.tricks_per_declarer:
        tricks = [_tricks(raw, "tricks")]
    else:
        if not isinstance(raw, list | tuple):
            raise InvalidDeal("not_a_list", "tricks")
        if len(raw) != len(declarers):
            raise InvalidDeal("wrong_length", "tricks", expected=len(declarers), got=len(raw))
        tricks = [_tricks(t, "tricks") for t in raw]
        if sum(tricks) > TRICKS:
            raise InvalidDeal("tricks_out_of_range", "tricks", got=sum(tricks), max=TRICKS)
    for taken in tricks:
        if taken > contract.overtrick_cap:
            # The deal stops once the cap is reached (a solo at 8: « la partie arrêtée »,
            # docs/rules/whist.md#how-p-is-paid): more tricks are a wrong entry, never clamped.
            raise InvalidDeal("tricks_after_stop", "tricks", max=contract.overtrick_cap, got=taken)
    return tricks


def _opponent(x: int, sharing: int, contract: Contract, model: str) -> int:
    """Each opponent's points against a declarer's ``x`` (docs/rules/whist.md#scoring-model)."""
    if model == INDEPENDENT:
        return independent_points(x, contract.opponent_points, contract.opponent_points_failed)
    return opponent_points(x, sharing, model)


def _score(record: object, rules: _Rules, sitting_out: tuple[int, ...] = ()) -> list[int]:
    rec = as_record(record)
    has_renege = "renege" in rec
    check_keys(
        rec,
        ("contract", "declarers") if has_renege else ("contract", "declarers", "tricks"),
        ("tricks", "against", "renege", "dealer", "sitting_out"),
    )
    table = _table(rec, sitting_out, rules.sit_out)
    contract = _played_contract(rec, rules)
    declarers = _declarers(rec["declarers"], contract, table)
    tricks = _taken(rec["tricks"], contract, declarers) if "tricks" in rec else []
    points = dict.fromkeys(range(table.n_seats), 0)
    if has_renege:  # docs/rules/whist.md#renege: the offender pays the others
        offender = table.seat(rec["renege"], "renege")
        for s in table.active:
            points[s] = -RENEGE_MULTIPLIER * contract.points if s == offender else contract.points
    elif contract.payout == "pair":
        x = _value(contract, tricks[0])
        for s in table.active:
            points[s] = x if s in declarers else _opponent(x, 1, contract, rules.model)
    else:
        for declarer, taken in zip(declarers, tricks, strict=True):
            x = _value(contract, taken)
            for s in table.active:
                points[s] += x if s == declarer else _opponent(x, 3, contract, rules.model)
    return [points[s] for s in range(table.n_seats)]


def score_deal(record: Record, rules: Rules | None = None) -> list[int]:
    """Points of one deal per seat (4 entries, or 5 or 6 with ``"sitting_out"``).

    In the default scoring model every deal sums to zero; in ``"on_failure"`` a made
    contract pays its declarers only (:mod:`scoring.whist_models`).

    >>> score_deal({"contract": "petite_misere", "declarers": [0, 1], "tricks": [0, 2]})
    [24, -24, 0, 0]
    >>> score_deal({"contract": "solo_6", "declarers": [0], "tricks": 7,
    ...             "sitting_out": 2})
    [9, -3, 0, -3, -3]
    >>> score_deal({"contract": "emballage_8", "declarers": [1, 4], "tricks": 8,
    ...             "sitting_out": [0, 3]})
    [0, 2, -2, 0, 2, -2]
    """
    return _score(record, _rules(rules))


# --------------------------------------------------------------------------- a pool


def table_result(
    records: Sequence[Record],
    rules: Rules | None = None,
    *,
    first_dealer: int = 0,
    n_seats: int = 4,
    sit_out_order: Sequence[int] | None = None,
) -> TableResult:
    """A pool so far at a table of 4, 5 or 6 (at 5 one seat sits out each deal, at 6 two:
    :func:`scoring.whist_seats.deal_seats` with the ruleset's ``sit_out`` and the pool's
    ``sit_out_order``, who sits out first with ``"rotating"``).

    The pool is complete after ``deals_per_pool`` deals (12); the web layer may
    close it earlier at the signal.  ``place_points`` only if the ruleset has a
    table for this size.  ``dealer``/``sitting_out`` in a record must match the
    rotation from ``first_dealer``.  Errors carry ``deal``.

    >>> r = table_result([{"contract": "emballage_8", "declarers": [0, 2], "tricks": 9}])
    >>> r.scores, r.pending
    ([3, -3, 3, -3], {'deals_played': 1, 'deals_left': 11, 'next_dealer': 1})
    """
    r = _rules(rules)
    check_table_size(n_seats, TABLE_SIZES)
    check_seat(first_dealer, "first_dealer", n_seats)
    order = check_sit_out_order(sit_out_order, n_seats)
    scores = [0] * n_seats
    per_deal: list[list[int]] = []
    for index, record in enumerate(records):
        dealer, out = deal_seats(n_seats, index, first_dealer, r.sit_out, order)
        try:
            if index >= r.deals_per_pool:
                raise InvalidDeal("too_many_deals", "deal", max=r.deals_per_pool)
            rec = as_record(record)
            check_dealer(rec, dealer, n_seats)
            if n_seats == 4 and "sitting_out" in rec:
                raise InvalidDeal("unknown_field", "sitting_out", key="sitting_out")
            points = _score(rec, r, out)
        except InvalidDeal as err:
            raise with_deal(err, index) from None
        per_deal.append(points)
        scores = [a + b for a, b in zip(scores, points, strict=True)]
    played = len(per_deal)
    complete = played == r.deals_per_pool
    return session_result(
        scores,
        per_deal,
        complete=complete,
        table=None if r.place_points is None else r.place_points.get(n_seats),
        pending={
            "deals_played": played,
            "deals_left": r.deals_per_pool - played,
            "next_dealer": None
            if complete
            else deal_seats(n_seats, played, first_dealer, r.sit_out, order)[0],
        },
    )


# --------------------------------------------------------------------------- ranking


def classifier(
    rules: Rules | None = None,
) -> Callable[[Sequence[RoundLine]], tuple[int | Fraction, ...]]:
    """:func:`classification_key` with the ruleset read once (a season ranks thousands of
    player-tournaments with the same rules).

    >>> classifier()([RoundLine(40), RoundLine(-12), RoundLine(5)])
    (33, 40)
    """
    read = _rules(rules)
    tiebreaks, added = read.tiebreaks, read.place_points_added

    def key(rounds: Sequence[RoundLine]) -> tuple[int | Fraction, ...]:
        total: int | Fraction = sum(line.score for line in rounds)
        if added:  # FreeWhist: each pool's place points count with the points
            total += sum((line.place_points or Fraction(0) for line in rounds), Fraction(0))
        out: list[int | Fraction] = [total]
        for name in tiebreaks:
            if name == "best_pool":
                out.append(max((line.score for line in rounds), default=0))
            else:
                out.append(sum((line.place_points or Fraction(0) for line in rounds), Fraction(0)))
        return tuple(out)

    return key


def classification_key(
    rounds: Sequence[RoundLine], rules: Rules | None = None
) -> tuple[int | Fraction, ...]:
    """Tournament key (sorts descending): total points over the pools (with their place
    points when ``place_points_use`` is ``"added"``), then the tie-breaks (Default: best
    single pool; ``place_points``: total place points).

    >>> classification_key([RoundLine(40), RoundLine(-12), RoundLine(5)])
    (33, 40)
    """
    return classifier(rules)(rounds)


def season_criteria(rules: Rules | None = None) -> tuple[str, ...]:
    """A season's key (when the club ranks whist by season standings): total points, then
    the ruleset's tie-breaks (best single pool, place points)."""
    return ("total_score", *_rules(rules).tiebreaks)


SPEC = GameSpec.from_module(
    globals(),
    key="whist",
    table_sizes=TABLE_SIZES,
    deals_per_round=12,
    default_sessions=3,
    teams=None,
    bounds=BOUNDS,
)
