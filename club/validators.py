"""Validators shared by the models and the forms.

- Names shown on pages, sheets and exports may not carry invisible or reordering characters.
- The amounts a club handles (fees) stay within what a card club charges.
"""

import unicodedata
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _


def forbidden_characters(text: str) -> list[str]:
    """The control and format characters of ``text`` (Unicode categories Cc and Cf: tabs, NUL,
    bidirectional overrides and isolates U+202A–U+202E, U+2066–U+2069, marks U+200E/U+200F…).

    >>> forbidden_characters("Ann\\u202eA\\u202e")
    ['U+202E']
    >>> forbidden_characters("N’Diaye-Dupont")
    []
    """
    if text.isprintable():  # no Cc nor Cf in it: the usual name, checked at C speed
        return []
    found = (c for c in text if unicodedata.category(c) in {"Cc", "Cf"})
    return list(dict.fromkeys(f"U+{ord(c):04X}" for c in found))


def plain_name_error(label: object, value: str) -> str | None:
    """The French (active language) message for a name with forbidden characters, else None."""
    found = forbidden_characters(value)
    if not found:
        return None
    return str(
        _("The field “%(field)s” contains invisible or control characters (%(chars)s): retype it.")
        % {"field": label, "chars": ", ".join(found)}
    )


@deconstructible
class PlainNameValidator:
    """Refuse control characters and bidirectional controls in the name field ``label``."""

    def __init__(self, label: object) -> None:
        self.label = label

    def __call__(self, value: object) -> None:
        message = plain_name_error(self.label, str(value))
        if message:
            raise ValidationError(message, code="invalid_characters")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlainNameValidator) and str(other.label) == str(self.label)

    def __hash__(self) -> int:
        return hash(str(self.label))


#: The largest fee a card club charges (euros): a typo such as « 1e3 » or 30000 is refused.
MAX_FEE = Decimal("1000")


def validate_plain_amount(value: Decimal) -> None:
    """Refuse an amount typed in exponent notation (« 1e3 » reads as 1E+3, not 1000)."""
    exponent = value.as_tuple().exponent if isinstance(value, Decimal) else 0
    if isinstance(exponent, int) and exponent > 0:
        raise ValidationError(
            _("Enter the amount in figures, e.g. 3,50 (no exponent such as 1e3)."),
            code="exponent",
        )


def fee_validators() -> list[Callable[[Any], None]]:
    """0 to 1,000 €, written in figures."""
    return [
        MinValueValidator(Decimal("0")),
        MaxValueValidator(MAX_FEE),
        validate_plain_amount,
    ]
