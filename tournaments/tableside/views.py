"""Table-side entry: the table's own page on a phone (``/t/<token>/``, no account) and the
scorekeeper's dashboard of a round's phones. No game is named here: ``table_page`` works out
what a phone shows (the plug-in gives the deal form); ``table_entry`` writes; a deal counts once
the other side confirms it. The views translate HTTP: the cookie that names a phone, what was
posted, and the answer.
"""

import json
import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.views import View

from club.client_ip import client_ip
from club.language import activate_club_language
from club.params import optional_int, parse_int
from club.roles import ScorekeeperRequiredMixin, logged_in_user
from scoring import InvalidDeal
from tournaments.deal_forms import form_error_texts, preview_payload
from tournaments.games import plugin_for
from tournaments.games.base import DealForm
from tournaments.models import Entry, Round, Table
from tournaments.selectors import scoresheet
from tournaments.services import errors
from tournaments.tableside import link_throttle, table_entry, table_page, table_state
from tournaments.tableside.models import TableDeal, TableLink
from tournaments.tableside.qr import qr_svg
from tournaments.tableside.table_page import deal_by_deal
from tournaments.tableside.table_state import Person

#: A deal's number is a small integer in the database.
MAX_DEAL_NUMBER = 32_767
#: The phone's id (which seat it holds is kept in the database) lives as long as an evening.
WHO_AM_I_AGE = 16 * 3600
PHONE_SALT = "atout.tableside.phone"


def phone_cookie(link: TableLink) -> str:
    # Per link: a new link (issued by the scorekeeper) is a new id, and asks every phone again.
    return f"atout_phone_{link.pk}"


def phone_id(request: HttpRequest, link: TableLink) -> str | None:
    """The random id the phone keeps in its cookie for ``link`` (None: it has not chosen its
    seat, or the evening is over)."""
    device_id: str | None = request.get_signed_cookie(
        phone_cookie(link), default=None, salt=PHONE_SALT, max_age=WHO_AM_I_AGE
    )
    return device_id


def phone_device(request: HttpRequest, link: TableLink) -> str:
    """The phone's device (``PhoneSeat.device``): the digest of the random id in its cookie,
    empty when it has none (it has not chosen its seat)."""
    device_id = phone_id(request, link)
    return table_entry.device_digest(device_id) if device_id else ""


class Throttled(Exception):
    pass


class LinkReplaced(Exception):
    """A table's link the scorekeeper replaced (« New link ») or whose round was redrawn."""

    def __init__(self, link: TableLink) -> None:
        super().__init__(str(link.pk))
        self.link = link


def replaced_response(request: HttpRequest, link: TableLink) -> HttpResponse:
    """What a phone left on a replaced link is told (410): the link was replaced, and how to
    rejoin; JSON for the phone's script (its send and its poll), a page otherwise."""
    replaced = table_entry.has_live_link(link.table_id)
    message = (
        _(
            "The scorekeeper replaced this table's link (« New link »): this page no longer "
            "works. Scan the code on the table's new sheet, or ask the scorekeeper for the new "
            "link, then choose your name again."
        )
        if replaced
        else _(
            "This table's link no longer works (the round was drawn again or its phones were "
            "switched off). Ask the scorekeeper for your table's new link or sheet."
        )
    )
    if "json" in request.headers.get("Accept", "") or request.path.endswith(".json"):
        return JsonResponse({"ok": False, "replaced": True, "message": message}, status=410)
    tournament = link.table.round.tournament
    response = render(
        request,
        "tableside/replaced.html",
        {"message": message, "table": link.table, "tournament": tournament},
        status=410,
    )
    patch_cache_control(response, no_store=True)
    response["Referrer-Policy"] = "same-origin"
    return response


class LinkMixin(View):
    """A view reached by a table's token: 404 for an unknown or revoked one, 429 instead once
    its address sent too many unknown ones lately."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            return super().dispatch(request, *args, **kwargs)
        except LinkReplaced as replaced:
            return replaced_response(request, replaced.link)
        except Throttled:
            return HttpResponse(
                _("Too many unknown table links from this address: try again later."),
                status=429,
                content_type="text/plain; charset=utf-8",
            )

    def get_link(self, token: str) -> TableLink:
        # A live token always answers: a hall's phones share one address (the Wi-Fi's), and a
        # phone left polling a revoked link must not lock the other tables out. Only unknown
        # tokens are counted and, past the limit, refused.
        link = table_entry.find_link(token)
        if link is not None:
            club = link.table.round.tournament.club
            club.activate_name_order()
            activate_club_language(self.request, club.language)
            return link
        replaced = table_entry.find_replaced_link(token)
        if replaced is not None:  # a real link, no guess: not counted
            raise LinkReplaced(replaced)
        address = client_ip(self.request)
        if link_throttle.refused(address):
            raise Throttled
        link_throttle.record_miss(address)
        raise Http404


def stamp_response(request: HttpRequest, stamp: str) -> HttpResponse:
    """What a polling page reads: ``stamp`` as JSON with its ETag, 304 while unchanged
    (Django's conditional answer: lists of ETags and weak ones too)."""
    etag = f'"{stamp}"'
    response = get_conditional_response(request, etag=etag) or JsonResponse({"stamp": stamp})
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response


def row_words(table: Table, deal: TableDeal) -> dict[str, object]:
    """What a sentence naming ``deal`` is filled with: its place (``n``) and its name as the
    players say it (``row``, « Jeu 4 (C) »: ``GamePlugin.row_labels``)."""
    return {"n": deal.number, "row": table_state.table_queue(table).label(table, deal)}


def confirmed_message(request: HttpRequest, table: Table, deal: TableDeal) -> None:
    """What a confirmation did: the deal counts, waits for the deals before it, or was a
    conflict (sent back, with the reason)."""
    words = table_entry.table_words(table)
    if deal.status != TableDeal.Status.CONFIRMED:
        messages.error(request, deal.reason)
    elif deal.applied_version is None:
        messages.success(request, str(words.phone_confirmed_later) % row_words(table, deal))
    else:
        messages.success(request, str(words.phone_confirmed) % row_words(table, deal))


def decide_deal(
    request: HttpRequest,
    table: Table,
    *,
    entry: Entry | None = None,
    side: int | None = None,
    user: User | None = None,
    device: str = "",
) -> None:
    """Confirm the deal posted, or send it back with the reason posted, as its ``action``
    says: by a player's phone (``entry``, ``side``, ``device``) or by a scorekeeper (``user``);
    the message says what it did. Any other action is a 404."""
    action = request.POST.get("action", "")
    if action not in ("confirm", "reject"):
        raise Http404
    number = parse_int(request.POST.get("deal"), minimum=1)
    if action == "confirm":
        deal = table_entry.confirm_deal(
            table, number, entry=entry, side=side, user=user, device=device
        )
        confirmed_message(request, table, deal)
        return
    deal = table_entry.reject_deal(
        table,
        number,
        reason=request.POST.get("reason", ""),
        entry=entry,
        side=side,
        user=user,
        device=device,
    )
    words = table_entry.table_words(table)
    messages.success(request, str(words.phone_sent_back) % row_words(table, deal))


class TablePageView(LinkMixin):
    """The table's page: who holds the phone, the deals so far, the deal waiting for the
    other side, and the form of the next deal (``table_page.TablePage``)."""

    template_name = "tableside/page.html"

    def me(self, request: HttpRequest, link: TableLink) -> Person | None:
        """The player whose seat this phone holds (read now: for a write)."""
        people = table_page.people(link.table)
        return table_page.holder(link, phone_device(request, link), people)

    def render_page(
        self,
        request: HttpRequest,
        link: TableLink,
        *,
        form: DealForm | None = None,
        status: int = 200,
        preview: list[tuple[str, int]] | None = None,
        version: int | None = None,
    ) -> HttpResponse:
        page = table_page.table_page(
            link, device=phone_device(request, link), form=form, preview=preview, version=version
        )
        response = render(request, self.template_name, page.context(), status=status)
        patch_cache_control(response, no_store=True)
        # The token is in the address: never sent to another site (same-origin keeps the
        # Origin header that CSRF checks).
        response["Referrer-Policy"] = "same-origin"
        return response

    def refused(
        self, request: HttpRequest, link: TableLink, message: str, status: int
    ) -> HttpResponse:
        """The page again, with why the post was refused."""
        messages.error(request, message)
        return self.render_page(request, link, status=status)

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return self.render_page(request, self.get_link(token))

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        link = self.get_link(token)
        action = request.POST.get("action", "")
        if action == "who":
            return self.choose_who(request, link)
        me = self.me(request, link)
        if me is None:
            return self.refused(request, link, _("Choose who you are at this table first."), 403)
        try:
            if action in ("save", "preview"):
                return self.enter(request, link, me, action)
            decide_deal(
                request,
                link.table,
                entry=self.entry(me),
                side=me.side,
                device=phone_device(request, link),
            )
        except (table_entry.TableClosed, table_entry.SameSide) as error:
            return self.refused(request, link, str(error), 403)
        except errors.TournamentError as error:
            return self.refused(request, link, str(error), 409)
        return redirect(table_page.answer_url(link))

    @staticmethod
    def entry(me: Person) -> Entry:
        return Entry.objects.get(pk=me.entry_id)

    def choose_who(self, request: HttpRequest, link: TableLink) -> HttpResponse:
        people = table_page.people(link.table)
        if table_page.holder(link, phone_device(request, link), people) is not None:
            message = _("This phone already has its player: ask the scorekeeper to change it.")
            return self.refused(request, link, message, 403)
        chosen = table_state.person(people, optional_int(request.POST.get("entry"), minimum=1))
        if chosen is None:
            return self.refused(request, link, _("Choose one of the players of this table."), 400)
        # The phone's id: random, kept by the phone; the server keeps its digest with the seat.
        device_id = phone_id(request, link) or secrets.token_urlsafe(16)
        try:
            table_entry.claim_seat(
                link, entry_id=chosen.entry_id, device=table_entry.device_digest(device_id)
            )
        except table_entry.PhoneHasSeat as error:
            return self.refused(request, link, str(error), 403)
        except table_entry.NotSeated as error:
            return self.refused(request, link, str(error), 400)
        except errors.TournamentError as error:  # the seat is held by another phone
            return self.refused(request, link, str(error), 409)
        response = redirect(table_page.answer_url(link))
        response.set_signed_cookie(
            phone_cookie(link),
            device_id,
            salt=PHONE_SALT,
            max_age=WHO_AM_I_AGE,
            path=table_entry.link_path(link),  # this table's pages only
            httponly=True,
            samesite="Lax",  # Strict would lose it when a QR scan opens the page
            secure=request.is_secure(),
        )
        return response

    def enter(self, request: HttpRequest, link: TableLink, me: Person, action: str) -> HttpResponse:
        table = link.table
        if not deal_by_deal(table):
            raise Http404
        version = optional_int(request.POST.get("version"), minimum=0)
        form = table_page.deal_form(table, table_page.basics(table), request.POST)
        if not form.is_valid():
            return self.render_page(request, link, form=form, status=400, version=version)
        records = form.records_with_deal()
        try:
            if action == "preview":
                result = scoresheet.evaluate_sheet(table, records)
                preview = list(zip(form.seat_names, result.per_deal[form.number - 1], strict=True))
                return self.render_page(request, link, form=form, preview=preview, version=version)
            deal = self.send(request, link, me, form, version)
        except InvalidDeal as error:
            form.attach_scoring_error(error)
            return self.render_page(request, link, form=form, status=400, version=version)
        except table_entry.BadKey as error:
            messages.error(request, str(error))
            return self.render_page(request, link, form=form, status=400)
        except errors.StaleSheet:
            messages.error(request, str(table_entry.table_words(table).phone_stale))
            return self.render_page(request, link, form=form, status=409)
        except (
            table_entry.DealConflict,
            errors.TournamentHeld,
            errors.TournamentImported,
        ) as error:
            messages.error(request, str(error))  # what was typed stays in the form
            return self.render_page(request, link, form=form, status=409)
        sent_message(request, table, deal)
        return redirect(table_page.answer_url(link))

    def send(
        self,
        request: HttpRequest,
        link: TableLink,
        me: Person,
        form: DealForm,
        version: int | None,
        *,
        keep_conflict: bool = False,
    ) -> TableDeal:
        return table_entry.enter_deal(
            link.table,
            entry=self.entry(me),
            side=me.side,
            record=form.record,
            version=-1 if version is None else version,
            key=request.POST.get("key", "") or secrets.token_urlsafe(16),
            number=optional_int(request.POST.get("number"), minimum=1, maximum=MAX_DEAL_NUMBER),
            keep_conflict=keep_conflict,
            device=phone_device(request, link),
            fingerprint=sent_fingerprint(request.POST),
        )


def sent_fingerprint(data: QueryDict) -> str:
    """A digest of the deal's fields as the phone sent them (not its key, action or token):
    sent again, the same deal gives the same, whatever was stored meanwhile."""
    fields = sorted(
        (name, value)
        for name in data
        if name not in ("csrfmiddlewaretoken", "action", "key")
        for value in data.getlist(name)
    )
    return table_entry.fingerprint(json.dumps(fields))


def sent_message(request: HttpRequest, table: Table, deal: TableDeal) -> None:
    if deal.status == TableDeal.Status.REJECTED:
        messages.error(request, deal.reason)
    else:
        messages.success(
            request, str(table_entry.table_words(table).phone_sent) % row_words(table, deal)
        )


class TableSendView(TablePageView):
    """A deal sent by the phone's script (JSON), at once or from its offline queue: the
    same checks as the form; a deal resent (same key) is stored once; a deal whose table
    changed meanwhile is kept as a conflict, sent back, for the players to see."""

    def post(self, request: HttpRequest, token: str) -> JsonResponse:
        link = self.get_link(token)
        table = link.table
        basics = table_page.basics(table)
        me = table_page.holder(link, phone_device(request, link), basics.people)
        if me is None:
            return json_error(_("Choose who you are at this table first."), 403)
        if not deal_by_deal(table):
            raise Http404
        version = optional_int(request.POST.get("version"), minimum=0)
        form = table_page.deal_form(table, basics, request.POST)
        try:
            if not form.is_valid():
                return json_error(form_errors(form), 400)
            form.records_with_deal()
            deal = self.send(request, link, me, form, version, keep_conflict=True)
        except InvalidDeal as error:
            form.attach_scoring_error(error)
            return json_error(form_errors(form), 400)
        except table_entry.BadKey as error:
            return json_error(str(error), 400)
        except (table_entry.TableClosed, table_entry.SameSide) as error:
            return json_error(str(error), 403)
        except errors.TournamentError as error:
            return json_error(str(error), 409)
        sent_message(request, table, deal)
        return JsonResponse(
            {
                "ok": deal.status != TableDeal.Status.REJECTED,
                "number": deal.number,
                "status": deal.status,
                "message": deal.reason,
            },
            status=409 if deal.status == TableDeal.Status.REJECTED else 200,
        )


def form_errors(form: DealForm) -> str:
    return " ".join(form_error_texts(form)[:3]) or str(form.words.phone_not_saved)


def json_error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"ok": False, "message": message}, status=status)


def table_etag(request: HttpRequest, token: str) -> str | None:
    """The polled table's stamp, in one indexed query; None for a link that is not live (the
    view answers it: 404, or 429 past the guessing limit)."""
    return table_state.live_stamp(token, table_entry.token_digest(token))


class TableStateView(LinkMixin):
    """What phones poll: a stamp that changes when the table does (ETag, 304 otherwise). The
    304 is answered from ``poll_etag`` before the session and the rest of the middleware
    (``club.middleware.EarlyPollMiddleware``)."""

    poll_etag = staticmethod(table_etag)

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        link = self.get_link(token)
        # The link's lookup brought the table, its round and tournament along: no query more.
        return stamp_response(request, table_state.stamp(link.table))


class TablePreviewView(TablePageView):
    """The points of the typed deal before it is sent (JSON), for the phone's form."""

    def post(self, request: HttpRequest, token: str) -> JsonResponse:
        link = self.get_link(token)
        table = link.table
        if not deal_by_deal(table):
            raise Http404
        form = table_page.deal_form(table, table_page.basics(table), request.POST)
        return JsonResponse(preview_payload(table, form))


# --------------------------------------------------------------------------- the scorekeeper


class RoundPhonesView(ScorekeeperRequiredMixin, View):
    """A round's tables as their phones see them: state, link, QR code; the scorekeeper
    issues links, confirms or rejects a waiting deal (and corrects on the paper entry page)."""

    def get_round(self, pk: int) -> Round:
        round_: Round = self.get_scoped(Round.objects.select_related("tournament__club"), pk=pk)
        return round_

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        # The stamp first: a deal posted while the tables are read then makes the page's stamp
        # older than the round's, and its poller redraws it (read last, it would count a deal
        # the page missed, and the page would never be redrawn).
        stamp = table_state.round_stamp(round_)
        rows = []
        for row in table_state.round_rows(round_):
            url = (
                request.build_absolute_uri(reverse("table_page", args=[row.link.token]))
                if row.link
                else ""
            )
            rows.append({"row": row, "url": url, "qr": qr_svg(url) if url else ""})
        plugin = plugin_for(round_.tournament.game)
        response = render(
            request,
            "tableside/dashboard.html",
            {
                "round": round_,
                "tournament": round_.tournament,
                "plugin": plugin,
                "words": plugin.row_words(),
                "rows": rows,
                "missing_links": sum(1 for item in rows if not item["url"]),
                "stamp": stamp,
            },
        )
        patch_cache_control(response, no_store=True)
        return response

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_ = self.get_round(pk)
        try:
            self.act(request, round_, request.POST.get("action", ""))
        except errors.TournamentError as error:
            messages.error(request, str(error))
        return redirect("staff_round_phones", pk=round_.pk)

    def act(self, request: HttpRequest, round_: Round, action: str) -> None:
        user = logged_in_user(request)
        if action == "issue":
            count = table_entry.issue_round_links(round_, user=user)
            messages.success(request, _("%(n)d new table links.") % {"n": count})
            return
        table: Table = self.get_scoped(
            Table.objects.filter(round=round_).select_related("round__tournament"),
            pk=parse_int(request.POST.get("table"), minimum=1),
        )
        if action == "renew":
            table_entry.issue_link(table, user=user)
            messages.success(
                request,
                _("Table %(n)d has a new link: the old one no longer works.") % {"n": table.number},
            )
        elif action == "free":
            table_entry.free_seat(table, parse_int(request.POST.get("seat"), minimum=1), user=user)
            messages.success(
                request,
                _(
                    "The seat is free: its player chooses it again on his phone. The deals "
                    "that phone confirmed and that are not on the sheet wait again for "
                    "confirmation."
                ),
            )
        else:
            decide_deal(request, table, user=user)


class RoundPhonesStateView(RoundPhonesView):
    """What the dashboard polls: a stamp of the round's tables (ETag, 304 otherwise)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        return stamp_response(request, table_state.round_stamp(self.get_round(pk)))

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        raise Http404
