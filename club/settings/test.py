"""The test suite: fast password hashing, static files served without a manifest."""

import os
import tempfile

from .base import *  # noqa: F403

DEBUG = False
SECRET_KEY = "test-only-insecure-key"
ALLOWED_HOSTS = ["*"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files straight from the source folders (no collectstatic in tests).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# The tests build the demo club.
ALLOW_DEMO_DATA = True
# Each test process keeps its pages in its own memory (the suite runs on both cores), unless
# the environment names a cache (the benchmarks: a folder, as in production).
if not (os.environ.get("ATOUT_CACHE_URL") or os.environ.get("ATOUT_CACHE_DIR")):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Each test process signs its bundles with a key of its own, outside the repository.
ATOUT_BUNDLE_KEY_FILE = os.path.join(
    tempfile.gettempdir(), f"atout-test-bundle-key-{os.getpid()}.pem"
)

# On PostgreSQL (CI's second run), the test databases commit without waiting for the disk:
# a test's transactions, locks and isolation are the same, only a crash of the server could
# lose the last commits, of throwaway databases. CI's many commits (each migration, each
# transactional test's flush) otherwise each wait for an fsync on a shared server.
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    DATABASES["default"]["OPTIONS"] = {  # noqa: F405
        **DATABASES["default"].get("OPTIONS", {}),  # noqa: F405
        "options": "-c synchronous_commit=off",
    }
