"""Whole public pages rendered once for every anonymous visitor.

A page's key carries the versions of what it shows (see ``views_public.page_key``): an entry
is never stale, it is only superseded. The pages are kept in the cache every worker shares
(``ATOUT_CACHE_DIR``): a page is rendered once per version, by one thread of one worker
while the others wait for it.

The pages hold a placeholder where their forms' CSRF token goes: each response gets its
visitor's own token (``get_token``: masked afresh, the cookie set as Django does).
"""

import hashlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.core.cache import cache
from django.utils.crypto import salted_hmac

# Keyed by versions, a page is never stale; this only bounds the cache's size.
PAGE_SECONDS = 3600


def csrf_placeholder() -> bytes:
    """Derived from the secret key: the same in every worker (their pages are shared), and
    not something a player's name could contain on purpose."""
    return salted_hmac("atout.page_cache", "csrf-placeholder").hexdigest()[:40].encode()


def shared_page(key: tuple, build: Callable[[bytes], bytes], token: Callable[[], str]) -> bytes:
    """The page of ``key``, ``build(placeholder)`` when missing (then kept), with
    ``token()`` in the placeholder's place."""
    placeholder = csrf_placeholder()
    name = "page:" + hashlib.sha256(repr((*key, placeholder)).encode()).hexdigest()
    page = cache.get(name)
    if page is None:
        page = built_once(name, lambda: build(placeholder))
    return page.replace(placeholder, token().encode())


_building: dict[str, threading.Lock] = {}
_building_lock = threading.Lock()


@contextmanager
def one_builder(name: str) -> Iterator[None]:
    """Held by one thread at a time for ``name``: in every worker when the cache is the
    workers' shared folder (``SharedFileCache.exclusive``), else in this process."""
    exclusive = getattr(cache, "exclusive", None)
    if exclusive is not None:
        with exclusive(name):
            yield
        return
    with _building_lock:
        lock = _building.setdefault(name, threading.Lock())
    try:
        with lock:
            yield
    finally:
        with _building_lock:
            _building.pop(name, None)


def built_once(name: str, build: Callable[[], bytes]) -> bytes:
    """The cache's ``name``, built by one thread of one worker at a time: a saved sheet
    changes the pages every visitor is refreshing, and the threads that all missed it at once
    would each render the same page (the others wait and read it)."""
    with one_builder(name):
        page = cache.get(name)
        if page is None:
            page = build()
            cache.set(name, page, PAGE_SECONDS)
    return page
