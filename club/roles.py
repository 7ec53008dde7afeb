"""The two staff roles, held per club (``StaffMembership``).

- ``Bureau`` (the committee) manages the club, seasons, members and tournaments;
- ``Saisie`` (scorekeepers) enters results.

The committee may also enter results. Superusers pass every check and see every club.

A role gives access to its clubs only: every staff view looks its objects up through
``for_clubs`` (the queryset filtered by the clubs where the user holds the role), so another
club's object answers 404 and its existence is not revealed. A logged-in user without the role
in any club gets a 403 that says which role the page needs.

Each model names the path from itself to its club in ``club_lookup`` (``"round__tournament__club"``
for a table): the filter is written once, here.
"""

from typing import Any, NamedTuple, TypeVar

from django.contrib.auth.mixins import AccessMixin
from django.contrib.auth.models import Group, User
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from . import names
from .language import activate_club_language
from .models import Club, StaffMembership

_M = TypeVar("_M", bound=Model)

BUREAU = "Bureau"
SAISIE = "Saisie"

COMMITTEE = (BUREAU,)
SCOREKEEPERS = (SAISIE, BUREAU)


class _Held(NamedTuple):
    """A staff membership as the request's checks and menus read it."""

    club: int
    role: str
    slug: str


#: The attribute that keeps a user's memberships for his request (``_held``); services that
#: change his roles drop it (``forget_held_roles``).
_HELD = "atout_held_roles"


def _held(user: Any) -> list[_Held]:
    """The user's memberships, read once per request in one query (cached on the user object),
    his clubs by name: the roles checks and the menu's « Administration » link both read them."""
    held = getattr(user, _HELD, None)
    if held is None:
        rows = user.staff_memberships.order_by("club__name", "club_id")
        held = [_Held(*row) for row in rows.values_list("club_id", "role", "club__slug")]
        setattr(user, _HELD, held)
    return held


def forget_held_roles(user: Any) -> None:
    """Drop the memberships kept on ``user`` (his roles just changed)."""
    user.__dict__.pop(_HELD, None)


def staff_club_ids(user: Any, roles: tuple[str, ...]) -> set[int] | None:
    """Ids of the clubs where ``user`` holds one of ``roles``; None means every club
    (superusers); an empty set for anonymous users."""
    if not getattr(user, "is_authenticated", False):
        return set()
    if getattr(user, "is_superuser", False):
        return None
    return {held.club for held in _held(user) if held.role in roles}


def first_staff_club_slug(user: Any, roles: tuple[str, ...]) -> str | None:
    """The slug of the first club by name where ``user`` holds one of ``roles`` (any club for
    a superuser); None when there is none."""
    if getattr(user, "is_superuser", False):
        return Club.objects.order_by("name").values_list("slug", flat=True).first()
    if not getattr(user, "is_authenticated", False):
        return None
    return next((held.slug for held in _held(user) if held.role in roles), None)


def staff_clubs(user: Any, roles: tuple[str, ...]) -> QuerySet[Club]:
    """The clubs where ``user`` holds one of ``roles`` (all of them for a superuser)."""
    ids = staff_club_ids(user, roles)
    return Club.objects.all() if ids is None else Club.objects.filter(pk__in=ids)


def has_role(user: Any, roles: tuple[str, ...], club: Any = None) -> bool:
    """Whether ``user`` holds one of ``roles`` in ``club`` (in any club when None)."""
    ids = staff_club_ids(user, roles)
    if ids is None:
        return True
    if club is None:
        return bool(ids)
    return getattr(club, "pk", club) in ids


def for_clubs(queryset: QuerySet[_M], user: Any, roles: tuple[str, ...]) -> QuerySet[_M]:
    """``queryset`` restricted to the objects of the clubs where ``user`` holds ``roles``."""
    ids = staff_club_ids(user, roles)
    if ids is None:
        return queryset
    model = queryset.model
    # A subquery rather than a join: players belong to several clubs (no duplicate rows).
    lookup: str = model.club_lookup  # type: ignore[attr-defined]  # each scoped model declares it
    inside = model._default_manager.filter(**{f"{lookup}__in": ids})  # noqa: SLF001 (documented Django API)
    return queryset.filter(pk__in=inside.values("pk"))


def logged_in_user(request: HttpRequest) -> User:
    """The user of a page that requires a login (a ``RoleRequiredMixin``'s): never anonymous."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied
    return user


class RoleRequiredMixin(AccessMixin):
    """Anonymous users go to the login page; logged-in users without the role in any club get
    a 403; objects are looked up with ``get_scoped`` (another club's: 404)."""

    roles: tuple[str, ...] = COMMITTEE
    #: set by the view this mixes into
    request: HttpRequest

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if not has_role(request.user, self.roles):
            raise PermissionDenied(role_refusal_message(self.roles))
        # AccessMixin has no dispatch: the view this mixes into has.
        response: HttpResponse = super().dispatch(request, *args, **kwargs)  # type: ignore[misc]
        return response

    def scoped(self, queryset: QuerySet[_M]) -> QuerySet[_M]:
        return for_clubs(queryset, self.request.user, self.roles)

    def get_scoped(self, queryset: QuerySet[Any] | type[Model], **lookup: Any) -> Any:
        if not isinstance(queryset, QuerySet):
            queryset = queryset._default_manager.all()  # noqa: SLF001 (documented Django API)
        found = get_object_or_404(self.scoped(queryset), **lookup)
        activate_club_name_order(self.request, found)
        return found

    def get_staff_clubs(self) -> QuerySet[Club]:
        return staff_clubs(self.request.user, self.roles)


class CommitteeRequiredMixin(RoleRequiredMixin):
    roles = COMMITTEE


class ScorekeeperRequiredMixin(RoleRequiredMixin):
    roles = SCOREKEEPERS


def activate_club_name_order(request: HttpRequest, found: Model) -> None:
    """A staff page in the ways of the club of its first object looked up (``get_scoped``):
    its names' order, and its language unless the user chose his own (``club.language``).
    Read from the object when its club came with it (the Model ``_meta`` API and the
    relation's ``is_cached``), else in one query."""
    if getattr(request, "atout_name_order_club", False):
        return
    request.atout_name_order_club = True  # type: ignore[attr-defined]  # a mark of our own
    held: Any = found
    if not isinstance(found, Club):
        # The club, if it came with the object (select_related): no query.
        for step in found.club_lookup.split("__"):  # type: ignore[attr-defined]  # a scoped model's
            field = held._meta.get_field(step) if isinstance(held, Model) else None
            cached = getattr(field, "is_cached", None)
            held = getattr(held, step) if cached is not None and cached(held) else None
    if isinstance(held, Club):
        held.activate_name_order()
        activate_club_language(request, held.language)
        return
    model = type(found)
    # ``club_lookup``: every scoped model declares it (mypy sees a Model).
    clubs = model._default_manager.filter(pk=found.pk).values(model.club_lookup)  # type: ignore[attr-defined]  # noqa: SLF001 (documented Django API)
    row = Club.objects.filter(pk__in=clubs).values_list("name_order", "language").first()
    order, language = row or (names.FIRST_LAST, None)
    names.activate_name_order(order)
    if language is not None:
        activate_club_language(request, language)


def role_refusal_message(roles: tuple[str, ...]) -> str:
    if roles == COMMITTEE:
        return _("This page is reserved for the committee (role “Bureau”).")
    return _("This page is reserved for scorekeepers (role “Saisie” or “Bureau”).")


def grant_role(user: Any, club: Any, role: str) -> Any:
    """Make ``user`` staff of ``club`` with ``role`` (replacing his previous role there).

    The admin's model permissions stay carried by the groups « Bureau » / « Saisie »: the user
    joins the group of his role so the admin shows him its pages; which club he sees there
    comes from his staff memberships only.
    """
    membership, _created = StaffMembership.objects.update_or_create(
        user=user, club=club, defaults={"role": role}
    )
    join_role_group(user, role)
    return membership


def join_role_group(user: Any, role: str) -> None:
    # get_or_create: transactional tests flush the data migration's groups.
    user.groups.add(Group.objects.get_or_create(name=role)[0])
    forget_held_roles(user)
