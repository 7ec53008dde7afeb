"""Polls: a view whose answer is « unchanged » (304) most of the time, read from a version.

A view opts in with a ``poll_etag`` on its class: ``club.middleware.EarlyPollMiddleware``
then answers a conditional GET whose ETag still matches before the rest of the middleware
(the session, CSRF, authentication, messages, language: a poll needs none of them), through
Django's ``condition`` (``polled``). So ``poll_etag(request, **url_kwargs)`` must need none of
them either: it reads the version (one indexed query, or the cache) and gives None when the
view must answer itself (an unknown link: its 404, its guessing limit). The view still
answers everything else, a 304 included when it is reached without the middleware.
"""

from collections.abc import Callable
from typing import Any

from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition

EtagFunc = Callable[..., str | None]


def polled(etag_func: EtagFunc) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``condition(etag_func=…)``, the answer (304 included) revalidated by every poll and
    kept by no shared cache."""

    def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
        return cache_control(private=True, no_cache=True)(condition(etag_func=etag_func)(view))

    return decorator


def poll_etag(view: Callable[..., Any]) -> EtagFunc | None:
    """The ``poll_etag`` of a URL's view (``as_view()`` keeps its class), if it has one."""
    return getattr(getattr(view, "view_class", None), "poll_etag", None)
