"""Issue 28: a fourth language's game words are a column of ``scoring/game_words.csv`` and a
catalogue in ``locale/``, no Python code. A copy of the project (as committed: ``git archive
HEAD``) gets German that way only; its own ``manage.py`` then names the games, the Double King
games, the whist contracts and the rows in German, German is one of the site's languages, and
a page shows it."""

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings as django_settings

REPO = Path(django_settings.BASE_DIR)
PYTHON = Path(sys.executable)

#: The copy's processes run on a SQLite file of their own (not rerun on PostgreSQL).
pytestmark = pytest.mark.processes_apart

#: German words for some keys; the others are left empty: they fall back to French.
GERMAN = {
    "game.double_king": "Doppelkönig",
    "game.quarante": "Vierzig für Könige",
    "game.double": "Doppel",
    "dk.hearts": "Keine Herzen",
    "dk.queens": "Keine Damen",
    "dk.trump": "Trumpf",
    "contract.trou": "Trou (deutsch)",
    "contract.petite_misere": "Kleine Misère",
    "contract.solo_6": "Solo sechs",
}
CATALOGUE = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Game %(row)d (%(letter)s)"
msgstr "Spiel %(row)d (%(letter)s)"

msgid "Deal %(n)d"
msgstr "Runde %(n)d"
"""

SCRIPT = """
import datetime, json
import scoring
from django.conf import settings
from django.test import Client
from django.utils import translation
from club.models import Club, Season
from scoring import GAMES
from tournaments.games import PLUGINS
from tournaments.games.double_king import kind_names
from tournaments.games.whist import contract_names
from tournaments.models import Tournament, game_choices

club = Club.objects.create(name="Skatclub", slug="skatclub")
season = Season.objects.create(
    club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
)
tournament = Tournament.objects.create(
    club=club, season=season, game="double_king", name="Abend",
    date=datetime.date(2026, 3, 14), published=True,
)
client = Client(HTTP_HOST="localhost")
client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
page = client.get(tournament.get_absolute_url())
with translation.override("de"):
    print(json.dumps({
        "scoring": scoring.__file__,
        "languages": [code for code, _ in settings.LANGUAGES],
        "games": dict(game_choices()),
        "kinds": kind_names(),
        "contracts": contract_names(),
        "default_trou": GAMES["whist"].default_rules()["contracts"][3],
        "rows": PLUGINS["double_king"].row_labels([{"game": "hearts"}, {"game": "trump"}]),
        "deal": PLUGINS["whist"].row_labels([{}, {}]),
        "page": [page.status_code, page.content.decode()],
    }))
"""


def git(copy: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=copy,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def add_german_column(path: Path) -> None:
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.reader(file))
    rows[0].append("de")
    for row in rows[1:]:
        row.append(GERMAN.get(row[0], ""))
    with path.open("w", encoding="utf-8", newline="") as file:
        csv.writer(file, lineterminator="\n").writerows(rows)


def test_german_is_a_column_of_words_and_a_catalogue_no_code(tmp_path):
    copy = tmp_path / "atout"
    copy.mkdir()
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=REPO, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(copy)], input=archive.stdout, check=True)
    git(copy, "init", "-q")
    git(copy, "add", "-A")
    git(copy, "commit", "-q", "-m", "as released")

    add_german_column(copy / "scoring" / "game_words.csv")
    folder = copy / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text(CATALOGUE, encoding="utf-8")
    for po in (copy / "locale").glob("*/LC_MESSAGES/django.po"):  # as `make install` does
        subprocess.run(["msgfmt", "-o", po.with_suffix(".mo"), po], check=True)

    # The compiled catalogue is ignored by git, as every language's is.
    changed = git(copy, "status", "--porcelain", "--untracked-files=all").splitlines()
    assert sorted(line[3:] for line in changed) == [
        "locale/de/LC_MESSAGES/django.po",
        "scoring/game_words.csv",
    ]
    assert not [line for line in changed if line.endswith(".py")]

    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}

    def manage(*args: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [str(PYTHON), "manage.py", *args], cwd=copy, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done

    manage("migrate", "-v", "0")
    out = json.loads(manage("shell", "--no-imports", "-c", SCRIPT).stdout.splitlines()[-1])

    assert Path(out["scoring"]).is_relative_to(copy)  # the copy's code, not this checkout's
    assert "de" in out["languages"]
    assert out["games"]["double_king"] == "Doppelkönig"
    assert out["games"]["double"] == "Doppel"
    assert out["games"]["plonk"] == "Plonk"  # no German word: the French one
    assert (out["kinds"]["hearts"], out["kinds"]["trump"]) == ("Keine Herzen", "Trumpf")
    assert out["kinds"]["tricks"] == "Pas de plis"
    assert out["contracts"]["trou"] == "Trou (deutsch)"
    assert out["contracts"]["petite_misere"] == "Kleine Misère"
    assert out["contracts"]["emballage_8"] == "Emballage 8"
    assert out["default_trou"]["name_de"] == "Trou (deutsch)"  # a new ruleset's German column
    assert out["rows"] == ["Spiel 1 (B)", "Spiel 2 (T)"]
    assert out["deal"] == ["Runde 1", "Runde 2"]
    status, page = out["page"]
    assert status == 200 and "Doppelkönig" in page and 'lang="de"' in page
