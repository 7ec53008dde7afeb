"""The rating across seasons: who plays best, not who plays most.

This is the one module of ``scoring`` where floats are allowed. The « never floats » rule is
about points and places, which a club's arbiter checks to the unit; a rating is neither: it is
a statistical estimate of a player's skill with its uncertainty, and what pages show of it is
rounded (``docs/rules/rating.md``).

The model is the maintained library ``openskill`` (MIT): its Plackett–Luce model rates a
table of 3 to 6 seats (players, or teams in a team game) from the order the table finished in.
:data:`MODEL_NAME` and :data:`MODEL_VERSION` are recorded with every rating: a change of model
is a new, announced recomputation, never a silent drift.

Vocabulary
----------
*table* (:class:`RatedTable`)
    One match among its seats, each a tuple of players (one player, or a team's) with its
    place at the table (1 = first; equal places are a tie). Tables are rated in the order they
    were played.
*tournament* (:class:`RatedTournament`)
    Its tables in play order, and the players left out of the rating for it (a substitute or
    a host filling a table): their table still counts for the others, as a match among those
    rated.
*state* (:class:`RatingState`)
    Every player's skill (``mu``), its uncertainty (``sigma``), his tables and distinct
    opponents, and whether he is rated yet. :func:`replay` folds tournaments into a state;
    folding a history at once or in two steps gives the same state (to 1e-9).
*gates* (:class:`Gates`)
    A player is « provisoire » until he has played ``min_tables`` tables against at least
    ``min_opponents`` distinct opponents, at least half of that minimum rated (an opponent
    counts as rated if he was rated at one of the tables they shared: with the defaults, 12
    distinct opponents of whom 6 rated). Half of the minimum, not half of every opponent met:
    a regular who has met the whole club would otherwise wait for the whole club. Until the list has
    ``rated_population`` rated players, tables and distinct opponents alone suffice. The gates
    are checked after each table, in the order tables were played; a rated player stays rated.
*published rating*
    One number a player understands: a conservative estimate, the skill minus three times its
    uncertainty (``mu - 3 sigma``), on a friendly scale where a newcomer starts at 1000
    (:func:`published`).

>>> state = RatingState()
>>> table = RatedTable(seats=((1,), (2,), (3,), (4,)), places=(1, 2, 3, 4))
>>> state = replay(state, [RatedTournament(key="t1", tables=(table,))])
>>> [published(state.players[p]) for p in (1, 2, 3, 4)]
[1120, 1081, 1017, 868]
>>> state.players[1].tables, len(state.players[1].opponents), state.players[1].rated
(1, 3, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import version

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "DEFAULT_GATES",
    "MODEL_NAME",
    "MODEL_VERSION",
    "Gates",
    "PlayerState",
    "RatedTable",
    "RatedTournament",
    "RatingState",
    "conservative",
    "published",
    "replay",
]

#: The model every rating is computed with, recorded with it.
MODEL_NAME = "openskill.PlackettLuce"
MODEL_VERSION: str = version("openskill")

#: The uncertainty's multiple taken off the skill: a rated player is at least this good with
#: about 99 chances in 100.
CONFIDENCE = 3.0
#: The friendly scale: a newcomer (``mu - 3 sigma = 0``) shows 1000, each unit of skill 40.
SCALE_ORIGIN = 1000.0
SCALE_UNIT = 40.0

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Gates:
    """A list's settings: the minimum tables and distinct opponents before a player is rated,
    and the rated players the list needs before the half-rated rule applies."""

    min_tables: int = 30
    min_opponents: int = 12
    rated_population: int = 12


DEFAULT_GATES = Gates()


@dataclass(frozen=True)
class RatedTable:
    """One table: ``seats`` (each a tuple of player ids: one player, or a team) and their
    ``places`` (1 = first, equal places tied), in the same order."""

    seats: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class RatedTournament:
    """A tournament's tables in play order; ``left_out``: its substitutes and hosts filling a
    table, not rated for it."""

    key: str
    tables: tuple[RatedTable, ...]
    left_out: frozenset[int] = frozenset()


@dataclass
class PlayerState:
    """One player's rating: skill and uncertainty, his rated tables, his distinct opponents
    and those of them met while rated, and whether he has passed the gates."""

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    tables: int = 0
    opponents: set[int] = field(default_factory=set)
    rated_opponents: set[int] = field(default_factory=set)
    rated: bool = False

    def copy(self) -> PlayerState:
        return PlayerState(
            self.mu,
            self.sigma,
            self.tables,
            set(self.opponents),
            set(self.rated_opponents),
            self.rated,
        )


@dataclass
class RatingState:
    """A list's state: every player met so far and how many are rated."""

    players: dict[int, PlayerState] = field(default_factory=dict)
    rated_count: int = 0

    def copy(self) -> RatingState:
        return RatingState({p: s.copy() for p, s in self.players.items()}, self.rated_count)


def conservative(player: PlayerState) -> float:
    """The skill minus three times its uncertainty (the model's own units)."""
    return player.mu - CONFIDENCE * player.sigma


def published(player: PlayerState) -> int:
    """The number a page shows: the conservative estimate on the friendly scale, rounded.

    >>> published(PlayerState())
    1000
    >>> published(PlayerState(mu=30.0, sigma=2.0))
    1960
    """
    return round(SCALE_ORIGIN + SCALE_UNIT * conservative(player))


def replay(
    state: RatingState,
    tournaments: Iterable[RatedTournament],
    gates: Gates = DEFAULT_GATES,
) -> RatingState:
    """The state after ``tournaments`` (in the order they were played), from ``state``, which
    is left as it was."""
    # Copy on write: the players' records are shared with ``state`` until a table changes one
    # (a new tournament copies its own players, not the whole list).
    result = RatingState(dict(state.players), state.rated_count)
    copied: set[int] = set()
    for tournament in tournaments:
        _rate_tournament(result, tournament, gates, copied)
    return result


def _rate_tournament(
    state: RatingState, tournament: RatedTournament, gates: Gates, copied: set[int]
) -> None:
    for table in tournament.tables:
        seats: list[tuple[int, ...]] = []
        places: list[int] = []
        for seat, place in zip(table.seats, table.places, strict=True):
            kept = tuple(p for p in seat if p not in tournament.left_out)
            if kept:
                seats.append(kept)
                places.append(place)
        if len(seats) >= 2:
            _rate_table(state, seats, places, gates, copied)


def _rate_table(
    state: RatingState,
    seats: Sequence[tuple[int, ...]],
    places: Sequence[int],
    gates: Gates,
    copied: set[int],
) -> None:
    players = state.players
    for seat in seats:
        for p in seat:
            if p not in copied:
                known = players.get(p)
                players[p] = known.copy() if known is not None else PlayerState()
                copied.add(p)
    teams = [[PlackettLuceRating(players[p].mu, players[p].sigma) for p in seat] for seat in seats]
    rated = _MODEL.rate(teams, ranks=list(places))
    rated_before = {p for seat in seats for p in seat if players[p].rated}
    everyone = [p for seat in seats for p in seat]
    for seat, new in zip(seats, rated, strict=True):
        for p, rating in zip(seat, new, strict=True):
            player = players[p]
            player.mu = rating.mu
            player.sigma = rating.sigma
            player.tables += 1
            for other in everyone:
                if other not in seat:
                    player.opponents.add(other)
                    if other in rated_before:
                        player.rated_opponents.add(other)
    for p in everyone:
        player = players[p]
        if not player.rated and _passes(player, state.rated_count, gates):
            player.rated = True
            state.rated_count += 1


def _passes(player: PlayerState, rated_count: int, gates: Gates) -> bool:
    if player.tables < gates.min_tables or len(player.opponents) < gates.min_opponents:
        return False
    if rated_count < gates.rated_population:
        return True
    return 2 * len(player.rated_opponents) >= gates.min_opponents
