"""Issue 25, trap 1: a French club's production pages are French by the documented steps alone,
and a check fails loudly when the catalogue is missing (git ignores the compiled ``.mo``)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.core.management.base import SystemCheckError

REPO = Path(django_settings.BASE_DIR)
PYTHON = Path(sys.executable)

#: The clone's processes run on a SQLite file of their own (not rerun on PostgreSQL).
pytestmark = pytest.mark.processes_apart


@pytest.fixture
def source_only(tmp_path, settings):
    """The project's catalogue as git holds it: the ``.po`` without its compiled ``.mo``."""
    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(REPO / "locale" / "fr" / "LC_MESSAGES" / "django.po", folder)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    return folder


def test_the_check_fails_loudly_when_the_french_catalogue_is_missing(source_only):
    with pytest.raises(SystemCheckError) as failed:
        call_command("check", verbosity=0)
    message = str(failed.value)
    assert "atout.E001" in message
    assert str(source_only / "django.mo") in message and "compilemessages" in message


def test_the_check_passes_once_the_catalogue_is_compiled(source_only):
    subprocess.run(
        ["msgfmt", "-o", source_only / "django.mo", source_only / "django.po"], check=True
    )
    call_command("check", verbosity=0)  # no SystemCheckError


def test_a_fresh_clone_installed_as_documented_is_french(tmp_path):
    """A clone has no ``.mo``: ``make install``'s catalogue step (the one docs/deploy.md and the
    Dockerfile run) compiles it, and the pages' words are French."""
    clone = tmp_path / "atout"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True)
    assert not (clone / "locale" / "fr" / "LC_MESSAGES" / "django.mo").exists()
    venv = PYTHON.parent.parent
    own_database = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}

    def manage(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(PYTHON), "manage.py", *args],
            cwd=clone,
            env=own_database,
            capture_output=True,
            text=True,
        )

    unchecked = manage("check")
    assert unchecked.returncode != 0 and "atout.E001" in unchecked.stderr
    # gunicorn loads club.wsgi (production's settings): it refuses to serve English pages.
    production = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SECRET_KEY": "k" * 60,
        "DJANGO_ALLOWED_HOSTS": "atout.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    loaded = subprocess.run(
        [str(PYTHON), "-c", "import club.wsgi"],
        cwd=clone,
        env=production,
        capture_output=True,
        text=True,
    )
    assert loaded.returncode != 0 and "atout.E001" in loaded.stderr
    made = subprocess.run(
        ["make", "-s", "catalogue", f"VENV={venv}"], cwd=clone, capture_output=True, text=True
    )
    assert made.returncode == 0, made.stderr
    assert manage("check").returncode == 0
    rank = manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.utils import translation; translation.activate('fr');"
        "print(translation.gettext('Rank'), translation.gettext('Player'))",
    )
    assert rank.stdout.split() == ["Rang", "Joueur"]


CATALOGUE = REPO / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def french_texts() -> list[str]:
    """Every msgstr of the French catalogue (plural forms included), its lines joined."""
    texts: list[str] = []
    current: list[str] | None = None
    for line in CATALOGUE.read_text().splitlines():
        if line.startswith("msgstr"):
            current = [line.split(" ", 1)[1]]
            texts.append("")
        elif line.startswith('"') and current is not None:
            current.append(line)
        else:
            current = None
        if current is not None:
            texts[-1] = "".join(part.strip()[1:-1] for part in current).replace('\\"', '"')
    return [text for text in texts if text]


def test_no_word_is_left_with_an_s_in_brackets():
    """« 4 équipe(s) tirée(s) » is counted with ngettext instead, in both languages."""
    assert "(s)" not in CATALOGUE.read_text()


def test_french_uses_the_typographic_apostrophe():
    """« n’a », « l’identifiant »: a straight ' only inside markup (an HTML attribute)."""
    texts = french_texts()
    assert len(texts) > 1000
    straight = [t for t in texts if "'" in re.sub(r"<[^>]*>|`[^`]*`", "", t)]
    assert straight == []
