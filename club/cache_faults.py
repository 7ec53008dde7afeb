"""Django's cache, used so that a fault is a miss: the pages' cache (files, Redis or the
database) only saves work, so a cache that cannot be read or written — a folder read-only,
full or gone, a truncated or garbled file, an unreachable Redis, a value of the wrong kind —
never makes an error page. The read answers « missing », the write is skipped, and the fault
is logged once per ``CACHE_FAULT_LOG_SECONDS`` in each process (a broken cache would otherwise
log every request); a corrupted entry, being a miss, is built again and written over.
"""

import logging
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache

log = logging.getLogger("atout.cache")

_lock = threading.Lock()
_last_logged: float | None = None
_hidden = 0
_paused_until: float | None = None

#: What a call that waited too long raises (redis-py's, the socket's).
TIMEOUTS: tuple[type[BaseException], ...] = (redis.exceptions.TimeoutError, TimeoutError)


def fault(action: str, *, clock: Callable[[], float] = time.monotonic) -> None:
    """Log a cache fault (with its exception) unless one was logged in the last
    ``CACHE_FAULT_LOG_SECONDS``; the next one logged says how many were not."""
    global _last_logged, _hidden, _paused_until
    now = clock()
    if isinstance(sys.exc_info()[1], TIMEOUTS):
        with _lock:
            _paused_until = now + settings.CACHE_TIMEOUT_PAUSE_SECONDS
    quiet = settings.CACHE_FAULT_LOG_SECONDS
    with _lock:
        if _last_logged is not None and now - _last_logged < quiet:
            _hidden += 1
            return
        _last_logged, hidden, _hidden = now, _hidden, 0
    log.warning(
        "cache %s failed, served as a miss (%d more faults not logged; the next is logged "
        "after %s s at the earliest)",
        action,
        hidden,
        quiet,
        exc_info=sys.exc_info()[0] is not None,
    )


def paused(*, clock: Callable[[], float] = time.monotonic) -> bool:
    """Whether a timeout was met in the last ``CACHE_TIMEOUT_PAUSE_SECONDS``."""
    until = _paused_until
    return until is not None and clock() < until


def forget() -> None:
    """Forget the last fault logged and any pause (a test starts afresh)."""
    global _last_logged, _hidden, _paused_until
    with _lock:
        _last_logged, _hidden, _paused_until = None, 0, None


def get(key: str, kind: type | tuple[type, ...] = object) -> Any:
    """The entry of ``key``; None when missing, unreadable, or not of ``kind`` (garbled)."""
    if paused():
        return None
    try:
        value = cache.get(key)
    except Exception:
        fault("read")
        return None
    if value is not None and not isinstance(value, kind):
        fault(f"read (a {type(value).__name__} under {key})")
        return None
    return value


def get_many(keys: list[str], kind: type | tuple[type, ...] = object) -> dict[str, Any]:
    """The entries of ``keys`` found and of ``kind``; none when the cache fails."""
    if paused():
        return {}
    try:
        found = cache.get_many(keys)
    except Exception:
        fault("read")
        return {}
    return {name: value for name, value in found.items() if isinstance(value, kind)}


def put(key: str, value: Any, timeout: float) -> None:
    if paused():
        return
    try:
        cache.set(key, value, timeout)
    except Exception:
        fault("write")


def put_many(values: dict[str, Any], timeout: float) -> None:
    if paused():
        return
    try:
        cache.set_many(values, timeout)
    except Exception:
        fault("write")


def add(key: str, value: Any, timeout: float) -> bool | None:
    """Whether ``key`` was added (it was missing); None when the cache fails."""
    if paused():
        return None
    try:
        return cache.add(key, value, timeout)
    except Exception:
        fault("write")
        return None


def delete(key: str) -> None:
    if paused():
        return
    try:
        cache.delete(key)
    except Exception:
        fault("write")


def clear() -> None:
    """Drop every entry (a player's erasure: what was cached before may name him). Every page
    is built again at its next request."""
    try:
        cache.clear()
    except Exception:
        fault("write")
