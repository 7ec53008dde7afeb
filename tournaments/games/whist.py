"""Whist (RC « La Chevalerie »): pools of 12 deals against the clock, entered one deal at a time.

The contract table is the tournament's ruleset (data, copied from the club's when the tournament
starts): the form offers its contracts and counters and ``scoring.whist`` judges every deal.
A record is ``{"contract", "declarers", "tricks", "dealer"}`` with optional ``against`` (a
counter) and ``renege`` (the offender); ``tricks`` is a list, one per declarer, for the misère
family (``tricks_per_declarer`` in the table).
"""

import json
from collections.abc import Sequence
from typing import Any

from django import forms
from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from club.formatting import labelled
from scoring import GAMES, whist
from scoring.whist import SEED_COUNTERS, contract_table
from scoring.whist_models import ON_FAILURE, ZERO_SUM
from scoring.whist_seats import SIT_OUT, deal_seats, rotation_order

from ..language import contract_name
from .base import DealForm, GamePlugin
from .rule_fields import TABLES, PlacePointsField, RuleField, choice_setting
from .whist_table import contract_table_fields
from .whist_table import finish as finish_contract_table

MAX_DECLARERS = 4


def _rules(rules: dict[str, Any] | None) -> dict[str, Any]:
    return GAMES["whist"].validate_rules(rules or None)


def contract_names(rules: dict[str, Any] | None = None) -> dict[str, str]:
    """The club's contracts, weakest first, named in the current language
    (``language.contract_name``)."""
    return {row["code"]: contract_name(row) for row in _rules(rules)["contracts"]}


def counter_targets(rules: dict[str, Any] | None = None) -> list[str]:
    """The contracts another contract may counter: the club's counter table, then the rule
    document's own counters (``scoring.whist.SEED_COUNTERS``) for contracts the club has."""
    ruleset = _rules(rules)
    codes = {row["code"] for row in ruleset["contracts"]}
    targets: list[str] = []
    for against in [row["against"] for row in ruleset["counters"]] + list(SEED_COUNTERS):
        if against in codes and against not in targets:
            targets.append(against)
    return targets


def per_declarer_codes(rules: dict[str, Any] | None = None) -> set[str]:
    return {c.code for c in contract_table(rules or None) if c.tricks_per_declarer}


def declarer_range(rules: dict[str, Any] | None = None) -> dict[str, tuple[int, int]]:
    return {c.code: c.declarers for c in contract_table(rules or None)}


def _sit_out(rules: dict[str, Any] | None) -> str:
    """The club's ``sit_out``, read straight from the stored ruleset (a printed round asks for
    every row): missing is the default."""
    sit_out = (rules or {}).get("sit_out", SIT_OUT[0])
    if sit_out not in SIT_OUT:  # not a ruleset the scoring accepted: it says why
        sit_out = str(_rules(rules)["sit_out"])
    return str(sit_out)


def seats_of_deal(
    rules: dict[str, Any] | None,
    n_seats: int,
    first_dealer: int,
    index: int,
    sit_out_order: Sequence[int] = (),
) -> tuple[int, tuple[int, ...]]:
    """The dealer of deal ``index`` (0-based) and the seats sitting it out (none at 4; at 5
    and 6 as the club's ``sit_out`` says, the rotation from the table's ``sit_out_order``:
    ``scoring.whist_seats``)."""
    return deal_seats(n_seats, index, first_dealer, _sit_out(rules), sit_out_order or None)


def sitting_out_text(names: Sequence[str]) -> str:
    """« ne joue pas : Anne » / « ne jouent pas : Anne, Paul » (empty when nobody sits out)."""
    if not names:
        return ""
    return ngettext("sits out: %(names)s", "sit out: %(names)s", len(names)) % {
        "names": ", ".join(names)
    }


class SittingOutSelect(forms.Select):
    """A choice of the table's players where those sitting the deal out are shown but
    disabled: the phones' script enables them again for a later deal kept offline."""

    def __init__(self, *args: Any, sitting_out: Sequence[int] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sitting_out = {str(s) for s in sitting_out}

    def create_option(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(*args, **kwargs)
        if str(option["value"]) in self.sitting_out:
            option["attrs"]["disabled"] = True
        return option


class WhistDealForm(DealForm):
    """One deal: contract (and counter), declarers by name, tricks, renege.

    ``number`` is the deal (1-based) being entered or edited; its dealer and the players
    sitting it out (at a table of 5 or 6) come from the rotation and the club's ``sit_out``;
    those sitting out are shown disabled (``SittingOutSelect``) and refused by ``scoring``
    (« … ne joue pas cette donne ») if sent anyway: four players play each deal.
    """

    unit = gettext_lazy("tricks")

    def add_fields(self) -> None:
        self.n_seats = len(self.seat_names)
        self.dealer, self.sitting_out = seats_of_deal(
            self.rules, self.n_seats, self.first_dealer, self.number - 1, self.sit_out_order
        )
        names = contract_names(self.rules)
        self.contract_labels = names
        self.fields["contract"] = forms.ChoiceField(
            label=_("Contract"),
            choices=[("", "—"), *names.items()],
            error_messages={"required": _("choose the contract played")},
        )
        self.fields["against"] = forms.ChoiceField(
            label=_("Counter against (contre)"),
            choices=[("", _("— no counter —"))]
            + [(code, names.get(code, code)) for code in counter_targets(self.rules)],
            required=False,
        )
        players = [(str(i), name) for i, name in enumerate(self.seat_names)]
        labels = [_("Declarer"), _("Partner / 2nd declarer"), _("3rd declarer"), _("4th declarer")]
        for i in range(1, MAX_DECLARERS + 1):
            self.fields[f"d{i}"] = forms.ChoiceField(
                label=labels[i - 1],
                choices=[("", "—"), *players],
                required=False,
                widget=SittingOutSelect(sitting_out=self.sitting_out),
            )
            self.fields[f"t{i}"] = forms.IntegerField(
                label=_("Tricks of this declarer"),
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 13}),
            )
        self.fields["tricks"] = forms.IntegerField(
            label=_("Tricks made by the declarers"),
            required=False,
            # The phone keyboard's action key saves (Enter), rather than moving on.
            widget=forms.NumberInput(
                attrs={"inputmode": "numeric", "min": 0, "max": 13, "enterkeyhint": "done"}
            ),
        )
        self.fields["renege"] = forms.ChoiceField(
            label=_("Renege (who)"),
            choices=[("", _("— none —")), *players],
            required=False,
            widget=SittingOutSelect(sitting_out=self.sitting_out),
            help_text=_("A player did not follow suit or trump when he could: the deal stops."),
        )

    def per_declarer_json(self) -> str:
        """Contracts whose declarers each have their own tricks (the page shows those inputs)."""
        return json.dumps(sorted(per_declarer_codes(self.rules)))

    def declarers_json(self) -> str:
        """The most declarers of each contract: once they are all picked, the page moves the
        cursor on to the tricks (one tap less per deal on a phone)."""
        return json.dumps({code: most for code, (_, most) in declarer_range(self.rules).items()})

    @property
    def dealer_name(self) -> str:
        return self.seat_names[self.dealer] if self.seat_names else ""

    @property
    def sitting_out_names(self) -> str:
        """Who sits this deal out, in words (empty at a table of 4)."""
        return sitting_out_text([self.seat_names[s] for s in self.sitting_out])

    def declarer_rows(self) -> list[tuple[BoundField, BoundField]]:
        return [(self[f"d{i}"], self[f"t{i}"]) for i in range(1, MAX_DECLARERS + 1)]

    def initial_from(self, record: dict[str, Any]) -> dict[str, object]:
        initial: dict[str, object] = {"contract": record.get("contract", "")}
        if "against" in record:
            initial["against"] = record["against"]
        if "renege" in record:
            initial["renege"] = str(record["renege"])
        tricks = record.get("tricks")
        for i, seat in enumerate(record.get("declarers", []), start=1):
            initial[f"d{i}"] = str(seat)
            if isinstance(tricks, list) and i - 1 < len(tricks):
                initial[f"t{i}"] = tricks[i - 1]
        if isinstance(tricks, int):
            initial["tricks"] = tricks
        return initial

    def clean(self) -> dict[str, Any] | None:
        """Read even when another input is refused: the declarers' errors show too."""
        cleaned = super().clean() or {}
        code = cleaned.get("contract")
        if code:
            self._read_contract(cleaned, code)
        return cleaned

    def _read_contract(self, cleaned: dict[str, Any], code: str) -> None:
        declarer_fields = [f"d{i}" for i in range(1, MAX_DECLARERS + 1) if cleaned.get(f"d{i}")]
        if not declarer_fields:
            self.add_error("d1", _("choose the declarer or declarers"))
            return
        renege = cleaned.get("renege") or ""
        trick_fields = [f"t{name[1:]}" for name in declarer_fields]
        read = self._read_tricks(cleaned, code, trick_fields, reneged=renege != "")
        if read is None:
            return
        tricks, fields_of_tricks = read
        record: dict[str, object] = {
            "contract": code,
            "declarers": [int(cleaned[name]) for name in declarer_fields],
        }
        fields: dict[str, list[str]] = {
            "contract": ["contract"],
            "declarers": declarer_fields,
            "dealer": ["contract"],
            "*": ["contract"],
            "tricks": fields_of_tricks,
        }
        if tricks is not None:
            record["tricks"] = tricks
        if cleaned.get("against"):
            record["against"] = cleaned["against"]
            fields["against"] = ["against"]
        if renege:
            record["renege"] = int(renege)
            fields["renege"] = ["renege"]
        record["dealer"] = self.dealer
        self.record = record
        self.deal_fields = fields

    def _read_tricks(
        self, cleaned: dict[str, Any], code: str, trick_fields: list[str], *, reneged: bool
    ) -> tuple[Any, list[str]] | None:
        """The declarers' tricks (a count, one per declarer in the misère family, or None
        after a renege) and their inputs; None when missing (the error is on the input)."""
        if code in per_declarer_codes(self.rules):
            counts = [cleaned.get(name) for name in trick_fields]
            if reneged and all(c is None for c in counts):
                return None, trick_fields
            missing = [name for name, c in zip(trick_fields, counts, strict=True) if c is None]
            if missing:
                self.add_error(missing[0], _("enter the tricks of each declarer (0 if none)"))
                return None
            return counts, trick_fields
        tricks = cleaned.get("tricks")
        if tricks is None and not reneged:
            self.add_error("tricks", _("enter the tricks made by the declarers"))
            return None
        return tricks, ["tricks"]

    def game_names(self) -> dict[str, str]:
        return contract_names(self.rules)


def _seat(seat_names: Sequence[str], seat: object) -> str:
    return seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(seat_names) else "?"


class WhistPlugin(GamePlugin):
    spec = whist.SPEC
    sheet_form = WhistDealForm
    sheet_template = "tournaments/sheets/whist_deal_form.html"
    pdf_sheet_template = "tournaments/pdf/whist_sheet.html"
    ranking_help = gettext_lazy(
        "Ranked by total points over the pools, then best single pool, then shared place."
    )
    round_abbreviation = "P"
    round_name = gettext_lazy("pool")
    complete_message = gettext_lazy("The pool is complete: every deal is entered.")
    entry_url_name = "staff_deals"
    clock = True
    live_standings = True
    place_points = False
    annual_ranking = True
    penalty_lines = 0
    tournament_settings = ("pool_minutes",)
    setting_labels = {
        "pools": gettext_lazy("Pools per tournament"),
        "deals_per_pool": gettext_lazy("Deals per pool"),
        "pool_minutes": gettext_lazy("Minutes per pool"),
        "tables_of_five": gettext_lazy("Tables of 5 allowed (one player sits out each deal)"),
        "tables_of_six": gettext_lazy(
            "Tables of 6 where tables of 4 and 5 cannot seat everybody (6 or 11 players; two "
            "sit out each deal)"
        ),
        "sit_out": gettext_lazy("Who sits out at a table of 5 or 6"),
        "annual_ranking": gettext_lazy("Annual ranking"),
        "annual_best_n": gettext_lazy("Best N tournaments (annual ranking « best N »)"),
        "place_points_use": gettext_lazy("Place points of each pool"),
    }

    def sheet_cells(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None
    ) -> dict[str, Any]:
        """What the printed sheet writes in the contract, declarers and tricks columns."""
        names = contract_names(rules)
        code = str(record.get("contract", ""))
        contract = names.get(code, code)
        if record.get("against"):
            against = names.get(str(record["against"]), str(record["against"]))
            contract = _("%(contract)s (counter on %(against)s)") % {
                "contract": contract,
                "against": against,
            }
        declarers = ", ".join(_seat(seat_names, s) for s in record.get("declarers", []))
        tricks = record.get("tricks")
        shown = "/".join(str(t) for t in tricks) if isinstance(tricks, list) else str(tricks or "")
        renege = ""
        if "renege" in record:  # no tricks: the text goes under the contract, where it has room
            renege = _("renege: %(player)s") % {"player": _seat(seat_names, record["renege"])}
            shown = "—"
        return {"contract": contract, "declarers": declarers, "tricks": shown, "renege": renege}

    def describe(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        cells = self.sheet_cells(record, seat_names, rules)
        if "renege" in record:
            return labelled(cells["contract"], f"{cells['declarers']} — {cells['renege']}")
        tricks = record.get("tricks")
        if isinstance(tricks, list) and len(tricks) == 1:
            tricks = tricks[0]  # a misère's one declarer: his own count
        # « 1 slag », « 8 slagen »; tricks counted per declarer (« 0/1 ») read as a plural.
        count = tricks if isinstance(tricks, int) else 2
        return (
            ngettext(
                "%(contract)s: %(declarers)s, %(tricks)s trick",
                "%(contract)s: %(declarers)s, %(tricks)s tricks",
                count,
            )
            % cells
        )

    nested_table_sizes = True

    def table_sizes(self, rules: dict[str, Any] | None) -> tuple[int, ...]:
        ruleset = self.rules(rules)
        if not ruleset.get("tables_of_five"):
            return (4,)
        return (4, 5, 6) if ruleset.get("tables_of_six") else (4, 5)

    def deal_seats(
        self,
        rules: dict[str, Any] | None,
        n_seats: int,
        first_dealer: int,
        turn: int,
        sit_out_order: Sequence[int] = (),
    ) -> tuple[int, tuple[int, ...]]:
        return seats_of_deal(rules, n_seats, first_dealer, turn, sit_out_order)

    def sit_out_order(
        self, rules: dict[str, Any] | None, n_seats: int, first_dealer: int, sat_out: Sequence[int]
    ) -> list[int]:
        """« À tour de rôle »: the players of the table who have sat out least so far first
        (RULES.md « Changes of 2026-11-28 »); with ``"dealer"`` the dealer sits out."""
        if n_seats not in (5, 6) or _sit_out(rules) != "rotating":
            return []
        return list(rotation_order(n_seats, sat_out, first_dealer))

    def default_rounds(self, rules: dict[str, Any] | None) -> int | None:
        return int(self.rules(rules).get("pools") or self.spec.default_sessions or 3)

    def deals_per_round(self, rules: dict[str, Any] | None) -> int | None:
        return int(self.rules(rules).get("deals_per_pool") or 12)

    def round_minutes(self, rules: dict[str, Any] | None) -> int | None:
        return int(self.rules(rules).get("pool_minutes") or 80)

    def adds_place_points(self, rules: dict[str, Any] | None) -> bool:
        return self.rules(rules).get("place_points_use") == "added"

    def rule_fields(self, rules: dict[str, Any]) -> list[RuleField]:
        """The points of every contract and counter of the club's table, then the settings."""
        return contract_table_fields(rules) + super().rule_fields(rules)

    def finish_rules(self, rules: dict[str, Any]) -> dict[str, str]:
        return finish_contract_table(rules)

    def scoring_model(self, rules: dict[str, Any] | None) -> str | None:
        model = str(self.rules(rules)["scoring_model"])
        return _("Scoring model: %(model)s") % {"model": MODEL_NAMES.get(model, model)}

    def sheet_extra(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        return {"scoring_model": self.scoring_model(rules)}

    def setting_fields(self, key: str, value: object) -> list[RuleField]:
        if key in ("contract_values", "scoring_model"):  # with the contract table
            return []
        if key == "annual_ranking":
            return [choice_setting(key, self.setting_labels[key], ANNUAL_CHOICES, value)]
        if key == "place_points_use":
            return [choice_setting(key, self.setting_labels[key], PLACE_POINTS_CHOICES, value)]
        if key == "sit_out":
            return [choice_setting(key, self.setting_labels[key], SIT_OUT_CHOICES, value)]
        if key == "place_points":
            return [_place_points_field(size, value) for size in ("4", "5", "6")]
        return super().setting_fields(key, value)

    def rule_problems(self, rules: dict[str, Any]) -> dict[str, str]:
        problems = {}
        if rules.get("tables_of_six") and not rules.get("tables_of_five"):
            problems["tables_of_six"] = _(
                "Tables of 6 are only for counts that tables of 4 and 5 cannot seat: allow "
                "tables of 5 too."
            )
        if rules.get("annual_ranking") == "best_n" and not rules.get("annual_best_n"):
            problems["annual_best_n"] = _("Give N for the « best N » ranking.")
        for size, row in (rules.get("place_points") or {}).items():
            if len(row) != int(size):
                problems[_place_points_key(size)] = _(
                    "Give %(count)s numbers, one per place, the first's first."
                ) % {"count": size}
        return problems


#: The scoring models' names, where the standings say which one counted.
MODEL_NAMES = {
    ZERO_SUM: gettext_lazy("zero-sum"),
    ON_FAILURE: gettext_lazy("opponents paid on failure"),
}

SIT_OUT_CHOICES = [
    ("dealer", gettext_lazy("The dealer (at 6, with the player opposite)")),
    ("rotating", gettext_lazy("In turn, every 4 deals")),
]

PLACE_POINTS_CHOICES = [
    ("tiebreak", gettext_lazy("Tie-break only")),
    ("added", gettext_lazy("Place points added to the total")),
]


def _place_points_key(size: str) -> str:
    return "place_points" if size == "4" else f"place_points:{size}"


def _place_points_field(size: str, tables: object) -> RuleField:
    """The place points of a table of ``size`` (one row of ``place_points``; empty: none)."""
    row = tables.get(size) if isinstance(tables, dict) else None
    field = PlacePointsField(
        label=_("Place points at a table of %(size)s") % {"size": size},
        initial=", ".join(str(v) for v in row or []),
        required=False,
        help_text=_(
            "From the first to the last, separated by commas (e.g. 90, 60, 30, 0): 0 to 10,000 "
            "each, never more for a worse place. Empty: none."
        ),
    )

    def write(rules: dict[str, Any], value: list[int]) -> None:
        tables = {k: v for k, v in (rules.get("place_points") or {}).items() if k != size}
        if value:
            tables[size] = value
        rules["place_points"] = dict(sorted(tables.items())) or None

    return RuleField(f"table__place_points__{size}", field, TABLES, _place_points_key(size), write)


ANNUAL_CHOICES = [
    ("sum_points", gettext_lazy("Sum of the tournament points")),
    ("sum_place_points", gettext_lazy("Sum of the place points")),
    ("best_n", gettext_lazy("Sum of the best N tournaments")),
]


PLUGIN = WhistPlugin()
