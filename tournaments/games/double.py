"""Double (Walter Johnson): one game of ten manches a round at tables of 3 to 6, entered one
manche at a time.

A record is ``{"cards", "bids", "tricks", "dealer"}``: one bid and one trick count per seat.
The form shows the cards of the manche (1-2-3-4-5-5-4-3-2-1, the ruleset's ``manches``) and the
points each seat holds before it; ``scoring.double`` refuses a bid above the points held.
"""

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import GAMES, InvalidDeal, double

from .base import DealForm, GamePlugin
from .deal_words import MANCHES
from .rule_fields import PLACE_POINTS_HELP, TABLES, RuleField, choice_setting, int_list_field


def _rules(rules: dict[str, Any] | None) -> dict[str, Any]:
    return GAMES["double"].validate_rules(rules or None)


def _number_input(maximum: int) -> forms.NumberInput:
    return forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": maximum})


class DoubleMancheForm(DealForm):
    """One manche: each seat's bid and tricks (``b<seat>``, ``t<seat>``)."""

    words = MANCHES
    unit = gettext_lazy("tricks")

    def add_fields(self) -> None:
        self.n_seats = len(self.seat_names)
        self.dealer = self.dealer_in_turn(self.n_seats)
        manches: list[int] = _rules(self.rules)["manches"]
        self.cards = manches[self.number - 1] if self.number <= len(manches) else max(manches)
        self.held = self._held_before()
        for seat, name in enumerate(self.seat_names):
            player = {"player": name}
            self.fields[f"b{seat}"] = self._count_field(
                _("Bid of %(player)s") % player,
                _("enter the bid of %(player)s (0 if none)") % player,
                _("a bid is between 0 and %(max)d") % {"max": self.cards},
            )
            self.fields[f"t{seat}"] = self._count_field(
                _("Tricks of %(player)s") % player,
                _("enter the tricks of %(player)s (0 if none)") % player,
                _("%(max)d tricks at most, 0 at least") % {"max": self.cards},
            )

    def initial_from(self, record: dict[str, Any]) -> dict[str, object]:
        initial: dict[str, object] = {}
        for seat in range(self.n_seats):
            initial[f"b{seat}"] = record.get("bids", [None] * self.n_seats)[seat]
            initial[f"t{seat}"] = record.get("tricks", [None] * self.n_seats)[seat]
        return initial

    def _count_field(self, label: str, required: str, out_of_range: str) -> forms.IntegerField:
        """A seat's bid or tricks: 0 to the manche's cards."""
        return forms.IntegerField(
            label=label,
            min_value=0,
            max_value=self.cards,
            widget=_number_input(self.cards),
            error_messages={
                "required": required,
                "min_value": out_of_range,
                "max_value": out_of_range,
            },
        )

    def _held_before(self) -> list[int]:
        """Points each seat holds before this manche (the manches before it, if they are valid)."""
        try:
            result = GAMES["double"].table_result(
                self.existing[: self.number - 1],
                self.rules or None,
                first_dealer=self.first_dealer,
                n_seats=self.n_seats,
            )
        except (InvalidDeal, ValueError):
            return [int(_rules(self.rules)["start_points"])] * self.n_seats
        return list(result.scores)

    @property
    def dealer_name(self) -> str:
        return self.seat_names[self.dealer] if self.seat_names else ""

    def seat_rows(self) -> list[dict[str, Any]]:
        """Per seat: name, points held before the manche, bid field, tricks field."""
        return [
            {
                "name": name,
                "held": self.held[seat] if seat < len(self.held) else None,
                "dealer": seat == self.dealer,
                "bid": self[f"b{seat}"],
                "tricks": self[f"t{seat}"],
            }
            for seat, name in enumerate(self.seat_names)
        ]

    def read_deal(self, cleaned: dict[str, Any]) -> None:
        bids = [cleaned[f"b{seat}"] for seat in range(self.n_seats)]
        tricks = [cleaned[f"t{seat}"] for seat in range(self.n_seats)]
        self.record = {"cards": self.cards, "bids": bids, "tricks": tricks, "dealer": self.dealer}
        self.deal_fields = {
            "bids": [f"b{s}" for s in range(self.n_seats)],
            "tricks": [f"t{s}" for s in range(self.n_seats)],
            "cards": [],
            "*": [],
        }

    def attach_scoring_error(self, error: InvalidDeal) -> None:
        """A bid above the points held lands on that seat's bid."""
        seat = error.params.get("seat")
        index = error.params.get("deal")
        if (
            isinstance(seat, int)
            and isinstance(index, int)
            and 0 <= index < len(self.record_fields)
            and error.field in ("bids", "tricks")
        ):
            fields = list(self.record_fields[index].get(error.field, []))
            if 0 <= seat < len(fields):
                fields.insert(0, fields.pop(seat))
                self.record_fields[index][error.field] = fields
        super().attach_scoring_error(error)


class DoublePlugin(GamePlugin):
    spec = double.SPEC
    sheet_form = DoubleMancheForm
    sheet_template = "tournaments/sheets/double_manche_form.html"
    pdf_sheet_template = "tournaments/pdf/double_sheet.html"
    ranking_help = gettext_lazy(
        "Ranked by place points (per table size, ties sharing), then total tokens at the end "
        "of each game."
    )
    entry_url_name = "staff_deals"
    complete_message = gettext_lazy("The game is complete: every manche is entered.")
    penalty_lines = 0
    setting_labels = {
        "start_points": gettext_lazy("Points of tokens at the start"),
        "exact_bonus": gettext_lazy("Bonus for an exact bid"),
        "exact_per_trick": gettext_lazy("Points per trick of an exact bid"),
        "wrong_per_trick": gettext_lazy("Points lost per trick of a wrong bid"),
        "manches": gettext_lazy("Cards dealt in each manche"),
        "place_points_use": gettext_lazy("Place points of each game"),
    }
    setting_help = {
        "manches": gettext_lazy(
            "Cards dealt in each manche, separated by commas: 1 to 30 manches of 1 to 5."
        ),
        "wrong_per_trick": gettext_lazy(
            "A bid must be backed by what it would lose: its tricks times these points."
        ),
    }

    def sheet_cells(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The printed sheet's columns: the cards, and each seat's bid and tricks."""
        bids = list(record.get("bids") or [])
        tricks = list(record.get("tricks") or [])
        return {
            "cards": str(record.get("cards", "")),
            "seats": [
                {
                    "bid": bids[i] if i < len(bids) else "",
                    "tricks": tricks[i] if i < len(tricks) else "",
                }
                for i in range(len(seat_names))
            ],
        }

    def table_line(
        self, record: dict[str, Any], names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        """A manche on one short line of the phone's list, the seats in its columns' order:
        « 3 cartes · mise/plis : 1/1 0/1 2/1 1/0 » (the points are in the columns beside)."""
        cards = record.get("cards", 0)
        pairs = " ".join(
            f"{bid}/{took}"
            for bid, took in zip(record.get("bids", []), record.get("tricks", []), strict=False)
        )
        return ngettext(
            "%(counter)s card · bid/tricks: %(pairs)s",
            "%(counter)s cards · bid/tricks: %(pairs)s",
            cards if isinstance(cards, int) else 0,
        ) % {"counter": cards, "pairs": pairs}

    def describe(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        parts = [
            _("%(player)s bid %(bid)s, took %(tricks)s")
            % {"player": name, "bid": bid, "tricks": took}
            for name, bid, took in zip(
                seat_names, record.get("bids", []), record.get("tricks", []), strict=False
            )
        ]
        cards = record.get("cards", "?")
        count = cards if isinstance(cards, int) else 2  # unknown: « ? cartes »
        return ngettext("%(cards)s card: %(seats)s", "%(cards)s cards: %(seats)s", count) % {
            "cards": cards,
            "seats": "; ".join(parts),
        }

    def sheet_extra(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        merged = self.rules(rules)
        return {"manches": list(merged["manches"]), "start_points": merged["start_points"]}

    def deals_per_round(self, rules: dict[str, Any] | None) -> int | None:
        return len(self.rules(rules)["manches"])

    def adds_place_points(self, rules: dict[str, Any] | None) -> bool:
        return self.rules(rules).get("place_points_use") == "added"

    def setting_fields(self, key: str, value: object) -> list[RuleField]:
        if key == "place_points_use":
            return [choice_setting(key, self.setting_labels[key], PLACE_POINTS_CHOICES, value)]
        if key == "place_points" and isinstance(value, dict):
            return [_place_points_field(size, row) for size, row in value.items()]
        fields = super().setting_fields(key, value)
        if key in self.spec.bounds and key in self.setting_help:
            for rule_field in fields:  # why, then the bounds
                rule_field.field.help_text = (
                    f"{self.setting_help[key]} {rule_field.field.help_text}"
                )
        return fields


def _place_points_field(size: str, row: list[int]) -> RuleField:
    """The place points at a table of ``size`` players (one row of ``place_points``)."""

    def write(rules: dict[str, Any], value: list[int]) -> None:
        rules["place_points"] = {**rules["place_points"], size: value}

    label = gettext_lazy("Place points at a table of %(n)s") % {"n": size}
    field = int_list_field(label, row, PLACE_POINTS_HELP, place_points=True)
    return RuleField(f"table__place_points__{size}", field, TABLES, "place_points", write)


PLACE_POINTS_CHOICES = [
    ("ranking", gettext_lazy("They rank the tournament (the tokens break ties)")),
    ("added", gettext_lazy("Place points added to the tokens")),
]


PLUGIN = DoublePlugin()
