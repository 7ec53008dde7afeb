"""Atout's scoring core: the rules of Double King, whist « La Chevalerie »,
Quarante de roi, Plonk and Double, as pure Python (no Django, no floats).

Vocabulary (see each module for its game's own):

*record*
    One deal as the scorekeeper writes it, a JSON-compatible ``dict``
    (formats in ``docs/rules/`` and in each game module).
*rules*
    A club's ruleset: a JSON-compatible ``dict`` of settings; ``None`` means the
    defaults (``GAMES[game].default_rules()``).
*score_deal*
    The points of one record: one integer per seat, or per team in the team
    games (Quarante de roi, Plonk).

Every bad record raises :class:`InvalidDeal` (a ``ValueError``) with a stable
``code`` (see :data:`ERROR_CODES`), the offending ``field`` and ``params``.

>>> from scoring import score_deal, InvalidDeal
>>> score_deal("double_king", {"game": "queens", "taken": [1, 0, 2, 1]})
[-2, 0, -4, -2]
>>> score_deal("whist", {"contract": "emballage_9", "declarers": [0, 2], "tricks": 9,
...                      "renege": 0})
[-12, 4, 4, 4]
>>> try:
...     score_deal("double_king", {"game": "tricks", "taken": [4, 4, 4, 0]})
... except InvalidDeal as err:
...     print(err.code, err.field, err.params)
wrong_total taken {'expected': 13, 'got': 12}
"""

from __future__ import annotations

from collections.abc import Mapping

from .common import Json, Record, Rules, TableResult
from .errors import ERROR_CODES, InvalidDeal, InvalidRules
from .ranking import (
    RoundLine,
    SeasonLine,
    TournamentLine,
    annual_ranking_key,
    place_points,
    shared_places,
)
from .registry import GAMES, GameSpec, register, unregister

__all__ = [
    "ERROR_CODES",
    "GAMES",
    "GameSpec",
    "InvalidDeal",
    "InvalidRules",
    "Json",
    "Record",
    "RoundLine",
    "Rules",
    "SeasonLine",
    "TableResult",
    "TournamentLine",
    "annual_ranking_key",
    "place_points",
    "register",
    "score_deal",
    "shared_places",
    "unregister",
]


def score_deal(game: str, record: Mapping[str, object], *, rules: Rules | None = None) -> list[int]:
    """Points of one record of ``game``: one integer per seat (per team in team games).

    ``game`` is one of ``double_king``, ``whist``, ``quarante``, ``plonk``,
    ``double``; an unknown game raises ``InvalidDeal`` with code ``unknown_game``
    and field ``game``.

    >>> score_deal("plonk", {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]})
    [138, 131]
    """
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        raise InvalidDeal("unknown_game", "game", got=repr(game))
    return spec.score_deal(record, rules)
