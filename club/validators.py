"""Bounds of the amounts a club handles (fees), shared by the models and the forms."""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

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


def fee_validators() -> list:
    """0 to 1,000 €, written in figures."""
    return [
        MinValueValidator(Decimal("0")),
        MaxValueValidator(MAX_FEE),
        validate_plain_amount,
    ]
