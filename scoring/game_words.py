"""The games' own words in every language: one table, ``game_words.csv``, data and not code.

Vocabulary
----------
*key*
    What a word names, ``<kind>.<code>`` (below): the first column.
*language*
    A column: its code, lower case, as Django writes it (``de``, ``es``; a regional code such
    as ``nl-be`` too). French is always a column: every key has its French word.
*word*
    A cell: the name players of that language use for the key (« Samen 8 », « Troel »).

The file
--------
UTF-8 CSV, header ``key,fr,en,nl``, one row per key:

``game.<game key>``
    a game's name (``GameSpec.name``): ``game.whist``, ``game.double_king``...
``dk.<kind code>``
    a Double King game (``double_king.GameKind.name``): ``dk.hearts``...
``contract.<contract code>``
    a whist contract of the default table (``whist.CHEVALERIE_CONTRACTS`` carries
    ``name_<language>`` for every column); a club renames its own in its ruleset.

A cell left empty means « no word in that language »: the fallbacks below give one.

Fallbacks
---------
:func:`word` looks a key up in ``language`` (``nl-be``: its column if there is one, else
``nl``), then in French (the documents' language: every key has its French word), then
gives the key itself, so a page never breaks on a missing word.

Adding a language
-----------------
Add a column to the CSV (its code in the header, a word in each row) and the language's
catalogue in ``locale/`` (``settings.LANGUAGES`` lists every catalogued language): no code.

>>> word("dk.hearts", "nl-be")
'Geen harten'
>>> word("contract.trou_royal", "en"), word("contract.trou_royal", "xx")
('Royal trou', 'Trou royal')
>>> word("game.unknown", "fr")
'game.unknown'
"""

from __future__ import annotations

import csv
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "DOCUMENTS_LANGUAGE",
    "WORDS_FILE",
    "GameWords",
    "GameWordsError",
    "base_language",
    "candidates",
    "game_words",
    "languages",
    "names",
    "own_languages",
    "pick",
    "read_words",
    "word",
]

WORDS_FILE = Path(__file__).with_name("game_words.csv")
#: The language every word has, and the last one tried: the clubs' and their documents'.
DOCUMENTS_LANGUAGE = "fr"
#: A column's language code: ``de``, ``nl-be`` (lower case, as Django writes them).
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[a-z0-9]{2,8})?")
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


class GameWordsError(ValueError):
    """The words file is not a table the loader can trust (the message says where)."""


def base_language(language: str) -> str:
    """``nl-be`` (or ``nl_BE``) → ``nl``: the language a regional code belongs to.

    >>> base_language("nl_BE"), base_language("FR")
    ('nl', 'fr')
    """
    return language.lower().replace("_", "-").split("-")[0]


def own_languages(language: str) -> tuple[str, ...]:
    """``language`` and the language it belongs to, without French unless it is French.

    >>> own_languages("nl_BE"), own_languages("fr")
    (('nl-be', 'nl'), ('fr',))
    """
    code = language.lower().replace("_", "-")
    return tuple(dict.fromkeys([code, base_language(code)]))


def candidates(language: str) -> tuple[str, ...]:
    """The languages tried for ``language``, in order: itself, its base, French.

    >>> candidates("nl-be")
    ('nl-be', 'nl', 'fr')
    """
    return tuple(dict.fromkeys([*own_languages(language), DOCUMENTS_LANGUAGE]))


def pick(names: Mapping[str, str], language: str, default: str, *, fallback: bool = True) -> str:
    """The word of ``names`` (language → word) for ``language`` with the fallbacks
    (:func:`candidates`; ``fallback=False``: not French), else ``default``: a plug-in's own
    names read as the table's.

    >>> pick({"fr": "Bataille", "en": "War"}, "en-gb", "bataille")
    'War'
    >>> pick({"fr": "Bataille"}, "nl", "bataille"), pick({}, "nl", "bataille")
    ('Bataille', 'bataille')
    """
    for code in candidates(language) if fallback else own_languages(language):
        found = names.get(code)
        if found:
            return found
    return default


@dataclass(frozen=True)
class GameWords:
    """The table: its languages (the CSV's columns) and each key's words (non-empty)."""

    languages: tuple[str, ...]
    words: Mapping[str, Mapping[str, str]]

    def word(self, key: str, language: str) -> str:
        """``key``'s word in ``language``, else in French, else ``key``."""
        return pick(self.words.get(key, {}), language, key)

    def names(self, key: str) -> dict[str, str]:
        """``key``'s word in every language that has one (empty for an unknown key)."""
        return dict(self.words.get(key, {}))


def read_words(path: Path) -> GameWords:
    """The table in ``path``, checked: a ``key`` column then language codes (French among
    them), each key once and well formed, as many cells as columns in every row."""
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    if not rows:
        raise GameWordsError(f"{path}: empty, the header key,fr,... is missing")
    header = [cell.strip() for cell in rows[0]]
    languages = tuple(header[1:])
    if header[:1] != ["key"] or DOCUMENTS_LANGUAGE not in languages:
        raise GameWordsError(f"{path}:1: the header must be key,{DOCUMENTS_LANGUAGE},...")
    for code in languages:
        if not LANGUAGE_CODE.fullmatch(code):
            raise GameWordsError(f"{path}:1: {code!r} is not a language code (de, nl-be)")
    if len(set(languages)) != len(languages):
        raise GameWordsError(f"{path}:1: a language is named twice")
    words: dict[str, dict[str, str]] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue  # a blank line
        if len(row) != len(header):
            raise GameWordsError(f"{path}:{number}: {len(row)} cells, {len(header)} columns")
        key = row[0].strip()
        if not KEY.fullmatch(key):
            raise GameWordsError(f"{path}:{number}: {key!r} is not a key (game.whist)")
        if key in words:
            raise GameWordsError(f"{path}:{number}: {key!r} is already on an earlier line")
        cells = zip(languages, row[1:], strict=True)
        words[key] = {code: cell.strip() for code, cell in cells if cell.strip()}
    return GameWords(languages, words)


@cache
def game_words() -> GameWords:
    """The project's table (``WORDS_FILE``), read once."""
    return read_words(WORDS_FILE)


def languages() -> tuple[str, ...]:
    """The languages with a column of words."""
    return game_words().languages


def word(key: str, language: str) -> str:
    """``key``'s word in ``language``, else in French, else ``key`` (the module's doc)."""
    return game_words().word(key, language)


def names(key: str) -> dict[str, str]:
    """``key``'s word in every language of the table that has one."""
    return game_words().names(key)
