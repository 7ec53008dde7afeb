"""Numbers the way the page's language writes them: « 7,00 € », « € 7,00 », « 1er », « 1e »."""

from collections.abc import Callable
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, pgettext

NBSP = "\u00a0"

#: Languages that write the euro sign before the amount (Belgian Dutch: « € 12,50 »); the
#: others after it (« 12,50 € »).
EURO_FIRST = frozenset({"nl"})


def labelled(label: object, text: object) -> str:
    """A label and its value with the language's colon: « Jeu 4 (C) : 12 » in French,
    « Spel 4 (C): 12 » in Dutch and English.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     labelled("Game 4", "12")
    'Game 4: 12'
    """
    return f"{label}{pgettext('label separator', ':')} {text}"


def _base(language: str | None) -> str:
    """« nl-be » → « nl »; no language active: the site's (French)."""
    return (language or "fr").split("-")[0].lower()


def money(amount: Decimal | int | float | None) -> str:
    """An amount in euros with two decimals, the unit a non-breaking space away: after the
    amount in French, before it in Belgian Dutch.

    >>> from django.utils import translation
    >>> with translation.override("fr"):
    ...     money(Decimal("7")) == "7,00" + NBSP + "€"
    True
    >>> with translation.override("nl"):
    ...     money(Decimal("12.5")) == "€" + NBSP + "12,50"
    True
    """
    if amount is None:
        return ""
    figures = number_format(Decimal(amount), decimal_pos=2)
    if _base(get_language()) in EURO_FIRST:
        return f"€{NBSP}{figures}"
    return f"{figures}{NBSP}€"


def ordinal(n: int) -> str:
    """A place: « 1er », « 2e » in French; « 1st », « 22nd » in English; « 1e » in Dutch.

    >>> from django.utils import translation
    >>> with translation.override("fr"):
    ...     [ordinal(1), ordinal(2), ordinal(21)]
    ['1er', '2e', '21e']
    >>> with translation.override("en"):
    ...     [ordinal(1), ordinal(12), ordinal(22)]
    ['1st', '12th', '22nd']
    >>> with translation.override("nl"):
    ...     [ordinal(1), ordinal(2), ordinal(3), ordinal(8)]
    ['1e', '2e', '3e', '8e']
    """
    return ordinal_writer()(n)


def ordinal_writer() -> Callable[[int], str]:
    """``ordinal`` in the active language, looked up once (a page writes thousands); a
    language without its own: the bare number."""
    return ORDINALS.get(_base(get_language()), str)


def _french_ordinal(n: int) -> str:
    return f"{n}er" if n == 1 else f"{n}e"


def _english_ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _dutch_ordinal(n: int) -> str:
    return f"{n}e"  # 1e, 2e, 3e, 8e, 20e: the short form Dutch writes after every number


#: Each language's way of writing a place (by its base code: « nl-be » is « nl »).
ORDINALS: dict[str, Callable[[int], str]] = {
    "fr": _french_ordinal,
    "en": _english_ordinal,
    "nl": _dutch_ordinal,
}


def best_n_label(n: int | None) -> str:
    """The header of the « best N » column with its N: « 5 meilleurs tournois »."""
    if not n:
        return gettext("Best N tournaments")
    return gettext("Best %(n)d tournaments") % {"n": n}
