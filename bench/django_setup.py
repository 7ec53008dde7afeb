"""Django for a benchmark: the database of DATABASE_URL (else a throwaway SQLite file), the
test settings (or those named), migrated."""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django(settings: str = "club.settings.test") -> None:
    sys.path.insert(0, str(ROOT))
    if "DATABASE_URL" not in os.environ:
        workdir = tempfile.mkdtemp(prefix="atout-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = settings
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
