from typing import TYPE_CHECKING, Any

from django.contrib import admin
from django.contrib.admin.utils import get_fields_from_path
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import Club, Membership, Player, Season, StaffMembership
from .roles import COMMITTEE, for_clubs, has_role, join_role_group
from .usernames import TAKEN, lookalike_of

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _relates_to_a_club(model: Any, path: str) -> bool:
    field = get_fields_from_path(model, path)[-1]
    return bool(field.is_relation and hasattr(field.related_model, "club_lookup"))


class ClubScopedMixin:
    """The admin of a committee member shows and accepts only his clubs' objects.

    Which models he may add, change or delete stays Django's model permissions, carried by
    the group « Bureau » (granted in ``club.apps``): one place, managed by Django. Which
    club's rows he reaches comes from his staff memberships (``club.roles.for_clubs``): the
    lists, the change pages, and every choice of a foreign key (a season, a tournament...)
    are filtered by them, so he cannot add an object into another club either. Works for
    model admins and inlines alike; superusers see everything.

    Its ``super()`` is the admin class it is mixed into (a model admin or an inline), which
    mypy cannot see: each call to it is marked ``type: ignore[misc]``. Its rows are any
    club-scoped model's.
    """

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        return for_clubs(super().get_queryset(request), request.user, COMMITTEE)  # type: ignore[misc]

    def _scoped_choices(self, db_field: Any, request: HttpRequest, kwargs: dict[str, Any]) -> None:
        model = db_field.related_model
        if hasattr(model, "club_lookup") and "queryset" not in kwargs:
            kwargs["queryset"] = for_clubs(model._default_manager.all(), request.user, COMMITTEE)  # noqa: SLF001 (documented Django API)

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        self._scoped_choices(db_field, request, kwargs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        self._scoped_choices(db_field, request, kwargs)
        return super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[misc]

    def get_list_filter(self, request: HttpRequest) -> Any:
        # A filter by club, season or tournament lists only the values of the user's rows.
        return [
            (item, admin.RelatedOnlyFieldListFilter)
            if isinstance(item, str) and _relates_to_a_club(self.model, item)  # type: ignore[attr-defined]
            else item
            for item in super().get_list_filter(request)  # type: ignore[misc]
        ]

    def _in_scope(self, request: HttpRequest, obj: Any) -> bool:
        if obj is None or obj.pk is None:
            return has_role(request.user, COMMITTEE)
        model = type(obj)
        return for_clubs(model._default_manager.filter(pk=obj.pk), request.user, COMMITTEE).exists()  # noqa: SLF001 (documented Django API)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        allowed = super().has_add_permission(request, *args)  # type: ignore[misc]
        return allowed and has_role(request.user, COMMITTEE)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed = super().has_view_permission(request, obj)  # type: ignore[misc]
        return allowed and self._in_scope(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed = super().has_change_permission(request, obj)  # type: ignore[misc]
        return allowed and self._in_scope(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed = super().has_delete_permission(request, obj)  # type: ignore[misc]
        return allowed and self._in_scope(request, obj)


@admin.register(Club)
class ClubAdmin(ClubScopedMixin, admin.ModelAdmin[Club]):
    list_display = ["name", "slug", "entry_fee", "membership_fee", "free_participations"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        # A new club has no committee yet: only a superuser creates one.
        return bool(request.user.is_superuser)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Deleting a club erases its seasons, tournaments and results: a superuser's decision.
        return bool(request.user.is_superuser)


@admin.register(Player)
class PlayerAdmin(ClubScopedMixin, admin.ModelAdmin[Player]):
    list_display = ["last_name", "first_name", "email", "phone", "licence_number", "active"]
    list_filter = ["active", "clubs"]
    search_fields = ["last_name", "first_name", "email", "licence_number"]
    filter_horizontal = ["clubs"]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # A player of several clubs: the clubs this user does not see are not his to remove.
        hidden = []
        if change:
            visible = for_clubs(Club.objects.all(), request.user, COMMITTEE)
            hidden = list(form.instance.clubs.exclude(pk__in=visible.values("pk")))
        super().save_related(request, form, formsets, change)
        form.instance.clubs.add(*hidden)


@admin.register(StaffMembership)
class StaffMembershipAdmin(ClubScopedMixin, admin.ModelAdmin[StaffMembership]):
    """Who is committee or scorekeeper of which club; a committee member manages his clubs'."""

    list_display = ["user", "club", "role"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "user__first_name", "user__last_name"]

    def save_model(
        self, request: HttpRequest, obj: StaffMembership, form: Any, change: bool
    ) -> None:
        super().save_model(request, obj, form, change)
        join_role_group(obj.user, obj.role)


@admin.register(Season)
class SeasonAdmin(ClubScopedMixin, admin.ModelAdmin[Season]):
    list_display = ["name", "club", "start", "end"]
    list_filter = ["club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "start"


class PaidFilter(admin.SimpleListFilter):
    title = _("paid")
    parameter_name = "paid"

    def lookups(
        self, request: HttpRequest, model_admin: admin.ModelAdmin[Membership]
    ) -> list[tuple[str, "StrOrPromise"]]:
        return [("yes", _("Yes")), ("no", _("No"))]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[Membership]
    ) -> QuerySet[Membership]:
        if self.value() == "yes":
            return queryset.filter(paid_on__isnull=False)
        if self.value() == "no":
            return queryset.filter(paid_on__isnull=True)
        return queryset


@admin.register(Membership)
class MembershipAdmin(ClubScopedMixin, admin.ModelAdmin[Membership]):
    list_display = ["player", "season", "amount", "paid_on"]
    list_filter = [PaidFilter, "season__club", "season"]
    search_fields = ["player__last_name", "player__first_name"]
    autocomplete_fields = ["player"]
    list_select_related = ["player", "season__club"]


class UserCreationForm(auth_forms.AdminUserCreationForm):
    """The admin's new account: no look-alike of another's name (``club.usernames``)."""

    def clean_username(self) -> str:
        username = super().clean_username()
        if username and not self.has_error("username") and lookalike_of(username) is not None:
            raise ValidationError(TAKEN)
        return username


class UserAdmin(auth_admin.UserAdmin[User]):
    add_form = UserCreationForm


admin.site.unregister(User)
admin.site.register(User, UserAdmin)
