"""Table-side entry: the table's own page on a phone (``/t/<token>/``, no account) and the
scorekeeper's dashboard of a round's phones. No game is named here: the plug-in gives the
deal form; ``services.table_entry`` writes; a deal counts once the other side confirms it.
"""

import secrets

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views import View

from club.client_ip import client_ip
from club.params import optional_int, parse_int
from club.roles import ScorekeeperRequiredMixin
from scoring import InvalidDeal

from .games import plugin_for
from .models import Round, Table, TableDeal
from .qr import qr_svg
from .selectors import scoresheet, table_state
from .services import errors, link_throttle, table_entry
from .views_entry import preview_response

#: The phone's « who am I » lives as long as an evening.
WHO_AM_I_AGE = 16 * 3600
WHO_AM_I_SALT = "atout.tableside.who"


def who_cookie(link) -> str:
    # Per link: a new link (issued by the scorekeeper) asks every phone again.
    return f"atout_table_{link.pk}"


class Throttled(Exception):
    pass


class LinkMixin:
    """A view reached by a table's token: 404 for an unknown or revoked one, 429 instead once
    its address sent too many unknown ones lately."""

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        except Throttled:
            return HttpResponse(
                _("Too many unknown table links from this address: try again later."),
                status=429,
                content_type="text/plain; charset=utf-8",
            )

    def get_link(self, token: str):
        # A live token always answers: a hall's phones share one address (the Wi-Fi's), and a
        # phone left polling a revoked link must not lock the other tables out. Only unknown
        # tokens are counted and, past the limit, refused.
        link = table_entry.find_link(token)
        if link is not None:
            return link
        address = client_ip(self.request)  # type: ignore[attr-defined]
        if link_throttle.refused(address):
            raise Throttled
        link_throttle.record_miss(address)
        raise Http404


def stamp_response(request, stamp: str) -> HttpResponse:
    """What a polling page reads: ``stamp`` as JSON with its ETag, 304 while unchanged."""
    etag = f'"{stamp}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"stamp": stamp})
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response


def deal_by_deal(table: Table) -> bool:
    return plugin_for(table.round.tournament.game).entry_url_name == "staff_deals"


class TablePageView(LinkMixin, View):
    """The table's page: who holds the phone, the deals so far, the deal waiting for the
    other side, and the form of the next deal."""

    template_name = "tournaments/table/page.html"

    def me(self, request, link, people):
        entry_id = request.get_signed_cookie(
            who_cookie(link), default=None, salt=WHO_AM_I_SALT, max_age=WHO_AM_I_AGE
        )
        try:
            entry_id = int(entry_id) if entry_id is not None else None
        except ValueError:
            return None
        return table_state.person(people, entry_id)

    def deal_form(self, table, seats, data=None):
        plugin = plugin_for(table.round.tournament.game)
        return plugin.sheet_form(
            data,
            seat_names=scoresheet.seat_names(seats),
            player_names=scoresheet.dealing_names(seats),
            first_dealer=scoresheet.first_dealer(seats),
            rules=table.round.tournament.rules,
            records=scoresheet.table_records(table),
            number=None,
        )

    def render_page(self, request, link, *, form=None, status=200, preview=None, version=None):
        table = Table.objects.select_related("round__tournament").get(pk=link.table_id)
        seats = scoresheet.table_seats(table)
        people = table_state.table_people(seats)
        me = self.me(request, link, people)
        lines, totals = table_state.table_lines(table, seats)
        open_deal = table_state.open_deal(table)
        plugin = plugin_for(table.round.tournament.game)
        closed = False
        try:
            table_entry.check_open(table)
        except table_entry.TableClosed:
            closed = True
        deals_per_round = plugin.deals_per_round(table.round.tournament.rules or None)
        full = (len(lines) >= deals_per_round) if deals_per_round else table.complete
        can_enter = (
            me is not None
            and not closed
            and not table.bye
            and deal_by_deal(table)
            and not full
            and (open_deal is None or open_deal.status != TableDeal.Status.PENDING)
        )
        if can_enter and form is None:
            form = self.deal_form(table, seats)
        response = render(
            request,
            self.template_name,
            {
                "link": link,
                "table": table,
                "round": table.round,
                "tournament": table.round.tournament,
                "plugin": plugin,
                "seats": seats,
                "people": people,
                "me": me,
                "lines": lines,
                "totals": totals,
                "open_deal": open_deal,
                "open_text": table_state.describe(table, open_deal, seats) if open_deal else "",
                "open_points": (
                    list(zip(scoresheet.seat_names(seats), open_deal.points, strict=False))
                    if open_deal
                    else []
                ),
                "may_confirm": (
                    me is not None
                    and open_deal is not None
                    and open_deal.status == TableDeal.Status.PENDING
                    and me.side != open_deal.entered_side
                    and not closed
                ),
                "closed": closed,
                "full": full,
                "deal_by_deal": deal_by_deal(table),
                "form": form if can_enter else None,
                "deal_template": plugin.sheet_template,
                "version": table.version if version is None else version,
                "key": secrets.token_urlsafe(16),
                "preview": preview,
                "stamp": table_state.stamp(table),
            },
            status=status,
        )
        patch_cache_control(response, no_store=True)
        # The token is in the address: never sent to another site (same-origin keeps the
        # Origin header that CSRF checks).
        response["Referrer-Policy"] = "same-origin"
        return response

    def get(self, request, token):
        return self.render_page(request, self.get_link(token))

    def post(self, request, token):
        link = self.get_link(token)
        action = request.POST.get("action", "")
        if action == "who":
            return self.choose_who(request, link)
        table = Table.objects.select_related("round__tournament").get(pk=link.table_id)
        seats = scoresheet.table_seats(table)
        me = self.me(request, link, table_state.table_people(seats))
        if me is None:
            messages.error(request, _("Choose who you are at this table first."))
            return self.render_page(request, link, status=403)
        try:
            if action in ("save", "preview"):
                return self.enter(request, link, table, seats, me, action)
            if action == "confirm":
                deal = table_entry.confirm_deal(
                    table,
                    parse_int(request.POST.get("deal"), minimum=1),
                    entry=self.entry(me),
                    side=me.side,
                )
                if deal.status == TableDeal.Status.CONFIRMED:
                    messages.success(request, _("Deal %(n)d confirmed.") % {"n": deal.number})
                else:
                    messages.error(request, deal.reason)
            elif action == "reject":
                deal = table_entry.reject_deal(
                    table,
                    parse_int(request.POST.get("deal"), minimum=1),
                    reason=request.POST.get("reason", ""),
                    entry=self.entry(me),
                    side=me.side,
                )
                messages.success(request, _("Deal %(n)d sent back.") % {"n": deal.number})
            else:
                raise Http404
        except table_entry.TableClosed as error:
            messages.error(request, str(error))
            return self.render_page(request, link, status=403)
        except table_entry.SameSide as error:
            messages.error(request, str(error))
            return self.render_page(request, link, status=403)
        except errors.TournamentError as error:
            messages.error(request, str(error))
            return self.render_page(request, link, status=409)
        return redirect("table_page", token=link.token)

    @staticmethod
    def entry(me):
        from .models import Entry

        return Entry.objects.get(pk=me.entry_id)

    def choose_who(self, request, link):
        table = Table.objects.get(pk=link.table_id)
        people = table_state.table_people(scoresheet.table_seats(table))
        if self.me(request, link, people) is not None:
            messages.error(
                request, _("This phone already has its player: ask the scorekeeper to change it.")
            )
            return self.render_page(request, link, status=403)
        chosen = table_state.person(people, optional_int(request.POST.get("entry"), minimum=1))
        if chosen is None:
            messages.error(request, _("Choose one of the players of this table."))
            return self.render_page(request, link, status=400)
        response = redirect("table_page", token=link.token)
        response.set_signed_cookie(
            who_cookie(link),
            str(chosen.entry_id),
            salt=WHO_AM_I_SALT,
            max_age=WHO_AM_I_AGE,
            httponly=True,
            samesite="Lax",  # Strict would lose it when a QR scan opens the page
            secure=request.is_secure(),
        )
        return response

    def enter(self, request, link, table, seats, me, action):
        if not deal_by_deal(table):
            raise Http404
        version = optional_int(request.POST.get("version"), minimum=0)
        form = self.deal_form(table, seats, request.POST)
        if not form.is_valid():
            return self.render_page(request, link, form=form, status=400, version=version)
        records = form.records_with_deal()
        try:
            if action == "preview":
                result = scoresheet.evaluate_sheet(table, records)
                preview = list(zip(form.seat_names, result.per_deal[form.number - 1], strict=True))
                return self.render_page(request, link, form=form, preview=preview, version=version)
            deal = table_entry.enter_deal(
                table,
                entry=self.entry(me),
                side=me.side,
                record=form.record,
                version=-1 if version is None else version,
                key=request.POST.get("key", "") or secrets.token_urlsafe(16),
            )
        except InvalidDeal as error:
            form.attach_scoring_error(error)
            return self.render_page(request, link, form=form, status=400, version=version)
        except errors.StaleSheet:
            messages.error(
                request,
                _(
                    "The table's sheet changed while you were typing: check the deals, then send "
                    "again."
                ),
            )
            return self.render_page(request, link, form=form, status=409)
        messages.success(
            request,
            _("Deal %(n)d sent: a player of the other side confirms it on his phone.")
            % {"n": deal.number},
        )
        return redirect("table_page", token=link.token)


class TableStateView(LinkMixin, View):
    """What phones poll: a stamp that changes when the table does (ETag, 304 otherwise)."""

    def get(self, request, token):
        link = self.get_link(token)
        table = Table.objects.only("version", "updated_at").get(pk=link.table_id)
        return stamp_response(request, table_state.stamp(table))


# --------------------------------------------------------------------------- the scorekeeper


class RoundPhonesView(ScorekeeperRequiredMixin, View):
    """A round's tables as their phones see them: state, link, QR code; the scorekeeper
    issues links, confirms or rejects a waiting deal (and corrects on the paper entry page)."""

    def get_round(self, pk: int) -> Round:
        round_: Round = self.get_scoped(Round.objects.select_related("tournament__club"), pk=pk)
        return round_

    def get(self, request, pk):
        round_ = self.get_round(pk)
        rows = []
        for row in table_state.round_rows(round_):
            url = (
                request.build_absolute_uri(reverse("table_page", args=[row.link.token]))
                if row.link
                else ""
            )
            rows.append({"row": row, "url": url, "qr": qr_svg(url) if url else ""})
        response = render(
            request,
            "tournaments/table/dashboard.html",
            {
                "round": round_,
                "tournament": round_.tournament,
                "plugin": plugin_for(round_.tournament.game),
                "rows": rows,
                "stamp": table_state.round_stamp(round_),
            },
        )
        patch_cache_control(response, no_store=True)
        return response

    def post(self, request, pk):
        round_ = self.get_round(pk)
        action = request.POST.get("action", "")
        try:
            if action == "issue":
                count = table_entry.issue_round_links(round_, user=request.user)
                messages.success(request, _("%(n)d new table links.") % {"n": count})
                return redirect("staff_round_phones", pk=round_.pk)
            table = self.get_scoped(
                Table.objects.filter(round=round_),
                pk=parse_int(request.POST.get("table"), minimum=1),
            )
            if action == "renew":
                table_entry.issue_link(table, user=request.user)
                messages.success(
                    request,
                    _("Table %(n)d has a new link: the old one no longer works.")
                    % {"n": table.number},
                )
            elif action == "confirm":
                deal = table_entry.confirm_deal(
                    table, parse_int(request.POST.get("deal"), minimum=1), user=request.user
                )
                if deal.status == TableDeal.Status.CONFIRMED:
                    messages.success(request, _("Deal %(n)d confirmed.") % {"n": deal.number})
                else:
                    messages.error(request, deal.reason)
            elif action == "reject":
                table_entry.reject_deal(
                    table,
                    parse_int(request.POST.get("deal"), minimum=1),
                    reason=request.POST.get("reason", ""),
                    user=request.user,
                )
                messages.success(request, _("The deal is sent back to the table."))
            else:
                raise Http404
        except errors.TournamentError as error:
            messages.error(request, str(error))
        return redirect("staff_round_phones", pk=round_.pk)


class TablePreviewView(TablePageView):
    """The points of the typed deal before it is sent (JSON), for the phone's form."""

    def post(self, request, token):
        link = self.get_link(token)
        table = Table.objects.select_related("round__tournament").get(pk=link.table_id)
        seats = scoresheet.table_seats(table)
        if not deal_by_deal(table):
            raise Http404
        form = self.deal_form(table, seats, request.POST)
        return preview_response(table, form)


class RoundPhonesStateView(RoundPhonesView):
    """What the dashboard polls: a stamp of the round's tables (ETag, 304 otherwise)."""

    def get(self, request, pk):
        return stamp_response(request, table_state.round_stamp(self.get_round(pk)))

    def post(self, request, pk):
        raise Http404
