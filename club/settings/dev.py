"""Local development: DEBUG on, a fixed key that is only ever used on a developer's machine."""

from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = "dev-only-insecure-key-never-used-in-production"
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
