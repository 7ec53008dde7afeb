"""Game plug-ins: what the tournament machinery needs from each game, keyed like ``scoring.GAMES``.

A game is a ``GamePlugin`` subclass (``base``: its attributes and hooks, with defaults) over
its scoring spec; ``register`` adds one (the built-in games below, or a club's own game from
anywhere), ``unregister`` removes it. Views and templates never test which game they show:
they ask the plug-in (and its ``lineup``: players or teams).
"""

import scoring

from ..models import game_choices
from .base import GamePlugin
from .double import PLUGIN as DOUBLE
from .double_king import PLUGIN as DOUBLE_KING
from .lineups import PLAYERS, TEAMS, Lineup
from .plonk import PLUGIN as PLONK
from .quarante import PLUGIN as QUARANTE
from .whist import PLUGIN as WHIST

__all__ = [
    "PLAYERS",
    "PLUGINS",
    "TEAMS",
    "GamePlugin",
    "Lineup",
    "game_choices",
    "playable_game_choices",
    "plugin_for",
    "register",
    "unregister",
]

PLUGINS: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> None:
    """Add a game: its scoring spec to ``scoring.GAMES`` (unless it is there already) and
    the plug-in here. Its key must be new."""
    if plugin.key in PLUGINS:
        raise ValueError(f"game {plugin.key!r} is already registered")
    if plugin.key not in scoring.GAMES:
        scoring.register(plugin.spec)
    PLUGINS[plugin.key] = plugin


def unregister(key: str) -> None:
    """Remove a game added with ``register`` (its scoring spec too)."""
    del PLUGINS[key]
    scoring.unregister(key)


for _plugin in (DOUBLE_KING, WHIST, QUARANTE, PLONK, DOUBLE):
    PLUGINS[_plugin.key] = _plugin


def playable_game_choices() -> list[tuple[str, str]]:
    return [(key, name) for key, name in game_choices() if key in PLUGINS]


def plugin_for(game: str) -> GamePlugin:
    return PLUGINS[game]
