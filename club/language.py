"""Which language a page, a sheet or an export is in, and the language switch.

The rule, in one place:

- A visitor who chose a language with the switch (the language cookie) keeps it, on every
  page: public or staff.
- One who never chose gets, on a page that belongs to one club, that club's language
  (``Club.language``, set by its committee): its public pages (standings, rounds, players,
  hall screen, seasons, members' pages, privacy notice, the table phones) and its staff pages
  (tournament, round, table, club desk: the club of the first object a staff view looks up,
  ``club.roles.get_scoped``). A Flemish club's hall screen is in Dutch without anyone choosing.
- Elsewhere (the home page, the list of every tournament, the login) the site's default,
  ``settings.LANGUAGE_CODE``. Never the browser's Accept-Language: a member with an English
  phone still reads his club's pages in the club's language.
- Printed documents and exports (score sheets, wall plans, workbooks, a player's data) are in
  their club's language whoever asks: they are posted on the club's tables
  (``document_language``). Queued builds carry that language.

``ClubLanguageMiddleware`` activates the cookie's language or the default at each request; a
club's page then calls ``activate_club_language`` once it knows its club. The public pages'
cache keys hold the active language (``page_cache.key``), so a Dutch and a French page never
share an entry or an ETag.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET


def language_choices() -> list[tuple[str, str]]:
    """The languages a club may choose: the site's (``settings.LANGUAGES``), read when asked
    so that a new catalogue needs no migration."""
    return list(settings.LANGUAGES)


def supported(code: str | None) -> bool:
    return bool(code) and code in dict(settings.LANGUAGES)


def chosen_language(request: HttpRequest) -> str | None:
    """The language the visitor chose with the switch, if any (an unknown cookie: none)."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return code if supported(code) else None


def club_language(language: str | None) -> str:
    """A club's language as the site can write it: its own, else the site's default (a
    catalogue since removed)."""
    return language if language and supported(language) else settings.LANGUAGE_CODE


def activate_club_language(request: HttpRequest, language: str | None) -> None:
    """The rest of this request in a club's ``language``, unless the visitor chose his own."""
    if chosen_language(request) is not None:
        return
    code = club_language(language)
    translation.activate(code)
    request.LANGUAGE_CODE = code


@contextmanager
def document_language(language: str | None) -> Iterator[None]:
    """A club's printed document or export: in its language whatever the page's."""
    with translation.override(club_language(language)):
        yield


@require_GET
def switch_language(request: HttpRequest, code: str) -> HttpResponseRedirect:
    """The switch: a plain link (the public pages carry no form, so that one page is kept for
    every visitor), which sets the language cookie and goes back to the page."""
    if code not in dict(settings.LANGUAGES):
        raise Http404
    back = request.GET.get("next", "")
    # Only a path of this site: never a redirect elsewhere written into a link.
    if not back.startswith("/") or not url_has_allowed_host_and_scheme(
        back, allowed_hosts=None, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponseRedirect(back)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
