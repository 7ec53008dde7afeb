"""Plonk: team against team, a match to the target (500 by default), deal by deal.

A record is ``{"tricks", "dead", "live_points", "dealer"}``, one value per team: the tricks
(13 in all: enter one team, the other follows), the dead cards and the live points won.
``scoring.plonk`` checks them (docs/rules/plonk.md#checks): dead cards between a team's tricks
and 4 × its tricks, live points exactly makeable with its live cards.
"""

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring import plonk

from .matches import MatchDealForm, MatchPlugin, count_input

TRICKS = 13


class PlonkDealForm(MatchDealForm):
    """Per team: ``tricks<t>``, ``dead<t>``, ``live<t>``."""

    game_key = "plonk"

    def team_rows(self):
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
        for key, prefix in (("tricks", "tricks"), ("dead", "dead"), ("live_points", "live")):
            for team, value in enumerate(record.get(key, [])[:2]):
                initial[f"{prefix}{team}"] = value
        return initial

    def clean(self):
        cleaned = super().clean()
        self.record = None
        if self.errors:
            return cleaned
        tricks = self.other_team(
            cleaned, "tricks", TRICKS, lambda _team: _("enter the tricks of one team at least")
        )
        if tricks is None:
            return cleaned
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
        return cleaned

    def attach_scoring_error(self, error) -> None:
        """A team's error lands on that team's field."""
        team = error.params.get("team", error.params.get("seat"))
        index = error.params.get("deal")
        if isinstance(team, int) and team in (0, 1) and isinstance(index, int):
            mapping = self.record_fields[index] if index < len(self.record_fields) else {}
            fields = list(mapping.get(error.field or "", []))
            if len(fields) == 2:
                mapping[error.field] = [fields[team], fields[1 - team]]
        super().attach_scoring_error(error)

    def unit_for(self, record: dict[str, Any]) -> str | None:
        return str(_("tricks"))


def sheet_cells(record: dict[str, Any], player_names, rules=None) -> dict[str, object]:
    def pair(key: str) -> list[object]:
        values = list(record.get(key) or [])
        return values + [""] * (2 - len(values))

    return {"tricks": pair("tricks"), "dead": pair("dead"), "live": pair("live_points")}


def describe(record: dict[str, Any], player_names) -> str:
    cells = sheet_cells(record, player_names)
    return _("tricks %(t0)s/%(t1)s, dead cards %(d0)s/%(d1)s, live points %(l0)s/%(l1)s") % {
        "t0": cells["tricks"][0],
        "t1": cells["tricks"][1],
        "d0": cells["dead"][0],
        "d1": cells["dead"][1],
        "l0": cells["live"][0],
        "l1": cells["live"][1],
    }


class PlonkPlugin(MatchPlugin):
    spec = plonk.SPEC
    sheet_form = PlonkDealForm

    describe = staticmethod(describe)

    sheet_cells = staticmethod(sheet_cells)


PLUGIN = PlonkPlugin()
