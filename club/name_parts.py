"""A person's name found in free text, whole words only, whatever its case and accents: what an
erasure replaces (``tournaments.services.privacy``, docs/privacy.md).

A phone's reason names a player as it comes: « QUACKENBUSH a fait 9 plis », « helene s'est
trompée », « Van den Bossche compte mal ». So every part of his name is looked for — his first
name, his last name, his pseudonym, a multi-word name as a whole and each of its significant
words — and each is matched as whole words only, so that « Marc » inside « Marcel » is left
alone. Pure functions: no database, no Django.
"""

import re
import unicodedata
from collections.abc import Iterable, Sequence

# Apostrophes as phones, word processors and keyboards type them (as ``club.names`` does).
_APOSTROPHES = frozenset("’‘ʼʹ`´′＇")
# Letters no Unicode decomposition takes to a plain one.
_LETTERS = {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
# Where a name's words part: spaces, hyphens, apostrophes (« Jean-Pierre », « D'Hondt »).
_SEPARATORS = re.compile(r"[\s\-']+")
# Between the words of a name in the text: any of them (« Van den Bossche », « van-den bossche »).
_BETWEEN = r"[\s\-']+"
#: The small words of a name that say nothing alone: only the whole name, or its other words,
#: name him (« Van » or « de » alone is not his name).
PARTICLES = frozenset(
    {
        "af", "d", "da", "das", "de", "degli", "dei", "del", "della", "den", "der", "des",
        "di", "do", "dos", "du", "el", "het", "l", "la", "le", "les", "lo", "op", "s", "st",
        "t", "te", "ten", "ter", "van", "vande", "vanden", "vander", "von", "y", "zu",
    }
)  # fmt: skip


def _fold_char(char: str) -> str:
    """``char`` without its accent and case; an apostrophe of any style is « ' »."""
    if char in _APOSTROPHES:
        return "'"
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return "".join(_LETTERS.get(c, c) for c in plain.casefold())


def fold(text: str) -> str:
    """``text`` without accents or case (« Hélène » and « HELENE » fold alike)."""
    return "".join(_fold_char(char) for char in text)


def _folded_with_places(text: str) -> tuple[str, list[int]]:
    """``fold(text)`` and, for each of its characters, where it comes from in ``text``."""
    pieces: list[str] = []
    places: list[int] = []
    for index, char in enumerate(text):
        folded = _fold_char(char)
        pieces.append(folded)
        places.extend([index] * len(folded))
    return "".join(pieces), places


def _words(name: str) -> list[str]:
    return [word for word in _SEPARATORS.split(fold(name).strip()) if word]


def significant(word: str) -> bool:
    """A word that names someone alone: two letters at least, not a particle."""
    folded = fold(word)
    return len(folded) >= 2 and folded not in PARTICLES


def name_parts(
    first_name: str, last_name: str, pseudonym: str = "", *, first_name_alone: bool = True
) -> list[str]:
    """The ways his name may be written in free text: both orders of his full name, his last
    name, his pseudonym, each as a whole and each of their significant words; his first name
    (and its words: « Jean-Pierre », « Jean », « Pierre ») unless ``first_name_alone`` is
    False — where other players are named too, a first name alone may well be another's."""
    parts = [f"{first_name} {last_name}", f"{last_name} {first_name}", last_name, pseudonym]
    words = [*_SEPARATORS.split(last_name), *_SEPARATORS.split(pseudonym)]
    if first_name_alone:
        parts.append(first_name)
        words.extend(_SEPARATORS.split(first_name))
    parts.extend(word for word in words if significant(word))
    found: dict[str, str] = {}
    for part in parts:
        part = " ".join(part.split())
        if _words(part):
            found.setdefault(" ".join(_words(part)), part)
    return sorted(found.values(), key=lambda part: (-len(fold(part)), part))


def _pattern(parts: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for every part, as whole words of the folded text, the longest first
    (« Jean Van den Bossche » is replaced once, not word by word)."""
    phrases = {_BETWEEN.join(re.escape(word) for word in _words(part)) for part in parts}
    phrases.discard("")
    if not phrases:
        return None
    ordered = sorted(phrases, key=lambda phrase: (-len(phrase), phrase))
    return re.compile(r"(?<!\w)(?:" + "|".join(ordered) + r")(?!\w)")


def mentions(text: str, parts: Sequence[str]) -> bool:
    """Whether ``text`` names any of ``parts`` (whole words, any case, any accents)."""
    pattern = _pattern(parts)
    return pattern is not None and pattern.search(fold(text)) is not None


def replace_name_parts(text: str, parts: Sequence[str], replacement: str) -> str:
    """``text`` with every one of ``parts`` found as whole words — in any case, with or
    without accents, its words parted by any spaces, hyphens or apostrophes — replaced by
    ``replacement``; the rest of the text as it was.

    >>> replace_name_parts("Marcel a vu que MARC avait 9 plis", ["Marc"], "Anonyme 7")
    'Marcel a vu que Anonyme 7 avait 9 plis'
    >>> replace_name_parts("helene et Hélène", ["Hélène"], "X")
    'X et X'
    """
    pattern = _pattern(parts)
    if pattern is None or not text:
        return text
    folded, places = _folded_with_places(text)
    pieces: list[str] = []
    done = 0
    for match in pattern.finditer(folded):
        start = places[match.start()]
        # Up to the next character kept: a trailing combining accent goes with the name.
        end = places[match.end()] if match.end() < len(places) else len(text)
        pieces.extend([text[done:start], replacement])
        done = end
    if not pieces:
        return text
    pieces.append(text[done:])
    return "".join(pieces)
