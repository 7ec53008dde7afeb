"""Deal-by-deal entry (games whose plug-in enters one deal at a time, e.g. whist), the round
clock and the director's dashboard. No game is named here: the plug-in gives the form, the
clock setting and the deals per round; ``services`` write through ``save_sheet``.
"""

from django.contrib import messages
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import View

from club.params import optional_int, parse_int
from scoring import InvalidDeal

from .access import ClockRoundMixin, TableMixin
from .games import plugin_for
from .models import Round, Table
from .scoring_messages import message_for
from .selectors import round_reads, scoresheet
from .services import deal_entry, errors, round_clock


def _deals_per_round(tournament) -> int | None:
    """Deals of a complete session; None for games played to a target."""
    return plugin_for(tournament.game).deals_per_round(tournament.rules or None)


def _deal_form(table: Table, data=None, number: int | None = None):
    tournament = table.round.tournament
    seats = scoresheet.table_seats(table)
    plugin = plugin_for(tournament.game)
    records = scoresheet.table_records(table)
    if number is None and data is not None:
        # An existing deal or the next one: past it there is nothing to edit.
        number = optional_int(data.get("number"), minimum=1, maximum=len(records) + 1)
    form = plugin.sheet_form(
        data,
        seat_names=scoresheet.seat_names(seats),
        player_names=scoresheet.dealing_names(seats),
        first_dealer=scoresheet.first_dealer(seats),
        rules=tournament.rules,
        records=records,
        number=number,
    )
    return plugin, seats, records, form


def _lines(table: Table, seats, plugin):
    """The deals entered so far with their points and running totals (what each seat holds:
    the game's own totals, e.g. Double's tokens start at 15)."""
    names = scoresheet.dealing_names(seats)
    deals = list(table.deals.order_by("number"))
    try:
        scores = scoresheet.evaluate_sheet(table, [d.record for d in deals]).scores
    except InvalidDeal:  # pragma: no cover - stored sheets are valid
        scores = [0] * len(seats)
    sums = [sum(d.points[i] for d in deals if i < len(d.points)) for i in range(len(seats))]
    totals = [score - total for score, total in zip(scores, sums, strict=False)]
    lines = []
    for deal in deals:
        points = list(deal.points or [0] * len(seats))
        totals = [a + b for a, b in zip(totals, points, strict=False)]
        dealer = deal.record.get("dealer")
        lines.append(
            {
                "number": deal.number,
                "dealer": names[dealer] if isinstance(dealer, int) and dealer < len(names) else "",
                "text": plugin.describe(deal.record, names),
                "points": points,
                "totals": list(totals),
            }
        )
    return lines, totals


class DealEntryView(TableMixin, View):
    entry_path = "staff_deals"
    template_name = "tournaments/staff/deals.html"

    def render_page(
        self,
        request,
        table,
        plugin,
        seats,
        form,
        *,
        status=200,
        version=None,
        preview=None,
        stale=None,
    ):
        lines, totals = _lines(table, seats, plugin)
        tournament = table.round.tournament
        deals_per_round = _deals_per_round(tournament)
        editing = form.number <= len(lines)
        return render(
            request,
            self.template_name,
            {
                "table": table,
                "round": table.round,
                "tournament": tournament,
                "plugin": plugin,
                "seats": seats,
                "form": form,
                "deal_template": plugin.sheet_template,
                "lines": lines,
                "totals": totals,
                "deals_per_round": deals_per_round,
                "pool_full": (
                    (len(lines) >= deals_per_round if deals_per_round else table.complete)
                    and not editing
                    and not form.is_bound
                ),
                "editing": editing,
                "version": table.version if version is None else version,
                "preview": preview,
                "stale": stale,
                "clock": table.round.clock_state(timezone.now()) if plugin.clock else None,
            },
            status=status,
        )

    def get(self, request, pk):
        table = self.get_table(pk)
        number = optional_int(request.GET.get("donne"), minimum=1, maximum=table.deals.count())
        plugin, seats, _records, form = _deal_form(table, number=number)
        return self.render_page(request, table, plugin, seats, form)

    def post(self, request, pk):
        table = self.get_table(pk)
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            version = -1
        action = request.POST.get("action", "save")
        if action == "delete":
            return self.delete_deal(request, table, version)
        plugin, seats, records, form = _deal_form(table, request.POST)
        if not form.is_valid():
            return self.render_page(
                request, table, plugin, seats, form, status=400, version=version
            )
        if action == "preview":
            try:
                result = scoresheet.evaluate_sheet(table, form.records_with_deal())
            except InvalidDeal as error:
                form.attach_scoring_error(error)
                return self.render_page(
                    request, table, plugin, seats, form, status=400, version=version
                )
            preview = list(zip(form.seat_names, result.per_deal[form.number - 1], strict=True))
            return self.render_page(
                request, table, plugin, seats, form, version=version, preview=preview
            )
        editing = form.number <= len(records)
        try:
            form.records_with_deal()
            table = deal_entry.save_deal(
                table,
                record=form.record,
                number=form.number if editing else None,
                version=version,
                user=request.user,
            )
        except InvalidDeal as error:
            form.attach_scoring_error(error)
            return self.render_page(
                request, table, plugin, seats, form, status=400, version=version
            )
        except errors.StaleSheet as stale:
            table = self.get_table(pk)
            return self.render_page(
                request,
                table,
                plugin,
                seats,
                form,
                status=409,
                version=stale.current_version,
                stale=stale,
            )
        messages.success(
            request,
            (_("Deal %(n)d changed.") if editing else _("Deal %(n)d saved.")) % {"n": form.number},
        )
        return redirect("staff_deals", pk=table.pk)

    def delete_deal(self, request, table, version):
        # Not ``delete``: Django would dispatch an HTTP DELETE to it.
        number = parse_int(request.POST.get("number"), minimum=1)
        try:
            deal_entry.delete_deal(table, number=number, version=version, user=request.user)
        except InvalidDeal as error:
            _plugin, _seats, _records, form = _deal_form(table)
            message = message_for(error, seat_names=form.seat_names, game_names=form.game_names())
            deal = error.params.get("deal")
            messages.error(
                request,
                _("Deal %(n)d cannot be deleted: %(reason)s")
                % {
                    "n": number,
                    "reason": (
                        _("deal %(k)d: %(message)s") % {"k": deal + 1, "message": message}
                        if isinstance(deal, int)
                        else message
                    ),
                },
            )
        except errors.StaleSheet:
            messages.error(
                request,
                _(
                    "Someone else saved a deal at this table meanwhile: "
                    "check the deals, then try again."
                ),
            )
        except errors.TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("Deal %(n)d deleted.") % {"n": number})
        return redirect("staff_deals", pk=table.pk)


class DealPreviewView(TableMixin, View):
    """The points of the typed deal, computed by ``scoring``, before it is saved (JSON)."""

    entry_path = "staff_deals"

    def post(self, request, pk):
        table = self.get_table(pk)
        _plugin, _seats, _records, form = _deal_form(table, request.POST)
        if form.is_valid():
            try:
                result = scoresheet.evaluate_sheet(table, form.records_with_deal())
            except InvalidDeal as error:
                form.attach_scoring_error(error)
            else:
                return JsonResponse(
                    {
                        "ok": True,
                        "names": form.seat_names,
                        "points": result.per_deal[form.number - 1],
                        "scores": result.scores,
                    }
                )
        errors = [str(e) for errors in form.errors.values() for e in errors if str(e)]
        return JsonResponse({"ok": False, "errors": errors[:3]})


# --------------------------------------------------------------------------- clock


def clock_payload(round_: Round) -> dict:
    now = timezone.now()
    state = round_.clock_state(now)
    return {
        **state,
        "round": round_.number,
        "closed": round_.status == Round.Status.CLOSED,
        "server_time": now.isoformat(),
    }


class ClockView(ClockRoundMixin, View):
    """The hall clock: big, full-screen, driven by the server's time."""

    def get(self, request, pk):
        round_ = self.get_round(pk)
        return render(
            request,
            "tournaments/staff/clock.html",
            {"round": round_, "tournament": round_.tournament, "clock": clock_payload(round_)},
        )

    def post(self, request, pk):
        round_ = self.get_round(pk)
        action = request.POST.get("action")
        if action == "start":
            round_clock.clock_start(round_)
        elif action == "pause":
            round_clock.clock_pause(round_)
        elif action == "resume":
            round_clock.clock_resume(round_)
        elif action == "close":
            round_clock.close_round(round_)
            messages.success(request, _("The round is closed: every table counts as played."))
        elif action == "minutes":
            minutes = parse_int(request.POST.get("minutes"), minimum=1, maximum=24 * 60)
            round_clock.clock_set_minutes(round_, minutes=minutes)
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse(clock_payload(Round.objects.get(pk=round_.pk)))
        return HttpResponseRedirect(self.next_url(request, round_))

    @staticmethod
    def next_url(request, round_: Round) -> str:
        """Back where the button was (the dashboard or the clock), never to another site."""
        url = request.POST.get("next", "")
        safe = (
            url.startswith("/")
            and url.isprintable()
            and len(url) <= 2000
            and url_has_allowed_host_and_scheme(
                url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
            )
        )
        return url if safe else reverse("staff_clock", args=[round_.pk])


class ClockStateView(ClockRoundMixin, View):
    def get(self, request, pk):
        return JsonResponse(clock_payload(self.get_round(pk)))


class RoundProgressView(ClockRoundMixin, View):
    """The director's dashboard: deals entered per table, tables behind, short tables."""

    def get(self, request, pk):
        round_ = self.get_round(pk)
        tournament = round_.tournament
        deals_per_round = _deals_per_round(tournament) or 0
        progress = round_reads.round_progress(round_, deals_per_round, timezone.now())
        return render(
            request,
            "tournaments/staff/progress.html",
            {
                "round": round_,
                "tournament": tournament,
                "plugin": plugin_for(tournament.game),
                "progress": progress,
                "deals_per_round": deals_per_round,
                "clock": clock_payload(round_),
                "behind": sum(1 for p in progress if p.behind),
                "short": sum(1 for p in progress if p.short),
            },
        )
