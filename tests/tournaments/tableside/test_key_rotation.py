"""Issue 32, §7.8: changing ``DJANGO_SECRET_KEY`` must not turn every printed QR code and
phone link into a 404. The old key kept in ``DJANGO_SECRET_KEY_FALLBACKS`` keeps the links
working (and a sheet printed again shows the same code); a link signed with a key that is no
longer known is reported by a system check (``manage.py check --database default``, and
``migrate`` runs it), not discovered by the players."""

import os
import subprocess
import sys

import pytest
from django.core.checks import run_checks
from django.test import Client
from django.urls import reverse

from tournaments.tableside import table_entry
from tournaments.tableside.models import TableLink

pytestmark = pytest.mark.django_db

OLD_KEY = "the-old-key-" + "o" * 50
NEW_KEY = "the-new-key-" + "n" * 50


@pytest.fixture
def tables(played_tournament):
    round_ = played_tournament.round_set.order_by("number").first()
    return list(round_.tables.order_by("number"))


def link_warnings() -> list:
    return [m for m in run_checks(databases=["default"]) if m.id == "tableside.W001"]


def test_a_printed_link_keeps_working_after_the_key_changes(settings, tables):
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = OLD_KEY, []
    printed = table_entry.issue_link(tables[0], user=None).token
    assert Client().get(reverse("table_page", args=[printed])).status_code == 200

    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, [OLD_KEY]
    assert Client().get(reverse("table_page", args=[printed])).status_code == 200
    assert Client().get(reverse("table_state", args=[printed])).status_code == 200
    # The sheet printed again carries the same code; a new link is signed with the new key.
    assert TableLink.objects.get(table=tables[0], revoked_at__isnull=True).token == printed
    fresh = table_entry.issue_link(tables[1], user=None).token
    settings.SECRET_KEY_FALLBACKS = []
    assert Client().get(reverse("table_page", args=[fresh])).status_code == 200
    assert Client().get(reverse("table_page", args=[printed])).status_code == 404


def test_a_check_warns_when_live_links_were_signed_with_a_key_no_longer_known(settings, tables):
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = OLD_KEY, []
    table_entry.issue_link(tables[0], user=None)
    table_entry.issue_link(tables[1], user=None)
    assert link_warnings() == []

    settings.SECRET_KEY = NEW_KEY  # the old key lost
    (warning,) = link_warnings()
    assert "2 table links" in warning.msg
    assert "DJANGO_SECRET_KEY_FALLBACKS" in warning.hint

    settings.SECRET_KEY_FALLBACKS = [OLD_KEY]  # kept beside the new one
    assert link_warnings() == []


def test_production_reads_the_old_keys_from_the_environment(tmp_path):
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="club.settings.prod",
        DJANGO_SECRET_KEY=NEW_KEY,
        DJANGO_SECRET_KEY_FALLBACKS=f"{OLD_KEY}, older-key-{'x' * 50} ,",
        DJANGO_ALLOWED_HOSTS="atout.example.org",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PYTHONWARNINGS="ignore",
    )
    script = "import django; django.setup()\nfrom django.conf import settings\n"
    script += "print(*settings.SECRET_KEY_FALLBACKS, sep='\\n')\n"
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.splitlines() == [OLD_KEY, f"older-key-{'x' * 50}"], done.stderr
