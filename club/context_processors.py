from django.http import HttpRequest

from . import privacy as club_privacy
from .roles import COMMITTEE, SCOREKEEPERS, has_role


def roles(request: HttpRequest) -> dict[str, bool]:
    """Which staff menus to show; the views check the roles again."""
    user = getattr(request, "user", None)
    return {
        "is_committee": has_role(user, COMMITTEE),
        "is_scorekeeper": has_role(user, SCOREKEEPERS),
    }


def privacy(request: HttpRequest) -> dict[str, object]:
    """Whether the page asks search engines to keep out (its view marked the request)."""
    return {"noindex": lambda: club_privacy.noindex(request)}
