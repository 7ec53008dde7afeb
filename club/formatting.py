"""Numbers the way the page's language writes them: « 7,00 € », « 1er », « 2e »."""

from collections.abc import Callable
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext

NBSP = "\u00a0"


def money(amount: Decimal | int | float | None) -> str:
    """An amount in euros with two decimals, the unit after a non-breaking space.

    >>> from django.utils import translation
    >>> with translation.override("fr"):
    ...     money(Decimal("7")) == "7,00" + NBSP + "€"
    True
    """
    if amount is None:
        return ""
    return f"{number_format(Decimal(amount), decimal_pos=2)}{NBSP}€"


def ordinal(n: int) -> str:
    """A place: « 1er », « 2e » in French; « 1st », « 22nd » in English.

    >>> from django.utils import translation
    >>> with translation.override("fr"):
    ...     [ordinal(1), ordinal(2), ordinal(21)]
    ['1er', '2e', '21e']
    >>> with translation.override("en"):
    ...     [ordinal(1), ordinal(12), ordinal(22)]
    ['1st', '12th', '22nd']
    """
    return ordinal_writer()(n)


def ordinal_writer() -> Callable[[int], str]:
    """``ordinal`` in the active language, looked up once (a page writes thousands)."""
    if (get_language() or "fr").startswith("fr"):
        return _french_ordinal
    return _english_ordinal


def _french_ordinal(n: int) -> str:
    return f"{n}er" if n == 1 else f"{n}e"


def _english_ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def best_n_label(n: int | None) -> str:
    """The header of the « best N » column with its N: « 5 meilleurs tournois »."""
    if not n:
        return gettext("Best N tournaments")
    return gettext("Best %(n)d tournaments") % {"n": n}
