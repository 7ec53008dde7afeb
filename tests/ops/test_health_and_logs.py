"""Issue 25, the operator's kit: ``GET /healthz`` for the balancer, and logs an operator can
read (time, level, logger and the request's id on every line; JSON when asked)."""

import json
import logging
import os
import subprocess
import sys

import pytest
from django.db import OperationalError, connection
from django.test import Client

from club.log import TEXT_FORMAT, JsonFormatter, RequestIdFilter, incoming_id, request_id

pytestmark = pytest.mark.django_db

BROKEN_REDIS = "redis://127.0.0.1:1/20"  # nothing listens on port 1


def test_healthz_answers_ok_when_the_database_and_the_cache_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}


def test_healthz_answers_ok_on_redis(client, redis_cache):
    """Production's cache: the machine's Redis (this worker's database, tests/conftest.py)."""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["cache"] == "ok"


def test_healthz_names_the_cache_when_it_fails(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": BROKEN_REDIS,
        }
    }
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["status"] == "failing: cache"
    assert response.json()["database"] == "ok"
    assert response.json()["cache"].startswith("failed: ")


def test_healthz_names_the_database_when_it_fails(client):
    def refuse(execute, sql, params, many, context):
        raise OperationalError("connection refused")

    with connection.execute_wrapper(refuse):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "failing: database",
        "database": "failed: OperationalError",
        "cache": "ok",
    }


def test_healthz_is_answered_over_http_by_address_while_pages_redirect(settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["atout.example.org"]
    balancer = Client(HTTP_HOST="10.0.0.5:8000")  # plain HTTP, the machine's address
    assert balancer.get("/healthz").status_code == 200
    visitor = Client(HTTP_HOST="atout.example.org")
    page = visitor.get("/login/")
    assert page.status_code == 301 and page["Location"].startswith("https://")


def test_every_response_carries_its_request_id(client):
    first, second = client.get("/login/"), client.get("/login/")
    assert first["X-Request-ID"] != second["X-Request-ID"]
    assert client.get("/login/", HTTP_X_REQUEST_ID="nginx-42")["X-Request-ID"] == "nginx-42"
    forged = client.get("/login/", HTTP_X_REQUEST_ID="x\nFAKE LOG LINE")["X-Request-ID"]
    assert "FAKE" not in forged and len(forged) == 32
    assert incoming_id("a" * 65) != "a" * 65


def record_line(formatter: logging.Formatter) -> str:
    record = logging.LogRecord(
        "tournaments.views", logging.WARNING, "f.py", 1, "sheet %s", (7,), None
    )
    token = request_id.set("req-1")
    try:
        RequestIdFilter().filter(record)
    finally:
        request_id.reset(token)
    return formatter.format(record)


def test_a_text_line_has_time_level_logger_and_request_id():
    line = record_line(logging.Formatter(TEXT_FORMAT))
    assert line.endswith(" WARNING tournaments.views [req-1] sheet 7")
    assert line[:4].isdigit() and line[4] == "-"  # 2026-11-25 20:01:02,345 …


def test_a_json_line_has_time_level_logger_and_request_id():
    entry = json.loads(record_line(JsonFormatter()))
    assert entry["level"] == "WARNING" and entry["logger"] == "tournaments.views"
    assert entry["request_id"] == "req-1" and entry["message"] == "sheet 7"
    assert entry["time"][:2] == "20" and "T" in entry["time"]


def test_production_logs_in_json_with_the_request_id_and_no_axes_banner(tmp_path):
    """A production process (its own settings, its own logging): the failing health check's
    lines are JSON and carry the id the response gave; django-axes prints no banner."""
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="club.settings.prod",
        DJANGO_SECRET_KEY="s" * 60,
        DJANGO_ALLOWED_HOSTS="atout.example.org",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        ATOUT_CACHE_URL=BROKEN_REDIS,
        ATOUT_LOG_FORMAT="json",
        PYTHONWARNINGS="ignore",  # whitenoise's: no collected static files here
    )
    script = (
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "r = Client().get('/healthz', HTTP_X_REQUEST_ID='probe-1')\n"
        "print(r.status_code, r['X-Request-ID'])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.split() == ["503", "probe-1"], done.stderr
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert lines and len(lines) == len([ln for ln in done.stderr.splitlines() if ln.strip()])
    failure = next(entry for entry in lines if entry["logger"] == "club.health")
    assert failure["level"] == "ERROR" and failure["request_id"] == "probe-1"
    assert "cache" in failure["message"]
    assert "AXES" not in done.stderr
