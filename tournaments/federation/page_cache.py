"""The federation's public pages, kept in Django's cache and answered 304 while current.

As the club's public pages (``publishing.page_cache``, an app this one may not import): a key
holds everything its page depends on — the federation's ``ranking_version`` (bumped by its own
writes and by the core's signals about its counted tournaments), its rule, the season, the
counted tournaments' results versions (a player's new name bumps them), the licences' last
import, the code's release, the database's epoch, the language — so an entry is never
invalidated: a change makes a new key, the old entry ages out. An anonymous visitor's page is
kept whole; a logged-in user's carries his menu and is his own (``private``, never kept).
"""

import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.views import View
from django.views.decorators.http import condition

from club import cache_faults
from club.models import SiteEpoch

#: Keyed by versions, an entry is never stale: this only bounds how long one is kept.
PAGE_SECONDS = 3600


def key(name: str, *depends: object) -> str:
    whole = repr((settings.ATOUT_RELEASE, SiteEpoch.current(), get_language(), depends))
    return f"atout:federation:{name}:{hashlib.sha256(whole.encode()).hexdigest()[:40]}"


class CachedPage(View):
    """A public page: ``depends`` reads what it shows as plain values in a few cheap queries
    (raising ``Http404`` for a page that is not there); ``build`` makes the response's body."""

    content_type = "text/html; charset=utf-8"
    page_key = ""

    def depends(self, request: HttpRequest, **kwargs: Any) -> tuple[object, ...]:
        raise NotImplementedError

    def build(self, request: HttpRequest, **kwargs: Any) -> bytes:
        raise NotImplementedError

    def etag(self, request: HttpRequest, **kwargs: Any) -> str | None:
        """The page's validator; None while messages wait (that page is not the same twice:
        built for this request alone, never kept)."""
        depends = self.depends(request, **kwargs)
        if len(messages.get_messages(request)):
            self.page_key = ""
            return None
        self.page_key = key(type(self).__name__, *depends)
        own: tuple[object, ...] = (self.page_key,)
        if request.user.is_authenticated:
            own = (self.page_key, request.user.pk, request.COOKIES.get(settings.CSRF_COOKIE_NAME))
        return quote_etag(hashlib.sha256(repr(own).encode()).hexdigest()[:40])

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        def page(request: HttpRequest, **kwargs: Any) -> HttpResponse:
            return HttpResponse(self.body(request, **kwargs), content_type=self.content_type)

        response: HttpResponse = condition(etag_func=self.etag)(page)(request, **kwargs)
        shared = not request.user.is_authenticated
        response["Cache-Control"] = "public, no-cache" if shared else "private, no-cache"
        patch_vary_headers(response, ("Cookie",))
        return self.finish(response)

    def finish(self, response: HttpResponse) -> HttpResponse:
        return response

    def load(self) -> None:
        """What only the page's build reads (a hit never does): nothing unless a page says so;
        may raise ``Http404``."""

    def body(self, request: HttpRequest, **kwargs: Any) -> bytes:
        def built() -> bytes:
            self.load()
            return self.build(request, **kwargs)

        if request.user.is_authenticated or not self.page_key:
            return built()
        return kept(self.page_key, built)


def kept(cache_key: str, build: Callable[[], bytes]) -> bytes:
    """The entry of ``cache_key``, built and kept when missing (a cache that fails is a miss:
    ``cache_faults`` logs it once)."""
    value = cache_faults.get(cache_key, bytes)
    if isinstance(value, bytes):
        return value
    value = build()
    cache_faults.put(cache_key, value, PAGE_SECONDS)
    return value
