"""The hall's laptop (`make hall`, README « Une soirée sans internet »): one evening taken away
from the site, served to the phones on the hall's network with no internet.

Everything lives in one folder of its own (``ATOUT_HALL_DIR``, by default ``var/hall``): the
SQLite database, the pages' cache (files: no Redis), the secret key (made at the first start:
the laptop serves a network, a key from the repository would let anyone there sign as it) and
the laptop's own bundle key. The database is that folder's whatever ``DATABASE_URL`` says: the
laptop never writes the club's site. DEBUG is off (the network sees the pages); the static
files are served from the source folders, as the tests do (no ``collectstatic`` to run).
"""

import os
import secrets
from pathlib import Path

import dj_database_url

from .base import *  # noqa: F403
from .base import BASE_DIR, tune_sqlite

#: ``manage.py hall`` refuses to run under any other settings (it would import into them).
ATOUT_HALL = True
ATOUT_HALL_DIR = Path(os.environ.get("ATOUT_HALL_DIR", "") or BASE_DIR / "var" / "hall")
ATOUT_HALL_DIR.mkdir(parents=True, exist_ok=True)

DATABASES = {
    "default": tune_sqlite(
        dj_database_url.parse(f"sqlite:///{ATOUT_HALL_DIR / 'hall.sqlite3'}", conn_max_age=60)
    )
}
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": str(ATOUT_HALL_DIR / "cache"),
        "OPTIONS": {"MAX_ENTRIES": 2000},
    }
}
ATOUT_BUNDLE_KEY_FILE = str(ATOUT_HALL_DIR / "keys" / "bundle_ed25519.pem")


def _secret_key(path: Path) -> str:
    """This laptop's secret key, made once (mode 600) and kept with its database."""
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(50))
    return path.read_text().strip()


SECRET_KEY = _secret_key(ATOUT_HALL_DIR / "secret_key")
DEBUG = False
# The laptop's own address on the hall's network (`make hall` sets it, as `make run` does).
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"] + [
    host for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if host
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = ATOUT_HALL_DIR / "static"  # empty: the files come from the source folders
STATIC_ROOT.mkdir(exist_ok=True)
ALLOW_DEMO_DATA = False
# Nothing is sent anywhere: no e-mail leaves the laptop (it is shown in the console).
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
