"""Settings shared by every environment.

The database comes from ``DATABASE_URL`` (SQLite file in the project directory by default).
"""

from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_tables2",
    "django_tasks",
    "django_tasks_db",
    "club",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "club.middleware.ClubLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "club.urls"
WSGI_APPLICATION = "club.wsgi.application"

TEMPLATES = [
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
            ],
        },
    },
]


def database_from_env(default_sqlite: Path) -> dict[str, object]:
    """The default database: ``DATABASE_URL`` or a SQLite file, tuned for concurrent writes."""
    config = dj_database_url.config(default=f"sqlite:///{default_sqlite}", conn_max_age=60)
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

# Login throttling: after this many failures for one user name or one address,
# further attempts are refused for LOGIN_LOCKOUT_SECONDS.
LOGIN_MAX_FAILURES = 5
LOGIN_LOCKOUT_SECONDS = 15 * 60

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Brussels"
USE_I18N = True
USE_TZ = True
# No thousand separators: a primary key of 1000 printed as "1 000" in a form would break it.
USE_THOUSAND_SEPARATOR = False

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Long PDFs are built off the request by a task queue kept in the database
# (`manage.py db_worker` runs it; `make run` starts one beside the server).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# Processes laying sheets out side by side when several are not cached (one per core).
PDF_RENDER_PROCESSES = 2
# Sheets a request may lay out itself (about 0.1 s each on each core): past that, the
# document is queued and its page offers the file when it is ready.
PDF_INLINE_MAX_RENDERS = 40

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
