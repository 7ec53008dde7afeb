"""WSGI entry point for gunicorn: ``gunicorn club.wsgi`` (settings in gunicorn.conf.py)."""

import io
import os
from importlib import import_module

from django.conf import settings
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application

from club.checks import ATOUT

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings.prod")
application = get_wsgi_application()
# What a production install must have done (the catalogue compiled): refuse to serve without.
call_command("check", tags=[ATOUT], stdout=io.StringIO())
# The URLconf and the views it imports, now rather than on the first request (no queries).
import_module(settings.ROOT_URLCONF)
