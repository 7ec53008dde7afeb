from django.http import HttpRequest

from .roles import COMMITTEE, SCOREKEEPERS, has_role


def roles(request: HttpRequest) -> dict[str, bool]:
    """Which staff menus to show; the views check the roles again."""
    user = getattr(request, "user", None)
    return {
        "is_committee": has_role(user, COMMITTEE),
        "is_scorekeeper": has_role(user, SCOREKEEPERS),
    }
