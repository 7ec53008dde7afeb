"""The test suite: fast password hashing, static files served without a manifest."""

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
