"""What a game plugs into the tournament machinery: its sheet form, templates and labels."""

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.formatting import labelled
from club.params import optional_int
from scoring import GameSpec, InvalidDeal
from scoring.common import TableResult

from ..scoring_messages import message_for
from .deal_words import DEALS, DealWords
from .lineups import PLAYERS, Lineup
from .rule_fields import (
    LIST_HELP,
    SETTINGS,
    TABLES,
    RuleField,
    bounded_field,
    int_list_field,
    set_key,
)
from .sheet_rows import SheetRows


class SheetForm(forms.Form):
    """A table's sheet as a form; ``records`` is the list the game's ``table_result`` reads.

    ``clean`` turns the fields into records (refusing what cannot be read); the service then
    checks them with ``scoring`` and ``attach_scoring_error`` puts its verdict on the field.

    The entry path (``views_entry``) is the same for every game; what differs between a whole
    sheet and one deal (``DealForm``) is in the hooks below: ``for_table``,
    ``entry_records``, ``preview_payload`` and ``saved_message``.
    """

    #: What the records count (« plis », « points »), in the scoring's error messages.
    unit: str | Promise | None = None

    def __init__(
        self,
        *args: Any,
        seat_names: Sequence[str],
        first_dealer: int,
        rules: Any,
        player_names: Sequence[str] | None = None,
        sit_out_order: Sequence[int] = (),
        **kwargs: Any,
    ) -> None:
        self.seat_names = list(seat_names)
        # Who sits out first at a table of 5 or 6 (``Table.sit_out_order``, whist).
        self.sit_out_order = tuple(sit_out_order or ())
        # The players in dealing order (team games: team t = players t and t + 2).
        self.player_names = list(player_names) if player_names is not None else self.seat_names
        self.first_dealer = first_dealer
        self.rules = rules
        self.records: list[dict[str, Any]] = []
        # For each record, the form fields it was read from, keyed by the record's keys.
        self.record_fields: list[dict[str, list[str]]] = []
        self.record_labels: list[str] = []
        super().__init__(*args, **kwargs)

    @classmethod
    def for_table(
        cls, data: Any, *, records: list[dict[str, Any]], number: int | None, **names: Any
    ) -> Self:
        """The form of a table whose stored sheet is ``records``: the whole sheet (a deal
        ``number`` only means something to ``DealForm``)."""
        return cls(data, records=records, **names)

    def entry_records(self) -> list[dict[str, Any]]:
        """The table's sheet as typed (after ``is_valid``): what is judged and saved."""
        return self.records

    def dealer_names(self) -> list[str] | None:
        """Who deals each row as typed so far, when the rows move the deal (Double King)."""
        return None

    def preview_payload(self, result: TableResult | None) -> dict[str, object]:
        """What the live preview (JSON) shows of the typed sheet: its scores so far."""
        payload: dict[str, object] = {"dealers": self.dealer_names()}
        if result is not None:
            payload.update(
                scores=result.scores,
                complete=result.complete,
                pending=result.pending,
                per_deal=result.per_deal,
                place_points=[str(p) for p in result.place_points] if result.place_points else None,
            )
        return payload

    def saved_message(self, table: Any) -> str:
        return _("Sheet of table %(number)d saved%(complete)s.") % {
            "number": table.number,
            "complete": _(" — complete") if table.complete else "",
        }

    def seat_choices(self, blank: str = "—") -> list[tuple[str, str]]:
        return [("", blank)] + [(str(i), name) for i, name in enumerate(self.seat_names)]

    def unit_for(self, record: dict[str, Any]) -> str | None:
        """What a record's counts are, in its error messages (« 14 plis »): ``unit``."""
        return None if self.unit is None else str(self.unit)

    def attach_scoring_error(self, error: InvalidDeal) -> None:
        index = error.params.get("deal")
        fields: list[str] = []
        label = ""
        if isinstance(index, int) and 0 <= index < len(self.record_fields):
            mapping = self.record_fields[index]
            fields = mapping.get(error.field or "", []) or mapping.get("*", [])
            label = self.record_labels[index]
        record = self.records[index] if isinstance(index, int) and index < len(self.records) else {}
        text = message_for(
            error,
            unit=self.unit_for(record),
            seat_names=self.error_names(),
            game_names=self.game_names(),
        )
        message = labelled(label, text) if label else text
        if fields:
            for name in fields:
                self.add_error(name, message if name == fields[0] else "")
        else:
            self.add_error(None, message)

    def game_names(self) -> dict[str, str]:
        return {}

    def error_names(self) -> list[str]:
        """Who a record's ``seat`` numbers are (players in dealing order)."""
        return self.player_names


class DealForm(SheetForm):
    """One deal of a table entered on its own: ``number`` (1-based) is the deal being entered
    or edited; the table's other deals come in ``records`` and are kept as they are.

    A subclass's ``read_deal`` (or ``clean``) sets ``self.record`` and ``self.deal_fields``
    (record key → form fields) for that deal; ``words`` are the page's sentences in the game's
    own noun (``deal_words``), its ``label`` names the other lines in error messages.
    """

    words: DealWords = DEALS

    def __init__(
        self,
        *args: Any,
        records: Sequence[dict[str, Any]] | None = None,
        number: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.existing = list(records or [])
        self.number = number or len(self.existing) + 1
        self.record: dict[str, Any] = {}
        self.deal_fields: dict[str, list[str]] = {}
        self.add_fields()
        if not self.is_bound and number is not None and number <= len(self.existing):
            self.initial.update(self.initial_from(self.existing[number - 1]))

    def add_fields(self) -> None:
        """The deal's inputs (``number``, ``existing``, the names and rules are set)."""

    def initial_from(self, record: dict[str, Any]) -> dict[str, object]:
        """The inputs' values for a stored ``record`` (a deal being changed)."""
        return {}

    def clean(self) -> dict[str, Any] | None:
        """The deal's record, read by ``read_deal`` once every field is valid."""
        cleaned = super().clean()
        self.record = {}
        if cleaned is not None and not self.errors:
            self.read_deal(cleaned)
        return cleaned

    def read_deal(self, cleaned: dict[str, Any]) -> None:
        """Sets ``record`` and ``deal_fields`` from the valid fields, or adds an error."""

    def dealer_in_turn(self, players: int) -> int:
        """Who deals this deal when each of ``players`` deals in turn from the first dealer."""
        return (self.first_dealer + self.number - 1) % max(players, 1)

    @classmethod
    def for_table(
        cls, data: Any, *, records: list[dict[str, Any]], number: int | None, **names: Any
    ) -> Self:
        """The deal ``number`` (a page's ``?donne=``), else the one posted, else the next;
        past the next deal there is nothing to edit (404)."""
        if number is None and data is not None:
            number = optional_int(data.get("number"), minimum=1, maximum=len(records) + 1)
        return cls(data, records=records, number=number, **names)

    def focus_first_field(self) -> None:
        """Open the page with the focus on the first field to type (the first one in error
        after a refused save): after each save the next deal starts without a tap or a Tab."""
        names = [name for name in self.fields if name in self.errors] or list(self.fields)
        if names:
            self.fields[names[0]].widget.attrs["autofocus"] = True

    @property
    def editing(self) -> bool:
        """A deal already entered is being changed (not the next one added)."""
        return self.number <= len(self.existing)

    def entry_records(self) -> list[dict[str, Any]]:
        return self.records_with_deal()

    def preview_payload(self, result: TableResult | None) -> dict[str, object]:
        """The points of this deal alone, with the seats' names and the running scores."""
        if result is None:
            return {}
        return {
            "names": self.seat_names,
            "points": result.per_deal[self.number - 1],
            "scores": result.scores,
        }

    def saved_message(self, table: Any) -> str:
        text = self.words.changed if self.editing else self.words.saved
        return str(text) % {"n": self.number}

    def records_with_deal(self) -> list[dict[str, Any]]:
        """The whole table with this deal added (or replacing deal ``number``); fills
        ``records`` and the field map so ``attach_scoring_error`` lands on the right input."""
        records = [dict(r) for r in self.existing]
        index = self.number - 1
        if index < len(records):
            records[index] = self.record
        else:
            records.append(self.record)
        self.records = records
        self.record_fields = [{} for _ in records]
        self.record_fields[index] = self.deal_fields
        self.record_labels = [str(self.words.label) % {"n": i + 1} for i in range(len(records))]
        self.record_labels[index] = ""
        return records


class GamePlugin:
    """A game in the tournament machinery: subclass it, set the class attributes, override
    the hooks whose default does not fit, and register an instance (``games.register``).

    The defaults derive what the scoring spec (``scoring.GAMES[key]``) already knows; the
    ruleset passed to a hook is the tournament's (``None``: the game's defaults).
    """

    #: The game's scoring (``scoring.GAMES[key]``); its ``key`` is the plug-in's.
    spec: GameSpec
    #: The staff's entry form (the whole sheet, or one deal: ``DealForm``) and its template.
    sheet_form: type[SheetForm]
    sheet_template: str
    #: The printed sheet's template (``pdf.build_sheet`` fills it, ``sheet_row``).
    pdf_sheet_template: str
    #: Who sits at the tables: players one by one, or teams of two (``lineups``).
    lineup: Lineup = PLAYERS
    #: How players are ranked, in words, for the standings page.
    ranking_help: str | Promise = ""
    #: Column heading prefix for a round in the standings ("R" + number).
    round_abbreviation: str = "R"
    #: What the game calls a round on every page: a Double King « ronde », a whist « poule ».
    round_name: str | Promise = gettext_lazy("round")
    #: "staff_sheet": the whole sheet in one form; "staff_deals": one deal at a time.
    entry_url_name: str = "staff_sheet"
    #: Rounds are played against a clock (a hall clock page, a director's dashboard).
    clock: bool = False
    #: Standings count tables still being played (additive scores), not only complete ones.
    live_standings: bool = False
    #: Place points exist in this game (a standings column).
    place_points: bool = True
    #: The season ranking follows the club's rule (``annual_ranking`` in the ruleset).
    annual_ranking: bool = False
    #: Blank penalty lines on the printed sheet.
    penalty_lines: int = 3
    #: Rows of a blank printed sheet when the session has no fixed number of deals (0: default).
    blank_rows: int = 0
    #: What the deal-by-deal page says once a table's session is over, in the game's words.
    complete_message: str | Promise = gettext_lazy("The sheet is complete: every deal is entered.")
    #: The form a table's phones enter the next deal (or row) with, and its template; ``None``:
    #: the staff's form when it is one deal at a time (``table_entry``).
    table_form: type[DealForm] | None = None
    table_template: str = ""
    #: Settings of the club's ruleset the scorekeeper may change per tournament before it starts.
    tournament_settings: tuple[str, ...] = ()
    #: The rules page's label of each setting of the ruleset (a key without one shows as is).
    setting_labels: Mapping[str, Any] = {}
    #: Help of the settings that are lists of numbers (« separated by commas » by default).
    setting_help: Mapping[str, Any] = {}

    @property
    def key(self) -> str:
        return self.spec.key

    def rules(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        """The full ruleset: the tournament's, or the game's defaults."""
        return self.spec.validate_rules(rules or None)

    # ----------------------------------------------------------------- the tournament's shape

    def table_sizes(self, rules: dict[str, Any] | None) -> tuple[int, ...]:
        """Table sizes a ruleset allows (default: the game's)."""
        return self.spec.table_sizes

    #: Whether each table size is a last resort for the ones before it (the draw seats at a
    #: later size only the counts the earlier sizes cannot: ``scoring.seating``'s ``nested``).
    nested_table_sizes = False

    def deal_seats(
        self,
        rules: dict[str, Any] | None,
        n_seats: int,
        first_dealer: int,
        turn: int,
        sit_out_order: Sequence[int] = (),
    ) -> tuple[int, tuple[int, ...]]:
        """Who deals turn ``turn`` (0-based) of a table of ``n_seats`` and who sits it out
        (``sit_out_order``: the table's, ``sit_out_order`` below): by default each seat deals
        in turn from the first dealer and nobody sits out."""
        return (first_dealer + turn) % max(n_seats, 1), ()

    def sit_out_order(
        self, rules: dict[str, Any] | None, n_seats: int, first_dealer: int, sat_out: Sequence[int]
    ) -> list[int]:
        """Who sits out first at a new table (``Table.sit_out_order``, stored by the draw),
        from the deals each seat's player has sat out so far in the tournament (``sat_out``).
        By default nobody sits out: ``[]``."""
        return []

    def default_rounds(self, rules: dict[str, Any] | None) -> int | None:
        """Rounds of a tournament by default."""
        return self.spec.default_sessions

    def deals_per_round(self, rules: dict[str, Any] | None) -> int | None:
        """Records in a complete session (``None``: played to a target)."""
        return self.spec.deals_per_round

    def round_minutes(self, rules: dict[str, Any] | None) -> int | None:
        """Minutes a round lasts (clock games), ``None``: no clock."""
        return None

    # ----------------------------------------------------------------- results

    def winner_at_signal(self, result: TableResult, *, closed: bool) -> int | None:
        """The winning side of a table (a team's seat), or ``None``: matches are decided
        at the signal when their round is closed before the target (``lineups``)."""
        return self.lineup.winner(result, closed=closed)

    # ----------------------------------------------------------------- table-side entry

    def table_entry(self) -> tuple[type[DealForm], str] | None:
        """What a table's phones enter one unit at a time with (a deal, a row of the sheet):
        its form (a ``DealForm``: one record added to the table's records) and the form's
        template. By default the staff's form when it is deal by deal; ``None``: the table's
        sheet is entered by the scorekeeper only."""
        if self.table_form is not None:
            return self.table_form, self.table_template or self.sheet_template
        if issubclass(self.sheet_form, DealForm):
            return self.sheet_form, self.sheet_template
        return None

    def table_line(
        self, record: dict[str, Any], names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        """A record in words on the table's phones (default: ``describe``)."""
        return self.describe(record, names, rules)

    def row_words(self) -> DealWords:
        """The sentences of the table's phones and the scorekeeper's phones page, in the
        game's own noun for a row (``deal_words``): the table form's, else a deal's."""
        unit = self.table_entry()
        return unit[0].words if unit is not None else DEALS

    def row_labels(
        self, records: Sequence[dict[str, Any]], rules: dict[str, Any] | None = None
    ) -> list[str]:
        """How players name each row of a sheet, the one place every screen of the phones
        takes it from (the phone, its waiting boxes, the scorekeeper's phones page): by
        default the game's noun and the row's place, « Donne 3 », « Manche 3 »."""
        label = self.row_words().label
        return [str(label) % {"n": number} for number in range(1, len(records) + 1)]

    def row_label(
        self,
        before: Sequence[dict[str, Any]],
        record: dict[str, Any],
        rules: dict[str, Any] | None = None,
    ) -> str:
        """The name of ``record`` entered after the rows ``before`` (``row_labels``)."""
        return self.row_labels([*before, record], rules)[-1]

    # ----------------------------------------------------------------- sheets and history

    def describe(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None = None
    ) -> str:
        """One line of the sheet in words, for the history page (``rules``: the table's, whose
        words it uses: a club's own contract names)."""
        raise NotImplementedError

    def describer(
        self, rules: dict[str, Any] | None
    ) -> Callable[[dict[str, Any], Sequence[str]], str]:
        """``describe`` for one table's records, in its ruleset's words."""
        return functools.partial(self.describe, rules=rules)

    def sheet_cells(
        self, record: dict[str, Any], seat_names: Sequence[str], rules: dict[str, Any] | None
    ) -> dict[str, Any]:
        """The printed sheet's columns for one stored record (deal-by-deal games)."""
        return {}

    def sheet_row(self, rows: SheetRows, record: dict[str, Any], points: Sequence[object]) -> None:
        """Where a stored record goes on the printed sheet: by default a game row, dealt in
        turn (``SheetRows.add_game``); a game with lines apart (penalties) says so here."""
        rows.add_game(record, points)

    def sheet_extra(self, rules: dict[str, Any] | None) -> dict[str, Any]:
        """What a printed sheet needs from the ruleset besides its rows."""
        return {}

    # ----------------------------------------------------------------- the rules page

    def rule_fields(self, rules: dict[str, Any]) -> list[RuleField]:
        """The rules form's inputs for a full ruleset (in the manner of pretix's
        ``export_form_fields``): by default one per setting (``setting_fields``), in the
        ruleset's order; a game with more (whist's contracts) adds its own."""
        return [field for key, value in rules.items() for field in self.setting_fields(key, value)]

    def setting_fields(self, key: str, value: Any) -> list[RuleField]:
        """The inputs of one setting: a yes/no, a list of whole numbers, or a whole number
        within the spec's ``bounds`` (empty allowed when the default is); any other setting
        is not offered (the ruleset keeps it)."""
        label = self.setting_labels.get(key, key)
        if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            help_text = self.setting_help.get(key, LIST_HELP)
            field: Any = int_list_field(label, value, help_text)
            return [RuleField(f"list__{key}", field, TABLES, key, set_key(key))]
        if isinstance(value, bool):
            field = forms.BooleanField(label=label, required=False, initial=value)
        elif key in self.spec.bounds and (value is None or isinstance(value, int)):
            field = bounded_field(label, self.spec.bounds[key], value)
            field.required = self.spec.default_rules().get(key) is not None
        else:
            return []
        return [RuleField(f"setting__{key}", field, SETTINGS, key, set_key(key))]

    def adds_place_points(self, rules: dict[str, Any] | None) -> bool:
        """Whether a ruleset adds the place points to each player's points (the standings
        then show both and their total). By default no."""
        return False

    def scoring_model(self, rules: dict[str, Any] | None) -> str | None:
        """Which scoring model counted, in words, for the standings, the Excel file and the
        printed sheets (« Modèle : à somme nulle »); ``None``: the game has one model only."""
        return None

    def finish_rules(self, rules: dict[str, Any]) -> dict[str, str]:
        """Completes the ruleset the rules form's inputs wrote (whist: new contracts get a
        code, removed ones go, values typed per opponent become totals); returns the problems
        keyed as the inputs are (``RuleField.key``). By default nothing to do."""
        return {}

    def rule_problems(self, rules: dict[str, Any]) -> dict[str, str]:
        """What the form refuses in a ruleset before the scoring checks it, keyed by
        setting (settings that only make sense together)."""
        return {}
