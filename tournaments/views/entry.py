"""One entry path for every game's results: a table's entry page, its live preview (JSON) and
its save. No game is named here, and neither is the way it is entered: the plug-in's
``sheet_form`` is the whole sheet (``SheetForm``) or one deal (``DealForm``), and its hooks
(``for_table``, ``entry_records``, ``preview_payload``, ``saved_message``) carry the difference.
The two pages differ only in what they show around the form (``page_context``).
"""

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views import View

from club.params import optional_int, parse_int
from club.roles import logged_in_user
from scoring import InvalidDeal
from scoring.common import TableResult
from tournaments.access import TableMixin
from tournaments.deal_forms import judged, preview_payload
from tournaments.games import GamePlugin, plugin_for
from tournaments.games.base import DealForm, SheetForm
from tournaments.models import Seat, Table
from tournaments.scoring_messages import message_for
from tournaments.selectors import scoresheet
from tournaments.services import deal_entry, errors


@dataclass
class TableEntry:
    """A table with its game's plug-in, its seats and the form of its sheet."""

    table: Table
    plugin: GamePlugin
    seats: list[Seat]
    form: SheetForm
    #: the table's stored sheet, as the form was given it
    records: list[dict[str, Any]]


def entry_form(
    table: Table, data: QueryDict | None = None, *, number: int | None = None
) -> TableEntry:
    """The entry form of a table (bound to ``data`` when posted); ``number``: the deal to
    edit, for games entered one deal at a time."""
    tournament = table.round.tournament
    plugin = plugin_for(tournament.game)
    seats = scoresheet.table_seats(table)
    records = scoresheet.table_records(table)
    form = plugin.sheet_form.for_table(
        data,
        records=records,
        number=number,
        seat_names=scoresheet.seat_names(seats),
        player_names=scoresheet.dealing_names(seats),
        first_dealer=scoresheet.first_dealer(seats),
        sit_out_order=table.sit_out_order,
        rules=tournament.rules,
    )
    return TableEntry(table, plugin, seats, form, records)


def posted_version(data: QueryDict | dict[str, str]) -> int:
    """The sheet's version the page was typed on; anything unreadable is -1, which never
    matches a table's version (the save answers « someone else saved », never a 500)."""
    try:
        return int(data.get("version", ""))
    except ValueError:
        return -1


class EntryView(TableMixin, View):
    """A table's entry page: GET shows the form; POST saves it (``action=preview``: shows
    the points without saving). Subclasses give the template and what surrounds the form."""

    template_name: str

    entry_path: str

    def requested_number(self, request: HttpRequest, table: Table) -> int | None:
        return None

    def page_context(self, entry: TableEntry, result: TableResult | None) -> dict[str, Any]:
        return {}

    def render_entry(
        self,
        request: HttpRequest,
        entry: TableEntry,
        *,
        status: int = 200,
        version: int | None = None,
        result: TableResult | None = None,
        stale: errors.StaleSheet | None = None,
    ) -> HttpResponse:
        table = entry.table
        context = {
            "table": table,
            "round": table.round,
            "tournament": table.round.tournament,
            "plugin": entry.plugin,
            "seats": entry.seats,
            "form": entry.form,
            "sheet_template": entry.plugin.sheet_template,
            "version": table.version if version is None else version,
            "stale": stale,
            "clock": table.round.clock_state(timezone.now()) if entry.plugin.clock else None,
        }
        context.update(self.page_context(entry, result))
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        table = self.get_table(pk)
        entry = entry_form(table, number=self.requested_number(request, table))
        return self.render_entry(request, entry)

    def conflict(
        self, request: HttpRequest, pk: int, version: int, stale: errors.StaleSheet
    ) -> HttpResponse:
        """Someone saved meanwhile: the page shows the table as it is now beside what was
        typed (kept in the form). Saving again may only drop the other person's lines if the
        scorekeeper ticks « replace » (the page keeps the old version until then)."""
        entry = conflict_entry(self.get_table(pk), request.POST, stale)
        if keeps_saved_lines(entry.form, stale):
            version = stale.current_version
        return self.render_entry(request, entry, status=409, version=version, stale=stale)

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        entry = entry_form(self.get_table(pk), request.POST)
        version = posted_version(request.POST)
        # After a conflict the page keeps the version it was typed on: saving again fails
        # again unless the scorekeeper ticks « replace what was saved » (the version he saw).
        if request.POST.get("replace_version"):
            version = posted_version({"version": request.POST["replace_version"]})
        form = entry.form
        if not form.is_valid():
            return self.render_entry(request, entry, status=400, version=version)
        if request.POST.get("action") == "preview":
            result = judged(entry.table, form, entry.seats)
            status = 200 if result is not None else 400
            return self.render_entry(request, entry, status=status, version=version, result=result)
        try:
            table = deal_entry.save_sheet(
                entry.table,
                records=form.entry_records(),
                version=version,
                user=logged_in_user(request),
            )
        except InvalidDeal as error:
            form.attach_scoring_error(error)
            return self.render_entry(request, entry, status=400, version=version)
        except errors.StaleSheet as stale:
            return self.conflict(request, pk, version, stale)
        except errors.TournamentError as error:  # a laptop holds it: what was typed stays
            form.add_error(None, str(error))
            return self.render_entry(request, entry, status=409, version=version)
        messages.success(request, form.saved_message(table))
        return redirect(self.entry_path, pk=table.pk)


def conflict_entry(table: Table, data: QueryDict, stale: errors.StaleSheet) -> TableEntry:
    """The typed sheet or deal on top of the table as it is now: a new deal (the page says
    ``adding``) goes after the deals saved meanwhile instead of over them."""
    if data.get("adding"):
        data = data.copy()
        data["number"] = str(len(stale.saved_records) + 1)
    entry = entry_form(table, data)
    entry.form.is_valid()
    return entry


def keeps_saved_lines(form: SheetForm, stale: errors.StaleSheet) -> bool:
    """Saving what was typed keeps every line the other person saved (it only adds)."""
    saved = list(stale.saved_records)
    return form.entry_records()[: len(saved)] == saved


class EntryPreviewView(TableMixin, View):
    """What the typed sheet or deal gives so far, computed by ``scoring``, as JSON: the
    form's ``preview_payload`` with ``ok``, or the first errors."""

    def post(self, request: HttpRequest, pk: int) -> JsonResponse:
        entry = entry_form(self.get_table(pk), request.POST)
        return JsonResponse(preview_payload(entry.table, entry.form))


# --------------------------------------------------------------------------- the two pages


class SheetView(EntryView):
    """The whole sheet in one form (e.g. Double King), with the scores it gives so far."""

    entry_path = "staff_sheet"
    template_name = "tournaments/staff/sheet.html"

    def page_context(self, entry: TableEntry, result: TableResult | None) -> dict[str, Any]:
        form = entry.form
        if result is None:
            records = form.records if form.is_bound and not form.errors else entry.records
            try:
                result = scoresheet.evaluate_sheet(entry.table, records, entry.seats)
            except InvalidDeal:
                result = None
        return {"result": result}


class DealEntryView(EntryView):
    """One deal at a time (whist, team games, Double): the form first, then the deals entered
    so far with their running totals; a deal is edited (``?donne=N``) or deleted from there."""

    entry_path = "staff_deals"
    template_name = "tournaments/staff/deals.html"

    def requested_number(self, request: HttpRequest, table: Table) -> int | None:
        return optional_int(request.GET.get("donne"), minimum=1, maximum=table.deals.count())

    def page_context(self, entry: TableEntry, result: TableResult | None) -> dict[str, Any]:
        table, form = entry.table, entry.form
        assert isinstance(form, DealForm)  # the games entered one deal at a time
        lines, totals = scoresheet.deal_lines(
            table, entry.seats, entry.plugin.describer(table.round.tournament.rules or None)
        )
        deals_per_round = entry.plugin.deals_per_round(table.round.tournament.rules or None)
        complete = len(lines) >= deals_per_round if deals_per_round else table.complete
        form.focus_first_field()
        return {
            "lines": lines,
            "totals": totals,
            "deals_per_round": deals_per_round,
            "pool_full": complete and not form.editing and not form.is_bound,
            "editing": form.editing,
            "preview": (
                list(zip(form.seat_names, result.per_deal[form.number - 1], strict=True))
                if result is not None
                else None
            ),
        }

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        if request.POST.get("action") == "delete":
            return self.delete_deal(request, self.get_table(pk), posted_version(request.POST))
        return super().post(request, pk)

    def delete_deal(self, request: HttpRequest, table: Table, version: int) -> HttpResponse:
        # Not ``delete``: Django would dispatch an HTTP DELETE to it.
        number = parse_int(request.POST.get("number"), minimum=1)
        sheet_form = plugin_for(table.round.tournament.game).sheet_form
        assert issubclass(sheet_form, DealForm)  # the games entered one deal at a time
        words = sheet_form.words
        try:
            deal_entry.delete_deal(
                table, number=number, version=version, user=logged_in_user(request)
            )
        except InvalidDeal as error:
            messages.error(request, self.undeletable(table, number, error))
        except errors.StaleSheet:
            messages.error(request, str(words.delete_stale))
        except errors.TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, str(words.deleted) % {"n": number})
        return redirect(self.entry_path, pk=table.pk)

    @staticmethod
    def undeletable(table: Table, number: int, error: InvalidDeal) -> str:
        """Why deal ``number`` cannot go (the deals after it would break the rotation)."""
        form = entry_form(table).form
        assert isinstance(form, DealForm)  # the games entered one deal at a time
        message = message_for(error, seat_names=form.seat_names, game_names=form.game_names())
        deal = error.params.get("deal")
        if isinstance(deal, int):
            message = str(form.words.line_error) % {"k": deal + 1, "message": message}
        return str(form.words.undeletable) % {"n": number, "reason": message}
