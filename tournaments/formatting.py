"""Tournament figures as every page, sheet and export writes them."""

from fractions import Fraction

from django.utils.formats import localize, number_format


def format_points(value: Fraction | int | None) -> str:
    """Place points: a whole number, or a French decimal with two places when shared oddly."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return str(localize(int(value)))
    return number_format(float(value), decimal_pos=2)
