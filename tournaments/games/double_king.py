"""Double King's sheet, kept as the players keep it on paper: each game's points per player.

The printed sheet (templates/tournaments/pdf/double_king_sheet.html) and this form have the same
cells in the same order: the game row's number, its dealer, the game's letter, then each
player's points (−2 for a queen, −5 for the king of hearts, +3 for three trump tricks...).
Penalty lines come after the 20 rows, as on paper: before which game, its letter, the points.
The form converts the points into the records of ``scoring.double_king``, which stay in counts.

Each row shows its dealer as the core's rotation gives it: with ``penalty_counts_as_game`` a
penalty line takes a turn of the deal, so every penalty moves the dealers of the rows after it.
"""

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from club.formatting import labelled
from club.validators import PlainNameValidator
from scoring import InvalidDeal, double_king
from scoring.double_king import (
    GAME_NAME_MAX,
    GAMES_PER_ROUND,
    KINDS,
    VALUE_MAX,
    played_games,
    record_from_points,
    score_deal,
    sheet_line,
)

from ..language import active_language
from ..scoring_messages import message_for
from .base import DealForm, GamePlugin, SheetForm
from .deal_words import LINES
from .rule_fields import GAME_TABLE, PLACE_POINTS_HELP, RuleField, bounded_field
from .sheet_rows import SheetRows

#: The letter of each game: printed in the sheet's legend, written by the players in the
#: « Jeu » column, typed on the screen (A to F are the negative games in the rules' order).
LETTERS = {
    "tricks": "A",
    "hearts": "B",
    "queens": "C",
    "jacks_kings": "D",
    "king_of_hearts": "E",
    "seventh_last": "F",
    "trump": "T",
}
#: Penalty lines on screen besides the stored ones (the paper has 3 blank ones).
SPARE_PENALTY_LINES = 3
SEATS = 4
RECORD_KEYS = ("taken", "taker", "seventh", "last", "penalty")


def standard_names() -> dict[str, str]:
    """Each game's standard name in the active language (``scoring.game_words``)."""
    language = active_language()
    return {code: kind.name(language) for code, kind in KINDS.items()}


def kind_names(rules: dict[str, Any] | None = None) -> dict[str, str]:
    """Each game's name on the sheet, the phones and the legend: the club's own word where its
    ruleset gives one (``game_names``: Rıfkı's « son iki » on the 7th and last line), else
    the standard name in the active language. Read straight from the stored ruleset (which
    the scoring checked); the pages print it as text, never as markup."""
    names = standard_names()
    own = (rules or {}).get("game_names")
    if isinstance(own, dict):
        for code, name in own.items():
            if code in names and isinstance(name, str) and name.strip():
                names[code] = name.strip()
    return names


def game_choices(rules: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """« C — Pas de dames »: a focused list picks the game from its letter, as on paper (the
    games the club's table plays)."""
    names = kind_names(rules)
    return [
        ("", "—"),
        *((code, f"{LETTERS[code]} — {names[code]}") for code in played_games(rules or None)),
    ]


def legend(rules: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """[(letter, « game name (points) »)]: the printed sheet's and the screen's legend, with
    what a card or trick is worth in the club's table: « Pas de dames (−2) »."""
    names = kind_names(rules)
    values = double_king.validate_rules(rules or None)["game_values"]
    assert isinstance(values, dict)
    out = []
    for code in played_games(rules or None):
        if code == "seventh_last":
            worth = f"{_signed(values['seventh'])} / {_signed(values['last'])}"
        else:
            worth = _signed(values[code])
        out.append((LETTERS[code], f"{names[code]} ({worth})"))
    return out


def _signed(value: object) -> str:
    """« −2 », « +1 »: a value as the sheet prints it (typographic minus)."""
    number = int(str(value))
    return f"−{-number}" if number < 0 else f"+{number}"


class PointsField(forms.IntegerField):
    """A cell of the sheet: points as written, « −4 » (typographic minus) or « +3 » too."""

    widget = forms.TextInput

    def to_python(self, value: Any | None) -> int | None:
        if isinstance(value, str):
            value = value.strip().replace("\u2212", "-").removeprefix("+")
        return super().to_python(value)


@dataclass
class Cell:
    """An input or select of the grid, as its template writes it: the field's name and id,
    what it shows (what was typed, else the stored value), its label, and whether it is in
    error (red, perhaps without a message of its own)."""

    name: str
    id: str
    value: str
    label: str
    invalid: bool
    #: a points cell's player (its column's name), and whether he chose the line's game
    player: str = ""
    chooser: bool = False


def grid_cell(bound: forms.BoundField, player: str = "", *, chooser: bool = False) -> Cell:
    value = bound.value()
    return Cell(
        name=bound.html_name,
        id=bound.auto_id,
        value="" if value is None else str(value),
        label=str(bound.label),
        invalid=bool(bound.errors),
        player=player,
        chooser=chooser,
    )


@dataclass
class Line:
    """A line of the grid for its template: a game row or a penalty line."""

    number: int
    dealer: int | None
    dealer_name: str
    game: Cell
    cells: list[Cell]
    errors: list[str]
    #: the id of the line's messages, which its cells in error point to
    errors_id: str
    before: Cell | None = None
    used: bool = True


class PointsLines(forms.Form):
    """What the whole sheet and the phones' one row share: a line's four cells read as
    points (``record_from_points``), the games' letters and names, the cells' help."""

    rules: dict[str, Any] | None
    unit: str | Promise | None = gettext_lazy("points")

    def _record(self, game: str, cells: str, label: str, *, penalty: bool) -> dict[str, Any] | None:
        """The record of a line's four cells, or None with the error on the cells."""
        points = self._points(cells, label)
        if points is None:
            return None
        try:
            return record_from_points(game, points, penalty=penalty, rules=self.rules)
        except InvalidDeal as error:
            index = error.params.get("index")
            names = [f"{cells}{index}"] if isinstance(index, int) else []
            names = names or [f"{cells}{s}" for s in range(SEATS)]
            message = labelled(label, message_for(error, unit=_("points")))
            for name in names:
                self.add_error(name, message if name == names[0] else "")
            return None

    def _points(self, cells: str, label: str) -> list[int] | None:
        """The four cells' points, or None with an error on the first one missing."""
        points: list[int | None] = [self.cleaned_data.get(f"{cells}{s}") for s in range(SEATS)]
        given = [p for p in points if p is not None]
        if len(given) == SEATS:
            return given
        missing = [f"{cells}{s}" for s, p in enumerate(points) if p is None]
        if not any(name in self.errors for name in missing):
            message = _("enter the points of each player (0 if none)")
            self.add_error(missing[0], labelled(label, message))
        return None

    def game_names(self) -> dict[str, str]:
        return kind_names(self.rules)

    def legend(self) -> list[tuple[str, str]]:
        return legend(self.rules)

    def game_names_json(self) -> str:
        return json.dumps(kind_names(self.rules))

    def lines_json(self) -> str:
        """What each game's line may hold, for the page's keyboard help: the game's letter,
        each cell's possible points and the line's total (a game row, then a penalty line)."""
        lines = {}
        for code in played_games(self.rules or None):
            game = sheet_line(code, rules=self.rules)
            penalty = sheet_line(code, penalty=True, rules=self.rules)
            lines[code] = {
                "letter": LETTERS[code],
                "values": list(game.values),
                "total": game.total,
                "penalty": {"values": list(penalty.values), "total": penalty.total},
            }
        return json.dumps(lines)


class DoubleKingSheet(PointsLines, SheetForm):
    rows = GAMES_PER_ROUND

    def __init__(
        self, *args: Any, records: list[dict[str, Any]] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.penalty_lines = self._count_penalty_lines(records or [])
        # What every line's fields share, translated once a form rather than once a field.
        self.game_options = game_choices(self.rules)
        self._game_label = _("game (letter)")
        self._cell_label = _("%(line)s: points of %(player)s")
        self._invalid_points = _("enter whole points (e.g. -4)")
        for row in range(1, self.rows + 1):
            self._add_line_fields(f"g{row}", f"c{row}_", _("Game %(row)d") % {"row": row})
        for line in range(1, self.penalty_lines + 1):
            label = _("Penalty %(n)d") % {"n": line}
            self.fields[f"pb{line}"] = forms.IntegerField(
                label=labelled(label, _("before game no.")),
                required=False,
                min_value=1,
                max_value=self.rows,
            )
            self._add_line_fields(f"pg{line}", f"pp{line}_", label)
        if records is not None and not self.is_bound:
            self.initial.update(self.initial_from(records))
        # A penalty line takes a turn of the deal only with this setting
        # (docs/rules/double_king.md#penalties).
        self.penalty_counts = bool((self.rules or {}).get("penalty_counts_as_game"))

    def choices_json(self) -> str:
        """What the « reste à choisir » panel counts as each game's letter is typed: the
        dealing (first dealer, whether a penalty line takes a turn), each player's quotas and
        each negative game's plays (``scoring.double_king.table_result`` checks the same)."""
        merged = double_king.validate_rules(self.rules or None)
        quotas = merged["negative_quotas"]
        assert isinstance(quotas, dict)
        return json.dumps(
            {
                "first": self.first_dealer,
                "seats": SEATS,
                "penalty_counts": self.penalty_counts,
                "negatives": merged["negative_per_seat"],
                "trumps": merged["trump_per_seat"],
                # each negative game the club plays: how many times in a round
                "times": {code: int(str(n)) for code, n in quotas.items() if int(str(n)) > 0},
            }
        )

    def _count_penalty_lines(self, records: list[dict[str, Any]]) -> int:
        """The stored penalty lines and a few blank ones, or as many as were posted."""
        stored = sum("penalty" in r for r in records)
        posted = [int(m[1]) for key in self.data if (m := re.fullmatch(r"pg(\d+)", key))]
        return min(max([stored + SPARE_PENALTY_LINES, *posted]), 4 * GAMES_PER_ROUND)

    def _add_line_fields(self, game: str, cells: str, label: str) -> None:
        # The labels name each input for screen readers (the grid shows no <label>).
        self.fields[game] = forms.ChoiceField(
            label=labelled(label, self._game_label), choices=self.game_options, required=False
        )
        invalid = {"invalid": labelled(label, self._invalid_points)}
        for seat in range(SEATS):
            name = self._cell_label % {"line": label, "player": self.seat_names[seat]}
            self.fields[f"{cells}{seat}"] = PointsField(
                label=name, required=False, error_messages=invalid
            )

    # ------------------------------------------------------------------ rows and records

    def penalty_rows(self) -> dict[int, list[int]]:
        """The penalty lines before each game row, in the order typed (or stored)."""
        by_row: dict[int, list[int]] = {}
        for line in range(1, self.penalty_lines + 1):
            before = self[f"pb{line}"].value()
            game = self[f"pg{line}"].value()
            if game in KINDS and str(before or "").strip().isdigit():
                row = int(str(before).strip())
                if 1 <= row <= self.rows:
                    by_row.setdefault(row, []).append(line)
        return by_row

    def turns(self) -> list[tuple[int, list[int]]]:
        """For each row, the dealer of its game and of each of its penalty lines: the core's
        rotation, where a penalty line takes a turn only with ``penalty_counts_as_game``."""
        slot, by_row = 0, self.penalty_rows()
        out: list[tuple[int, list[int]]] = []
        for row in range(1, self.rows + 1):
            penalty_dealers = []
            for _line in by_row.get(row, []):
                penalty_dealers.append((self.first_dealer + slot) % SEATS)
                slot += self.penalty_counts
            out.append(((self.first_dealer + slot) % SEATS, penalty_dealers))
            slot += 1
        return out

    def dealer(self, row: int) -> int:
        return self.turns()[row - 1][0]

    def dealer_names(self) -> list[str]:
        """The dealer of each row, then of each penalty line (blank when not placed yet), for
        the page to follow the penalties as they are typed."""
        turns = self.turns()
        names = [self.seat_names[dealer] for dealer, _p in turns]
        line_dealers = self._line_dealers(turns)
        names += [
            self.seat_names[line_dealers[line]] if line in line_dealers else ""
            for line in range(1, self.penalty_lines + 1)
        ]
        return names

    def _line_dealers(self, turns: list[tuple[int, list[int]]]) -> dict[int, int]:
        by_row = self.penalty_rows()
        return {
            line: dealer
            for row, (_d, dealers) in enumerate(turns, start=1)
            for line, dealer in zip(by_row.get(row, []), dealers, strict=True)
        }

    def _errors_of(self, names: list[str]) -> list[str]:
        return [str(e) for name in names for e in self.errors.get(name, []) if e]

    # The grid's view-model: the lines with their cells' names, values and errors, for the
    # template (tournaments/sheets/double_king_form.html) to write as plain inputs.

    def rows_for_template(self) -> list[Line]:
        return [
            Line(
                number=row,
                dealer=dealer,
                dealer_name=self.seat_names[dealer],
                game=grid_cell(self[f"g{row}"]),
                cells=self._grid_cells(f"c{row}_", chooser=dealer),
                errors=self._errors_of(self.row_field_names(row)),
                errors_id=f"row-{row}-errors",
            )
            for row, (dealer, _p) in enumerate(self.turns(), start=1)
        ]

    def penalty_lines_for_template(self) -> list[Line]:
        dealers = self._line_dealers(self.turns())
        lines = []
        for line in range(1, self.penalty_lines + 1):
            dealer = dealers.get(line)
            before = grid_cell(self[f"pb{line}"])
            game = grid_cell(self[f"pg{line}"])
            cells = self._grid_cells(f"pp{line}_")
            lines.append(
                Line(
                    number=line,
                    dealer=dealer,
                    dealer_name=self.seat_names[dealer] if dealer is not None else "",
                    game=game,
                    cells=cells,
                    errors=self._errors_of(self.line_field_names(line)),
                    errors_id=f"penalty-{line}-errors",
                    before=before,
                    used=any(cell.value for cell in (before, game, *cells)),
                )
            )
        return lines

    def _grid_cells(self, prefix: str, chooser: int | None = None) -> list[Cell]:
        """A line's points cells; ``chooser``: the seat of the player who chose its game."""
        return [
            grid_cell(self[f"{prefix}{seat}"], self.seat_names[seat], chooser=seat == chooser)
            for seat in range(SEATS)
        ]

    def row_field_names(self, row: int) -> list[str]:
        return [f"g{row}", *(f"c{row}_{s}" for s in range(SEATS))]

    def line_field_names(self, line: int) -> list[str]:
        return [f"pb{line}", f"pg{line}", *(f"pp{line}_{s}" for s in range(SEATS))]

    def initial_from(self, records: list[dict[str, Any]]) -> dict[str, object]:
        initial: dict[str, object] = {}
        row, line = 1, 1
        for record in records:
            points = score_deal(record, self.rules)
            if "penalty" in record:
                initial.update({f"pb{line}": row, f"pg{line}": record["game"]})
                initial.update({f"pp{line}_{s}": p for s, p in enumerate(points)})
                line += 1
                continue
            initial[f"g{row}"] = record["game"]
            initial.update({f"c{row}_{s}": p for s, p in enumerate(points)})
            row += 1
        return initial

    # ------------------------------------------------------------------ reading the sheet

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean() or {}
        self.records, self.record_fields, self.record_labels = [], [], []
        self._check_penalty_lines()
        by_row = self.penalty_rows()
        first_empty: int | None = None
        for row, (dealer, penalty_dealers) in enumerate(self.turns(), start=1):
            for line, line_dealer in zip(by_row.get(row, []), penalty_dealers, strict=True):
                self._add_penalty(line, row, line_dealer)
            if not any(cleaned.get(name) not in (None, "") for name in self.row_field_names(row)):
                first_empty = first_empty or row
                continue
            if first_empty is not None:
                self.add_error(
                    f"g{first_empty}",
                    _("Game %(row)d is empty: fill the games in the order they were played.")
                    % {"row": first_empty},
                )
                first_empty = None
            self._add_game(row, dealer)
        return cleaned

    def _check_penalty_lines(self) -> None:
        """A penalty line begun must say before which game and which game it was."""
        for line in range(1, self.penalty_lines + 1):
            names = self.line_field_names(line)
            if all(self.cleaned_data.get(n) in (None, "") for n in names):
                continue
            label = _("Penalty %(n)d") % {"n": line}
            if self.cleaned_data.get(f"pb{line}") is None and f"pb{line}" not in self.errors:
                self.add_error(f"pb{line}", labelled(label, _("enter the game it came before")))
            if not self.cleaned_data.get(f"pg{line}"):
                self.add_error(f"pg{line}", labelled(label, _("choose the game played")))

    def _add_game(self, row: int, dealer: int) -> None:
        label = _("Game %(row)d") % {"row": row}
        game = self.cleaned_data.get(f"g{row}")
        if not game:
            self.add_error(f"g{row}", labelled(label, _("choose the game played")))
            return
        record = self._record(game, f"c{row}_", label, penalty=False)
        if record is not None:
            record["dealer"] = dealer
            self._add(record, label, f"g{row}", f"c{row}_")

    def _add_penalty(self, line: int, row: int, dealer: int) -> None:
        label = _("Penalty before game %(row)d") % {"row": row}
        record = self._record(self.cleaned_data[f"pg{line}"], f"pp{line}_", label, penalty=True)
        if record is not None:
            record["dealer"] = dealer
            self._add(record, label, f"pg{line}", f"pp{line}_")

    def _add(self, record: dict[str, Any], label: str, game: str, cells: str) -> None:
        cell_names = [f"{cells}{s}" for s in range(SEATS)]
        fields = {"game": [game], "dealer": [game], "*": [game]}
        fields.update({key: cell_names for key in RECORD_KEYS})
        self.records.append(record)
        self.record_fields.append(fields)
        self.record_labels.append(label)


class DoubleKingRow(PointsLines, DealForm):
    """One row of the sheet, as a table's phones enter it: the dealer's choice (the game's
    letter) and each player's points as written; it adds one record to the table's records
    (``records_with_deal``), with the dealer the rotation gives after the rows so far.

    ``scoring`` judges the row against the earlier rows (the game still open to that dealer,
    the quotas), with the staff sheet's French messages on the fields.
    """

    cells = "p"
    words = LINES

    def add_fields(self) -> None:
        # The phones only add the next row (a stored row is corrected on the staff sheet).
        self.number = len(self.existing) + 1
        try:
            result = double_king.table_result(
                self.existing, self.rules or None, first_dealer=self.first_dealer
            )
        except InvalidDeal:  # pragma: no cover - stored sheets are valid
            result = None
        self.pending: dict[str, Any] | None = (
            dict(result.pending) if result is not None and result.pending else None
        )
        self.dealer: int | None = self.pending["next_dealer"] if self.pending else None
        played = int(self.pending["games_played"]) if self.pending else len(self.existing)
        self.row = played + 1
        # The game's number, as the staff sheet's rows say it (a line is its place on the sheet).
        self.label = _("Game %(row)d") % {"row": self.row}
        self.fields["game"] = forms.ChoiceField(
            label=_("Choice of %(name)s (game)") % {"name": self.dealer_name},
            choices=game_choices(self.rules),
            required=False,
        )
        # A player at fault: an extra line of the sheet, not one of the 20 (docs/rules/
        # double_king.md, « Penalties »); the game is the one being played when it happened.
        self.fields["penalty"] = forms.BooleanField(
            label=_("Penalty line: a player at fault (not one of the 20 games)"),
            required=False,
        )
        for seat, name in enumerate(self.seat_names):
            self.fields[f"{self.cells}{seat}"] = PointsField(
                label=name,
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off", "class": "points"}),
                error_messages={"invalid": _("enter whole points (e.g. -4)")},
            )

    @property
    def dealer_name(self) -> str:
        return self.seat_names[self.dealer] if self.dealer is not None else ""

    def initial_from(self, record: dict[str, Any]) -> dict[str, object]:
        """A row sent back, as it was typed: the game, the penalty tick and the points."""
        points = score_deal(record, self.rules or None)
        initial: dict[str, object] = {
            "game": record.get("game", ""),
            "penalty": "penalty" in record,
        }
        initial.update({f"{self.cells}{seat}": p for seat, p in enumerate(points)})
        return initial

    def cell_fields(self) -> list[forms.BoundField]:
        return [self[f"{self.cells}{seat}"] for seat in range(SEATS)]

    def still_to_choose(self) -> dict[str, object]:
        """The dealer's « reste à choisir »: his negative and trump choices left, and the
        negative games still open at the table (with how many times)."""
        if self.pending is None or self.dealer is None:
            return {}
        names = kind_names(self.rules)
        negatives = self.pending["negatives_left"][self.dealer]
        forced = bool(self.pending["dealer_must_choose_trump"])
        games = [
            (LETTERS[code], names[code], times)
            for code, times in self.pending["negative_games_left"].items()
        ]
        return {
            "negatives": 0 if forced else negatives,
            "trumps": self.pending["trumps_left"][self.dealer],
            "games": games if negatives and not forced else [],
            "forced_trump": forced,
            "trump": (LETTERS["trump"], names["trump"]),
        }

    def read_deal(self, cleaned: dict[str, Any]) -> None:
        game = cleaned.get("game")
        if not game:
            self.add_error("game", labelled(self.label, _("choose the game played")))
            return
        penalty = bool(cleaned.get("penalty"))
        if penalty:
            self.label = str(_("Penalty line"))
        record = self._record(game, self.cells, self.label, penalty=penalty)
        if record is None:
            return
        if self.dealer is not None:
            record["dealer"] = self.dealer
        cell_names = [f"{self.cells}{seat}" for seat in range(SEATS)]
        self.record = record
        self.deal_fields = {"game": ["game"], "dealer": ["game"], "*": ["game"]}
        self.deal_fields.update({key: cell_names for key in RECORD_KEYS})

    def records_with_deal(self) -> list[dict[str, Any]]:
        records = super().records_with_deal()
        # scoring's verdict on this row reads « Jeu n : … », as on the staff sheet.
        self.record_labels[self.number - 1] = self.label
        return records


SEAT_QUOTA_HELP = gettext_lazy(
    "Each player deals 5 of the 20 games: his negative and trump games add up to 5."
)
#: What one unit of each game is worth, as the rules page asks it (``game_values``).
VALUE_LABELS = {
    "tricks": gettext_lazy("Points per trick taken"),
    "hearts": gettext_lazy("Points per heart taken"),
    "queens": gettext_lazy("Points per queen taken"),
    "jacks_kings": gettext_lazy("Points per jack or king taken"),
    "king_of_hearts": gettext_lazy("Points for the king of hearts"),
    "seventh": gettext_lazy("Points for the 7th trick"),
    "last": gettext_lazy("Points for the last trick"),
    "trump": gettext_lazy("Points per trick taken at trump"),
}
#: The value keys of each game's row on the rules page.
VALUE_KEYS_OF = {"seventh_last": ("seventh", "last")}


def game_fields(rules: dict[str, Any]) -> list[RuleField]:
    """Each game's row of the rules page: the points of its unit (a negative number, a
    positive one at trump) and, for a negative game, how many times it is played in a round
    (0: not played), and the club's own name for it on the sheets (empty: the standard name).
    The round's frame and its zero sum are the scoring's to check."""
    names = standard_names()
    values, quotas = rules["game_values"], rules["negative_quotas"]
    own = rules.get("game_names") or {}
    fields: list[RuleField] = []
    for code, kind in KINDS.items():
        row = f"{LETTERS[code]} — {names[code]} ({_row_summary(code, values, quotas)})"
        fields.append(_name_field(code, names[code], own.get(code, ""), row))
        for key in VALUE_KEYS_OF.get(code, (code,)):
            bounds = (1, VALUE_MAX) if key == "trump" else (-VALUE_MAX, -1)
            field = bounded_field(VALUE_LABELS[key], bounds, values[key])
            write = _writer("game_values", key)
            key_name = f"game_values.{key}"
            fields.append(RuleField(f"value__{key}", field, GAME_TABLE, key_name, write, row))
        if kind.negative:
            field = bounded_field(_("Times played in a round"), (0, GAMES_PER_ROUND), quotas[code])
            field.help_text = _("0: the club does not play this game.") + " " + field.help_text
            write = _writer("negative_quotas", code)
            key = f"negative_quotas.{code}"
            fields.append(RuleField(f"quota__{code}", field, GAME_TABLE, key, write, row))
    return fields


def _name_field(code: str, standard: str, name: object, row: str) -> RuleField:
    """The club's own name of a game (``game_names``), shown on the sheet, the phones and the
    legend instead of the standard one; the scores are unchanged."""
    label = _("Name on the sheet")
    field = forms.CharField(
        label=label,
        max_length=GAME_NAME_MAX,
        required=False,
        initial=name if isinstance(name, str) else "",
        validators=[PlainNameValidator(label)],
        help_text=_("The club's own word for this game. Empty: « %(name)s ».") % {"name": standard},
    )

    def write(rules: dict[str, Any], value: str) -> None:
        names = {k: v for k, v in (rules.get("game_names") or {}).items() if k != code}
        if value.strip():
            names[code] = value.strip()
        rules["game_names"] = names

    return RuleField(f"name__{code}", field, GAME_TABLE, f"game_names.{code}", write, row)


def _row_summary(code: str, values: dict[str, int], quotas: dict[str, int]) -> str:
    """What a folded row shows: « −2, played twice » (its values, then its quota)."""
    worth = " / ".join(_signed(values[key]) for key in VALUE_KEYS_OF.get(code, (code,)))
    if code not in quotas:
        return worth
    if not quotas[code]:
        return _("%(values)s, not played") % {"values": worth}
    times = quotas[code]
    return ngettext(
        "%(values)s, played %(count)s time", "%(values)s, played %(count)s times", times
    ) % {"values": worth, "count": times}


def _writer(table: str, key: str) -> Any:
    def write(rules: dict[str, Any], value: int) -> None:
        rules[table] = {**rules[table], key: value}

    return write


class DoubleKingPlugin(GamePlugin):
    spec = double_king.SPEC
    sheet_form = DoubleKingSheet
    sheet_template = "tournaments/sheets/double_king_form.html"
    pdf_sheet_template = "tournaments/pdf/double_king_sheet.html"
    ranking_help = gettext_lazy(
        "Ranked by place points (16, 12, 8, 4 per round, ties sharing), then total score, "
        "then best round."
    )

    setting_labels = {
        "place_points": gettext_lazy("Place points (first to fourth)"),
        "rounds": gettext_lazy("Rounds per tournament"),
        "negative_per_seat": gettext_lazy("Negative games each player chooses"),
        "trump_per_seat": gettext_lazy("Trump games each player chooses"),
        "penalty_counts_as_game": gettext_lazy("A penalty line counts as one of the 20 games"),
        "dealer_penalty_forces_trump": gettext_lazy(
            "After his own penalty, the dealer chooses trump for the redeal"
        ),
        "trump_penalty": gettext_lazy("Trump penalty (offender, each other player)"),
    }
    setting_help = {
        "place_points": PLACE_POINTS_HELP,
        "negative_per_seat": SEAT_QUOTA_HELP,
        "trump_per_seat": SEAT_QUOTA_HELP,
        "trump_penalty": gettext_lazy(
            "The offender, then each other player, separated by commas: the offender pays three "
            "times what each other player receives (1 to 100)."
        ),
    }

    # The table's phones enter the sheet row by row (docs/plugins.md, table-side entry).
    table_form = DoubleKingRow
    table_template = "tournaments/sheets/double_king_row_form.html"

    def row_labels(
        self, records: Sequence[dict[str, Any]], rules: dict[str, Any] | None = None
    ) -> list[str]:
        """A row as the players speak of it: a game by its number and letter (« Jeu 4 (C) »),
        a penalty line as such, with the game it came in (« Ligne de pénalité (jeu 4) »); a
        penalty line takes a number only when the rules count it as a game."""
        counts = bool(self.rules(rules).get("penalty_counts_as_game"))
        labels: list[str] = []
        games = 0
        for record in records:
            if "penalty" in record:
                labels.append(_("Penalty line (game %(row)d)") % {"row": games + 1})
                games += 1 if counts else 0
                continue
            games += 1
            letter = LETTERS.get(str(record.get("game")), "?")
            labels.append(_("Game %(row)d (%(letter)s)") % {"row": games, "letter": letter})
        return labels

    def rule_fields(self, rules: dict[str, Any]) -> list[RuleField]:
        """The club's table of games first (each game's points and how many times it is
        played in a round), then the settings."""
        return [*game_fields(rules), *super().rule_fields(rules)]

    def setting_fields(self, key: str, value: Any) -> list[RuleField]:
        fields = super().setting_fields(key, value)
        help_text = self.setting_help.get(key)
        for rule_field in fields:
            if help_text is not None and key in self.spec.bounds:
                # The frame's help says why, the bounds follow.
                rule_field.field.help_text = f"{help_text} {rule_field.field.help_text}"
        return fields

    def table_line(
        self, record: dict[str, Any], names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        """A row on the phones as on the sheet: its game's letter and name, « C — Pas de
        dames » (the points are in the players' columns beside it)."""
        if "penalty" in record:
            return self.describe(record, names, rules)
        code = str(record.get("game"))
        return f"{LETTERS.get(code, '?')} — {kind_names(rules).get(code, code)}"

    def describe(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        names = kind_names(rules)
        game = names.get(str(record.get("game")), str(record.get("game")))
        if "penalty" in record:
            return _("Penalty (%(game)s): %(player)s") % {
                "game": game,
                "player": seat_names[record["penalty"]],
            }
        if "taken" in record:
            return labelled(
                game,
                ", ".join(f"{n} {c}" for n, c in zip(seat_names, record["taken"], strict=False)),
            )
        if "taker" in record:
            return labelled(game, seat_names[record["taker"]])
        return _("%(game)s: 7th %(seventh)s, last %(last)s") % {
            "game": game,
            "seventh": seat_names[record["seventh"]],
            "last": seat_names[record["last"]],
        }

    def sheet_row(self, rows: SheetRows, record: dict[str, Any], points: Sequence[object]) -> None:
        """A penalty is a line apart, under the games; it takes a turn of the deal only when
        the rules say ``penalty_counts_as_game``."""
        if "penalty" not in record:
            rows.add_game(record, points)
            return
        takes_turn = bool((rows.rules or {}).get("penalty_counts_as_game"))
        rows.add_penalty(record, points, takes_turn=takes_turn)

    def sheet_extra(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        # The printed sheet warns when a penalty line takes a turn of the deal (its
        # pre-printed dealers then move on by one after each penalty); its legend gives the
        # games the table plays, with their points and a box each time a negative game is
        # played; the « reste à choisir » grid under it, a box per choice each player owes
        # (negative games, trump games), ticked on paper as the games are chosen.
        merged = double_king.validate_rules(rules or None)
        quotas = merged["negative_quotas"]
        assert isinstance(quotas, dict)
        plays = {LETTERS[code]: range(int(str(times))) for code, times in quotas.items()}
        return {
            "penalty_counts": bool(self.rules(rules).get("penalty_counts_as_game")),
            "legend": [(letter, name, plays.get(letter, ())) for letter, name in legend(rules)],
            "negative_boxes": range(int(str(merged["negative_per_seat"]))),
            "trump_boxes": range(int(str(merged["trump_per_seat"]))),
        }


PLUGIN = DoubleKingPlugin()
