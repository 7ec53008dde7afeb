from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from . import privacy as club_privacy
from .roles import COMMITTEE, SCOREKEEPERS, first_staff_club_slug, has_role


def roles(request: HttpRequest) -> dict[str, object]:
    """Which staff menus to show; the views check the roles again. « Administration » goes
    to the committee's pages of its (first) club; a superuser without a club creates one."""
    user = getattr(request, "user", None)
    is_committee = has_role(user, COMMITTEE)
    desk_url = None
    if is_committee:
        slug = first_staff_club_slug(user, COMMITTEE)
        desk_url = reverse("club_desk", args=[slug]) if slug else reverse("club_create")
    return {
        "is_committee": is_committee,
        "is_scorekeeper": has_role(user, SCOREKEEPERS),
        "desk_url": desk_url,
    }


def privacy(request: HttpRequest) -> dict[str, object]:
    """Whether the page asks search engines to keep out (its view marked the request)."""
    return {"noindex": lambda: club_privacy.noindex(request)}


def live(request: HttpRequest) -> dict[str, object]:
    """How often the live pages and the tables' phones poll (``ATOUT_LIVE_SECONDS``)."""
    return {"live_seconds": settings.ATOUT_LIVE_SECONDS}
