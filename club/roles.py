"""The two staff roles, as Django groups created by a data migration.

- ``Bureau`` (the committee) manages the club, seasons, members and tournaments;
- ``Saisie`` (scorekeepers) enters results.

The committee may also enter results. Superusers pass every check.
"""

from django.contrib.auth.mixins import AccessMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

BUREAU = "Bureau"
SAISIE = "Saisie"

COMMITTEE = (BUREAU,)
SCOREKEEPERS = (SAISIE, BUREAU)


def has_role(user: object, roles: tuple[str, ...]) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if getattr(user, "is_superuser", False):
        return True
    names = getattr(user, "_role_names", None)
    if names is None:
        names = set(user.groups.values_list("name", flat=True))  # type: ignore[attr-defined]
        user._role_names = names  # type: ignore[attr-defined]
    return bool(names.intersection(roles))


class RoleRequiredMixin(AccessMixin):
    """Anonymous users go to the login page; logged-in users without the role get a 403."""

    roles: tuple[str, ...] = COMMITTEE

    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if not has_role(request.user, self.roles):
            raise PermissionDenied(role_refusal_message(self.roles))
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


class CommitteeRequiredMixin(RoleRequiredMixin):
    roles = COMMITTEE


class ScorekeeperRequiredMixin(RoleRequiredMixin):
    roles = SCOREKEEPERS


def role_refusal_message(roles: tuple[str, ...]) -> str:
    if roles == COMMITTEE:
        return _("This page is reserved for the committee (role “Bureau”).")
    return _("This page is reserved for scorekeepers (role “Saisie” or “Bureau”).")
