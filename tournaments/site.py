"""The site as the request reached it."""

from django.http import HttpRequest


def site_root(request: HttpRequest) -> str:
    """The address the request came to (``https://club.example``): the links printed point
    there, so a sheet printed from the club's own address opens on the players' phones."""
    return str(request.build_absolute_uri("/")).rstrip("/")
