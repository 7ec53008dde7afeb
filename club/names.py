"""One way to compare people's names (« N’Diaye » is « n'diaye », « gerard » is « Gérard »)
and one way to write them: « Guy Henrard » or « Henrard Guy », as the club chose
(``Club.name_order``).

The order is the active one, as the language is: ``ClubNameOrderMiddleware`` puts back the
default (« Prénom Nom ») at each request, and a page activates its club's order where it looks
its club up (``Club.activate_name_order``); exports and tasks run ``with name_order(...)``.
"""

import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: « Guy Henrard »: the default.
FIRST_LAST = "first_last"
#: « Henrard Guy ».
LAST_FIRST = "last_first"

_active_order: ContextVar[str] = ContextVar("atout_name_order", default=FIRST_LAST)


class PublicNames:
    """The names a public page writes instead of some players' own (``club.privacy``: the
    initials, pseudonyms and « Joueur 17 » a club chose), loaded at the first name written."""

    def __init__(
        self, load: Callable[[], tuple[dict[tuple[str, str], str], frozenset[int]]]
    ) -> None:
        self._load = load
        self._loaded: tuple[dict[tuple[str, str], str], frozenset[int]] | None = None
        #: What was made of these names for this page (a tournament's team names), by key.
        self.made: dict[object, object] = {}

    def _read(self) -> tuple[dict[tuple[str, str], str], frozenset[int]]:
        if self._loaded is None:
            self._loaded = self._load()
        return self._loaded

    def get(self, first_name: str, last_name: str) -> str | None:
        return self._read()[0].get((first_name, last_name))

    def hidden(self) -> frozenset[int]:
        """The ids of the players whose name is hidden (no public page of their own)."""
        return self._read()[1]


#: The public pages' names (None: a staff page, a table sheet or a staff export, which write
#: every name in full). Put back to None at each request (``ClubNameOrderMiddleware``).
_public_names: ContextVar[PublicNames | None] = ContextVar("atout_public_names", default=None)

# Apostrophes as phones, word processors and keyboards type them.
_APOSTROPHES = str.maketrans(dict.fromkeys("’‘ʼʹ`´′＇", "'"))


def name_key(text: str) -> str:
    """``text`` without accents, case, apostrophe style or extra spaces, for duplicate checks.

    >>> name_key("  N’Diaye ") == name_key("n'diaye")
    True
    >>> name_key("Gérard") == name_key("GERARD")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.translate(_APOSTROPHES).casefold().split())


# What joins a name's parts: « D’Hondt », « N’Guessan », « Jean-Pierre » are found from
# « dhondt », « nguessan », « jeanpierre » (or « jean pierre »: each word is looked for).
_JOINERS = str.maketrans("", "", "'-\u2010\u2011\u2012\u2013\u2014")


def search_key(text: str) -> str:
    """``name_key`` without apostrophes or hyphens: what the member search compares.

    >>> search_key("D’Hondt Marc") == search_key("dhondt marc")
    True
    >>> search_key("N'Guessan") == search_key("nguessan") == search_key("N-Guessan")
    True
    """
    return " ".join(name_key(text).translate(_JOINERS).split())


def person_key(first_name: str, last_name: str) -> tuple[str, str]:
    return name_key(first_name), name_key(last_name)


def person_name(first_name: str, last_name: str, order: str | None = None) -> str:
    """The one way a page writes a person's name: in ``order``, else the active one.

    >>> person_name("Guy", "Henrard", FIRST_LAST)
    'Guy Henrard'
    >>> person_name("Guy", "Henrard", LAST_FIRST)
    'Henrard Guy'
    """
    shown = public_label(first_name, last_name)
    if shown is not None:
        return shown
    return ordered_name(first_name, last_name, order or _active_order.get())


def ordered_name(first_name: str, last_name: str, order: str) -> str:
    """A person's name in ``order``, whatever this request's context (a page listing players of
    several clubs writes each in his own club's order: ``club.privacy.resolved_name``).

    >>> ordered_name("Guy", "Henrard", LAST_FIRST)
    'Henrard Guy'
    """
    if order == LAST_FIRST:
        return f"{last_name} {first_name}"
    return f"{first_name} {last_name}"


def active_name_order() -> str:
    return _active_order.get()


def activate_name_order(order: str) -> None:
    """The order the names of this request (this thread or task) are written in."""
    _active_order.set(order if order in (FIRST_LAST, LAST_FIRST) else FIRST_LAST)


def activate_public_names(names: PublicNames | None) -> None:
    """This request's names are the public pages' (``names``) or, None, everyone's own."""
    _public_names.set(names)


def public_label(first_name: str, last_name: str) -> str | None:
    """What a public page writes instead of this person's name (None: his name, in full)."""
    public = _public_names.get()
    return public.get(first_name, last_name) if public is not None else None


def hidden_players() -> frozenset[int]:
    """The players a public page must not link to (their name is hidden); none on staff
    pages, which link every player."""
    public = _public_names.get()
    return public.hidden() if public is not None else frozenset()


def current_public_names() -> PublicNames | None:
    """The public pages' names now written (None: everyone's own), to tell what was made
    from them apart from what was made from others."""
    return _public_names.get()


def public_names_active() -> bool:
    """Whether the names written now are the public pages' (part of every cache key)."""
    return _public_names.get() is not None


@contextmanager
def public_names(names: PublicNames) -> Iterator[None]:
    """Names written as the public pages write them inside the block (a public export)."""
    token = _public_names.set(names)
    try:
        yield
    finally:
        _public_names.reset(token)


@contextmanager
def name_order(order: str) -> Iterator[None]:
    """Names written in ``order`` inside the block (an export, a task), as before after it."""
    token = _active_order.set(order if order in (FIRST_LAST, LAST_FIRST) else FIRST_LAST)
    try:
        yield
    finally:
        _active_order.reset(token)
