"""Django for a benchmark: the database of DATABASE_URL (else a throwaway SQLite file), the
test settings (or those named), migrated. Production's settings run in the bench's own
process with a throwaway key, the test client's host allowed and the static files collected
(their storage reads the manifest); the bench's clients then say they came through the TLS
proxy (``HTTPS``), as production's ``SECURE_SSL_REDIRECT`` expects."""

import os
import secrets
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = "club.settings.prod"
#: The test client's headers for a request that came through the TLS proxy.
HTTPS = {"HTTP_X_FORWARDED_PROTO": "https"}


def setup_django(settings: str = "club.settings.test") -> None:
    sys.path.insert(0, str(ROOT))
    if "DATABASE_URL" not in os.environ:
        workdir = tempfile.mkdtemp(prefix="atout-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = settings
    if settings == PRODUCTION:
        os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
        os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if settings == PRODUCTION:
        call_command("collectstatic", interactive=False, verbosity=0)
