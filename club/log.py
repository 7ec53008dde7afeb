"""The logs: one line per record with its time, level, logger and the request's id (plain text,
or JSON with ``ATOUT_LOG_FORMAT=json``), for Django, gunicorn and the queue's worker alike.

The request id comes from the proxy's ``X-Request-ID`` (nginx: ``$request_id``) when it has a
sane form, else it is made here; ``RequestIdMiddleware`` sends it back in the response's
``X-Request-ID`` so a user's report can be found in the logs. This module imports nothing of
Django's: gunicorn's configuration reads it before the app is loaded.
"""

import contextvars
import datetime
import json
import logging
import re
import uuid

#: The id of the request this thread or task is serving ("-" outside a request).
request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def incoming_id(header: str | None) -> str:
    """The proxy's id if it is one (letters, digits, ``.``, ``_``, ``-``; 64 at most), else
    a new one: a header's content never reaches the logs unchecked."""
    if header and SANE_ID.fullmatch(header):
        return header
    return uuid.uuid4().hex


class RequestIdFilter(logging.Filter):
    """Gives every record the current request's id."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


def iso_time(record: logging.LogRecord) -> str:
    """The record's time in ISO 8601 with milliseconds and the UTC offset, as nginx's
    ``$time_iso8601`` (``2026-11-29T03:12:45.123+01:00``): lines from both can be matched."""
    moment = datetime.datetime.fromtimestamp(record.created).astimezone()
    return moment.isoformat(timespec="milliseconds")


class TextFormatter(logging.Formatter):
    """``TEXT_FORMAT``, its ``asctime`` in ISO 8601 with the UTC offset."""

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return iso_time(record)


class NotHealthProbe(logging.Filter):
    """Drops Django's « Service Unavailable: /healthz »: a failing probe is a state, reported
    by ``club.health`` (once a minute at most), never a mail to the admins per probe."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        return getattr(request, "path", None) != "/healthz"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (ISO 8601, UTC offset), level, logger, request_id,
    message, and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": iso_time(record),
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", "-"),
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def logging_config(
    level: str = "INFO", form: str = "text", *, mail_admins: bool = True, access: bool = False
) -> dict[str, object]:
    """The ``LOGGING`` dictionary (``logging.config.dictConfig``): every record to the standard
    error, one line each; ``form`` is ``text`` or ``json``. With ``mail_admins``, Django's errors
    are also mailed to ``ADMINS`` (as Django's default logging does), when DEBUG is off. With
    ``access``, gunicorn's line per request too (with its id; off by default: nginx logs them,
    and the phones' polls make hundreds a second)."""
    if form not in ("text", "json"):
        raise ValueError(f"ATOUT_LOG_FORMAT: text or json, not {form!r}")
    formatter: dict[str, object] = {"()": JsonFormatter if form == "json" else TextFormatter}
    if form == "text":
        formatter["fmt"] = TEXT_FORMAT
    django_handlers = ["console", "mail_admins"] if mail_admins else ["console"]
    handlers: dict[str, dict[str, object]] = {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "atout",
            "filters": ["request_id"],
        }
    }
    filters: dict[str, dict[str, object]] = {
        "request_id": {"()": RequestIdFilter},
        "not_health_probe": {"()": NotHealthProbe},
    }
    if mail_admins:
        filters["require_debug_false"] = {"()": "django.utils.log.RequireDebugFalse"}
        handlers["mail_admins"] = {
            "level": "ERROR",
            "filters": ["require_debug_false"],
            "class": "django.utils.log.AdminEmailHandler",
        }
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": filters,
        "formatters": {"atout": formatter},
        "handlers": handlers,
        "root": {"handlers": ["console"], "level": level.upper()},
        "loggers": {
            # Django's own console handler would print its records a second time.
            "django": {"handlers": django_handlers, "level": level.upper(), "propagate": False},
            # Each failing probe of /healthz would be a line and a mail: club.health logs it.
            "django.request": {
                "handlers": django_handlers,
                "level": level.upper(),
                "propagate": False,
                "filters": ["not_health_probe"],
            },
            "django.server": {"handlers": ["console"], "propagate": False},
            # WeasyPrint reports every step of every PDF at INFO: keep only its warnings.
            "weasyprint": {"level": "WARNING"},
            "fontTools": {"level": "WARNING"},
            # gunicorn's own lines, in the same form (gunicorn.conf.py: logconfig_dict).
            "gunicorn.error": {"handlers": ["console"], "level": "INFO", "propagate": False},
            "gunicorn.access": {
                "handlers": ["console"],
                "level": "INFO" if access else "WARNING",
                "propagate": False,
            },
        },
    }
