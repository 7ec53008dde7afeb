"""Production: PostgreSQL from DATABASE_URL, secrets and hosts from the environment."""

import os
from email.utils import getaddresses

from django.core.exceptions import ImproperlyConfigured

from club.log import logging_config

from . import build
from .base import *  # noqa: F403


def _required(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise ImproperlyConfigured(f"The environment variable {name} must be set in production.")
    return value


DEBUG = False
# Never `manage.py demo` here: its staff users have the passwords printed in the README.
ALLOW_DEMO_DATA = False
SECRET_KEY = _required("DJANGO_SECRET_KEY")
# The former keys, comma-separated, after DJANGO_SECRET_KEY changed: what they signed keeps
# working (the tables' printed QR codes and phone links, the sessions) while they are listed.
SECRET_KEY_FALLBACKS = [
    key.strip()
    for key in os.environ.get("DJANGO_SECRET_KEY_FALLBACKS", "").split(",")
    if key.strip()
]
ALLOWED_HOSTS = _required("DJANGO_ALLOWED_HOSTS").split(",")
# The origins the browsers' forms come from: https://<each host> unless listed here, with
# their ports when not 443 (e.g. "https://atout.example.org:8443").
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
    if origin.strip()
] or [f"https://{host}" for host in ALLOWED_HOSTS if not host.startswith(".")]

# The reverse proxies in front of gunicorn, e.g. "127.0.0.1" or "10.0.0.0/8,192.168.1.2":
# their X-Forwarded-For gives the client's address for login throttling.
TRUSTED_PROXIES = [
    p.strip() for p in os.environ.get("ATOUT_TRUSTED_PROXIES", "").split(",") if p.strip()
]

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
# /healthz is answered before the redirect (club.middleware.HealthMiddleware); listed anyway.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True

# The static files as the build collected them (club/settings/build.py).
STORAGES = build.STORAGES
# One line per record, time, level, logger and request id; JSON with ATOUT_LOG_FORMAT=json.
# gunicorn's line per request with ATOUT_ACCESS_LOG=1: read here as in gunicorn.conf.py, since
# under its preload_app this configuration is applied after gunicorn's and would undo it.
LOGGING = logging_config(
    os.environ.get("ATOUT_LOG_LEVEL", "INFO"),
    os.environ.get("ATOUT_LOG_FORMAT", "text"),
    access=os.environ.get("ATOUT_ACCESS_LOG", "") == "1",
)

# Who gets the error reports by e-mail: "Name <address>, other@example.org".
ADMINS = [
    (name, address)
    for name, address in getaddresses([os.environ.get("DJANGO_ADMINS", "")])
    if address
]
SERVER_EMAIL = os.environ.get("DJANGO_SERVER_EMAIL", "atout@localhost")
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", SERVER_EMAIL)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("DJANGO_EMAIL_USE_TLS", "") == "1"

# Optional error reporting: SENTRY_DSN set, with sentry-sdk installed (pip install ".[sentry]").
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    try:
        import sentry_sdk
    except ImportError as missing:
        raise ImproperlyConfigured(
            "SENTRY_DSN is set but sentry-sdk is not installed: pip install 'atout[sentry]'."
        ) from missing
    sentry_sdk.init(
        dsn=SENTRY_DSN,
        release=ATOUT_RELEASE or None,  # noqa: F405
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        send_default_pii=False,
    )
