"""Table-side entry: the table's own page on a phone (``/t/<token>/``, no account) and the
scorekeeper's dashboard of a round's phones. No game is named here: the plug-in gives the
deal form; ``services.table_entry`` writes; a deal counts once the other side confirms it.
"""

import json
import secrets
from dataclasses import dataclass, field

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View

from club import cache_faults
from club.client_ip import client_ip
from club.language import activate_club_language
from club.names import active_name_order
from club.params import optional_int, parse_int
from club.roles import ScorekeeperRequiredMixin
from scoring import InvalidDeal
from tournaments.games import plugin_for
from tournaments.models import Entry, Round, Table
from tournaments.selectors import scoresheet
from tournaments.services import errors
from tournaments.tableside import link_throttle, table_entry, table_state
from tournaments.tableside.models import TableDeal
from tournaments.tableside.qr import qr_svg
from tournaments.views.entry import form_error_texts, preview_response

#: A deal's number is a small integer in the database.
MAX_DEAL_NUMBER = 32_767
#: Deals ahead whose dealer the page gives, for a phone that keeps deals while offline.
OFFLINE_DEALS = 4
#: The phone's id (which seat it holds is kept in the database) lives as long as an evening.
WHO_AM_I_AGE = 16 * 3600
PHONE_SALT = "atout.tableside.phone"
#: A table's shared parts are keyed by its stamp: never stale for its deals. The bound only
#: limits how long a player's name corrected meanwhile keeps its old spelling on the phones.
SHARED_SECONDS = 120


def phone_cookie(link) -> str:
    # Per link: a new link (issued by the scorekeeper) is a new id, and asks every phone again.
    return f"atout_phone_{link.pk}"


def phone_device(request, link) -> str:
    """The phone's device (``PhoneSeat.device``): the digest of the random id in its cookie,
    empty when it has none (it has not chosen its seat)."""
    device_id = request.get_signed_cookie(
        phone_cookie(link), default=None, salt=PHONE_SALT, max_age=WHO_AM_I_AGE
    )
    return table_entry.device_digest(device_id) if device_id else ""


class Throttled(Exception):
    pass


class LinkReplaced(Exception):
    """A table's link the scorekeeper replaced (« New link ») or whose round was redrawn."""

    def __init__(self, link) -> None:
        super().__init__(str(link.pk))
        self.link = link


def replaced_response(request, link) -> HttpResponse:
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


class LinkMixin:
    """A view reached by a table's token: 404 for an unknown or revoked one, 429 instead once
    its address sent too many unknown ones lately."""

    def dispatch(self, request, *args, **kwargs):
        try:
            return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        except LinkReplaced as replaced:
            return replaced_response(request, replaced.link)
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
            club = link.table.round.tournament.club
            club.activate_name_order()
            activate_club_language(self.request, club.language)  # type: ignore[attr-defined]
            return link
        replaced = table_entry.find_replaced_link(token)
        if replaced is not None:  # a real link, no guess: not counted
            raise LinkReplaced(replaced)
        address = client_ip(self.request)  # type: ignore[attr-defined]
        if link_throttle.refused(address):
            raise Throttled
        link_throttle.record_miss(address)
        raise Http404


def stamp_response(request, stamp: str) -> HttpResponse:
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


def confirmed_message(request, table: Table, deal: TableDeal) -> None:
    """What a confirmation did: the deal counts, waits for the deals before it, or was a
    conflict (sent back, with the reason)."""
    words = table_entry.table_words(table)
    if deal.status != TableDeal.Status.CONFIRMED:
        messages.error(request, deal.reason)
    elif deal.applied_version is None:
        messages.success(request, str(words.phone_confirmed_later) % row_words(table, deal))
    else:
        messages.success(request, str(words.phone_confirmed) % row_words(table, deal))


def deal_by_deal(table: Table) -> bool:
    """The table's phones enter its sheet one unit at a time (a deal, a row): the plug-in
    says how (``GamePlugin.table_entry``); otherwise the scorekeeper enters it."""
    return plugin_for(table.round.tournament.game).table_entry() is not None


@dataclass(frozen=True)
class BlankForm:
    """The next unit's form as every phone of the table shows it before typing: rendered
    once (``html``), with who deals the next few deals (``dealers``, JSON) and who sits them
    out (``sitting_out``, JSON: for each deal its words and seats; whist at 5 or 6)."""

    number: int
    html: str
    dealers: str
    sitting_out: str = "[]"
    errors: dict = field(default_factory=dict)
    label: str = ""  # the row as players name it (``TablePageView.form_row_label``)

    def non_field_errors(self) -> list[str]:
        return []


def shared_key(table: Table) -> str:
    # « v6 »: the shape of what is kept (TableSnapshot, BlankForm); bumped when it changes.
    stamp = table_state.stamp(table)
    return f"atout:table-page:v6:{table.pk}:{stamp}:{get_language()}:{active_name_order()}"


class TablePageView(LinkMixin, View):
    """The table's page: who holds the phone, the deals so far, the deal waiting for the
    other side, and the form of the next deal."""

    template_name = "tableside/page.html"

    def me(self, request, link, people, holders=None):
        """The player whose seat this phone holds: its id (cookie) looked up among the seats
        held through ``link`` (``holders``: as the page read them; else read now, for a write)."""
        device = phone_device(request, link)
        if not device:
            return None
        if holders is None:
            holder = table_state.held_by(link, device)
        else:
            holder = next((h for h in holders if h.link_id == link.pk and h.device == device), None)
        return table_state.person(people, holder.entry_id) if holder is not None else None

    def shared(self, table: Table) -> dict:
        """What every phone of the table shows alike (``table_state.table_snapshot``, the
        deals' table rendered, the next unit's blank form rendered), worked out once per table
        stamp for all of them: the cache is a folder every worker shares. A drawn round's seats
        may still be swapped, which changes no stamp: computed afresh until it starts."""
        cacheable = table.round.status != Round.Status.DRAWN
        key = shared_key(table)
        # A cache that fails, or an entry garbled, is a miss (``cache_faults``).
        parts = cache_faults.get(key, dict) if cacheable else None
        if parts is None:
            parts = self.build_shared(table)
            if cacheable:
                cache_faults.put(key, parts, SHARED_SECONDS)
        return parts

    def build_shared(self, table: Table) -> dict:
        snapshot = table_state.table_snapshot(table)
        plugin = plugin_for(table.round.tournament.game)
        unit = plugin.table_entry()
        deals_html = render_to_string(
            "tableside/_deals.html",
            {
                "words": table_entry.table_words(table),
                "seat_columns": zip(
                    snapshot.basics.column_names, snapshot.basics.seat_names, strict=True
                ),
                "lines": snapshot.lines,
                "totals": snapshot.totals,
            },
        )
        blank = None
        if unit is not None and not table.bye and not snapshot.full:
            form = self.deal_form(table, snapshot.basics)
            limit = plugin.deals_per_round(table.round.tournament.rules or None)
            dealers, sitting_out = self.next_dealers(table, snapshot.basics, limit, form)
            blank = BlankForm(
                form.number,
                render_to_string(unit[1], {"form": form}),
                json.dumps(dealers),
                json.dumps(sitting_out),
                label=self.form_row_label(table, form),
            )
        return {"snapshot": snapshot, "deals_html": deals_html, "blank": blank}

    def cached_basics(self, table: Table) -> table_state.TableBasics | None:
        """The table's names, players and queue if a phone read the page at this stamp."""
        if table.round.status == Round.Status.DRAWN:
            return None
        parts = cache_faults.get(shared_key(table), dict)
        return parts["snapshot"].basics if parts is not None else None

    def basics(self, table: Table) -> table_state.TableBasics:
        """What a post checks a deal against: cached, else read (nothing judged nor
        rendered: the post changes the table, the next page is another stamp)."""
        return self.cached_basics(table) or table_state.table_basics(table)

    def people(self, table: Table) -> list[table_state.Person]:
        basics = self.cached_basics(table)
        if basics is not None:
            return basics.people
        return table_state.table_people(scoresheet.table_seats(table))

    def deal_form(self, table, basics, data=None, *, number=None):
        """The form of the next unit (a deal, a row): after the sheet and the deals waiting
        before it; the plug-in says which form (``GamePlugin.table_entry``)."""
        unit = plugin_for(table.round.tournament.game).table_entry()
        if unit is None:
            raise Http404
        queue = basics.queue
        return unit[0](
            data,
            seat_names=basics.seat_names,
            player_names=basics.dealing_names,
            first_dealer=basics.first_dealer,
            sit_out_order=basics.sit_out_order,
            rules=table.round.tournament.rules,
            records=queue.records_before(queue.next_number),
            number=number or queue.next_number,
        )

    def next_dealers(self, table, basics, limit, blank=None) -> tuple[list[str], list[list]]:
        """Who deals the next few deals, and who sits them out (whist at a table of 5 or 6:
        in words and as seats, else nobody): the phone shows it while it keeps deals offline
        (``blank``: the next deal's form, built already)."""
        first = basics.queue.next_number
        last = first + OFFLINE_DEALS
        if limit:
            last = min(last, limit + 1)
        names = []
        sitting_out = []
        for number in range(first, last):
            if number == first and blank is not None:
                form = blank
            else:
                form = self.deal_form(table, basics, number=number)
            if form.number != number:  # a form that only knows the next unit (a DK row)
                break
            names.append(str(getattr(form, "dealer_name", "")))
            seats = [int(s) for s in getattr(form, "sitting_out", ())]
            sitting_out.append([str(getattr(form, "sitting_out_names", "")), seats])
        return names, sitting_out

    @staticmethod
    def form_row_label(table: Table, form) -> str:
        """The row the form is for, as players name it: its number in the game's noun (a
        Double King game's letter is not chosen yet: « Jeu 4 », its form's ``label``)."""
        label = getattr(form, "label", "")
        if label:
            return str(label)
        return str(table_entry.table_words(table).label) % {"n": form.number}

    def render_page(self, request, link, *, form=None, status=200, preview=None, version=None):
        # The link's lookup brought the table, its round and tournament along.
        table = link.table
        parts = self.shared(table)
        snapshot = parts["snapshot"]
        me = self.me(request, link, snapshot.basics.people, snapshot.holders)
        seats = table_state.seat_views(snapshot.basics.people, snapshot.holders, link.pk, me)
        plugin = plugin_for(table.round.tournament.game)
        unit = plugin.table_entry()
        closed = False
        try:
            table_entry.check_open(table)
        except table_entry.TableClosed:
            closed = True
        full = snapshot.full
        can_enter = me is not None and not closed and not table.bye and unit is not None
        can_enter = can_enter and not full
        dealers = sitting_out = "[]"
        # A row sent back whose place the form is for comes back in it, as it was typed, with
        # its reason beside it: the players correct it rather than type it again.
        sent_back = None
        if can_enter and form is None and parts["blank"] is not None:
            form = parts["blank"]
            sent_back = next(
                (i for i in reversed(snapshot.flagged) if i.deal.number == form.number), None
            )
            if sent_back is not None:
                form = self.deal_form(table, snapshot.basics)
                form.initial.update(form.initial_from(sent_back.deal.record))
        if isinstance(form, BlankForm):
            dealers, sitting_out = form.dealers, form.sitting_out
        elif can_enter:
            limit = plugin.deals_per_round(table.round.tournament.rules or None)
            names, out = self.next_dealers(table, snapshot.basics, limit)
            dealers, sitting_out = json.dumps(names), json.dumps(out)
        outcome = None
        desk_done = snapshot.completed_elsewhere
        if full and (desk_done or not snapshot.basics.queue.waiting):
            outcome = table_state.table_outcome(table, scoresheet.table_seats(table), me)
        response = render(
            request,
            self.template_name,
            {
                "link": link,
                "table": table,
                "round": table.round,
                "tournament": table.round.tournament,
                "plugin": plugin,
                "people": snapshot.basics.people,
                "me": me,
                "seats": seats,
                "this_phone": next((s.label for s in seats if s.mine), ""),
                # Rendered by our templates (escaped there), kept as text in the cache.
                "deals_html": mark_safe(parts["deals_html"]),
                # Completed at the desk: what waited on the phones is not needed (one sentence).
                "waiting": []
                if desk_done
                else [table_state.for_phone(i, me, closed) for i in snapshot.waiting],
                "flagged": [] if desk_done else snapshot.flagged,
                "sent_back": sent_back,
                "desk_done": desk_done,
                "row_label": self.form_row_label(table, form) if form else "",
                "closed": closed,
                "full": full,
                "deal_by_deal": unit is not None,
                "words": table_entry.table_words(table),
                "form": form if can_enter else None,
                "form_html": mark_safe(form.html) if isinstance(form, BlankForm) else "",
                "dealers_json": dealers,
                "sitting_out_json": sitting_out,
                "deal_template": unit[1] if unit else "",
                "version": table.version if version is None else version,
                "key": secrets.token_urlsafe(16),
                "preview": preview,
                "stamp": table_state.stamp(table),
                "outcome": outcome,
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
        table = link.table
        me = self.me(request, link, self.people(table))
        if me is None:
            messages.error(request, _("Choose who you are at this table first."))
            return self.render_page(request, link, status=403)
        try:
            if action in ("save", "preview"):
                return self.enter(request, link, table, me, action)
            if action == "confirm":
                deal = table_entry.confirm_deal(
                    table,
                    parse_int(request.POST.get("deal"), minimum=1),
                    entry=self.entry(me),
                    side=me.side,
                    device=phone_device(request, link),
                )
                confirmed_message(request, table, deal)
            elif action == "reject":
                deal = table_entry.reject_deal(
                    table,
                    parse_int(request.POST.get("deal"), minimum=1),
                    reason=request.POST.get("reason", ""),
                    entry=self.entry(me),
                    side=me.side,
                    device=phone_device(request, link),
                )
                messages.success(
                    request,
                    str(table_entry.table_words(table).phone_sent_back) % row_words(table, deal),
                )
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
        return Entry.objects.get(pk=me.entry_id)

    def choose_who(self, request, link):
        people = self.people(link.table)
        if self.me(request, link, people) is not None:
            messages.error(
                request, _("This phone already has its player: ask the scorekeeper to change it.")
            )
            return self.render_page(request, link, status=403)
        chosen = table_state.person(people, optional_int(request.POST.get("entry"), minimum=1))
        if chosen is None:
            messages.error(request, _("Choose one of the players of this table."))
            return self.render_page(request, link, status=400)
        # The phone's id: random, kept by the phone; the server keeps its digest with the seat.
        device_id = request.get_signed_cookie(
            phone_cookie(link), default=None, salt=PHONE_SALT, max_age=WHO_AM_I_AGE
        ) or secrets.token_urlsafe(16)
        try:
            table_entry.claim_seat(
                link, entry_id=chosen.entry_id, device=table_entry.device_digest(device_id)
            )
        except table_entry.PhoneHasSeat as error:
            messages.error(request, str(error))
            return self.render_page(request, link, status=403)
        except table_entry.NotSeated as error:
            messages.error(request, str(error))
            return self.render_page(request, link, status=400)
        except errors.TournamentError as error:  # the seat is held by another phone
            messages.error(request, str(error))
            return self.render_page(request, link, status=409)
        response = redirect("table_page", token=link.token)
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

    def enter(self, request, link, table, me, action):
        if not deal_by_deal(table):
            raise Http404
        version = optional_int(request.POST.get("version"), minimum=0)
        form = self.deal_form(table, self.basics(table), request.POST)
        if not form.is_valid():
            return self.render_page(request, link, form=form, status=400, version=version)
        records = form.records_with_deal()
        try:
            if action == "preview":
                result = scoresheet.evaluate_sheet(table, records)
                preview = list(zip(form.seat_names, result.per_deal[form.number - 1], strict=True))
                return self.render_page(request, link, form=form, preview=preview, version=version)
            deal = self.send(request, link, table, me, form, version)
        except InvalidDeal as error:
            form.attach_scoring_error(error)
            return self.render_page(request, link, form=form, status=400, version=version)
        except table_entry.BadKey as error:
            messages.error(request, str(error))
            return self.render_page(request, link, form=form, status=400)
        except errors.StaleSheet:
            messages.error(request, str(table_entry.table_words(table).phone_stale))
            return self.render_page(request, link, form=form, status=409)
        except (table_entry.DealConflict, errors.TournamentHeld) as error:
            messages.error(request, str(error))  # what was typed stays in the form
            return self.render_page(request, link, form=form, status=409)
        sent_message(request, table, deal)
        return redirect("table_page", token=link.token)

    def send(self, request, link, table, me, form, version, *, keep_conflict=False):
        return table_entry.enter_deal(
            table,
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


def sent_fingerprint(data) -> str:
    """A digest of the deal's fields as the phone sent them (not its key, action or token):
    sent again, the same deal gives the same, whatever was stored meanwhile."""
    fields = sorted(
        (name, value)
        for name in data
        if name not in ("csrfmiddlewaretoken", "action", "key")
        for value in data.getlist(name)
    )
    return table_entry.fingerprint(json.dumps(fields))


def sent_message(request, table: Table, deal: TableDeal) -> None:
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

    def post(self, request, token):
        link = self.get_link(token)
        table = link.table
        basics = self.basics(table)
        me = self.me(request, link, basics.people)
        if me is None:
            return json_error(_("Choose who you are at this table first."), 403)
        if not deal_by_deal(table):
            raise Http404
        version = optional_int(request.POST.get("version"), minimum=0)
        form = self.deal_form(table, basics, request.POST)
        try:
            if not form.is_valid():
                return json_error(form_errors(form), 400)
            form.records_with_deal()
            deal = self.send(request, link, table, me, form, version, keep_conflict=True)
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


def form_errors(form) -> str:
    return " ".join(form_error_texts(form)[:3]) or str(form.words.phone_not_saved)


def json_error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"ok": False, "message": message}, status=status)


def table_etag(request, token: str) -> str | None:
    """The polled table's stamp, in one indexed query; None for a link that is not live (the
    view answers it: 404, or 429 past the guessing limit)."""
    return table_state.live_stamp(token, table_entry.token_digest(token))


class TableStateView(LinkMixin, View):
    """What phones poll: a stamp that changes when the table does (ETag, 304 otherwise). The
    304 is answered from ``poll_etag`` before the session and the rest of the middleware
    (``club.middleware.EarlyPollMiddleware``)."""

    poll_etag = staticmethod(table_etag)

    def get(self, request, token):
        link = self.get_link(token)
        # The link's lookup brought the table, its round and tournament along: no query more.
        return stamp_response(request, table_state.stamp(link.table))


# --------------------------------------------------------------------------- the scorekeeper


class RoundPhonesView(ScorekeeperRequiredMixin, View):
    """A round's tables as their phones see them: state, link, QR code; the scorekeeper
    issues links, confirms or rejects a waiting deal (and corrects on the paper entry page)."""

    def get_round(self, pk: int) -> Round:
        round_: Round = self.get_scoped(Round.objects.select_related("tournament__club"), pk=pk)
        return round_

    def get(self, request, pk):
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
        response = render(
            request,
            "tableside/dashboard.html",
            {
                "round": round_,
                "tournament": round_.tournament,
                "plugin": plugin_for(round_.tournament.game),
                "words": plugin_for(round_.tournament.game).row_words(),
                "rows": rows,
                "missing_links": sum(1 for item in rows if not item["url"]),
                "stamp": stamp,
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
                Table.objects.filter(round=round_).select_related("round__tournament"),
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
                confirmed_message(request, table, deal)
            elif action == "reject":
                deal = table_entry.reject_deal(
                    table,
                    parse_int(request.POST.get("deal"), minimum=1),
                    reason=request.POST.get("reason", ""),
                    user=request.user,
                )
                messages.success(
                    request,
                    str(table_entry.table_words(table).phone_sent_back) % row_words(table, deal),
                )
            elif action == "free":
                table_entry.free_seat(
                    table, parse_int(request.POST.get("seat"), minimum=1), user=request.user
                )
                messages.success(
                    request,
                    _(
                        "The seat is free: its player chooses it again on his phone. The deals "
                        "that phone confirmed and that are not on the sheet wait again for "
                        "confirmation."
                    ),
                )
            else:
                raise Http404
        except errors.TournamentError as error:
            messages.error(request, str(error))
        return redirect("staff_round_phones", pk=round_.pk)


class TablePreviewView(TablePageView):
    """The points of the typed deal before it is sent (JSON), for the phone's form."""

    def post(self, request, token):
        link = self.get_link(token)
        table = link.table
        if not deal_by_deal(table):
            raise Http404
        form = self.deal_form(table, self.basics(table), request.POST)
        return preview_response(table, form)


class RoundPhonesStateView(RoundPhonesView):
    """What the dashboard polls: a stamp of the round's tables (ETag, 304 otherwise)."""

    def get(self, request, pk):
        return stamp_response(request, table_state.round_stamp(self.get_round(pk)))

    def post(self, request, pk):
        raise Http404
