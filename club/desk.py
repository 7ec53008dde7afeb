"""The club's own pages instead of Django's admin: the site's administrator creates a club
and its first committee member; the committee creates seasons, invites scorekeepers and
committee members, changes and revokes their roles. Every object is looked up within the
user's clubs (another club's: 404)."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import UserPassesTestMixin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View
from django_tables2 import RequestConfig

from scoring import GAMES

from . import services
from .forms import (
    ClubCreateForm,
    ClubNamesForm,
    ClubPrivacyForm,
    EraseConfirmForm,
    PlayerPrivacyForm,
    RepresentedClubForm,
    RoleForm,
    SeasonForm,
    StaffInviteForm,
)
from .models import Club, Player, RepresentedClub, Season, StaffMembership
from .params import parse_int
from .roles import CommitteeRequiredMixin
from .tables import MembersTable


def _invitation_context(request: HttpRequest, invitation: services.Invitation) -> dict[str, object]:
    link = None
    if invitation.token:
        path = reverse("account_activate", args=[invitation.uidb64, invitation.token])
        link = request.build_absolute_uri(path)
    return {"invited": invitation.user, "password": invitation.password, "link": link}


class ClubCreateView(UserPassesTestMixin, View):
    """The site's administrator (a superuser): a new club and its first committee member."""

    template_name = "club/club_create.html"

    def test_func(self) -> bool:
        return self.request.user.is_superuser

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": ClubCreateForm()})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = ClubCreateForm(request.POST)
        if not form.is_valid():
            return render(request, self.template_name, {"form": form}, status=400)
        club, invitation = services.create_club(
            name=form.cleaned_data["name"], slug=form.cleaned_data["slug"], committee=form.account()
        )
        context = {"club": club, **_invitation_context(request, invitation)}
        return render(request, "club/invitation.html", context)


class ClubStaffView(CommitteeRequiredMixin, View):
    """The club's staff: who holds which role; invite, change a role, revoke."""

    template_name = "club/staff.html"

    def page(
        self,
        request: HttpRequest,
        club: Club,
        invite_form: StaffInviteForm | None = None,
        status: int = 200,
    ) -> HttpResponse:
        memberships = (
            StaffMembership.objects.filter(club=club)
            .select_related("user")
            .order_by("role", "user__last_name", "user__username")
        )
        lines = [(m, RoleForm(initial={"user": m.user_id, "role": m.role})) for m in memberships]
        context = {"club": club, "lines": lines, "form": invite_form or StaffInviteForm()}
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        return self.page(request, club)

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        action = request.POST.get("action")
        if action == "invite":
            form = StaffInviteForm(request.POST)
            if not form.is_valid():
                return self.page(request, club, form, status=400)
            invitation = services.invite_staff(
                club, role=form.cleaned_data["role"], account=form.account()
            )
            context = {"club": club, **_invitation_context(request, invitation)}
            return render(request, "club/invitation.html", context)
        if action not in ("role", "revoke"):
            return self.page(request, club, status=400)
        role_form = RoleForm(request.POST)
        if action == "revoke":
            role_form.fields["role"].required = False
        if not role_form.is_valid():
            messages.error(request, _("Choose a role."))
            return redirect("club_staff", slug=club.slug)
        membership: StaffMembership = self.get_scoped(
            StaffMembership.objects.select_related("user"),
            club=club,
            user_id=role_form.cleaned_data["user"],
        )
        try:
            if action == "revoke":
                services.revoke_role(club, membership.user)
                messages.success(
                    request,
                    _("%(user)s is no longer staff of the club.")
                    % {"user": membership.user.get_username()},
                )
            else:
                services.change_role(club, membership.user, role_form.cleaned_data["role"])
                messages.success(
                    request,
                    _("%(user)s's role is changed.") % {"user": membership.user.get_username()},
                )
        except services.StaffError as error:
            messages.error(request, str(error))
        return redirect("club_staff", slug=club.slug)


class ClubSettingsView(CommitteeRequiredMixin, View):
    """The club's settings: how its players' names are written everywhere, the language of
    its public pages, sheets and exports, and when a timed round's clock starts."""

    template_name = "club/settings.html"

    def page(
        self, request: HttpRequest, club: Club, form: ClubNamesForm, status: int = 200
    ) -> HttpResponse:
        return render(request, self.template_name, {"club": club, "form": form}, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, ClubNamesForm(instance=club))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        # A copy: a refused form leaves the club (and the page's other names) as they were.
        form = ClubNamesForm(request.POST, instance=Club.objects.get(pk=club.pk))
        if not form.is_valid():
            return self.page(request, club, form, status=400)
        services.set_name_order(club, form.cleaned_data["name_order"])
        services.set_language(club, form.cleaned_data["language"])
        services.set_clock_with_round(club, form.cleaned_data["clock_with_round"])
        messages.success(request, _("The club's settings are saved."))
        return redirect("club_settings", slug=club.slug)


class SeasonsView(CommitteeRequiredMixin, View):
    """The club's seasons, and a new one."""

    template_name = "club/seasons.html"

    def page(
        self, request: HttpRequest, club: Club, form: SeasonForm, status: int = 200
    ) -> HttpResponse:
        seasons = Season.objects.filter(club=club).order_by("-start")
        context = {"club": club, "seasons": seasons, "form": form}
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, SeasonForm(instance=Season(club=club)))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        form = SeasonForm(request.POST, instance=Season(club=club))
        if not form.is_valid():
            return self.page(request, club, form, status=400)
        season = services.create_season(club, **form.cleaned_data)
        messages.success(request, _("Season %(name)s created.") % {"name": season.name})
        return redirect("club_seasons", slug=club.slug)


class ClubDeskView(CommitteeRequiredMixin, View):
    """The committee's pages of a club, on one page (the menu's « Administration »)."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        others = self.get_staff_clubs().exclude(pk=club.pk).order_by("name")
        language = get_language() or settings.LANGUAGE_CODE
        games = [(key, spec.name(language)) for key, spec in GAMES.items()]
        context = {"club": club, "other_clubs": others, "games": games}
        return render(request, "club/desk.html", context)


class RepresentedClubsView(CommitteeRequiredMixin, View):
    """The organiser's list of clubs: what an entry of an open tournament may represent in
    the club classification."""

    template_name = "club/represented_clubs.html"

    def page(
        self, request: HttpRequest, club: Club, form: RepresentedClubForm, status: int = 200
    ) -> HttpResponse:
        clubs = RepresentedClub.objects.filter(club=club).order_by("name")
        context = {"club": club, "represented_clubs": clubs, "form": form}
        return render(request, self.template_name, context, status=status)

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        return self.page(request, club, RepresentedClubForm(instance=RepresentedClub(club=club)))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        if request.POST.get("action") == "remove":
            represented = get_object_or_404(
                RepresentedClub, club=club, pk=parse_int(request.POST.get("represented"))
            )
            try:
                services.remove_represented_club(represented)
                messages.success(
                    request, _("%(club)s is out of the list.") % {"club": represented.name}
                )
            except services.ClubListError as error:
                messages.error(request, str(error))
            return redirect("club_represented_clubs", slug=club.slug)
        form = RepresentedClubForm(request.POST, instance=RepresentedClub(club=club))
        if not form.is_valid():
            return self.page(request, club, form, status=400)
        represented = services.add_represented_club(club, name=form.cleaned_data["name"])
        messages.success(request, _("%(club)s is in the list.") % {"club": represented.name})
        return redirect("club_represented_clubs", slug=club.slug)


class AccountActivateView(auth_views.PasswordResetConfirmView):
    """The one-time link of an invitation: the new staff member chooses his password (Django's
    password reset confirmation; the link is void once used)."""

    template_name = "registration/account_activate.html"
    success_url = reverse_lazy("login")

    def form_valid(self, form: forms.Form) -> HttpResponse:
        messages.success(self.request, _("Your password is set: log in."))
        return super().form_valid(form)


class MembersView(CommitteeRequiredMixin, View):
    """The club's players: how each shows in public, his privacy page."""

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        table = MembersTable(club.players.order_by("sort_key"), club=club)
        RequestConfig(request, paginate={"per_page": 50}).configure(table)
        return render(request, "club/members.html", {"club": club, "table": table})


class MemberView(CommitteeRequiredMixin, View):
    """One player's privacy: his name in public, his data (export), his erasure."""

    template_name = "club/member.html"

    def page(
        self,
        request: HttpRequest,
        club: Club,
        player: Player,
        form: PlayerPrivacyForm,
        status: int = 200,
    ) -> HttpResponse:
        context = {"club": club, "player": player, "form": form, "erase_form": EraseConfirmForm()}
        return render(request, self.template_name, context, status=status)

    def get_player(self, slug: str, pk: int) -> tuple[Club, Player]:
        club: Club = self.get_scoped(Club, slug=slug)
        return club, get_object_or_404(club.players.all(), pk=pk)

    def get(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        club, player = self.get_player(slug, pk)
        return self.page(request, club, player, PlayerPrivacyForm(instance=player, club=club))

    def post(self, request: HttpRequest, slug: str, pk: int) -> HttpResponse:
        club, player = self.get_player(slug, pk)
        form = PlayerPrivacyForm(request.POST, instance=player, club=club)
        if player.erased_at is not None or not form.is_valid():
            return self.page(request, club, player, form, status=400)
        services.set_public_name(player, **form.cleaned_data)
        messages.success(request, _("How %(name)s shows in public is saved.") % {"name": player})
        return redirect("club_member", slug=club.slug, pk=player.pk)


class ClubPrivacyView(CommitteeRequiredMixin, View):
    """The club's privacy settings: default public names, its notice, search engines."""

    template_name = "club/privacy_settings.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        form = ClubPrivacyForm(instance=club)
        return render(request, self.template_name, {"club": club, "form": form})

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        club: Club = self.get_scoped(Club, slug=slug)
        form = ClubPrivacyForm(request.POST, instance=club)
        if not form.is_valid():
            context = {"club": club, "form": form}
            return render(request, self.template_name, context, status=400)
        services.set_club_privacy(club, **form.cleaned_data)
        messages.success(request, _("The club's privacy settings are saved."))
        return redirect("club_privacy_settings", slug=club.slug)
