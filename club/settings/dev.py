"""Local development: DEBUG on, a fixed key that is only ever used on a developer's machine."""

import os

from . import base as base_settings
from .base import *  # noqa: F403

DEBUG = True
SECRET_KEY = "dev-only-insecure-key-never-used-in-production"
# `make run HOST=0.0.0.0` adds this machine's address on the local network (for the phones).
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "[::1]"] + [
    host for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if host
]

# `manage.py demo` may build the demo club (its passwords are public).
ALLOW_DEMO_DATA = True

# Django's debug pages use inline script and style: report policy violations, block nothing.
CONTENT_SECURITY_POLICY_REPORT_ONLY = base_settings.CONTENT_SECURITY_POLICY
CONTENT_SECURITY_POLICY = None
