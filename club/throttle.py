"""Login throttling: failures are counted per user name and per client address in the cache."""

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def _keys(request: HttpRequest, username: str) -> list[str]:
    address = request.META.get("REMOTE_ADDR", "unknown")
    return [f"login-fail:user:{username.strip().lower()}", f"login-fail:addr:{address}"]


def is_locked(request: HttpRequest, username: str) -> bool:
    limit = settings.LOGIN_MAX_FAILURES
    return any((cache.get(key) or 0) >= limit for key in _keys(request, username))


def record_failure(request: HttpRequest, username: str) -> None:
    for key in _keys(request, username):
        cache.add(key, 0, settings.LOGIN_LOCKOUT_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, settings.LOGIN_LOCKOUT_SECONDS)


def clear_failures(request: HttpRequest, username: str) -> None:
    cache.delete_many(_keys(request, username))
