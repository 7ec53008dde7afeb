"""The build steps (the Dockerfile's, `make production`'s): the catalogue compiled, the static
files collected as production serves them. No secret: none of these steps reads one, and an
image is built without any (its secrets come with the container's environment)."""

from .base import *  # noqa: F403

DEBUG = False
# Production's (club/settings/prod.py takes them from here): the static files' names carry
# their contents' hash, listed in the manifest that collectstatic writes at the build.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
