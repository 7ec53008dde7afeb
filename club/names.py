"""One way to compare people's names (« N’Diaye » is « n'diaye », « gerard » is « Gérard »)
and one way to write them: « Guy Henrard » or « Henrard Guy », as the club chose
(``Club.name_order``).

The order is the active one, as the language is: ``ClubNameOrderMiddleware`` puts back the
default (« Prénom Nom ») at each request, and a page activates its club's order where it looks
its club up (``Club.activate_name_order``); exports and tasks run ``with name_order(...)``.
"""

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: « Guy Henrard »: the default.
FIRST_LAST = "first_last"
#: « Henrard Guy ».
LAST_FIRST = "last_first"

_active_order: ContextVar[str] = ContextVar("atout_name_order", default=FIRST_LAST)

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


def person_key(first_name: str, last_name: str) -> tuple[str, str]:
    return name_key(first_name), name_key(last_name)


def person_name(first_name: str, last_name: str, order: str | None = None) -> str:
    """The one way a page writes a person's name: in ``order``, else the active one.

    >>> person_name("Guy", "Henrard", FIRST_LAST)
    'Guy Henrard'
    >>> person_name("Guy", "Henrard", LAST_FIRST)
    'Henrard Guy'
    """
    if (order or _active_order.get()) == LAST_FIRST:
        return f"{last_name} {first_name}"
    return f"{first_name} {last_name}"


def active_name_order() -> str:
    return _active_order.get()


def activate_name_order(order: str) -> None:
    """The order the names of this request (this thread or task) are written in."""
    _active_order.set(order if order in (FIRST_LAST, LAST_FIRST) else FIRST_LAST)


@contextmanager
def name_order(order: str) -> Iterator[None]:
    """Names written in ``order`` inside the block (an export, a task), as before after it."""
    token = _active_order.set(order if order in (FIRST_LAST, LAST_FIRST) else FIRST_LAST)
    try:
        yield
    finally:
        _active_order.reset(token)
