"""``GET /healthz``, for the balancer and the supervisor: the database and the cache each make a
round trip; 200 when both answer, else 503 naming the part that failed.

Answered by ``HealthMiddleware`` before anything else: no HTTPS redirect (a balancer checks over
plain HTTP), no host check (it asks by the machine's address), no session, no cookie.
"""

import json
import logging
import uuid

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse

log = logging.getLogger(__name__)

PATH = "/healthz"


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


def health(request: HttpRequest) -> HttpResponse:
    report: dict[str, str] = {}
    for part, check in PARTS.items():
        try:
            check()
        except Exception as error:  # any failure is the answer, never an error page
            log.error("healthz: the %s failed: %s", part, error, exc_info=True)
            report[part] = f"failed: {type(error).__name__}"
        else:
            report[part] = "ok"
    healthy = all(state == "ok" for state in report.values())
    failing = [part for part, state in report.items() if state != "ok"]
    body = {"status": "ok" if healthy else "failing: " + ", ".join(failing), **report}
    response = HttpResponse(
        json.dumps(body) + "\n", content_type="application/json", status=200 if healthy else 503
    )
    response["Cache-Control"] = "no-store"
    return response
