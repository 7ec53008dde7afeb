"""The site's address, as the players' phones reach it."""

from django.conf import settings
from django.http import HttpRequest


def site_root(request: HttpRequest) -> str:
    """The configured address (``ATOUT_BASE_URL``), else the one the request came to
    (``https://club.example``): the links printed point there, so a sheet printed from the
    club's own address opens on the players' phones, and one printed from the machine that
    serves the demo (``http://127.0.0.1``) carries the address the phones can reach."""
    configured = str(getattr(settings, "ATOUT_BASE_URL", "") or "")
    if configured:
        return configured
    return str(request.build_absolute_uri("/")).rstrip("/")
