"""Game plug-ins: what the tournament machinery needs from each game, keyed like ``scoring.GAMES``.

Adding a game is a module here with its ``PLUGIN`` and a line in ``PLUGINS``; views and
templates never test which game they show.
"""

from django.utils.translation import get_language

from .base import GamePlugin
from .double import PLUGIN as DOUBLE
from .double_king import PLUGIN as DOUBLE_KING
from .plonk import PLUGIN as PLONK
from .quarante import PLUGIN as QUARANTE
from .whist import PLUGIN as WHIST

PLUGINS: dict[str, GamePlugin] = {
    plugin.key: plugin for plugin in (DOUBLE_KING, WHIST, QUARANTE, PLONK, DOUBLE)
}


def game_choices() -> list[tuple[str, str]]:
    from scoring import GAMES

    french = (get_language() or "fr").startswith("fr")
    return [(key, spec.name_fr if french else spec.name_en) for key, spec in GAMES.items()]


def playable_game_choices() -> list[tuple[str, str]]:
    return [(key, name) for key, name in game_choices() if key in PLUGINS]


def plugin_for(game: str) -> GamePlugin:
    return PLUGINS[game]
