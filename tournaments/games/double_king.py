"""Double King's sheet: 20 rows, each with the penalties before its game (one per offender).

Each row shows its dealer as the core's rotation gives it: with ``penalty_counts_as_game`` a
penalty line takes a turn of the deal, so every penalty moves the dealers of the rows after it.
"""

import json
from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import double_king
from scoring.double_king import GAMES_PER_ROUND, KINDS

from ..language import in_french
from .base import GamePlugin, SheetForm
from .rule_fields import PLACE_POINTS_HELP
from .sheet_rows import SheetRows

UNITS = {
    "tricks": gettext_lazy("tricks"),
    "trump": gettext_lazy("tricks"),
    "hearts": gettext_lazy("hearts"),
    "queens": gettext_lazy("queens"),
    "jacks_kings": gettext_lazy("jacks and kings"),
}
COUNTED = set(UNITS)


def kind_names() -> dict[str, str]:
    french = in_french()
    return {code: (k.name_fr if french else k.name_en) for code, k in KINDS.items()}


class DoubleKingSheet(SheetForm):
    rows = GAMES_PER_ROUND

    def __init__(self, *args, records=None, **kwargs):
        super().__init__(*args, **kwargs)
        games = [("", "—"), *kind_names().items()]
        seats = self.seat_choices()
        for row in range(1, self.rows + 1):
            self.fields[f"g{row}"] = forms.ChoiceField(
                label=_("Game %(row)d") % {"row": row}, choices=games, required=False
            )
            for seat in range(4):
                self.fields[f"c{row}_{seat}"] = forms.IntegerField(
                    label=f"{self.seat_names[seat]}",
                    required=False,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 13}),
                )
            self.fields[f"k{row}"] = forms.ChoiceField(
                label=_("King of hearts / 7th trick"), choices=seats, required=False
            )
            self.fields[f"l{row}"] = forms.ChoiceField(
                label=_("Last trick"), choices=seats, required=False
            )
            for seat in range(4):
                self.fields[f"p{row}_{seat}"] = forms.ChoiceField(
                    label=_("Penalty of %(player)s: game") % {"player": self.seat_names[seat]},
                    choices=games,
                    required=False,
                )
        if records is not None and not self.is_bound:
            self.initial.update(self.initial_from(records))
        # A penalty line takes a turn of the deal only with this setting
        # (docs/rules/double_king.md#penalties).
        self.penalty_counts = bool((self.rules or {}).get("penalty_counts_as_game"))

    # ------------------------------------------------------------------ rows and records

    def penalties(self, row: int) -> list[tuple[int, str]]:
        """(offender, game) of the penalty lines before the row's game, as typed (or stored)."""
        out = []
        for seat in range(4):
            game = self[f"p{row}_{seat}"].value() or ""
            if game in KINDS:
                out.append((seat, str(game)))
        return out

    def turns(self) -> list[tuple[int, list[int]]]:
        """For each row, the dealer of its game and of each of its penalty lines: the core's
        rotation, where a penalty line takes a turn only with ``penalty_counts_as_game``."""
        slot, out = 0, []
        for row in range(1, self.rows + 1):
            penalty_dealers = []
            for _offender in self.penalties(row):
                penalty_dealers.append((self.first_dealer + slot) % 4)
                slot += self.penalty_counts
            out.append(((self.first_dealer + slot) % 4, penalty_dealers))
            slot += 1
        return out

    def dealer(self, row: int) -> int:
        return self.turns()[row - 1][0]

    def dealer_names(self) -> list[str]:
        """The dealer of each row, for the page to follow the penalties as they are typed."""
        return [self.seat_names[dealer] for dealer, _p in self.turns()]

    def rows_for_template(self):
        for row, (dealer, _penalty_dealers) in enumerate(self.turns(), start=1):
            yield {
                "number": row,
                "dealer": dealer,
                "dealer_name": self.seat_names[dealer],
                "game": self[f"g{row}"],
                "counts": [self[f"c{row}_{s}"] for s in range(4)],
                "who": self[f"k{row}"],
                "last": self[f"l{row}"],
                "penalties": [self[f"p{row}_{s}"] for s in range(4)],
                # The penalty choices stay folded unless the row has one (or an error on one).
                "penalty_open": any(
                    self[f"p{row}_{s}"].value() or self[f"p{row}_{s}"].errors for s in range(4)
                ),
                "errors": [
                    e for name in self.row_field_names(row) for e in self.errors.get(name, []) if e
                ],
            }

    def row_field_names(self, row: int) -> list[str]:
        return [
            f"g{row}",
            *(f"c{row}_{s}" for s in range(4)),
            f"k{row}",
            f"l{row}",
            *(f"p{row}_{s}" for s in range(4)),
        ]

    def initial_from(self, records: list[dict]) -> dict[str, object]:
        initial: dict[str, object] = {}
        row = 1
        for record in records:
            if "penalty" in record:
                initial[f"p{row}_{record['penalty']}"] = record["game"]
                continue
            initial[f"g{row}"] = record["game"]
            for seat, count in enumerate(record.get("taken", [])):
                initial[f"c{row}_{seat}"] = count
            if "taker" in record:
                initial[f"k{row}"] = str(record["taker"])
            if "seventh" in record:
                initial[f"k{row}"] = str(record["seventh"])
                initial[f"l{row}"] = str(record["last"])
            row += 1
        return initial

    def clean(self):
        cleaned = super().clean()
        self.records, self.record_fields, self.record_labels = [], [], []
        first_empty: int | None = None
        for row, (row_dealer, penalty_dealers) in enumerate(self.turns(), start=1):
            label = _("Game %(row)d") % {"row": row}
            game = cleaned.get(f"g{row}") or ""
            counts = [cleaned.get(f"c{row}_{s}") for s in range(4)]
            who, last = cleaned.get(f"k{row}") or "", cleaned.get(f"l{row}") or ""
            anything = bool(game or who or last or any(c is not None for c in counts))
            for (offender, penalty_game), dealer in zip(
                self.penalties(row), penalty_dealers, strict=True
            ):
                name = [f"p{row}_{offender}"]
                self._add(
                    {"game": penalty_game, "penalty": offender, "dealer": dealer},
                    _("Penalty before game %(row)d") % {"row": row},
                    {"game": name, "penalty": name, "dealer": name, "*": name},
                )
            if not anything:
                first_empty = first_empty or row
                continue
            if not game:
                self.add_error(f"g{row}", f"{label} : " + _("choose the game played"))
                continue
            if first_empty is not None:
                self.add_error(
                    f"g{first_empty}",
                    _("Game %(row)d is empty: fill the games in the order they were played.")
                    % {"row": first_empty},
                )
                first_empty = None
            record: dict[str, object] = {"game": game, "dealer": row_dealer}
            fields: dict[str, list[str]] = {
                "game": [f"g{row}"],
                "dealer": [f"g{row}"],
                "*": [f"g{row}"],
            }
            if game in COUNTED:
                if any(c is None for c in counts):
                    missing = next(s for s, c in enumerate(counts) if c is None)
                    self.add_error(
                        f"c{row}_{missing}",
                        f"{label} : " + _("enter the count of each player (0 if none)"),
                    )
                    continue
                record["taken"] = counts
                fields["taken"] = [f"c{row}_{s}" for s in range(4)]
            elif game == "king_of_hearts":
                if who == "":
                    self.add_error(
                        f"k{row}", f"{label} : " + _("choose who took the king of hearts")
                    )
                    continue
                record["taker"] = int(who)
                fields["taker"] = [f"k{row}"]
            else:
                if who == "" or last == "":
                    name = f"k{row}" if who == "" else f"l{row}"
                    self.add_error(
                        name, f"{label} : " + _("choose who took the 7th and the last trick")
                    )
                    continue
                record["seventh"], record["last"] = int(who), int(last)
                fields["seventh"], fields["last"] = [f"k{row}"], [f"l{row}"]
            self._add(record, label, fields)
        return cleaned

    def _add(self, record: dict, label: str, fields: dict[str, list[str]]) -> None:
        self.records.append(record)
        self.record_fields.append(fields)
        self.record_labels.append(label)

    def unit_for(self, record: dict) -> str | None:
        unit = UNITS.get(str(record.get("game", "")))
        return str(unit) if unit else None

    def game_names(self) -> dict[str, str]:
        return kind_names()

    def game_names_json(self) -> str:
        return json.dumps(kind_names())

    def inputs_by_game_json(self) -> str:
        """Which inputs of a row each game uses, so the page can grey out the others."""
        uses = {code: ["c"] if code in COUNTED else ["k"] for code in KINDS}
        uses["seventh_last"] = ["k", "l"]
        return json.dumps(uses)


def describe(record: dict, seat_names) -> str:
    names = kind_names()
    game = names.get(str(record.get("game")), str(record.get("game")))
    if "penalty" in record:
        return _("Penalty (%(game)s): %(player)s") % {
            "game": game,
            "player": seat_names[record["penalty"]],
        }
    if "taken" in record:
        return f"{game} : " + ", ".join(
            f"{n} {c}" for n, c in zip(seat_names, record["taken"], strict=False)
        )
    if "taker" in record:
        return f"{game} : {seat_names[record['taker']]}"
    return _("%(game)s: 7th %(seventh)s, last %(last)s") % {
        "game": game,
        "seventh": seat_names[record["seventh"]],
        "last": seat_names[record["last"]],
    }


class DoubleKingPlugin(GamePlugin):
    spec = double_king.SPEC
    sheet_form = DoubleKingSheet
    sheet_template = "tournaments/sheets/double_king_form.html"
    pdf_sheet_template = "tournaments/pdf/double_king_sheet.html"
    ranking_help = gettext_lazy(
        "Ranked by place points (16, 12, 8, 4 per round, ties sharing), then total score, "
        "then best round."
    )

    setting_help = {
        "place_points": PLACE_POINTS_HELP,
        "trump_penalty": gettext_lazy(
            "The offender, then each other player, separated by commas: the offender pays three "
            "times what each other player receives (0 to 100)."
        ),
    }

    describe = staticmethod(describe)

    def sheet_row(self, rows: SheetRows, record: dict, points: Sequence[object]) -> None:
        """A penalty is a line apart, under the games; it takes a turn of the deal only when
        the rules say ``penalty_counts_as_game``."""
        if "penalty" not in record:
            rows.add_game(record, points)
            return
        takes_turn = bool((rows.rules or {}).get("penalty_counts_as_game"))
        rows.add_penalty(record, points, takes_turn=takes_turn)

    def sheet_extra(self, rules: dict | None) -> dict:
        # The printed sheet warns when a penalty line takes a turn of the deal (its
        # pre-printed dealers then move on by one after each penalty).
        return {"penalty_counts": bool(self.rules(rules).get("penalty_counts_as_game"))}


PLUGIN = DoubleKingPlugin()
