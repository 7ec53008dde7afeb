"""What the team games (Quarante de roi, Plonk) share: a match of deals to a target, entered
one deal at a time, team against team.

The table's two seats are the teams (``seat_names``); the four players deal in turn
(``player_names``: team ``t`` is players ``t`` and ``t + 2``). Points are per team.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import GAMES, InvalidDeal

from .base import DealForm, GamePlugin
from .lineups import TEAMS
from .rule_fields import RuleField, choice_setting

TIE_RULE_CHOICES = [
    ("higher_total", gettext_lazy("Another deal is played")),
    ("draw", gettext_lazy("The match is drawn")),
]


def count_input(maximum: int, follows: str = "") -> forms.NumberInput:
    """A count; ``follows``: the other team's input, whose complement to ``maximum`` this one
    shows as a placeholder (left empty, it is that complement)."""
    attrs: dict[str, object] = {"inputmode": "numeric", "min": 0, "max": maximum}
    if follows:
        attrs.update({"data-follows": follows, "data-total": maximum})
    return forms.NumberInput(attrs=attrs)


def team_values(record: dict[str, Any], key: str) -> list[Any]:
    """A record's two values of ``key`` (one per team), blank where missing: a sheet's cells."""
    values = list(record.get(key) or [])
    return values + [""] * (2 - len(values))


@dataclass
class TeamPair:
    """One team on a deal form: its name, players, points before this deal and inputs."""

    name: str
    players: list[str]
    total: int
    fields: list[BoundField]


class MatchDealForm(DealForm):
    """One deal of a match: ``number`` is the deal being entered or edited (1-based)."""

    game_key = ""

    @cached_property
    def dealer(self) -> int:
        """The player (dealing order) who deals this deal."""
        return self.dealer_in_turn(len(self.player_names))

    @cached_property
    def team_labels(self) -> list[str]:
        return list(self.seat_names) or [_("Team 1"), _("Team 2")]

    @cached_property
    def totals_before(self) -> list[int]:
        """Each team's points before this deal (the deals before it, if they are valid)."""
        try:
            result = GAMES[self.game_key].table_result(
                self.existing[: self.number - 1],
                self.rules or None,
                first_dealer=self.first_dealer,
                n_seats=4,
            )
        except (InvalidDeal, ValueError):
            return [0, 0]
        return list(result.scores)

    @property
    def target(self) -> int:
        target = GAMES[self.game_key].validate_rules(self.rules or None)["target"]
        assert isinstance(target, int)
        return target

    @property
    def dealer_name(self) -> str:
        names = self.player_names
        return names[self.dealer] if 0 <= self.dealer < len(names) else ""

    def team_pairs(self, *prefixes: str) -> list[TeamPair]:
        """Per team: its name, its players and its fields named ``<prefix><team>``."""
        return [
            TeamPair(
                name=self.team_labels[t] if t < len(self.team_labels) else "",
                players=[
                    self.player_names[p]
                    for p in (t, t + 2)
                    if p < len(self.player_names) and self.player_names[p]
                ],
                total=self.totals_before[t] if t < len(self.totals_before) else 0,
                fields=[self[f"{prefix}{t}"] for prefix in prefixes],
            )
            for t in range(2)
        ]

    def other_team(
        self,
        cleaned: dict[str, Any],
        prefix: str,
        total: int,
        label: str | Callable[[int], str],
    ) -> list[int] | None:
        """Team 0's count, and team 1's (``total`` minus team 0's when left empty); both
        empty: the error ``label`` (or ``label(0)``) on team 0's input."""
        first: int | None = cleaned.get(f"{prefix}0")
        second: int | None = cleaned.get(f"{prefix}1")
        if first is None:
            if second is None:
                self.add_error(f"{prefix}0", label(0) if callable(label) else label)
                return None
            return [total - second, second]
        return [first, total - first if second is None else second]

    def finish(self, record: dict[str, Any], fields: dict[str, list[str]]) -> None:
        record["dealer"] = self.dealer
        self.record = record
        self.deal_fields = {**fields, "dealer": [], "deal": [], "*": []}


class MatchPlugin(GamePlugin):
    """A team game played as matches to a target, deal by deal (Quarante de roi, Plonk)."""

    lineup = TEAMS
    ranking_help = gettext_lazy(
        "Teams ranked by matches won, then points scored, then points difference."
    )
    entry_url_name = "staff_deals"
    complete_message = gettext_lazy("The match is over: the target is reached.")
    clock = True
    place_points = False
    penalty_lines = 0
    blank_rows = 15
    tournament_settings = ("target", "round_minutes")
    setting_labels = {
        "target": gettext_lazy("Target (points to win a match)"),
        "tie_rule": gettext_lazy("Both teams over the target with equal totals"),
        "bye_won": gettext_lazy("A bye counts as a match won"),
        "bye_against": gettext_lazy("Points against credited for a bye"),
        "round_minutes": gettext_lazy("Minutes per round (0: no clock)"),
    }

    @property
    def sheet_template(self) -> str:  # type: ignore[override]
        return f"tournaments/sheets/{self.key}_deal_form.html"

    @property
    def pdf_sheet_template(self) -> str:  # type: ignore[override]
        return f"tournaments/pdf/{self.key}_sheet.html"

    def round_minutes(self, rules: dict[str, Any] | None) -> int | None:
        return int(self.rules(rules)["round_minutes"]) or None

    def sheet_extra(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        return {"target": self.rules(rules)["target"]}

    def setting_fields(self, key: str, value: object) -> list[RuleField]:
        if key == "tie_rule":
            return [choice_setting(key, self.setting_labels[key], TIE_RULE_CHOICES, value)]
        return super().setting_fields(key, value)
