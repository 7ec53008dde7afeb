"""Login throttling's two locks, both counted by django-axes in its database table (every
gunicorn worker sees the same counts):

- a **user name from one address**: ``AXES_FAILURE_LIMIT`` failures lock that name from that
  address only. The hall's Wi-Fi is one address for every player: one scorekeeper's typos must
  not lock the others out.
- an **address**: ``LOGIN_FAILURE_LIMIT_PER_ADDRESS`` failures, whatever the names, lock every
  login from it (a flood of guesses across names).

django-axes compares one failure limit with the largest count among its lockout parameters, so
it cannot hold two limits by itself; its lockout parameters may be a callable (documented), which
adds the address alone once that address has reached its ceiling. Both counts are axes' own
``AccessAttempt`` rows within the cool-off, as axes counts them.
"""

import datetime
from collections.abc import Iterable, Mapping
from typing import Any

from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest
from django.utils import timezone

from .client_ip import client_ip

NAME_FROM_ADDRESS: list[str | list[str]] = [["username", "ip_address"]]


def _recent(**filters: str) -> Any:
    """The address's (or name's) failures that still count: newer than the cool-off."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    return AccessAttempt.objects.filter(attempt_time__gte=since, **filters)


def _address(request_or_attempt: object) -> str:
    if isinstance(request_or_attempt, HttpRequest):
        return client_ip(request_or_attempt)
    return str(getattr(request_or_attempt, "ip_address", ""))


def address_failures(address: str) -> int:
    """Failed logins from ``address`` within the cool-off, whatever the names."""
    total = _recent(ip_address=address).aggregate(n=Sum("failures_since_start"))["n"]
    return int(total or 0)


def lockout_parameters(
    request_or_attempt: object, credentials: Mapping[str, Any] | None = None
) -> list[str | list[str]]:
    """``AXES_LOCKOUT_PARAMETERS``: the name from the address; the address alone as well once
    it has reached its ceiling (its count, above axes' limit, then locks every name)."""
    if address_failures(_address(request_or_attempt)) >= settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS:
        return [*NAME_FROM_ADDRESS, "ip_address"]
    return NAME_FROM_ADDRESS


def _end(rows: Iterable[tuple[datetime.datetime, int]], limit: int) -> datetime.datetime | None:
    """When fewer than ``limit`` failures are left, each row leaving a cool-off after its own
    last failure (axes' reading); None if there are fewer already."""
    ordered = sorted(rows)
    left = sum(failures for _, failures in ordered)
    for time, failures in ordered:
        if left < limit:
            return None
        left -= failures
        if left < limit:
            return time + settings.AXES_COOLOFF_TIME
    return None


def lock_end(
    request: HttpRequest, credentials: Mapping[str, Any] | None
) -> datetime.datetime | None:
    """When the locks on this login end (the later of the name's and the address's)."""
    address = client_ip(request)
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    fields = ("attempt_time", "failures_since_start")
    by_name = _recent(ip_address=address, username=username).values_list(*fields)
    by_address = _recent(ip_address=address).values_list(*fields)
    ends = [
        _end(by_name, settings.AXES_FAILURE_LIMIT),
        _end(by_address, settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS),
    ]
    return max((end for end in ends if end is not None), default=None)
