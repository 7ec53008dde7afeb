"""Settings shared by every environment.

The database comes from ``DATABASE_URL`` (SQLite file in the project directory by default).
"""

import datetime
import os
from pathlib import Path
from typing import Literal

import dj_database_url
import django.forms
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import get_language_info

# The types' generics (``ModelAdmin[Player]``, ``forms.ModelForm[Season]``) written in class
# bases run: Django's classes get the ``__class_getitem__`` its stubs give them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    # The forms' own templates for the Django engine (the admin's widgets include them).
    "django.forms",
    "django_tables2",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "club",
    "tournaments",
    "tournaments.tableside",
    "tournaments.publishing",
    "tournaments.printing",
    "tournaments.ratings",
    "tournaments.travel",
    "tournaments.federation",
]

MIDDLEWARE = [
    # The request's id, in every log line and the response (club/log.py).
    "club.middleware.RequestIdMiddleware",
    # GET /healthz for the balancer: before the HTTPS redirect and the host check.
    "club.middleware.HealthMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # A poll's 304 (a phone's table state) answered here, before the session and the rest.
    "club.middleware.EarlyPollMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "club.middleware.ClubLanguageMiddleware",
    "club.middleware.ClubNameOrderMiddleware",
    # X-Robots-Tag on the public pages of a club that keeps search engines out.
    "club.middleware.RobotsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "club.urls"
WSGI_APPLICATION = "club.wsgi.application"

# The form widgets are drawn by Jinja2, from Django's own Jinja2 copies of its widget
# templates: the same markup, 1.7× faster (bench/form_widgets.py; the whist rules page's 393
# inputs), and each field around its widget (club/jinja2/includes/field.html); and so are
# the ranking tables (publishing/ranking_table.html, its words translated
# by its caller): a page of 50 players in a fifth of the Django engine's time
# (bench/standings.py). The engines are tried in order: every other template (the pages', the
# admin's widgets) is the Django engine's.
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [
            Path(django.forms.__file__).resolve().parent / "jinja2",
            BASE_DIR / "tournaments" / "publishing" / "jinja2",
            BASE_DIR / "club" / "jinja2",
        ],
        "APP_DIRS": False,
    },
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "club.context_processors.roles",
                "club.context_processors.privacy",
                "club.context_processors.live",
            ],
        },
    },
]

# Django's TemplatesSetting, each field (its label, help and errors) drawn by Jinja2 too.
FORM_RENDERER = "club.form_renderer.FormRenderer"


def database_from_env(default_sqlite: Path) -> dj_database_url.DBConfig:
    """The default database: ``DATABASE_URL`` or a SQLite file, tuned for concurrent writes."""
    config = dj_database_url.config(
        default=f"sqlite:///{default_sqlite}", conn_max_age=60, conn_health_checks=True
    )
    return tune_sqlite(config)


def tune_sqlite(config: dj_database_url.DBConfig) -> dj_database_url.DBConfig:
    """A SQLite database's options (others' unchanged)."""
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # WAL lets readers work during a write; IMMEDIATE takes the write lock at BEGIN
        # so two scorekeepers saving at once queue instead of failing with "database is locked".
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"] = {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        }
    return config


DATABASES = {"default": database_from_env(BASE_DIR / "db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

AUTHENTICATION_BACKENDS = [
    # First: refuses any login, even with the right password, while locked out.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Login throttling (django-axes, failures stored in the database so every worker sees them):
# 5 failures for one user name from one address lock that name from that address for a quarter
# of an hour (a hall's players share one address: the other names still log in); 30 failures
# from one address, whatever the names, lock every login from it (club/login_throttle.py).
AXES_FAILURE_LIMIT = 5
LOGIN_FAILURE_LIMIT_PER_ADDRESS = 30
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
# [["username", "ip_address"]], plus "ip_address" alone once the address reached its ceiling.
AXES_LOCKOUT_PARAMETERS = "club.login_throttle.lockout_parameters"
AXES_RESET_ON_SUCCESS = True
# A try while locked out does not push the end back: the lockout page's time holds.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "club.views.locked_out"
AXES_CLIENT_IP_CALLABLE = "club.client_ip.client_ip"
# No banner of django-axes' version and settings at every process's start (its lockouts are
# still logged).
AXES_VERBOSE = False
# Reverse proxies whose X-Forwarded-For is believed (addresses or networks); none by default:
# the client is then the connection's own address and the header is ignored.
TRUSTED_PROXIES: list[str] = []

# `manage.py demo` creates staff users whose passwords are public: only where set to True.
ALLOW_DEMO_DATA = False

LANGUAGE_CODE = "fr"
LOCALE_PATHS = [BASE_DIR / "locale"]
# French (the clubs' own), English (the source strings), then every language with a catalogue
# in locale/: a new language is a catalogue (and a column of game words), no code. Each is
# named in itself in the language menu, as a visitor looks for his own.
CATALOGUED = sorted(
    folder.name
    for folder in LOCALE_PATHS[0].iterdir()
    if (folder / "LC_MESSAGES" / "django.po").exists()
)
LANGUAGES = [
    (code, get_language_info(code)["name_local"])
    for code in dict.fromkeys([LANGUAGE_CODE, "en", *CATALOGUED])
]
# Dates and numbers as the clubs write them where Django's differ (Dutch: Belgium's).
FORMAT_MODULE_PATH = ["club.formats"]
TIME_ZONE = "Europe/Brussels"
USE_I18N = True
USE_TZ = True
# No thousand separators: a primary key of 1000 printed as "1 000" in a form would break it.
USE_THOUSAND_SEPARATOR = False

# Content-Security-Policy (django-csp): scripts and styles only from our own static files, no
# inline script, style or event handler anywhere (the PDFs are made on the server: unaffected).
CONTENT_SECURITY_POLICY: dict[str, dict[str, list[str]]] | None = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        # The table pages' service worker (/t/hors-ligne.js): our own script, nothing else.
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# The language cookie is only ever needed by our own pages.
LANGUAGE_COOKIE_SAMESITE: Literal["Lax"] = "Lax"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DJANGO_TABLES2_TEMPLATE = "django_tables2/atout.html"  # semantic.html, its pagination links named

# Long PDFs are built off the request by a task queue kept in the database: `manage.py
# db_worker`, one per core at a lower priority than the web's workers (`nice`, README); `make
# run` starts them beside the server.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# Sheets a request may lay out itself: past that, the document is queued and its page offers
# the file when it is ready. A request must not hold its worker more than about 0.5 s. Measured
# by bench/pdf.py (2026-11-25, a 2-core machine shared with other jobs): a cold Double King
# sheet costs 0.133 s of CPU ("CPU per sheet"; 0.16 s under heavier load), and the request's
# own work on a 30-table round, its HTML and the merge, 0.10 s ("cached"). So (0.5 - 0.10) /
# 0.16 = 2.5: 2 sheets, 0.35-0.42 s (3 measured 0.64 s: "a request laying out 3 sheets").
# A round of more tables is laid out by the queue as soon as it is drawn.
PDF_INLINE_MAX_RENDERS = 2
# Sheets laid out per task of the queue: few, so that the workers share a round evenly (the
# last task ends at most one share, 0.3 s, after the other worker's), while a task's own cost
# (claiming it, building the round's sheets: about 10 ms) stays small beside its layouts.
PDF_TASK_SHEETS = 2
# A task of the queue that has not ended this long after its start is given up (its worker
# died): twice its expected time, a sheet counted PDF_SECONDS_PER_SHEET (0.13-0.16 s of CPU
# measured, see above, so 0.5 s is generous), and never less than the floor: a worker running
# at a lower priority beside busy web workers is slow, not dead.
PDF_SECONDS_PER_SHEET = 0.5
TASK_DEADLINE_FLOOR_SECONDS = 60


#: A Redis on the same machine or network answers in a millisecond; past this it is a fault.
REDIS_TIMEOUT_SECONDS = 0.25


def cache_from_env(url: str, directory: str) -> dict[str, dict[str, object]]:
    """The pages' cache (``tournaments.page_cache``: keys carry the versions, an entry is never
    stale), shared by every worker. ``ATOUT_CACHE_URL``: ``redis://host:port/db`` for Django's
    Redis backend (several machines), ``db://`` for the database's table (``manage.py
    createcachetable``); unset, files in ``directory`` (one machine)."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                # redis-py's connection pool: a Redis that accepts and never answers (or an
                # address that never accepts) costs a request this long per call, then it is a
                # miss (``club.cache_faults``); unset, redis-py waits for ever.
                "OPTIONS": {
                    "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                    "socket_timeout": REDIS_TIMEOUT_SECONDS,
                },
            }
        }
    if url == "db://":
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.db.DatabaseCache",
                "LOCATION": "atout_cache",
                "OPTIONS": {"MAX_ENTRIES": 5000},
            }
        }
    if url:
        raise ImproperlyConfigured(f"ATOUT_CACHE_URL: redis://… or db://, not {url!r}")
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": directory,
            # Superseded versions are culled (a third at a time) past this many entries.
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
    }


CACHES = cache_from_env(
    os.environ.get("ATOUT_CACHE_URL", ""),
    os.environ.get("ATOUT_CACHE_DIR", "") or str(BASE_DIR / "cache"),
)
# A cache fault is a miss (``club.cache_faults``), logged at most once per this many seconds in
# each process: a broken cache must not write a traceback for every request.
CACHE_FAULT_LOG_SECONDS = 300
# After a cache call that timed out (a Redis that does not answer), each process leaves the
# cache alone this long (every read a miss, no write): a page pays one timeout, not one a call.
CACHE_TIMEOUT_PAUSE_SECONDS = 10
# How long a request waits for the page another request is building before building it
# itself (``page_cache.built_once``): a build stuck or dead holds nobody longer.
PAGE_BUILD_WAIT_SECONDS = 2.0
# In every cache key (``tournaments.page_cache.release``): unset, the package's version and the
# git commit.
ATOUT_RELEASE = os.environ.get("ATOUT_RELEASE", "")

# How often, in seconds, a live page (standings, the hall's screen) and a table's phones ask
# the server whether anything changed (an ETag: unchanged costs a 304). Each phone of a
# 40-table hall asks this often: the Wi-Fi's and the server's load. At least 1.
ATOUT_LIVE_SECONDS = max(1, int(os.environ.get("ATOUT_LIVE_SECONDS", "3")))

# Retention (docs/privacy.md), applied by ``manage.py periodic_jobs``: the staff logins'
# addresses and browsers (django-axes' records), and the queue's finished tasks and built
# documents.
ATOUT_LOGIN_RETENTION_DAYS = int(os.environ.get("ATOUT_LOGIN_RETENTION_DAYS", "90"))
ATOUT_TASK_RETENTION_DAYS = int(os.environ.get("ATOUT_TASK_RETENTION_DAYS", "14"))

# This site's Ed25519 key pair that signs the tournaments' bundles (docs/bundle.md): made by
# ``manage.py bundle_key``, kept with the backups, never in the repository (``/keys/`` is
# ignored by git).
ATOUT_BUNDLE_KEY_FILE = os.environ.get("ATOUT_BUNDLE_KEY_FILE", "") or str(
    BASE_DIR / "keys" / "bundle_ed25519.pem"
)
# A bundle larger than this (gzipped or not) is refused before it is read, and so is one
# that unzips past ``ATOUT_BUNDLE_MAX_JSON_BYTES``.
ATOUT_BUNDLE_MAX_BYTES = int(os.environ.get("ATOUT_BUNDLE_MAX_BYTES", str(8 * 1024 * 1024)))
ATOUT_BUNDLE_MAX_JSON_BYTES = int(
    os.environ.get("ATOUT_BUNDLE_MAX_JSON_BYTES", str(64 * 1024 * 1024))
)


def base_url_from_env(url: str) -> str:
    """The site's address as the players' phones reach it (``https://atout.example.org``),
    or "" (the address each request came to: ``tournaments.site.site_root``)."""
    url = url.strip().rstrip("/")
    if url and not (url.startswith(("http://", "https://")) and "/" not in url.split("//", 1)[1]):
        raise ImproperlyConfigured(
            f"ATOUT_BASE_URL: http(s)://host[:port] without a path, not {url!r}"
        )
    return url


# The address the printed sheets' QR codes and the phones' links carry: unset, the one the
# scorekeeper's browser used (`make run` with HOST=0.0.0.0 sets this machine's on the network).
ATOUT_BASE_URL = base_url_from_env(os.environ.get("ATOUT_BASE_URL", ""))

# The hall's laptop (`make hall`, club/settings/hall.py) sets these: its own folder for the
# evening's database and cache; elsewhere `manage.py hall` refuses to run.
ATOUT_HALL = False
ATOUT_HALL_DIR = BASE_DIR / "var" / "hall"
