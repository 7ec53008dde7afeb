"""The games' words in the active language: one lookup for every page, sheet and export.

The words are ``scoring.game_words`` (``scoring/game_words.csv``: a column per language) and
a club's own whist contract names (``name_<language>`` in its ruleset).
"""

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import get_language

from scoring import game_words
from scoring.spec import GameSpec


def active_language() -> str:
    """The page's language (the site's own when none is active)."""
    return get_language() or settings.LANGUAGE_CODE


def game_word(key: str) -> str:
    """The words table's ``key`` (``dk.hearts``, ``contract.trou``) in the active language,
    else in French, else the key."""
    return game_words.word(key, active_language())


def spec_name(spec: GameSpec) -> str:
    """A game's name in the active language."""
    return spec.name(active_language())


def contract_name(row: Mapping[str, Any]) -> str:
    """A whist contract's name in the active language: the club's name in that language, then
    the words table's word for its code, then the club's name in the site's language (a
    contract the club renamed stays as the club typed it), then any word of the table, then
    its code."""
    language = active_language()
    code = str(row.get("code") or "")
    for lang in game_words.own_languages(language):
        if row.get(f"name_{lang}"):
            return str(row[f"name_{lang}"])
    table = game_words.names(f"contract.{code}")
    found = game_words.pick(table, language, "", fallback=False)
    if found:
        return found
    own = row.get(f"name_{settings.LANGUAGE_CODE}")
    return str(own) if own else game_words.pick(table, language, code)
