from collections.abc import Callable, Mapping

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.deprecation import MiddlewareMixin

from . import health, log, names, privacy
from . import language as language_rule
from .log import incoming_id
from .polls import EtagFunc, poll_etag, polled

#: The rest of the stack, as Django hands it to a middleware.
GetResponse = Callable[[HttpRequest], HttpResponse]


class EarlyPollMiddleware:
    """A poll's « unchanged » (304) answered before the rest of the middleware.

    Phones poll their table every 3 seconds, and nearly every answer is a 304 read from one
    version: the session, CSRF, authentication, messages and language middleware would cost
    more than the answer. A conditional GET whose view declares a ``poll_etag``
    (``club.polls``) is answered here when its ETag still matches; anything else (a changed
    state, an unknown link, every other page) goes on through the whole stack, as before.
    Placed right after SecurityMiddleware (its HTTPS redirect and headers still apply); a 304
    carries no body for a Content-Security-Policy to govern."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response
        # Per poll view: the rest of the stack behind the same ``condition`` as the view.
        self.conditional: dict[EtagFunc, Callable[..., HttpResponse]] = {}
        self.static = settings.STATIC_URL or "/static/"

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method in ("GET", "HEAD")
            and "HTTP_IF_NONE_MATCH" in request.META
            and not request.path_info.startswith(self.static)  # WhiteNoise's, never a poll
        ):
            try:
                match = resolve(request.path_info)
            except Resolver404:
                return self.get_response(request)
            etag_func = poll_etag(match.func)
            if etag_func is not None:
                return self.behind(etag_func)(request, *match.args, **match.kwargs)
        return self.get_response(request)

    def behind(self, etag_func: EtagFunc) -> Callable[..., HttpResponse]:
        """The rest of the stack as a view under ``polled(etag_func)``: 304 while the ETag
        matches, else the stack's own answer (an ETag of None never matches)."""
        view = self.conditional.get(etag_func)
        if view is None:
            view = self.conditional[etag_func] = polled(etag_func)(
                lambda request, *args, **kwargs: self.get_response(request)
            )
        return view


class ClubLanguageMiddleware(MiddlewareMixin):
    """The visitor's chosen language (the switch's cookie), else the site's default; a page
    of one club then moves to that club's language (``club.language``, where the whole rule is
    written: ``activate_club_language``).

    Django's LocaleMiddleware would follow the browser's Accept-Language, so a club member
    with an English phone would get English pages; the clubs want their own language.
    """

    def process_request(self, request: HttpRequest) -> None:
        language = language_rule.chosen_language(request) or settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


class ClubNameOrderMiddleware:
    """Each request starts with the default name order (« Prénom Nom »): a page activates its
    club's where it looks the club up (``Club.activate_name_order``), and the order of the
    thread's previous request, another club's, never leaks into it."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        names.activate_name_order(names.FIRST_LAST)
        names.activate_public_names(None)
        return self.get_response(request)


def _request_started(
    sender: object, environ: Mapping[str, str] | None = None, **kwargs: object
) -> None:
    """A request's id, set as Django starts serving it (before any middleware: Django's own
    « Internal Server Error » lines, written after the middleware, carry it too)."""
    log.request_id.set(incoming_id((environ or {}).get("HTTP_X_REQUEST_ID")))


def _request_finished(sender: object, **kwargs: object) -> None:
    log.request_id.set("-")  # the thread serves no request until the next one starts


request_started.connect(_request_started, dispatch_uid="atout_request_id")
request_finished.connect(_request_finished, dispatch_uid="atout_request_id")


class RequestIdMiddleware:
    """Every request's id (``club.log``): the proxy's ``X-Request-ID`` when sane, else a new
    one, set when the request starts; in every log line written while it is served, and sent
    back in the response's ``X-Request-ID``."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_id = log.request_id.get()
        if request_id == "-":  # a request that Django's handler did not start (tests' factory)
            request_id = incoming_id(request.META.get("HTTP_X_REQUEST_ID"))
            log.request_id.set(request_id)
        response = self.get_response(request)
        response["X-Request-ID"] = request_id
        return response


class HealthMiddleware:
    """``GET /healthz`` (``club.health``), answered before the HTTPS redirect, the host check
    and the session: a balancer asks over plain HTTP, by the machine's address."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == health.PATH and request.method in ("GET", "HEAD"):
            return health.health(request)
        return self.get_response(request)


class RobotsMiddleware:
    """``X-Robots-Tag: noindex`` on the pages of a club that keeps search engines out
    (``club.privacy.keep_out_of_search_engines``), 304 answers included."""

    def __init__(self, get_response: GetResponse) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if privacy.noindex(request):
            response["X-Robots-Tag"] = "noindex"
        return response
