"""``GET /healthz``, for the balancer and the supervisor: the database and the cache each make a
round trip. The database stops every page: when it fails, 503 naming it. The cache only saves
work (a fault is a miss, ``club.cache_faults``): when it fails the pages still answer, so does
this, 200 with the cache named « degraded »; a balancer keeps a working site.

Answered by ``HealthMiddleware`` before anything else: no HTTPS redirect (a balancer checks over
plain HTTP), no host check (it asks by the machine's address), no session, no cookie.

A balancer probes every few seconds: a failure is a state, logged here at most once per
``HEALTH_LOG_SECONDS`` in each process (with how many were not), never mailed to the admins
(``club.log.NotHealthProbe`` keeps Django's « Service Unavailable: /healthz » out of the logs).
"""

import json
import logging
import threading
import time
import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse

log = logging.getLogger(__name__)

PATH = "/healthz"
#: At most one line a minute in each process while a part fails.
HEALTH_LOG_SECONDS = 60

#: What a page cannot do without (503 when it fails); the other parts are only degraded.
VITAL = ("database",)

_lock = threading.Lock()
_last_logged: float | None = None
_hidden = 0


def database_answers() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if cursor.fetchone() != (1,):
            raise RuntimeError("SELECT 1 did not return 1")


def cache_answers() -> None:
    key, value = f"atout:healthz:{uuid.uuid4().hex}", uuid.uuid4().hex
    cache.set(key, value, 30)
    try:
        if cache.get(key) != value:
            raise RuntimeError("the value written was not read back")
    finally:
        cache.delete(key)


PARTS = {"database": database_answers, "cache": cache_answers}


def log_failure(
    failures: dict[str, Exception], *, clock: Callable[[], float] = time.monotonic
) -> None:
    """One line for the parts that failed, unless one was written in the last
    ``HEALTH_LOG_SECONDS``; the next one written says how many probes were not."""
    global _last_logged, _hidden
    now = clock()
    with _lock:
        if _last_logged is not None and now - _last_logged < HEALTH_LOG_SECONDS:
            _hidden += 1
            return
        _last_logged, hidden, _hidden = now, _hidden, 0
    vital = any(part in VITAL for part in failures)
    log.log(
        logging.ERROR if vital else logging.WARNING,
        "healthz: %s (%d failing probes not logged before this one; the next is logged after "
        "%s s at the earliest)",
        "; ".join(f"the {part} failed: {type(e).__name__}: {e}" for part, e in failures.items()),
        hidden,
        HEALTH_LOG_SECONDS,
    )


def forget() -> None:
    """Forget the last line logged (a test starts afresh)."""
    global _last_logged, _hidden
    with _lock:
        _last_logged, _hidden = None, 0


def health(request: HttpRequest) -> HttpResponse:
    report: dict[str, str] = {}
    failures: dict[str, Exception] = {}
    for part, check in PARTS.items():
        try:
            check()
        except Exception as error:  # any failure is the answer, never an error page
            failures[part] = error
            report[part] = f"failed: {type(error).__name__}" if part in VITAL else "degraded"
        else:
            report[part] = "ok"
    if failures:
        log_failure(failures)
    failing = [part for part in report if part in failures and part in VITAL]
    if failing:
        status, code = "failing: " + ", ".join(failing), 503
    else:
        status, code = ("degraded" if failures else "ok"), 200
    body = {"status": status, **report}
    response = HttpResponse(json.dumps(body) + "\n", content_type="application/json", status=code)
    response["Cache-Control"] = "no-store"
    return response
