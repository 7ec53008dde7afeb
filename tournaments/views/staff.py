"""Pages for scorekeepers ("Saisie") and the committee ("Bureau"). Views stay thin: forms read
the input, ``services`` write, ``selectors`` read."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db.models import Count, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import CreateView, ListView, UpdateView

from club.formatting import money
from club.models import Club, Season
from club.names import search_key
from club.params import parse_int
from club.roles import (
    COMMITTEE,
    CommitteeRequiredMixin,
    ScorekeeperRequiredMixin,
    has_role,
    logged_in_user,
)
from club.selectors import current_season
from scoring import GAMES
from tournaments.access import TableMixin
from tournaments.forms import (
    EntryClubForm,
    RegisterMemberForm,
    RulesForm,
    SwapForm,
    TeamForm,
    TickMembersForm,
    TournamentForm,
    WalkInForm,
)
from tournaments.games import game_choices, playable_game_choices, plugin_for
from tournaments.models import Entry, Round, Team, Tournament
from tournaments.selectors import accounts, lineup, round_reads, rulebook, scoresheet
from tournaments.services import (
    drawing,
    errors,
    pairing,
    payments,
    registration,
    round_clock,
    rulesets,
    tournament_settings,
)
from tournaments.site import site_root


class StaffTournamentListView(ScorekeeperRequiredMixin, ListView[Tournament]):
    template_name = "tournaments/staff/tournament_list.html"
    context_object_name = "tournaments"

    def get_queryset(self) -> QuerySet[Tournament]:
        # Newest first, named explicitly: an aggregate query drops the model's default ordering.
        return (
            self.scoped(Tournament.objects.select_related("club", "season"))
            .annotate(entry_count=Count("entries", filter=Q(entries__withdrawn=False)))
            .order_by("-date", "name")
        )


class TournamentCreateView(ScorekeeperRequiredMixin, CreateView[Tournament, TournamentForm]):
    model = Tournament
    form_class = TournamentForm
    template_name = "tournaments/staff/tournament_form.html"

    def get_form_kwargs(self) -> dict[str, Any]:
        game = self.request.GET.get("game")
        return {**super().get_form_kwargs(), "clubs": self.get_staff_clubs(), "game": game}

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        tournament = tournament_settings.create_tournament(
            form.save(commit=False), user=self.request.user
        )
        self.object = tournament
        messages.success(self.request, _("Tournament created: register the players."))
        return redirect("staff_registration", pk=tournament.pk)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        # No game chosen yet: the page asks it first, its fields depending on it.
        context = super().get_context_data(**kwargs)
        return {**context, "games": playable_game_choices(), "chosen_game": context["form"].game}

    def get_initial(self) -> dict[str, Any]:
        club = self.get_staff_clubs().order_by("pk").first()
        season = current_season(club) if club else None
        return {"club": club, "season": season, "entry_fee": club.entry_fee if club else None}


class TournamentUpdateView(ScorekeeperRequiredMixin, UpdateView[Tournament, TournamentForm]):
    model = Tournament
    form_class = TournamentForm
    template_name = "tournaments/staff/tournament_form.html"

    def get_queryset(self) -> QuerySet[Tournament]:
        return self.scoped(Tournament.objects.all())

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "clubs": self.get_staff_clubs()}

    def form_valid(self, form: TournamentForm) -> HttpResponse:
        try:
            self.object = tournament_settings.save_tournament(
                form.save(commit=False), user=self.request.user
            )
        except errors.TournamentError as error:  # a laptop holds it: what was typed stays
            form.add_error(None, str(error))
            return self.render_to_response(self.get_context_data(form=form), status=409)
        return redirect(self.get_success_url())

    def get_success_url(self) -> str:
        messages.success(self.request, _("Tournament saved."))
        return reverse("staff_tournament", args=[self.object.pk])


class TournamentDashboardView(ScorekeeperRequiredMixin, View):
    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(
            Tournament.objects.select_related("club", "season", "rules_version"), pk=pk
        )
        rounds = round_reads.tournament_rounds(tournament)
        entries = lineup.playing_entries(tournament)
        return render(
            request,
            "tournaments/staff/dashboard.html",
            {
                "tournament": tournament,
                "rounds": rounds,
                "playing": len(entries),
                "gap": lineup.seating_gap_for(tournament),
                "teams": lineup.complete_teams(tournament),
                "can_draw": tournament.round_set.count() < tournament.rounds,
                "plugin": plugin_for(tournament.game),
                "club_committee": has_role(request.user, COMMITTEE, tournament.club_id),
            },
        )


class PublishView(CommitteeRequiredMixin, View):
    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        try:
            tournament_settings.set_published(
                tournament,
                published=request.POST.get("published") == "1",
                user=logged_in_user(request),
            )
        except errors.TournamentError as error:
            messages.error(request, str(error))
            return redirect("staff_tournament", pk=pk)
        messages.success(
            request,
            _("Tournament published.") if tournament.published else _("Tournament unpublished."),
        )
        return redirect("staff_tournament", pk=pk)


# --------------------------------------------------------------------------- registration


class RegistrationView(ScorekeeperRequiredMixin, View):
    template_name = "tournaments/staff/registration.html"

    def context(
        self,
        tournament: Tournament,
        member_form: RegisterMemberForm | None = None,
        walk_in_form: WalkInForm | None = None,
        tick_form: TickMembersForm | None = None,
        club_error: tuple[int, str] | None = None,
    ) -> dict[str, Any]:
        lines = accounts.registration_lines(tournament)
        return {
            "club_form": EntryClubForm(tournament=tournament),
            "club_error": club_error,
            "tournament": tournament,
            "entries": lines,
            "playing": sum(1 for line in lines if line.entry.present and not line.entry.withdrawn),
            "memberships_due": [line for line in lines if line.membership_unpaid],
            "gap": lineup.seating_gap_for(tournament),
            "plugin": plugin_for(tournament.game),
            "teams": lineup.complete_teams(tournament),
            "member_form": member_form or RegisterMemberForm(tournament=tournament),
            "walk_in_form": walk_in_form or WalkInForm(club=tournament.club),
            "tick_form": tick_form or TickMembersForm(tournament=tournament),
            "previous": registration.previous_tournament(tournament),
        }

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        return render(request, self.template_name, self.context(tournament))

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        try:
            response = self.act(request, tournament, request.POST.get("action", ""))
        except errors.TournamentError as error:  # a laptop holds the tournament
            if request.headers.get("Accept") == "application/json":
                return JsonResponse({"message": str(error)}, status=409)
            messages.error(request, str(error))
            response = None
        return response or redirect("staff_registration", pk=pk)

    def act(self, request: HttpRequest, tournament: Tournament, action: str) -> HttpResponse | None:
        """What the posted ``action`` asks; ``None``: back to the registration page."""
        if action in registration.ENTRY_FLAGS:
            return self.flag(request, tournament, action)
        actions: dict[str, Callable[[HttpRequest, Tournament], HttpResponse | None]] = {
            "member": self.register,
            "walk_in": self.register,
            "tick": self.tick,
            "same_as_last": self.same_as_last,
            "represented_club": self.represented_club,
            "membership": self.membership,
            "remove": self.remove,
        }
        handler = actions.get(action)
        return handler(request, tournament) if handler else None

    def register(self, request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
        """A member or a walk-in registered; a walk-in already there is said, not added
        twice."""
        member = request.POST.get("action") == "member"
        form: RegisterMemberForm | WalkInForm = (
            RegisterMemberForm(request.POST, tournament=tournament)
            if member
            else WalkInForm(request.POST, club=tournament.club)
        )
        if not form.is_valid():
            return self._form_page(request, tournament, form, status=400)
        data = form.cleaned_data
        try:
            registered = registration.register(
                tournament,
                player=data.get("player"),
                first_name=data.get("first_name", ""),
                last_name=data.get("last_name", ""),
                substitute=data["substitute"],
                licence_number=data.get("licence_number", ""),
                table_filler=data["table_filler"],
            )
        except errors.TournamentError as error:  # what was typed stays in the form
            form.add_error(None, str(error))
            return self._form_page(request, tournament, form, status=409)
        player = registered.entry.player
        if registered.added:
            messages.success(request, _("%(player)s is registered.") % {"player": player})
        else:
            messages.info(
                request,
                _("%(player)s was already registered: nothing was added.") % {"player": player},
            )
        return None

    def _form_page(
        self,
        request: HttpRequest,
        tournament: Tournament,
        form: RegisterMemberForm | WalkInForm,
        *,
        status: int,
    ) -> HttpResponse:
        """The page again, the member's or the walk-in's form showing what was typed."""
        if isinstance(form, RegisterMemberForm):
            context = self.context(tournament, member_form=form)
        else:
            context = self.context(tournament, walk_in_form=form)
        return render(request, self.template_name, context, status=status)

    def tick(self, request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
        form = TickMembersForm(request.POST, tournament=tournament)
        if not form.is_valid():
            context = self.context(tournament, tick_form=form)
            return render(request, self.template_name, context, status=400)
        count = registration.register_players(tournament, form.cleaned_data["players"])
        messages.success(
            request,
            ngettext("%(count)d player registered.", "%(count)d players registered.", count)
            % {"count": count},
        )
        return None

    def same_as_last(self, request: HttpRequest, tournament: Tournament) -> None:
        previous, count = registration.register_same_as_last(tournament)
        if previous is None:
            messages.info(request, _("The club has no earlier tournament."))
            return
        messages.success(
            request,
            ngettext(
                "%(count)d player of %(tournament)s registered.",
                "%(count)d players of %(tournament)s registered.",
                count,
            )
            % {"count": count, "tournament": previous.name},
        )

    def flag(
        self, request: HttpRequest, tournament: Tournament, action: str
    ) -> HttpResponse | None:
        """Present, paid, substitute, host filling a table, withdrawn: one of them ticked or
        unticked."""
        value = request.POST.get("value") == "1"
        registration.update_entry(self._entry(request, tournament), **{action: value})
        if request.headers.get("Accept") == "application/json":
            # The page's script toggles the button in place (without it: the redirect).
            return JsonResponse({"value": value, "playing": lineup.playing_count(tournament)})
        return None

    def represented_club(self, request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
        entry = self._entry(request, tournament)
        form = EntryClubForm(request.POST, tournament=tournament)
        if not form.is_valid():
            error = (entry.pk, str(form.errors["represented_club"][0]))
            context = self.context(tournament, club_error=error)
            return render(request, self.template_name, context, status=400)
        club = form.cleaned_data["represented_club"]
        registration.set_represented_club(entry, club)
        messages.success(
            request,
            _("%(player)s plays for %(club)s.") % {"player": entry.player, "club": club}
            if club
            else _("%(player)s plays for no club.") % {"player": entry.player},
        )
        return None

    def membership(self, request: HttpRequest, tournament: Tournament) -> None:
        entry = self._entry(request, tournament)
        membership = payments.record_membership_payment(entry.player, season=tournament.season)
        messages.success(
            request,
            _("Yearly membership of %(player)s recorded (%(amount)s).")
            % {"player": entry.player, "amount": money(membership.amount)},
        )

    def remove(self, request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
        entry = self._entry(request, tournament)
        if request.POST.get("confirm") != "1":
            # Deleting a registration is asked once more, on a page of its own.
            context = {"tournament": tournament, "entry": entry}
            return render(request, "tournaments/staff/remove_entry_confirm.html", context)
        try:
            registration.unregister(entry)
        except errors.TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                _("The registration of %(player)s is deleted.") % {"player": entry.player},
            )
        return None

    def _entry(self, request: HttpRequest, tournament: Tournament) -> Entry:
        """The posted entry of this tournament (404 for another's)."""
        return get_object_or_404(
            Entry.objects.select_related("player"),
            tournament=tournament,
            pk=parse_int(request.POST.get("entry")),
        )


class MemberSearchView(ScorekeeperRequiredMixin, View):
    """Members matching what is typed, for the registration page's search box."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        query = request.GET.get("q", "").strip()
        players: list[dict[str, object]] = []
        if len(query) >= 2:
            registered = tournament.entries.filter(withdrawn=False).values("player_id")
            # Each word anywhere in the name, whatever its case, accents, apostrophes or
            # hyphens (« dhondt » finds « D’Hondt »).
            terms = Q()
            for word in search_key(query).split():
                terms &= Q(search_key__contains=word)
            players = [
                {"id": p.pk, "name": p.full_name}
                for p in tournament.club.players.filter(terms, active=True)
                .exclude(pk__in=registered)
                .order_by("sort_key")[:15]
            ]
        return JsonResponse({"players": players})


class TeamsView(ScorekeeperRequiredMixin, View):
    """Team games: pair the registered players into teams, by hand or by a draw."""

    template_name = "tournaments/staff/teams.html"

    def get(
        self, request: HttpRequest, pk: int, form: TeamForm | None = None, status: int = 200
    ) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        if not plugin_for(tournament.game).lineup.forms_teams:
            raise Http404
        return render(
            request,
            self.template_name,
            {
                "tournament": tournament,
                "teams": lineup.team_lines(tournament),
                "unpaired": lineup.unpaired_entries(tournament),
                "form": form or TeamForm(tournament=tournament),
            },
            status=status,
        )

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        if not plugin_for(tournament.game).lineup.forms_teams:
            raise Http404
        action = request.POST.get("action")
        try:
            if action == "pair":
                form = TeamForm(request.POST, tournament=tournament)
                if not form.is_valid():
                    return self.get(request, pk, form=form, status=400)
                team = pairing.form_team(
                    tournament,
                    first=form.cleaned_data["first"],
                    second=form.cleaned_data["second"],
                    name=form.cleaned_data["name"],
                )
                messages.success(request, _("Team %(team)s formed.") % {"team": team.label})
            elif action == "draw":
                teams = pairing.draw_teams(tournament)
                messages.success(
                    request,
                    ngettext("%(count)d team drawn.", "%(count)d teams drawn.", len(teams))
                    % {"count": len(teams)},
                )
            elif action == "split":
                team = get_object_or_404(
                    Team, tournament=tournament, pk=parse_int(request.POST.get("team"))
                )
                label = team.label
                pairing.dissolve_team(team)
                messages.success(request, _("Team %(team)s split.") % {"team": label})
        except errors.TournamentError as error:
            messages.error(request, str(error))
        return redirect("staff_teams", pk=pk)


# --------------------------------------------------------------------------- rounds


def start_clock_if_asked(request: HttpRequest, round_: Round) -> None:
    """The hall clock of a timed round drawn or started with « and start the clock » ticked
    (as the club's setting ticks it) starts in the same step."""
    if request.POST.get("start_clock") == "1" and plugin_for(round_.tournament.game).clock:
        round_clock.clock_start(round_)
        messages.success(request, _("The hall clock is started."))


class DrawRoundView(ScorekeeperRequiredMixin, View):
    """Draw the next round; while sheets are still open, only once the scorekeeper confirms
    (the seats are public at once)."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        return self.confirmation(request, self.get_scoped(Tournament, pk=pk))

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        tournament: Tournament = self.get_scoped(Tournament, pk=pk)
        by_standings = request.POST.get("order") == "standings"
        if request.POST.get("confirm") != "1":
            open_sheets = round_reads.open_sheets(tournament)
            if open_sheets:
                return self.confirmation(
                    request, tournament, by_standings=by_standings, open_sheets=open_sheets
                )
        try:
            round_ = drawing.draw_round(
                tournament,
                user=request.user,
                by_standings=by_standings,
                base_url=site_root(request),
            )
        except errors.TournamentError as error:
            messages.error(request, str(error))
            return redirect("staff_tournament", pk=pk)
        start_clock_if_asked(request, round_)
        return redirect("staff_round", pk=round_.pk)

    def confirmation(
        self,
        request: HttpRequest,
        tournament: Tournament,
        *,
        by_standings: bool = False,
        open_sheets: int | None = None,
    ) -> HttpResponse:
        if open_sheets is None:
            open_sheets = round_reads.open_sheets(tournament)
        return render(
            request,
            "tournaments/staff/draw_confirm.html",
            {
                "tournament": tournament,
                "by_standings": by_standings,
                "start_clock": request.POST.get("start_clock") == "1",
                "open_sheets": open_sheets,
                "next_number": tournament.round_set.count() + 1,
            },
        )


class RoundView(ScorekeeperRequiredMixin, View):
    template_name = "tournaments/staff/round.html"

    def get(
        self, request: HttpRequest, pk: int, swap_form: SwapForm | None = None, status: int = 200
    ) -> HttpResponse:
        round_: Round = self.get_scoped(Round.objects.select_related("tournament__club"), pk=pk)
        tables = round_reads.round_tables(round_)
        return render(
            request,
            self.template_name,
            {
                "round": round_,
                "tournament": round_.tournament,
                "plugin": plugin_for(round_.tournament.game),
                "tables": tables,
                "swap_form": swap_form or SwapForm(round_=round_),
                "can_cancel": round_reads.draw_cancellable(round_, tables),
            },
            status=status,
        )

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        round_: Round = self.get_scoped(Round.objects.select_related("tournament"), pk=pk)
        action = request.POST.get("action")
        try:
            if action == "redraw":
                drawing.redraw_round(round_, base_url=site_root(request))
                messages.success(request, _("Round redrawn."))
            elif action == "start":
                drawing.start_round(round_)
                messages.success(request, _("Round started: the seats are final."))
                start_clock_if_asked(request, round_)
            elif action == "cancel_draw":
                number = drawing.cancel_draw(round_, user=request.user)
                messages.success(
                    request,
                    _("The draw of %(session)s %(number)d is cancelled.")
                    % {"session": plugin_for(round_.tournament.game).round_name, "number": number},
                )
                return redirect("staff_tournament", pk=round_.tournament_id)
            elif action == "swap":
                form = SwapForm(request.POST, round_=round_)
                if not form.is_valid():
                    return self.get(request, pk, swap_form=form, status=400)
                before, after = drawing.swap_players(
                    round_, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
                )
                messages.success(
                    request,
                    ngettext(
                        "Players swapped: %(after)d repeated meeting (before: %(before)d).",
                        "Players swapped: %(after)d repeated meetings (before: %(before)d).",
                        after,
                    )
                    % {"after": after, "before": before},
                )
        except errors.TournamentError as error:
            messages.error(request, str(error))
        return redirect("staff_round", pk=pk)


# --------------------------------------------------------------------------- sheets


class TableHistoryView(TableMixin, View):
    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        table = self.get_table(pk)
        seats = scoresheet.table_seats(table)
        changes = list(table.changes.select_related("user").order_by("-version"))
        plugin = plugin_for(table.round.tournament.game)
        names = scoresheet.dealing_names(seats)
        return render(
            request,
            "tournaments/staff/history.html",
            {
                "table": table,
                "round": table.round,
                "tournament": table.round.tournament,
                "seats": seats,
                "plugin": plugin,
                "changes": round_reads.describe_changes(
                    changes, names, plugin.describer(table.round.tournament.rules or None)
                ),
            },
        )


# --------------------------------------------------------------------------- committee


class MoneyReportView(CommitteeRequiredMixin, View):
    """The season's money: entry fees collected per tournament, memberships due and paid."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        season: Season = self.get_scoped(Season.objects.select_related("club"), pk=pk)
        return render(
            request,
            "tournaments/staff/money.html",
            {"season": season, "report": accounts.money_report(season)},
        )


class RulesView(CommitteeRequiredMixin, View):
    """The club's ruleset for a game: points of each contract and counter, the defaults.

    Saved for the club; a tournament keeps the copy it started with.
    """

    template_name = "tournaments/staff/rules.html"

    def get_club(self, slug: str) -> Club:
        club: Club = self.get_scoped(Club, slug=slug)
        return club

    def get(
        self,
        request: HttpRequest,
        slug: str,
        game: str,
        form: RulesForm | None = None,
        status: int = 200,
    ) -> HttpResponse:
        if game not in GAMES:
            raise Http404
        club = self.get_club(slug)
        form = form or RulesForm(game=game, rules=rulebook.club_rules(club, game))
        history = rulebook.rules_history(club, game)
        return render(
            request,
            self.template_name,
            {
                "club": club,
                "game": game,
                "game_name": dict(game_choices())[game],
                "form": form,
                # The version shown and edited, and the earlier ones (who, when).
                "current": history[0] if history else None,
                "history": history,
            },
            status=status,
        )

    def post(self, request: HttpRequest, slug: str, game: str) -> HttpResponse:
        if game not in GAMES:
            raise Http404
        club = self.get_club(slug)
        form = RulesForm(request.POST, game=game, rules=rulebook.club_rules(club, game))
        if not form.is_valid():
            return self.get(request, slug, game, form=form, status=400)
        rulesets.save_club_rules(club, game=game, rules=form.rules, by=request.user)
        messages.success(
            request, _("The club's rules are saved; tournaments already started keep theirs.")
        )
        return redirect("staff_rules", slug=club.slug, game=game)
