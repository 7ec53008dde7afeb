"""Double King (« Polonaise »), 4 players: one game, a round of 20, the classification.

Vocabulary
----------
*game* (« jeu »)
    One deal of 13 tricks, of the kind chosen by its dealer: six *negative games*
    (« jeux à la charge ») ``tricks``, ``hearts``, ``queens``, ``jacks_kings``,
    ``king_of_hearts``, ``seventh_last``, and the *trump game* ``trump``.
*round* (« ronde »)
    20 games at a table of 4; game ``k`` is dealt by seat ``(first_dealer + k) % 4``.
    Each seat chooses 3 negative games and 2 trump games (its *quotas*), each
    negative game is played exactly twice: a complete round sums to 0.
*penalty line*
    ``{"game": G, "penalty": s}``: seat ``s`` was penalised in game ``G``.  By
    default it is an extra line, not one of the 20 games, and the game is dealt
    again (setting ``penalty_counts_as_game``).
*place points*
    16 / 12 / 8 / 4 by round score, ties sharing (setting ``place_points``).

Records (one per game)::

    {"game": "queens", "taken": [1, 0, 2, 1]}        # tricks, hearts, queens, jacks_kings, trump
    {"game": "king_of_hearts", "taker": 3}
    {"game": "seventh_last", "seventh": 2, "last": 0}
    {"game": "trump", "penalty": 1}
    # any record may add "dealer": s

>>> score_deal({"game": "queens", "taken": [1, 0, 2, 1]})
[-2, 0, -4, -2]
>>> score_deal({"game": "seventh_last", "seventh": 2, "last": 2})
[0, 0, -5, 0]
>>> score_deal({"game": "trump", "penalty": 1})
[2, -6, 2, 2]
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import game_words
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
    require_int_list,
    rule_bool,
    rule_int,
    rule_int_list,
    rule_place_points,
    rule_str_list,
    rules_validator,
    with_deal,
)
from .errors import InvalidDeal, InvalidRules
from .ranking import RoundLine, session_result
from .spec import GameSpec

__all__ = [
    "DEFAULT_RULES",
    "GAMES_PER_ROUND",
    "KINDS",
    "NEGATIVE_PER_SEAT",
    "TRUMP_PER_SEAT",
    "VALUE_KEYS",
    "VALUE_MAX",
    "GameKind",
    "SheetLine",
    "classification_key",
    "default_rules",
    "fixed_games",
    "game_total",
    "played_games",
    "record_from_points",
    "score_deal",
    "sheet_line",
    "table_result",
]

SEATS = 4
GAMES_PER_ROUND = 20
NEGATIVE_PER_SEAT = 3
TRUMP_PER_SEAT = 2
TIMES_PER_NEGATIVE_GAME = 2


@dataclass(frozen=True)
class GameKind:
    """One of the seven games: ``unit`` points per card/trick counted in ``taken``; its
    names are the words table's ``dk.<code>`` row (``scoring.game_words``)."""

    code: str
    negative: bool
    total: int  # points of the whole game: -13 ... +13
    unit: int = 0  # points per unit of ``taken`` (0: not a ``taken`` game)
    units: int = 0  # units in the deck (tricks, hearts, queens...)

    @property
    def names(self) -> dict[str, str]:
        """The game's name in every language of the words table."""
        return game_words.names(f"dk.{self.code}")

    def name(self, language: str) -> str:
        """The game's name in ``language``, else in French, else its code.

        >>> KINDS["hearts"].name("nl"), KINDS["hearts"].name("en")
        ('Geen harten', 'No hearts')
        """
        return game_words.word(f"dk.{self.code}", language)


KINDS: dict[str, GameKind] = {
    k.code: k
    for k in (
        GameKind("tricks", True, -13, -1, 13),
        GameKind("hearts", True, -13, -1, 13),
        GameKind("queens", True, -8, -2, 4),
        GameKind("jacks_kings", True, -8, -1, 8),
        GameKind("king_of_hearts", True, -5),
        GameKind("seventh_last", True, -5),
        GameKind("trump", False, 13, 1, 13),
    )
}
SEVENTH_POINTS = -2
LAST_POINTS = -3

#: Club settings (JSON).  ``place_points``: round ranking table; ``rounds``: rounds
#: in a tournament; ``penalty_counts_as_game`` (Default false: a penalty line is
#: outside the 20 games and the quotas, the redealt game counts);
#: ``dealer_penalty_forces_trump``: after a penalty on the dealer the redeal is a
#: trump game; ``trump_penalty``: [offender, each other seat] in a trump game;
#: ``tiebreaks``: after total place points, in order, among ``total_score`` and
#: ``best_round``; ``game_values``: the points of one unit of each game (a trick, a heart,
#: a queen, a jack or king; the king of hearts; the 7th and the last trick; a trump
#: trick); ``negative_quotas``: how many times each negative game is played in a round
#: (0: the club does not play it); ``negative_per_seat`` and ``trump_per_seat``: each
#: seat's choices among its 5 deals; ``game_names``: the club's own word for a game on
#: the sheets, the phones and the legend (Rıfkı's « son iki » on the 7th and last line),
#: none by default (each game's standard name in the page's language; the scores unchanged);
#: ``fixed_games``: the round as a fixed list of games, dealt in that order with the dealer
#: turning (Kingen at KG Heverlee: each negative game once, then 4 trump games, one per player),
#: empty by default (each dealer chooses within the quotas, which a fixed list replaces).
DEFAULT_RULES: dict[str, Json] = {
    "place_points": [16, 12, 8, 4],
    "rounds": 5,
    "penalty_counts_as_game": False,
    "dealer_penalty_forces_trump": True,
    "trump_penalty": [-6, 2],
    "tiebreaks": ["total_score", "best_round"],
    "game_values": {
        "tricks": -1,
        "hearts": -1,
        "queens": -2,
        "jacks_kings": -1,
        "king_of_hearts": -5,
        "seventh": SEVENTH_POINTS,
        "last": LAST_POINTS,
        "trump": 1,
    },
    "negative_quotas": {
        code: TIMES_PER_NEGATIVE_GAME for code, kind in KINDS.items() if kind.negative
    },
    "negative_per_seat": NEGATIVE_PER_SEAT,
    "trump_per_seat": TRUMP_PER_SEAT,
    "game_names": {},
    "fixed_games": [],
}
TIEBREAKS = ("total_score", "best_round")
#: The keys of ``game_values``: each game's unit, the 7th and the last trick apart.
VALUE_KEYS = (
    "tricks",
    "hearts",
    "queens",
    "jacks_kings",
    "king_of_hearts",
    "seventh",
    "last",
    "trump",
)
NEGATIVE_CODES = tuple(code for code, kind in KINDS.items() if kind.negative)
#: A unit is worth at most 1000 points (the Turkish King's king of hearts: -320).
VALUE_MAX = 1000
#: A club's name for a game: a word or a few, as the sheet's line prints it.
GAME_NAME_MAX = 40
#: Each seat deals this many games of the round.
DEALS_PER_SEAT = GAMES_PER_ROUND // SEATS


def default_rules() -> dict[str, Json]:
    """A fresh copy of the default ruleset.

    >>> default_rules()["place_points"]
    [16, 12, 8, 4]
    """
    return _copy(DEFAULT_RULES)


def _copy(rules: Mapping[str, Json]) -> dict[str, Json]:
    return copy.deepcopy(dict(rules))


@dataclass(frozen=True)
class _Rules:
    place_points: list[int]
    rounds: int
    penalty_counts_as_game: bool
    dealer_penalty_forces_trump: bool
    trump_penalty: list[int]
    tiebreaks: list[str]
    values: dict[str, int]
    quotas: dict[str, int]
    negative_per_seat: int
    trump_per_seat: int
    #: The round as a fixed list of games (empty: each dealer's choices within the quotas).
    fixed: tuple[str, ...] = ()

    @property
    def games_per_round(self) -> int:
        """20, or the fixed list's length (10 at Kingen)."""
        return len(self.fixed) or GAMES_PER_ROUND

    def plays(self, code: str) -> bool:
        """Whether the club's table plays a game: in the fixed list, else a quota above 0
        (trump: trump games per seat)."""
        if self.fixed:
            return code in self.fixed
        return bool(self.quotas[code] if KINDS[code].negative else self.trump_per_seat)

    def total(self, code: str) -> int:
        """The points of a whole game (every trick, card... taken): -13 for « Pas de plis »
        by default, -650 at -50 a trick."""
        kind = KINDS[code]
        if kind.unit:
            return kind.units * self.values[code]
        if code == "seventh_last":
            return self.values["seventh"] + self.values["last"]
        return self.values[code]


#: Sane bounds: a tournament of 1 to 20 rounds; a trump penalty of at most 100 points to
#: each other seat; a seat's negative or trump games among its 5 deals.
BOUNDS: dict[str, tuple[int, int]] = {
    "rounds": (1, 20),
    "negative_per_seat": (0, DEALS_PER_SEAT),
    "trump_per_seat": (0, DEALS_PER_SEAT),
}
TRUMP_PENALTY_MAX = 100


def _trump_penalty(value: object) -> list[int]:
    """[offender, each other seat]: the others' gain, the offender paying all three of them,
    so that a trump penalty line sums to 0 (docs/rules/double_king.md#penalties: -6 and +2).

    [0, 0] is refused: a line of four zeros shows no offender, so it could not be entered
    from its points, and a dealer's fault could not force trump.
    """
    own, others = rule_int_list(
        value, "trump_penalty", 2, low=-(SEATS - 1) * TRUMP_PENALTY_MAX, high=TRUMP_PENALTY_MAX
    )
    if others < 0 or own != -(SEATS - 1) * others:
        raise InvalidRules(
            "trump_penalty",
            "the offender must pay 3 times what each other seat gets",
            rule="zero_sum",
        )
    if others == 0:
        raise InvalidRules(
            "trump_penalty",
            "a trump penalty must cost the offender something",
            rule="penalty_costs_nothing",
        )
    return [own, others]


def _int_table(value: object, key: str, keys: Sequence[str]) -> dict[str, int]:
    """A JSON object of whole numbers with exactly ``keys``."""
    if not isinstance(value, Mapping) or set(value) != set(keys):
        raise InvalidRules(key, "must give a whole number for " + ", ".join(keys))
    table: dict[str, int] = {}
    for name in keys:
        number = value[name]
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidRules(f"{key}.{name}", "must be a whole number")
        table[name] = number
    return table


def _game_values(value: object) -> dict[str, int]:
    """Each unit's points: -1000 to -1 in a negative game, 1 to 1000 a trump trick (a unit
    worth 0 would leave a line that does not show who took it)."""
    values = _int_table(value, "game_values", VALUE_KEYS)
    for name, number in values.items():
        low, high = (1, VALUE_MAX) if name == "trump" else (-VALUE_MAX, -1)
        if not low <= number <= high:
            raise InvalidRules(f"game_values.{name}", "out of bounds", min=low, max=high)
    return values


def _quotas(value: object) -> dict[str, int]:
    """How many times each negative game is played in a round: 0 (not played) to 20."""
    quotas = _int_table(value, "negative_quotas", NEGATIVE_CODES)
    for name, number in quotas.items():
        if not 0 <= number <= GAMES_PER_ROUND:
            raise InvalidRules(
                f"negative_quotas.{name}", "out of bounds", min=0, max=GAMES_PER_ROUND
            )
    return quotas


def _game_names(value: object) -> dict[str, str]:
    """The club's own names of its games (``game_names``): a game's code, a name of 1 to
    ``GAME_NAME_MAX`` characters with no control character (it is printed as text).

    >>> _game_names({"seventh_last": "Son iki"})
    {'seventh_last': 'Son iki'}
    >>> _game_names({"seventh_last": "x" * 41})
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidRules: ruleset game_names.seventh_last: must have 1 to 40 characters
    """
    if not isinstance(value, Mapping):
        raise InvalidRules("game_names", "must map games to names")
    names: dict[str, str] = {}
    for code, name in value.items():
        if code not in KINDS:
            raise InvalidRules("game_names", f"unknown game {code!r}")
        key = f"game_names.{code}"
        if not isinstance(name, str):
            raise InvalidRules(key, "must be a text")
        if not 1 <= len(name.strip()) <= GAME_NAME_MAX or name != name.strip():
            raise InvalidRules(
                key, f"must have 1 to {GAME_NAME_MAX} characters", rule="game_name_length"
            )
        if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
            raise InvalidRules(key, "must hold no control character", rule="game_name_characters")
        names[code] = name
    return names


def _check_frame(r: _Rules) -> None:
    """The 20-game frame (docs/rules/double_king.md#the-clubs-own-table): each seat deals 5
    games, its negative and trump choices; the negative games' quotas fill exactly the
    seats' negative choices; a complete round sums to 0 (what the negative games cost, the
    trump games bring back)."""
    if r.negative_per_seat + r.trump_per_seat != DEALS_PER_SEAT:
        raise InvalidRules(
            "trump_per_seat",
            f"negative and trump games per seat must add up to {DEALS_PER_SEAT}",
            rule="seat_quotas",
            deals=DEALS_PER_SEAT,
            got=r.negative_per_seat + r.trump_per_seat,
        )
    needed = SEATS * r.negative_per_seat
    if sum(r.quotas.values()) != needed:
        raise InvalidRules(
            "negative_quotas",
            f"the negative games must be played {needed} times in all",
            rule="quotas_fill_frame",
            expected=needed,
            got=sum(r.quotas.values()),
            per_seat=r.negative_per_seat,
        )
    negative = sum(times * r.total(code) for code, times in r.quotas.items())
    trumps = SEATS * r.trump_per_seat
    positive = trumps * r.total("trump")
    if negative + positive != 0:
        raise InvalidRules(
            "game_values.trump",
            "a complete round must sum to 0",
            rule="round_not_zero_sum",
            negative=-negative,
            positive=positive,
            trumps=trumps,
        )


def _fixed_games(value: object) -> tuple[str, ...]:
    """``fixed_games``: the round's games in the order they are dealt, 1 to 20 of them, each
    a game's code; empty, the dealers choose within the quotas.

    >>> _fixed_games(["tricks", "trump"])
    ('tricks', 'trump')
    """
    if not isinstance(value, list | tuple):
        raise InvalidRules("fixed_games", "must be a list of games")
    if len(value) > GAMES_PER_ROUND:
        raise InvalidRules(
            "fixed_games",
            f"a round has at most {GAMES_PER_ROUND} games",
            rule="fixed_too_long",
            max=GAMES_PER_ROUND,
            got=len(value),
        )
    for code in value:
        if not isinstance(code, str) or code not in KINDS:
            raise InvalidRules("fixed_games", f"unknown game {code!r}", rule="fixed_unknown_game")
    return tuple(value)


def _check_fixed(r: _Rules) -> None:
    """A round as a fixed list (docs/rules/double_king.md#a-round-as-a-fixed-list-of-games):
    the dealer turns, so each seat deals the same number of the list's trump games whoever
    deals first (Kingen: the 7th to 10th deals, one per player); a complete round sums to 0
    (what the negative games cost, the trump games bring back: 52 and 52 at Kingen)."""
    trumps = [0] * SEATS
    for index, code in enumerate(r.fixed):
        trumps[index % SEATS] += code == "trump"
    if len(set(trumps)) != 1:
        raise InvalidRules(
            "fixed_games",
            "each player must deal as many trump games",
            rule="fixed_trumps_uneven",
            trumps=", ".join(map(str, trumps)),
        )
    negative = sum(r.total(code) for code in r.fixed if KINDS[code].negative)
    positive = sum(r.total(code) for code in r.fixed if not KINDS[code].negative)
    if negative + positive != 0:
        raise InvalidRules(
            "fixed_games",
            "a complete round must sum to 0",
            rule="round_not_zero_sum",
            negative=-negative,
            positive=positive,
            trumps=trumps[0] * SEATS,
        )


def _rules(rules: Rules | None) -> _Rules:
    merged: dict[str, Any] = merge_rules(DEFAULT_RULES, rules)
    parsed = _Rules(
        place_points=rule_place_points(merged["place_points"], "place_points", SEATS),
        rounds=rule_int(merged, "rounds", *BOUNDS["rounds"]),
        penalty_counts_as_game=rule_bool(merged, "penalty_counts_as_game"),
        dealer_penalty_forces_trump=rule_bool(merged, "dealer_penalty_forces_trump"),
        trump_penalty=_trump_penalty(merged["trump_penalty"]),
        tiebreaks=rule_str_list(merged, "tiebreaks", TIEBREAKS),
        values=_game_values(merged["game_values"]),
        quotas=_quotas(merged["negative_quotas"]),
        negative_per_seat=rule_int(merged, "negative_per_seat", *BOUNDS["negative_per_seat"]),
        trump_per_seat=rule_int(merged, "trump_per_seat", *BOUNDS["trump_per_seat"]),
        fixed=_fixed_games(merged["fixed_games"]),
    )
    _game_names(merged["game_names"])
    if parsed.fixed:
        _check_fixed(parsed)  # the list replaces the choices' quotas
    else:
        _check_frame(parsed)
    return parsed


def game_total(code: str, rules: Rules | None = None) -> int:
    """The points of a whole game under a ruleset.

    >>> game_total("queens"), game_total("trump")
    (-8, 13)
    >>> game_total("seventh_last", {"game_values": {**DEFAULT_RULES["game_values"],
    ...     "seventh": -180, "last": -180, "tricks": -50, "hearts": -30, "queens": -100,
    ...     "jacks_kings": -60, "king_of_hearts": -320, "trump": 50}})
    -360
    """
    return _rules(rules).total(_kind({"game": code}).code)


def played_games(rules: Rules | None = None) -> list[str]:
    """The games a ruleset plays, in the rules' order (a negative game with a quota of 0,
    or trump with no trump game per seat, is not played).

    >>> played_games()
    ['tricks', 'hearts', 'queens', 'jacks_kings', 'king_of_hearts', 'seventh_last', 'trump']
    """
    r = _rules(rules)
    return [code for code in KINDS if r.plays(code)]


def fixed_games(rules: Rules | None = None) -> list[str]:
    """The round as a fixed list of games (empty: each dealer chooses within the quotas).

    >>> fixed_games()
    []
    """
    return list(_rules(rules).fixed)


#: The full ruleset (defaults filled in), or :class:`InvalidRules`.
validate_rules = rules_validator(DEFAULT_RULES, _rules)


# --------------------------------------------------------------------------- one game


def _kind(record: Record) -> GameKind:
    if "game" not in record:
        raise InvalidDeal("missing_field", "game")
    code = record["game"]
    if not isinstance(code, str) or code not in KINDS:
        raise InvalidDeal("unknown_game", "game", got=repr(code))
    return KINDS[code]


def _score(record: object, rules: _Rules) -> list[int]:
    rec = as_record(record)
    kind = _kind(rec)
    # A record alone is refused as its round refuses it (docs/rules/double_king.md): a game
    # the club's table does not play never gets points, from a sheet, a phone or an import.
    _check_played(kind, rules)
    if "penalty" in rec:
        check_keys(rec, ("game", "penalty"), ("dealer",))
        if "dealer" in rec:
            check_seat(rec["dealer"], "dealer", SEATS)
        offender = check_seat(rec["penalty"], "penalty", SEATS)
        if kind.negative:
            return [rules.total(kind.code) if s == offender else 0 for s in range(SEATS)]
        own, others = rules.trump_penalty
        return [own if s == offender else others for s in range(SEATS)]
    if kind.unit:
        check_keys(rec, ("game", "taken"), ("dealer",))
        taken = require_int_list(rec, "taken", SEATS, total=kind.units, maximum=kind.units)
        points = [rules.values[kind.code] * t for t in taken]
    elif kind.code == "king_of_hearts":
        check_keys(rec, ("game", "taker"), ("dealer",))
        taker = check_seat(rec["taker"], "taker", SEATS)
        points = [rules.values[kind.code] if s == taker else 0 for s in range(SEATS)]
    else:  # seventh_last
        check_keys(rec, ("game", "seventh", "last"), ("dealer",))
        seventh = check_seat(rec["seventh"], "seventh", SEATS)
        last = check_seat(rec["last"], "last", SEATS)
        points = [0] * SEATS
        points[seventh] += rules.values["seventh"]
        points[last] += rules.values["last"]
    if "dealer" in rec:
        check_seat(rec["dealer"], "dealer", SEATS)
    return points


def score_deal(record: Record, rules: Rules | None = None) -> list[int]:
    """Points of one game (or penalty line) per seat.

    A game sums to its fixed total (-13, -13, -8, -8, -5, -5 or +13); a penalty
    line to that total in a negative game and to 0 in a trump game (by default).

    >>> score_deal({"game": "king_of_hearts", "taker": 0})
    [-5, 0, 0, 0]
    >>> score_deal({"game": "tricks", "taken": [3, 3, 3, 3]})
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: taken: the values must total 13, got 12
    """
    return _score(record, _rules(rules))


# --------------------------------------------------------------------------- a round


def table_result(
    records: Sequence[Record],
    rules: Rules | None = None,
    *,
    first_dealer: int = 0,
    n_seats: int = SEATS,
) -> TableResult:
    """A round so far: scores, place points when complete, what is left to choose.

    Checks, for every record in order: the record itself; ``dealer`` (if given)
    against the rotation (which counts only games, not penalty lines); at most
    20 games; each seat's quotas (3 negative, 2 trump games, counting the games
    it deals); each negative game at most twice; a penalty line's game one the
    dealer may still choose (``penalty_game_unavailable``).  A partial round
    reports what each seat still has to choose.  Errors carry ``deal`` (0-based
    record index).

    >>> r = table_result([{"game": "trump", "taken": [4, 3, 3, 3], "dealer": 2}],
    ...                  first_dealer=2)
    >>> r.scores, r.complete, r.pending["next_dealer"], r.pending["trumps_left"]
    ([4, 3, 3, 3], False, 3, [2, 2, 1, 2])
    """
    r = _rules(rules)
    check_table_size(n_seats, (SEATS,))
    check_seat(first_dealer, "first_dealer", SEATS)
    if r.fixed:
        return _fixed_result(records, r, first_dealer)
    negatives_left = [r.negative_per_seat] * SEATS
    trumps_left = [r.trump_per_seat] * SEATS
    times_left = dict(r.quotas)
    scores = [0] * SEATS
    per_deal: list[list[int]] = []
    games = 0
    forced_trump = False
    for index, record in enumerate(records):
        try:
            points = _score(record, r)
            rec = as_record(record)
            kind = KINDS[str(rec["game"])]
            dealer = (first_dealer + games) % SEATS
            is_penalty = "penalty" in rec
            counts = not is_penalty or r.penalty_counts_as_game
            if games >= GAMES_PER_ROUND:
                raise InvalidDeal("too_many_games", "game", max=GAMES_PER_ROUND)
            check_dealer(rec, dealer, SEATS)
            if forced_trump and kind.negative:
                raise InvalidDeal("dealer_must_choose_trump", "game", seat=dealer)
            if is_penalty and not _available(kind, dealer, negatives_left, trumps_left, times_left):
                # A penalty in a game the dealer cannot be playing puts points on a player for
                # a game never dealt (docs/rules/double_king.md#penalties).
                raise InvalidDeal("penalty_game_unavailable", "game", game=kind.code, seat=dealer)
            if counts:
                _count_choice(kind, dealer, (negatives_left, trumps_left, times_left), r)
                games += 1
                forced_trump = False
            elif rec["penalty"] == dealer:
                # A dealer at fault with no trump game left cannot be forced to trump; he
                # chooses among the games he still owes (docs/rules/double_king.md#dealer-at-fault).
                forced_trump = r.dealer_penalty_forces_trump and trumps_left[dealer] > 0
            else:
                # Another player's fault lets the dealer choose again, even during a forced
                # trump redeal (seed §8; docs/rules/double_king.md#dealer-at-fault).
                forced_trump = False
        except InvalidDeal as err:
            raise with_deal(err, index) from None
        per_deal.append(points)
        scores = [a + b for a, b in zip(scores, points, strict=True)]
    complete = games == GAMES_PER_ROUND
    pending: dict[str, Json] = {
        "games_played": games,
        "games_left": GAMES_PER_ROUND - games,
        "next_dealer": None if complete else (first_dealer + games) % SEATS,
        "negatives_left": list(negatives_left),
        "trumps_left": list(trumps_left),
        "negative_games_left": {k: v for k, v in times_left.items() if v},
        "dealer_must_choose_trump": forced_trump,
        "next_game": None,  # the dealer chooses (a fixed list names it)
    }
    return session_result(
        scores, per_deal, complete=complete, table=r.place_points, pending=pending
    )


def _fixed_result(records: Sequence[Record], r: _Rules, first_dealer: int) -> TableResult:
    """A round played as a fixed list of games (docs/rules/double_king.md#a-round-as-a-fixed-
    list-of-games): each record is the list's next game (``not_the_listed_game``), a penalty
    line too (the game being dealt); the dealer turns as in any round, a penalty line taking
    the slot with ``penalty_counts_as_game`` (the next slot is then the list's next game, no
    trump forced: nobody chooses)."""
    scores = [0] * SEATS
    per_deal: list[list[int]] = []
    games = 0
    for index, record in enumerate(records):
        try:
            points = _score(record, r)
            rec = as_record(record)
            if games >= r.games_per_round:
                raise InvalidDeal("too_many_games", "game", max=r.games_per_round)
            check_dealer(rec, (first_dealer + games) % SEATS, SEATS)
            expected = r.fixed[games]
            if rec["game"] != expected:
                raise InvalidDeal(
                    "not_the_listed_game",
                    "game",
                    game=expected,
                    got=str(rec["game"]),
                    number=games + 1,
                )
            if "penalty" not in rec or r.penalty_counts_as_game:
                games += 1
        except InvalidDeal as err:
            raise with_deal(err, index) from None
        per_deal.append(points)
        scores = [a + b for a, b in zip(scores, points, strict=True)]
    complete = games == r.games_per_round
    left = r.fixed[games:]
    dealers = [(first_dealer + games + k) % SEATS for k in range(len(left))]
    pending: dict[str, Json] = {
        "games_played": games,
        "games_left": len(left),
        "next_dealer": None if complete else dealers[0],
        "next_game": None if complete else left[0],
        "negatives_left": [
            sum(KINDS[g].negative and d == seat for g, d in zip(left, dealers, strict=True))
            for seat in range(SEATS)
        ],
        "trumps_left": [
            sum(g == "trump" and d == seat for g, d in zip(left, dealers, strict=True))
            for seat in range(SEATS)
        ],
        "negative_games_left": {code: left.count(code) for code in NEGATIVE_CODES if code in left},
        "dealer_must_choose_trump": False,
    }
    return session_result(
        scores, per_deal, complete=complete, table=r.place_points, pending=pending
    )


def _available(
    kind: GameKind,
    dealer: int,
    negatives_left: Sequence[int],
    trumps_left: Sequence[int],
    times_left: Mapping[str, int],
) -> bool:
    """Whether the dealer may still choose ``kind``: his quota, and the game's two plays."""
    if not kind.negative:
        return trumps_left[dealer] > 0
    return negatives_left[dealer] > 0 and times_left[kind.code] > 0


def _check_played(kind: GameKind, rules: _Rules) -> None:
    """A game the club's table does not play (a quota of 0, or no trump games)."""
    if not rules.plays(kind.code):
        raise InvalidDeal("game_not_played", "game", game=kind.code)


def _count_choice(
    kind: GameKind,
    dealer: int,
    left: tuple[list[int], list[int], dict[str, int]],
    rules: _Rules,
) -> None:
    negatives_left, trumps_left, times_left = left
    if not kind.negative:
        if trumps_left[dealer] == 0:
            raise InvalidDeal("trump_quota_exceeded", "game", seat=dealer, max=rules.trump_per_seat)
        trumps_left[dealer] -= 1
        return
    if negatives_left[dealer] == 0:
        raise InvalidDeal(
            "negative_quota_exceeded", "game", seat=dealer, max=rules.negative_per_seat
        )
    if times_left[kind.code] == 0:
        raise InvalidDeal(
            "game_played_too_often", "game", game=kind.code, max=rules.quotas[kind.code]
        )
    negatives_left[dealer] -= 1
    times_left[kind.code] -= 1


# --------------------------------------------------------------------------- classification


def classifier(
    rules: Rules | None = None,
) -> Callable[[Sequence[RoundLine]], tuple[int | Fraction, ...]]:
    """:func:`classification_key` with the ruleset read once (a standings page ranks every
    player of a tournament with the same rules).

    >>> classifier()([RoundLine(30, Fraction(14)), RoundLine(-5, Fraction(8))])
    (Fraction(22, 1), 25, 30)
    """
    tiebreaks = _rules(rules).tiebreaks

    def key(rounds: Sequence[RoundLine]) -> tuple[int | Fraction, ...]:
        out: list[int | Fraction] = [
            sum((line.place_points or Fraction(0) for line in rounds), Fraction(0))
        ]
        for name in tiebreaks:
            if name == "total_score":
                out.append(sum(line.score for line in rounds))
            else:
                out.append(max((line.score for line in rounds), default=0))
        return tuple(out)

    return key


def classification_key(
    rounds: Sequence[RoundLine], rules: Rules | None = None
) -> tuple[int | Fraction, ...]:
    """Final classification key (sorts descending): total place points, then the
    tie-breaks of the ruleset (default: total of round scores, best single round).

    >>> lines = [RoundLine(30, Fraction(14)), RoundLine(-5, Fraction(8))]
    >>> classification_key(lines)
    (Fraction(22, 1), 25, 30)
    """
    return classifier(rules)(rounds)


# The defaults keep the frame (each seat's 5 deals, the quotas, a round summing to 0).
_rules(None)


def season_criteria(rules: Rules | None = None) -> tuple[str, ...]:
    """A season's key: total place points, then the ruleset's tie-breaks over the season
    (total score, best single round)."""
    return ("place_points", *_rules(rules).tiebreaks)


SPEC = GameSpec.from_module(
    globals(),
    key="double_king",
    table_sizes=(SEATS,),
    deals_per_round=GAMES_PER_ROUND,
    default_sessions=5,
    teams=None,
    bounds=BOUNDS,
)


# --------------------------------------------------------------------------- the sheet in points


@dataclass(frozen=True)
class SheetLine:
    """What a line of the sheet may hold when it is kept in points, as players write it:
    each cell one of ``values``, the line adding up to ``total``.  A penalty line's values
    are the offender's, then each other seat's."""

    values: tuple[int, ...]
    total: int


def sheet_line(game: str, *, penalty: bool = False, rules: Rules | None = None) -> SheetLine:
    """The cells a game's line (or a penalty line of that game) may hold, and its total.

    >>> sheet_line("queens")
    SheetLine(values=(0, -2, -4, -6, -8), total=-8)
    >>> sheet_line("seventh_last")
    SheetLine(values=(0, -2, -3, -5), total=-5)
    >>> sheet_line("trump", penalty=True)
    SheetLine(values=(-6, 2), total=0)
    """
    kind = _kind({"game": game})
    r = _rules(rules)
    total = r.total(kind.code)
    if penalty:
        if kind.negative:
            return SheetLine((total, 0), total)
        own, others = r.trump_penalty
        return SheetLine((own, others), own + (SEATS - 1) * others)
    if kind.unit:
        unit = r.values[kind.code]
        return SheetLine(tuple(unit * k for k in range(kind.units + 1)), total)
    if kind.code == "king_of_hearts":
        return SheetLine((0, total), total)
    seventh, last = r.values["seventh"], r.values["last"]
    return SheetLine(tuple(dict.fromkeys((0, seventh, last, seventh + last))), total)


def record_from_points(
    game: str, points: Sequence[int], *, penalty: bool = False, rules: Rules | None = None
) -> dict[str, Json]:
    """The record of a sheet line kept in points (the four cells, in seat order).

    Errors name the field ``points``: ``impossible_points`` (with the cell's ``index``),
    ``wrong_total``, ``offender_unknown`` (a trump penalty worth nothing shows no one).

    >>> record_from_points("queens", [-2, 0, -4, -2])
    {'game': 'queens', 'taken': [1, 0, 2, 1]}
    >>> record_from_points("seventh_last", [0, -5, 0, 0])
    {'game': 'seventh_last', 'seventh': 1, 'last': 1}
    >>> record_from_points("trump", [2, -6, 2, 2], penalty=True)
    {'game': 'trump', 'penalty': 1}
    >>> record_from_points("hearts", [-3, -3, -3, -3])
    Traceback (most recent call last):
    ...
    scoring.errors.InvalidDeal: points: the values must total -13, got -12
    """
    kind = _kind({"game": game})
    r = _rules(rules)
    line = sheet_line(game, penalty=penalty, rules=rules)
    if len(points) != SEATS:
        raise InvalidDeal("wrong_length", "points", expected=SEATS, got=len(points))
    for index, value in enumerate(points):
        if value not in line.values:
            raise InvalidDeal(
                "impossible_points", "points", index=index, got=value, allowed=_listed(line.values)
            )
    if sum(points) != line.total:
        raise InvalidDeal("wrong_total", "points", expected=line.total, got=sum(points))
    record = _record(kind, list(points), line if penalty else None, r)
    if _score(record, r) != list(points):
        # Cells each possible and a right total may still not be one game: with a 7th trick
        # at -2 and a last at -4, -2, -2, -2 and 0 add up to -6 but take the 7th three times.
        raise InvalidDeal("impossible_line", "points")
    return record


def _listed(values: Sequence[int]) -> str:
    """« 0, -2, -4, -6, -8 »; a long run as « 0, -1 … -13 »."""
    ordered = sorted(values, key=abs)
    if len(ordered) > 5:
        return f"{ordered[0]}, {ordered[1]} … {ordered[-1]}"
    return ", ".join(str(v) for v in ordered)


def _record(
    kind: GameKind, points: list[int], penalty: SheetLine | None, rules: _Rules
) -> dict[str, Json]:
    if penalty is not None:
        return {"game": kind.code, "penalty": _offender(points, penalty)}
    if kind.unit:
        unit = rules.values[kind.code]
        return {"game": kind.code, "taken": [p // unit for p in points]}
    if kind.code == "king_of_hearts":
        return {"game": kind.code, "taker": points.index(rules.values[kind.code])}
    # The 7th and the last trick's takers whose points these are (the first such pair: when
    # both tricks are worth the same, which took which changes nothing).
    values = rules.values["seventh"], rules.values["last"]
    for seventh in range(SEATS):
        for last in range(SEATS):
            line = [0] * SEATS
            line[seventh] += values[0]
            line[last] += values[1]
            if line == points:
                return {"game": kind.code, "seventh": seventh, "last": last}
    return {"game": kind.code, "seventh": 0, "last": 0}  # refused by the caller's check


def _offender(points: list[int], penalty: SheetLine) -> int:
    """The one seat with the offender's points (the line's first value)."""
    own, others = penalty.values
    offenders = [s for s, p in enumerate(points) if p == own]
    if len(offenders) != 1 or own == others:
        raise InvalidDeal("offender_unknown", "points")
    return offenders[0]
