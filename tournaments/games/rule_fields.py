"""The rules form's fields, as a game's plug-in gives them (``GamePlugin.rule_fields``).

A ``RuleField`` is one input of a club's ruleset: the Django field, the page's group it shows
in, the ruleset key a scoring error names (so that the error lands on it), and how its cleaned
value is written back into the ruleset. The form (``forms.RulesForm``) only gathers them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.common import PLACE_POINTS_MAX

from ..scoring_messages import bounds_help

#: The rules page's groups, in the order it shows them.
CONTRACTS, COUNTERS, TABLES, SETTINGS = "contracts", "counters", "tables", "settings"
#: Double King's games: each game's points and how many times it is played.
GAME_TABLE = "games"
GROUPS = (CONTRACTS, COUNTERS, GAME_TABLE, TABLES, SETTINGS)

Writer = Callable[[dict[str, Any], Any], None]


@dataclass(frozen=True)
class RuleField:
    """One input of the rules form."""

    #: The form field's name (``setting__pools``, ``contract__solo``...).
    name: str
    field: forms.Field
    #: Where the page shows it: ``CONTRACTS``, ``COUNTERS``, ``GAME_TABLE``, ``TABLES`` or
    #: ``SETTINGS``.
    group: str
    #: The ruleset key a scoring error about this value names (``None``: none does).
    key: str | None
    #: Writes the cleaned value into the ruleset (a deep copy the form validates after).
    write: Writer
    #: The row of a table it belongs to (whist: a contract's name), shown as one group.
    row: Any = None


def set_key(key: str) -> Writer:
    def write(rules: dict[str, Any], value: Any) -> None:
        rules[key] = value

    return write


def bounded_field(label: Any, bounds: tuple[int, int], initial: Any) -> forms.IntegerField:
    """A whole number within the game's bounds, which its help text states."""
    low, high = bounds
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=initial,
        help_text=bounds_help(low, high),
    )


class IntListField(forms.CharField):
    """Whole numbers typed separated by commas (or semicolons): « 16, 12, 8, 4 »."""

    default_error_messages = {"int_list": _("Enter whole numbers separated by commas.")}

    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]
        text = super().to_python(value) or ""
        try:
            return [int(part) for part in text.replace(";", ",").split(",") if part.strip()]
        except ValueError:
            raise forms.ValidationError(self.error_messages["int_list"], code="int_list") from None


class PlacePointsField(IntListField):
    """One row of place points (a table size's), each 0 to 10,000: a number out of bounds is
    refused on this input, not on the first row of the setting that the ruleset's check
    names."""

    default_error_messages = {
        "place_points": _("Enter whole numbers from %(min)s to %(max)s."),
    }

    def validate(self, value: Any) -> None:
        super().validate(value)
        if any(not 0 <= number <= PLACE_POINTS_MAX for number in value or []):
            raise forms.ValidationError(
                self.error_messages["place_points"],
                code="place_points",
                params={"min": 0, "max": PLACE_POINTS_MAX},
            )


def int_list_field(
    label: Any, numbers: list[int], help_text: Any, *, place_points: bool = False
) -> IntListField:
    """``place_points``: a row of place points (:class:`PlacePointsField`)."""
    field_class = PlacePointsField if place_points else IntListField
    return field_class(label=label, initial=", ".join(str(v) for v in numbers), help_text=help_text)


def choice_setting(key: str, label: Any, choices: list[tuple[str, Any]], value: Any) -> RuleField:
    """A setting chosen among named values (a match's tie rule, the annual ranking)."""
    field = forms.ChoiceField(label=label, choices=choices, initial=value)
    return RuleField(f"setting__{key}", field, SETTINGS, key, set_key(key))


#: Help for the settings that are lists of numbers, when the plug-in gives none.
LIST_HELP = _("Separated by commas.")
PLACE_POINTS_HELP = _(
    "From the first to the last, separated by commas: 0 to 10,000 each, never more for a worse "
    "place."
)
