"""What the tournament machinery asks about one game: each game module exports its ``SPEC``.

Vocabulary
----------
*table sizes*
    The allowed numbers of seats at a table (team games: 4 players, 2 teams).
*session*
    What one table plays in one tournament round: a *ronde* of 20 games (Double King), a
    *poule* of 12 deals (whist), a *partie* to a target (Quarante, Plonk) or of ten manches
    (Double). :meth:`GameSpec.table_result` summarises it; :meth:`GameSpec.classifier` ranks
    players (or teams) over sessions; :meth:`GameSpec.season_criteria` name what ranks them
    over tournaments (sums the database ranks by), :meth:`GameSpec.season_classifier` reads it.
*deals per round*
    Records in a complete session (``None``: played to a target).

>>> from scoring import GAMES
>>> dk = GAMES["double_king"]
>>> dk.players_at(4), GAMES["plonk"].players_at(2)
(4, 4)
>>> dk.season_classifier()(SeasonLine(Fraction(40), score=12, best_round=30))
(Fraction(40, 1), 12, 30)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import game_words
from .common import Json, Record, Rules, TableResult
from .ranking import RoundLine, SeasonLine, season_key

__all__ = ["GameSpec", "Key"]

Key = tuple[int | Fraction, ...]

#: The functions a game module defines under these names (``GameSpec.from_module``).
FUNCTIONS = ("default_rules", "validate_rules", "score_deal", "table_result", "classifier")
OPTIONAL_FUNCTIONS = ("season_criteria", "bye_line")


def _default_season_criteria(rules: Rules | None) -> tuple[str, ...]:
    """Place points, then points, then best round: the individual games' order."""
    return ("place_points", "points_for", "best_round")


@dataclass(frozen=True)
class GameSpec:
    """One game's scoring, as the tournament machinery calls it."""

    key: str
    table_sizes: tuple[int, ...]
    #: records in a complete session, ``None`` when played to a target
    deals_per_round: int | None
    #: sessions (rounds / pools) in a tournament by default, ``None`` if not fixed
    default_sessions: int | None
    #: team ``t`` = these seats; ``None``: every seat plays for itself
    teams: tuple[tuple[int, ...], ...] | None
    _default_rules: Callable[[], dict[str, Json]] = field(repr=False)
    _validate_rules: Callable[[Rules | None], dict[str, Json]] = field(repr=False)
    _score_deal: Callable[[Record, Rules | None], list[int]] = field(repr=False)
    _table_result: Callable[..., TableResult] = field(repr=False)
    _classifier: Callable[[Rules | None], Callable[[Sequence[RoundLine]], Key]] = field(repr=False)
    _season_criteria: Callable[[Rules | None], tuple[str, ...]] = field(
        repr=False, default=_default_season_criteria
    )
    _bye_line: Callable[[Rules | None], RoundLine] | None = field(repr=False, default=None)
    #: the bounds ``(low, high)`` of the ruleset's integer settings (and whist's ``points``
    #: of a contract or counter), for forms to state them
    bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    #: the game's name per language (``{"fr": "Bataille", "en": "War"}``); left out: the
    #: words table's ``game.<key>`` row (``scoring.game_words``)
    names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.names:
            object.__setattr__(self, "names", game_words.names(f"game.{self.key}"))

    def name(self, language: str) -> str:
        """The game's name in ``language`` (``nl-be``: Dutch), else in French, else its key.

        >>> from scoring import GAMES
        >>> GAMES["double"].name("nl"), GAMES["quarante"].name("en-gb")
        ('Dubbel', 'Forty for kings')
        """
        return game_words.pick(self.names, language, self.key)

    @classmethod
    def from_module(cls, namespace: Mapping[str, Any], **fields: Any) -> GameSpec:
        """The spec of a game module: its functions by their names (``FUNCTIONS``, and
        ``OPTIONAL_FUNCTIONS`` when it defines them) taken from ``namespace`` (the module's
        ``globals()``), the rest from ``fields``."""
        names = FUNCTIONS + tuple(n for n in OPTIONAL_FUNCTIONS if n in namespace)
        return cls(**fields, **{f"_{name}": namespace[name] for name in names})

    def default_rules(self) -> dict[str, Json]:
        """A fresh, JSON-compatible copy of the default ruleset."""
        return self._default_rules()

    def validate_rules(self, rules: Rules | None) -> dict[str, Json]:
        """The full ruleset with defaults filled in; raises ``InvalidRules``."""
        return self._validate_rules(rules)

    def score_deal(self, record: Record, rules: Rules | None = None) -> list[int]:
        """Points of one record per seat (per team in team games)."""
        return self._score_deal(record, rules)

    def table_result(
        self,
        records: Sequence[Record],
        rules: Rules | None = None,
        *,
        first_dealer: int = 0,
        n_seats: int = 4,
        sit_out_order: Sequence[int] | None = None,
    ) -> TableResult:
        """One session at one table of ``n_seats`` (one of ``table_sizes``).
        ``sit_out_order``: who sits out first at a table of 5 or 6 (whist's rotating
        sit-outs, ``scoring.whist_seats.rotation_order``), passed on only when given."""
        extra = {"sit_out_order": sit_out_order} if sit_out_order else {}
        result: TableResult = self._table_result(
            records, rules, first_dealer=first_dealer, n_seats=n_seats, **extra
        )
        return result

    def players_at(self, seats: int) -> int:
        """Players at a table of ``seats`` seats (a team's seat holds its players)."""
        return sum(len(team) for team in self.teams) if self.teams else seats

    def classification_key(self, rounds: Sequence[RoundLine], rules: Rules | None = None) -> Key:
        """Sort key (descending) of one player or team over its sessions."""
        return self._classifier(rules)(rounds)

    def classifier(self, rules: Rules | None = None) -> Callable[[Sequence[RoundLine]], Key]:
        """``classification_key`` for one ruleset, read once (ranking many players)."""
        return self._classifier(rules)

    def season_criteria(self, rules: Rules | None = None) -> tuple[str, ...]:
        """What ranks a player over a season's tournaments, in order, with the ruleset's
        tie-breaks (docs/rules/ranking.md#season): names of ``ranking.SEASON_CRITERIA``, each
        a sum over his tournaments' stored results, so that a database can rank by them."""
        return self._season_criteria(rules)

    def season_classifier(self, rules: Rules | None = None) -> Callable[[SeasonLine], Key]:
        """Sort key (descending) of one player over a season's tournaments: his
        ``season_criteria``' values."""
        return season_key(self._season_criteria(rules))

    def bye_line(self, rules: Rules | None = None) -> RoundLine | None:
        """What a team with a bye is credited with (team games), else ``None``."""
        return None if self._bye_line is None else self._bye_line(rules)
