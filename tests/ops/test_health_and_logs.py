"""Issue 25, the operator's kit: ``GET /healthz`` for the balancer, and logs an operator can
read (time, level, logger and the request's id on every line; JSON when asked)."""

import json
import logging
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from django.db import OperationalError, connection
from django.test import Client

from club import health
from club.log import RequestIdFilter, incoming_id, logging_config, request_id

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


def test_healthz_names_the_cache_degraded_and_answers_200_when_it_fails(client, settings):
    """Issue 32, §7.6: the pages answer without a cache (a miss), so a balancer must not take
    the site out: 200, the cache named degraded."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": BROKEN_REDIS,
        }
    }
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "cache": "degraded"}
    assert client.get("/login/").status_code == 200


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


def configured_formatter(form: str) -> logging.Formatter:
    """The formatter the site's logging configuration makes (as ``dictConfig`` would)."""
    config = dict(logging_config(form=form)["formatters"]["atout"])
    factory = config.pop("()", None)
    if factory is not None:
        return factory(**config)
    return logging.Formatter(config.get("format"), config.get("datefmt"))


#: ISO 8601 with the UTC offset, as nginx's $time_iso8601 (issue 32, §7.7).
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?[+-]\d\d:\d\d")


def test_a_text_line_has_time_level_logger_and_request_id():
    line = record_line(configured_formatter("text"))
    assert line.endswith(" WARNING tournaments.views [req-1] sheet 7")
    assert ISO_TIME.fullmatch(line.split(" ", 1)[0]), line  # 2026-11-29T03:12:45.123+01:00


def test_a_json_line_has_time_level_logger_and_request_id():
    entry = json.loads(record_line(configured_formatter("json")))
    assert entry["level"] == "WARNING" and entry["logger"] == "tournaments.views"
    assert entry["request_id"] == "req-1" and entry["message"] == "sheet 7"
    assert ISO_TIME.fullmatch(entry["time"]), entry["time"]


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
    assert done.stdout.split() == ["200", "probe-1"], done.stderr
    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert lines and len(lines) == len([ln for ln in done.stderr.splitlines() if ln.strip()])
    failure = next(entry for entry in lines if entry["logger"] == "club.health")
    assert failure["level"] == "WARNING" and failure["request_id"] == "probe-1"
    assert "cache" in failure["message"]
    assert "AXES" not in done.stderr


def prod_env(tmp_path, **more: str) -> dict[str, str]:
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="club.settings.prod",
        DJANGO_SECRET_KEY="s" * 60,
        DJANGO_ALLOWED_HOSTS="testserver,127.0.0.1",
        DJANGO_ADMINS="Admin <admin@example.org>",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        ATOUT_CACHE_DIR=str(tmp_path / "cache"),
        PYTHONWARNINGS="ignore",  # whitenoise's: no collected static files here
    )
    return {**env, **more}


def test_a_failing_probe_mails_nobody_and_is_logged_once_a_minute(tmp_path):
    """Issue 32, §7.5: a balancer probing a broken database every few seconds: each probe is a
    503, none is mailed to the admins, and one line is logged (not one a probe); a page's
    server error is still mailed."""
    env = prod_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'no-such-folder' / 'db'}")
    script = (
        "import django; django.setup()\n"
        "from django.conf import settings\n"
        "settings.EMAIL_BACKEND = 'django.core.mail.backends.locmem.EmailBackend'\n"
        "from django.core import mail\n"
        "from django.test import Client\n"
        "client = Client(raise_request_exception=False)\n"
        "codes = [client.get('/healthz').status_code for _ in range(10)]\n"
        "print(*sorted(set(codes)), len(getattr(mail, 'outbox', [])))\n"
        # A page that reads the database (the login page may not: a 500 there came only
        # from the static files' missing manifest, in a checkout that never collected them).
        "print(client.get('/tournois/', secure=True).status_code, len(mail.outbox))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.splitlines() == ["503 0", "500 1"], done.stderr
    health_lines = [line for line in done.stderr.splitlines() if "healthz" in line]
    assert len(health_lines) == 1, done.stderr
    assert "club.health" in health_lines[0] and "database" in health_lines[0]


def test_a_failing_probe_is_logged_again_after_a_minute(client, settings, caplog):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": BROKEN_REDIS,
        }
    }
    health.forget()
    caplog.set_level(logging.WARNING, logger="club.health")
    try:
        for _ in range(5):
            assert client.get("/healthz").status_code == 200
        assert len(caplog.records) == 1
        health.log_failure({"cache": RuntimeError("x")}, clock=lambda: time.monotonic() + 61)
        assert len(caplog.records) == 2 and "4 failing probes" in caplog.records[1].getMessage()
    finally:
        health.forget()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_gunicorn_writes_an_access_line_when_asked(tmp_path):
    """Issue 32, §7.7: ``ATOUT_ACCESS_LOG=1`` under gunicorn (production settings loaded in
    the master, as ``preload_app`` does) writes a line per request, its time with the offset
    (one run, in JSON: the text form's time is checked above, from the same configuration)."""
    form = "json"
    port = free_port()
    env = prod_env(tmp_path, ATOUT_ACCESS_LOG="1", ATOUT_LOG_FORMAT=form, WEB_CONCURRENCY="1")
    server = subprocess.Popen(
        [
            os.path.join(os.path.dirname(sys.executable), "gunicorn"),
            "club.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        answered = None
        for _ in range(600):  # a bounded wait for the master's warm-up
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                    answered = r.status
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.1)
        assert answered == 200
    finally:
        server.terminate()
        out, err = server.communicate(timeout=30)
    lines = [line for line in (out + err).splitlines() if "GET /healthz" in line]
    assert lines, out + err
    if form == "json":
        entry = json.loads(lines[0])
        assert entry["logger"] == "gunicorn.access" and ISO_TIME.fullmatch(entry["time"])
    else:
        assert " gunicorn.access " in lines[0]
        assert ISO_TIME.fullmatch(lines[0].split(" ", 1)[0]), lines[0]
