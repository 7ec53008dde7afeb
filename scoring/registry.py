"""The registry of games: what the tournament machinery needs to know about each.

Vocabulary
----------
*game key*
    ``double_king``, ``whist``, ``quarante``, ``plonk``, ``double``.
*table sizes*
    The allowed numbers of seats at a table (team games: 4 players, 2 teams).
*session* (``session_fr`` / ``session_en``)
    What one table plays in one tournament round: a *ronde* of 20 games (Double
    King), a *poule* of 12 deals (whist), a *partie* to a target (Quarante,
    Plonk) or of ten manches (Double).  :meth:`GameSpec.table_result`
    summarises it; :meth:`GameSpec.classification_key` ranks players (or teams)
    over sessions.
*deals per round*
    Records in a complete session (``None``: played to a target).

>>> GAMES["double_king"].table_sizes, GAMES["quarante"].team_game
((4,), True)
>>> GAMES["whist"].score_deal({"contract": "trou", "declarers": [1, 3], "tricks": 13})
[-12, 12, -12, 12]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from . import double, double_king, match, plonk, quarante, whist
from .common import Json, Record, Rules, TableResult
from .ranking import RoundLine

__all__ = ["GAMES", "GameSpec"]

_Key = tuple[int | Fraction, ...]


@dataclass(frozen=True)
class GameSpec:
    """Everything the tournament machinery asks about one game."""

    key: str
    name_fr: str
    name_en: str
    table_sizes: tuple[int, ...]
    team_game: bool
    deals_per_round: int | None
    default_target: int | None
    session_fr: str
    session_en: str
    deal_fr: str
    deal_en: str
    #: sessions (rounds / pools) in a tournament by default, ``None`` if not fixed
    default_sessions: int | None
    #: how players (teams) are ranked over the sessions, in English
    ranking_en: str
    #: team ``t`` = these seats (team games only)
    teams: tuple[tuple[int, ...], ...] | None
    _default_rules: Callable[[], dict[str, Json]] = field(repr=False)
    _validate_rules: Callable[[Rules | None], dict[str, Json]] = field(repr=False)
    _score_deal: Callable[[Record, Rules | None], list[int]] = field(repr=False)
    _table_result: Callable[..., TableResult] = field(repr=False)
    _classification_key: Callable[[Sequence[RoundLine], Rules | None], _Key] = field(repr=False)
    _bye_line: Callable[[Rules | None], RoundLine] | None = field(repr=False, default=None)
    _classifier: Callable[[Rules | None], Callable[[Sequence[RoundLine]], _Key]] | None = field(
        repr=False, default=None
    )
    #: the bounds ``(low, high)`` of the ruleset's integer settings (and whist's ``points``
    #: of a contract or counter), for forms to state them
    bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)

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
    ) -> TableResult:
        """One session at one table of ``n_seats`` (one of ``table_sizes``)."""
        result: TableResult = self._table_result(
            records, rules, first_dealer=first_dealer, n_seats=n_seats
        )
        return result

    def classification_key(self, rounds: Sequence[RoundLine], rules: Rules | None = None) -> _Key:
        """Sort key (descending) of one player or team over its sessions."""
        return self._classification_key(rounds, rules)

    def classifier(self, rules: Rules | None = None) -> Callable[[Sequence[RoundLine]], _Key]:
        """``classification_key`` for one ruleset, read once (ranking many players)."""
        if self._classifier is not None:
            return self._classifier(rules)
        return lambda rounds: self._classification_key(rounds, rules)

    def bye_line(self, rules: Rules | None = None) -> RoundLine | None:
        """What a team with a bye is credited with (team games), else ``None``."""
        return None if self._bye_line is None else self._bye_line(rules)


_TEAMS = ((0, 2), (1, 3))

GAMES: Mapping[str, GameSpec] = MappingProxyType(
    {
        spec.key: spec
        for spec in (
            GameSpec(
                key="double_king",
                name_fr="Double King",
                name_en="Double King",
                table_sizes=(4,),
                team_game=False,
                deals_per_round=double_king.GAMES_PER_ROUND,
                default_target=None,
                session_fr="ronde",
                session_en="round",
                deal_fr="jeu",
                deal_en="game",
                default_sessions=5,
                ranking_en=(
                    "total place points (16/12/8/4 per round), then total round scores, "
                    "then best single round score, then shared place"
                ),
                teams=None,
                _default_rules=double_king.default_rules,
                _validate_rules=double_king.validate_rules,
                _score_deal=double_king.score_deal,
                _table_result=double_king.table_result,
                _classification_key=double_king.classification_key,
                _classifier=double_king.classifier,
                bounds=double_king.BOUNDS,
            ),
            GameSpec(
                key="whist",
                name_fr="Whist (RC « La Chevalerie »)",
                name_en="Whist (RC « La Chevalerie »)",
                table_sizes=(4, 5),
                team_game=False,
                deals_per_round=12,
                default_target=None,
                session_fr="poule",
                session_en="pool",
                deal_fr="donne",
                deal_en="deal",
                default_sessions=3,
                ranking_en="total points over the pools, then best single pool, then shared place",
                teams=None,
                _default_rules=whist.default_rules,
                _validate_rules=whist.validate_rules,
                _score_deal=whist.score_deal,
                _table_result=whist.table_result,
                _classification_key=whist.classification_key,
                _classifier=whist.classifier,
                bounds=whist.BOUNDS,
            ),
            GameSpec(
                key="quarante",
                name_fr="Quarante de roi",
                name_en="Forty for kings",
                table_sizes=(4,),
                team_game=True,
                deals_per_round=None,
                default_target=150,
                session_fr="partie",
                session_en="match",
                deal_fr="donne",
                deal_en="deal",
                default_sessions=None,
                ranking_en="matches won, then points scored, then points difference",
                teams=_TEAMS,
                _default_rules=quarante.default_rules,
                _validate_rules=quarante.validate_rules,
                _score_deal=quarante.score_deal,
                _table_result=quarante.table_result,
                _classification_key=quarante.classification_key,
                _bye_line=quarante.bye_line,
                bounds=match.BOUNDS,
            ),
            GameSpec(
                key="plonk",
                name_fr="Plonk",
                name_en="Plonk",
                table_sizes=(4,),
                team_game=True,
                deals_per_round=None,
                default_target=500,
                session_fr="partie",
                session_en="match",
                deal_fr="donne",
                deal_en="deal",
                default_sessions=None,
                ranking_en="matches won, then points scored, then points difference",
                teams=_TEAMS,
                _default_rules=plonk.default_rules,
                _validate_rules=plonk.validate_rules,
                _score_deal=plonk.score_deal,
                _table_result=plonk.table_result,
                _classification_key=plonk.classification_key,
                _bye_line=plonk.bye_line,
                bounds=match.BOUNDS,
            ),
            GameSpec(
                key="double",
                name_fr="Double",
                name_en="Double",
                table_sizes=double.TABLE_SIZES,
                team_game=False,
                deals_per_round=10,
                default_target=None,
                session_fr="partie",
                session_en="game",
                deal_fr="manche",
                deal_en="hand",
                default_sessions=None,
                ranking_en="total place points, then total tokens, then shared place",
                teams=None,
                _default_rules=double.default_rules,
                _validate_rules=double.validate_rules,
                _score_deal=double.score_deal,
                _table_result=double.table_result,
                _classification_key=double.classification_key,
                bounds=double.BOUNDS,
            ),
        )
    }
)
