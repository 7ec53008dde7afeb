"""Plonk: team against team, a match to the target (500 by default), deal by deal.

A record is ``{"tricks", "dead", "live_points", "dealer"}``, one value per team: the tricks
(13 in all: enter one team, the other follows), the dead cards and the live points won.
``scoring.plonk`` checks them (docs/rules/plonk.md#checks): dead cards between a team's tricks
and 4 × its tricks, live points exactly makeable with its live cards.
"""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import InvalidDeal, plonk

from .matches import MatchDealForm, MatchPlugin, TeamPair, count_input, team_values

TRICKS = 13
#: Per team, the form's inputs and the printed sheet's columns (``<name><team>``), and the
#: record's key each one holds.
CELLS = (("tricks", "tricks"), ("dead", "dead"), ("live", "live_points"))


class PlonkDealForm(MatchDealForm):
    """Per team: ``tricks<t>``, ``dead<t>``, ``live<t>``."""

    game_key = "plonk"
    unit = gettext_lazy("tricks")

    def team_rows(self) -> list[TeamPair]:
        return self.team_pairs("tricks", "dead", "live")

    def add_fields(self) -> None:
        for team in range(2):
            self.fields[f"tricks{team}"] = forms.IntegerField(
                label=_("Tricks"),
                required=False,
                min_value=0,
                max_value=TRICKS,
                widget=count_input(TRICKS, "id_tricks0" if team else ""),
                error_messages={
                    "min_value": _("between 0 and 13"),
                    "max_value": _("between 0 and 13"),
                },
            )
            self.fields[f"dead{team}"] = forms.IntegerField(
                label=_("Dead cards"),
                min_value=0,
                max_value=52,
                widget=count_input(52),
                error_messages={
                    "required": _("enter the dead cards of each team (0 if none)"),
                    "min_value": _("a count cannot be negative"),
                    "max_value": _("at most 52 cards"),
                },
            )
            self.fields[f"live{team}"] = forms.IntegerField(
                label=_("Live points"),
                min_value=0,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
                error_messages={
                    "required": _("enter the live points of each team (0 if none)"),
                    "min_value": _("a count cannot be negative"),
                },
            )

    def initial_from(self, record: dict[str, Any]) -> dict[str, object]:
        initial: dict[str, object] = {}
        for prefix, key in CELLS:
            for team, value in enumerate(record.get(key, [])[:2]):
                initial[f"{prefix}{team}"] = value
        return initial

    def read_deal(self, cleaned: dict[str, Any]) -> None:
        message = _("enter the tricks of one team at least")
        tricks = self.other_team(cleaned, "tricks", TRICKS, message)
        if tricks is None:
            return
        record = {
            "tricks": tricks,
            "dead": [cleaned["dead0"], cleaned["dead1"]],
            "live_points": [cleaned["live0"], cleaned["live1"]],
        }
        self.finish(
            record,
            {
                "tricks": ["tricks0", "tricks1"],
                "dead": ["dead0", "dead1"],
                "live_points": ["live0", "live1"],
            },
        )

    def attach_scoring_error(self, error: InvalidDeal) -> None:
        """A team's error lands on that team's field."""
        team = error.params.get("team", error.params.get("seat"))
        index = error.params.get("deal")
        if isinstance(team, int) and team in (0, 1) and isinstance(index, int):
            mapping = self.record_fields[index] if index < len(self.record_fields) else {}
            fields = list(mapping.get(error.field or "", []))
            if len(fields) == 2 and error.field:
                mapping[error.field] = [fields[team], fields[1 - team]]
        super().attach_scoring_error(error)


class PlonkPlugin(MatchPlugin):
    spec = plonk.SPEC
    sheet_form = PlonkDealForm

    def sheet_cells(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The printed sheet's columns: tricks, dead cards and live points per team."""
        return {key: team_values(record, stored) for key, stored in CELLS}

    def describe(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        cells = self.sheet_cells(record, seat_names, None)
        return _("tricks %(t0)s/%(t1)s, dead cards %(d0)s/%(d1)s, live points %(l0)s/%(l1)s") % {
            f"{key[0]}{team}": cells[key][team] for key, _stored in CELLS for team in range(2)
        }


PLUGIN = PlonkPlugin()
