"""Quarante de roi: team against team, a match to the target (150 by default), deal by deal.

A record is ``{"kings", "queens", "jacks", "cliques", "trump", "dealer"}``: the figures won by
each team (each pair sums to 4: enter one team, the other follows) and the cliques announced
by each player (``{"seat", "figure", "count"}``, seat = the player in dealing order).
"""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring import quarante
from scoring.quarante import CLIQUE_MAX, FIGURE_MAX, FIGURES, SUITS

from .matches import MatchDealForm, MatchPlugin, count_input, team_values
from .rule_fields import TABLES, RuleField, bounded_field


def suit_names() -> dict[str, str]:
    return {
        "hearts": pgettext("suit", "hearts"),
        "diamonds": pgettext("suit", "diamonds"),
        "clubs": pgettext("suit", "clubs"),
        "spades": pgettext("suit", "spades"),
    }


def figure_names() -> dict[str, str]:
    return {"K": _("kings"), "Q": _("queens"), "J": _("jacks")}


class QuaranteDealForm(MatchDealForm):
    """Trump, figures won per team (``kings0``/``kings1``...), cliques per player
    (``clique<player>_<figure>``: nothing, 3 or 4)."""

    game_key = "quarante"
    unit = gettext_lazy("cards")

    def add_fields(self) -> None:
        names = suit_names()
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trump"),
            choices=[("", "—"), *((s, names[s]) for s in SUITS)],
            error_messages={"required": _("choose the trump suit")},
        )
        figures = figure_names()
        for key in FIGURES.values():
            for team in range(2):
                self.fields[f"{key}{team}"] = forms.IntegerField(
                    label=figures[{v: k for k, v in FIGURES.items()}[key]].capitalize(),
                    required=False,
                    min_value=0,
                    max_value=4,
                    widget=count_input(4, f"id_{key}0" if team else ""),
                    error_messages={
                        "min_value": _("between 0 and 4"),
                        "max_value": _("between 0 and 4"),
                    },
                )
        choices = [("", "—"), ("3", "3"), ("4", "4")]
        for player in range(4):
            for figure in FIGURES:
                self.fields[f"clique{player}_{figure}"] = forms.ChoiceField(
                    label=figures[figure].capitalize(), choices=choices, required=False
                )

    def figure_rows(self) -> list[dict[str, Any]]:
        """Per figure: its name, team 0's field and team 1's field."""
        figures = figure_names()
        rows: list[dict[str, Any]] = []
        for code, key in FIGURES.items():
            name = figures[code].capitalize()
            fields = [self[f"{key}0"], self[f"{key}1"]]
            rows.append({"name": name, "fields": fields, "cells": self._named(fields, name)})
        return rows

    def _named(self, fields: list[BoundField], name: str) -> list[dict[str, Any]]:
        """Each team's field with its accessible name (« Rois — Les As »)."""
        teams = [*self.team_labels, "", ""][:2]
        return [
            {"field": f, "label": f"{name} — {team}"} for f, team in zip(fields, teams, strict=True)
        ]

    def clique_rows(self) -> list[dict[str, Any]]:
        """Per player (dealing order): name, team and one field per figure (each named
        « Rois — Anne » for screen readers)."""
        figures = figure_names()
        rows: list[dict[str, Any]] = []
        for p in range(4):
            name = self.player_names[p] if p < len(self.player_names) else ""
            fields = [self[f"clique{p}_{figure}"] for figure in FIGURES]
            labels = [f"{figures[figure].capitalize()} — {name}" for figure in FIGURES]
            rows.append(
                {
                    "name": name,
                    "team": self.team_labels[p % 2] if p % 2 < len(self.team_labels) else "",
                    "fields": fields,
                    "cells": [
                        {"field": f, "label": t} for f, t in zip(fields, labels, strict=True)
                    ],
                }
            )
        return rows

    def initial_from(self, record: dict[str, Any]) -> dict[str, object]:
        initial: dict[str, object] = {"trump": record.get("trump", "")}
        for key in FIGURES.values():
            for team, count in enumerate(record.get(key, [])[:2]):
                initial[f"{key}{team}"] = count
        for clique in record.get("cliques", []):
            initial[f"clique{clique['seat']}_{clique['figure']}"] = str(clique["count"])
        return initial

    def read_deal(self, cleaned: dict[str, Any]) -> None:
        record: dict[str, object] = {}
        fields: dict[str, list[str]] = {}
        figures = figure_names()
        for code, key in FIGURES.items():
            message = _("enter the %(figure)s won by one team at least") % {"figure": figures[code]}
            counts = self.other_team(cleaned, key, 4, message)
            if counts is None:
                return
            record[key] = counts
            fields[key] = [f"{key}0", f"{key}1"]
        cliques: list[dict[str, object]] = []
        clique_fields: list[str] = []
        for player in range(4):
            for figure in FIGURES:
                value = cleaned.get(f"clique{player}_{figure}") or ""
                if value:
                    cliques.append({"seat": player, "figure": figure, "count": int(value)})
                    clique_fields.append(f"clique{player}_{figure}")
        record["cliques"] = cliques
        record["trump"] = cleaned["trump"]
        fields["cliques"] = clique_fields
        fields["trump"] = ["trump"]
        self.finish(record, fields)


def _player(names: Sequence[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def clique_text(record: dict[str, Any], player_names: Sequence[str]) -> str:
    figures = figure_names()
    return ", ".join(
        _("%(player)s %(count)s %(figure)s")
        % {
            "player": _player(player_names, c.get("seat")),
            "count": c.get("count"),
            "figure": figures.get(str(c.get("figure")), "?"),
        }
        for c in record.get("cliques", [])
    )


class QuarantePlugin(MatchPlugin):
    spec = quarante.SPEC
    sheet_form = QuaranteDealForm

    def sheet_cells(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The printed sheet's columns: trump, figures per team, cliques (``seat_names``: the
        players in dealing order)."""
        return {
            "trump": suit_names().get(str(record.get("trump", "")), ""),
            **{key: team_values(record, key) for key in FIGURES.values()},
            "cliques": clique_text(record, seat_names),
        }

    def describe(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        cells = self.sheet_cells(record, seat_names, None)
        counts = {
            f"{key[0]}{team}": cells[key][team] for key in FIGURES.values() for team in (0, 1)
        }
        text = _(
            "trump %(trump)s — kings %(k0)s/%(k1)s, queens %(q0)s/%(q1)s, jacks %(j0)s/%(j1)s"
        ) % {"trump": cells["trump"] or "?", **counts}
        if cells["cliques"]:
            text += " — " + _("cliques: %(cliques)s") % {"cliques": cells["cliques"]}
        return text

    def rule_fields(self, rules: dict[str, Any]) -> list[RuleField]:
        """Each figure's value and each clique's (3 or 4 of a figure), then the settings."""
        return _figure_fields(rules) + super().rule_fields(rules)


def _nested_writer(*path: str) -> Any:
    def write(rules: dict[str, Any], value: object) -> None:
        node = rules
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return write


def _figure_fields(rules: dict[str, Any]) -> list[RuleField]:
    """The values of a figure won (« K 5, Q 4, J 2 ») and of each clique announced."""
    names = figure_names()
    fields: list[RuleField] = []
    legend = _("Points of each figure won")
    for figure in FIGURES:
        field = bounded_field(
            names[figure].capitalize(), (0, FIGURE_MAX), rules["figure_points"][figure]
        )
        writer = _nested_writer("figure_points", figure)
        fields.append(
            RuleField(f"figure__{figure}", field, TABLES, "figure_points", writer, legend)
        )
    legend = _("Points of each clique announced")
    for figure in FIGURES:
        for count in ("3", "4"):
            label = _("%(count)s %(figure)s") % {"count": count, "figure": names[figure]}
            value = rules["clique_points"][figure][count]
            field = bounded_field(label, (0, CLIQUE_MAX), value)
            writer = _nested_writer("clique_points", figure, count)
            fields.append(
                RuleField(
                    f"clique__{figure}__{count}", field, TABLES, "clique_points", writer, legend
                )
            )
    return fields


PLUGIN = QuarantePlugin()
