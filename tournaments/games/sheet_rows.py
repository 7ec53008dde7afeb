"""The printed sheet's rows (``pdf.build_sheet``), as a game's plug-in lays them out.

``SheetRows`` collects one table's rows while its stored records are read in order: a game
row per record, dealt in turn from the first dealer (a record's own ``dealer`` wins), then
blank rows up to the session's count and blank penalty lines. A plug-in's ``sheet_row`` hook
decides where each record goes (Double King: penalty lines apart).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

#: A game's own columns for one record (``GamePlugin.sheet_cells``).
CellsFor = Callable[[dict[str, Any], Sequence[str], Any], Mapping[str, Any]]
#: Who deals a turn of the deal (0-based) and who sits it out (``GamePlugin.deal_seats``).
SeatsOf = Callable[[int], tuple[int, tuple[int, ...]]]


@dataclass
class SheetCell:
    points: int | None = None
    #: the seat that chose this game (the dealer): the rules say to circle its score
    chooser: bool = False


@dataclass
class SheetRow:
    number: int
    dealer: int
    dealer_name: str
    cells: list[SheetCell]
    game: str = ""
    label: str = ""
    record: Mapping[str, object] | None = None
    #: running totals per seat after this row (filled sheets)
    totals: list[int] = field(default_factory=list)
    #: the game's own columns for this record (``GamePlugin.sheet_cells``)
    columns: Mapping[str, Any] = field(default_factory=dict)
    #: the seats sitting this deal out (whist at a table of 5 or 6), and their names
    sitting_out: tuple[int, ...] = ()
    sitting_out_names: str = ""


@dataclass
class PenaltyRow:
    cells: list[SheetCell]
    game: str = ""
    label: str = ""
    offender: str = ""
    before: int | None = None  # the game it came before (1-based), None when blank
    record: Mapping[str, object] | None = None
    # Who dealt, when a penalty line takes a turn of the deal (``penalty_counts_as_game``).
    dealer_name: str = ""

    @property
    def before_label(self) -> str:
        if self.before is None:
            return ""
        return _("Penalty before game %(row)d") % {"row": self.before}


@dataclass
class SheetRows:
    """One table's rows, filled record by record.

    ``dealing``: the players in dealing order (team games: four players for two team seats);
    game ``k`` (0-based) is dealt by ``(first + k) % len(dealing)``, unless ``seats_of``
    says who deals each turn and who sits it out (whist at a table of 5 or 6).
    """

    dealing: list[str]
    first: int
    n_cells: int
    game_names: Mapping[str, str] = field(default_factory=dict)
    rules: Mapping[str, Any] | None = None
    cells_for: CellsFor | None = None
    seats_of: SeatsOf | None = None
    rows: list[SheetRow] = field(default_factory=list)
    penalties: list[PenaltyRow] = field(default_factory=list)
    #: turns of the deal taken so far
    turn: int = 0
    running: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.running = [0] * self.n_cells

    def dealer_name(self, position: object) -> str:
        n = len(self.dealing)
        return self.dealing[position] if isinstance(position, int) and 0 <= position < n else ""

    def rotation(self) -> int:
        if self.seats_of is not None:
            return self.seats_of(self.turn)[0]
        return (self.first + self.turn) % len(self.dealing) if self.dealing else 0

    def sitting_out(self) -> tuple[int, ...]:
        """The seats sitting out this turn of the deal (none unless ``seats_of`` says)."""
        return self.seats_of(self.turn)[1] if self.seats_of is not None else ()

    def _sitting_out_row(self) -> dict[str, Any]:
        out = self.sitting_out()
        names = ", ".join(self.dealer_name(s) for s in out)
        return {"sitting_out": out, "sitting_out_names": names}

    def dealt_by(self, record: Mapping[str, object]) -> int:
        dealer = record.get("dealer")
        valid = isinstance(dealer, int) and 0 <= dealer < len(self.dealing)
        return dealer if valid else self.rotation()  # type: ignore[return-value]

    def cells(self, points: Sequence[object], chooser: int | None = None) -> list[SheetCell]:
        return [SheetCell(_points_at(points, i), chooser=i == chooser) for i in range(self.n_cells)]

    def label(self, record: Mapping[str, object]) -> tuple[str, str]:
        code = str(record.get("game", ""))
        return code, self.game_names.get(code, code)

    def add_points(self, points: Sequence[object]) -> None:
        """Adds a stored deal's points to the running totals."""
        self.running = [
            total + (value if isinstance(value := _points_at(points, i), int) else 0)
            for i, total in enumerate(self.running)
        ]

    def add_game(self, record: dict[str, Any], points: Sequence[object]) -> None:
        """A game row: dealt in turn (or by the record's own ``dealer``)."""
        dealer = self.dealt_by(record)
        out = self._sitting_out_row()
        self.turn += 1
        code, label = self.label(record)
        columns = self.cells_for(record, self.dealing, self.rules) if self.cells_for else {}
        self.rows.append(
            SheetRow(
                number=len(self.rows) + 1,
                dealer=dealer,
                dealer_name=self.dealer_name(dealer),
                cells=self.cells(points, chooser=dealer),
                game=code,
                label=label,
                record=record,
                totals=list(self.running),
                columns=columns,
                **out,
            )
        )

    def add_penalty(
        self, record: dict[str, Any], points: Sequence[object], *, takes_turn: bool
    ) -> None:
        """A penalty line, before the next game row; it moves the deal on if ``takes_turn``."""
        code, label = self.label(record)
        self.penalties.append(
            PenaltyRow(
                cells=self.cells(points),
                game=code,
                label=label,
                offender=self.dealer_name(record.get("penalty")),
                before=len(self.rows) + 1,
                record=record,
                dealer_name=self.dealer_name(self.dealt_by(record)) if takes_turn else "",
            )
        )
        self.turn += takes_turn

    def fill(self, rows: int, penalty_lines: int) -> None:
        """Blank game rows up to ``rows`` turns of the deal, blank penalty lines up to
        ``penalty_lines``."""
        while self.turn < rows:
            dealer = self.rotation()
            out = self._sitting_out_row()
            self.turn += 1
            self.rows.append(
                SheetRow(
                    number=len(self.rows) + 1,
                    dealer=dealer,
                    dealer_name=self.dealer_name(dealer),
                    cells=[SheetCell(chooser=i == dealer) for i in range(self.n_cells)],
                    **out,
                )
            )
        while len(self.penalties) < penalty_lines:
            self.penalties.append(PenaltyRow(cells=[SheetCell() for _ in range(self.n_cells)]))


def _points_at(points: Sequence[object], i: int) -> Any:
    return points[i] if i < len(points) else None
