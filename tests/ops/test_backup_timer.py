"""Issue 32 §7.9: the daily pg_dump the guide recommends, as a systemd timer: its units verify,
and its command, run as the unit runs it (its environment, the backup folder and the database
replaced by a temporary folder and a database of the local PostgreSQL), writes a dump that
pg_restore reads and keeps the newest ATOUT_BACKUP_KEEP of them."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import psycopg
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
UNITS = ROOT / "deploy" / "systemd"
SERVER = "host=127.0.0.1 port=5432 user=postgres"
# One for each xdist worker: their tests run side by side.
DATABASE = f"atout_backup_test_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"

pytestmark = pytest.mark.skipif(not shutil.which("pg_dump"), reason="no pg_dump")


def unit_settings(name: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in (UNITS / name).read_text().splitlines():
        key, equals, value = line.partition("=")
        if equals and not line.startswith("#"):
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def unit_command() -> tuple[list[str], dict[str, str]]:
    """The service's command (as this checkout holds it) and environment."""
    service = unit_settings("atout-backup.service")
    [command] = service["ExecStart"]
    environment = dict(
        pair.split("=", 1) for line in service["Environment"] for pair in line.split()
    )
    return command.replace("/srv/atout", str(ROOT)).split(), environment


@pytest.fixture
def database():
    try:
        server = psycopg.connect(f"{SERVER} dbname=postgres", autocommit=True, connect_timeout=5)
    except psycopg.OperationalError:
        pytest.skip("PostgreSQL does not answer on 127.0.0.1:5432")
    with server:
        server.execute(f"DROP DATABASE IF EXISTS {DATABASE}")
        server.execute(f"CREATE DATABASE {DATABASE}")
        with psycopg.connect(f"{SERVER} dbname={DATABASE}", autocommit=True) as db:
            db.execute("CREATE TABLE tournament_probe (name text)")
            db.execute("INSERT INTO tournament_probe VALUES ('Whist du soir')")
        try:
            yield DATABASE
        finally:
            server.execute(f"DROP DATABASE IF EXISTS {DATABASE}")


def run_backup(folder: Path, database: str) -> subprocess.CompletedProcess[str]:
    command, environment = unit_command()
    assert environment["ATOUT_BACKUP_DIR"] == "/var/backups/atout"
    environment |= {"ATOUT_BACKUP_DIR": str(folder), "PGDATABASE": database}
    # The unit connects as postgres over the local socket; here over TCP (trust).
    environment |= {"PGHOST": "127.0.0.1", "PGPORT": "5432", "PGUSER": "postgres"}
    return subprocess.run(
        command,
        env={"PATH": os.environ["PATH"], **environment},
        capture_output=True,
        text=True,
    )


def test_the_daily_dump_is_readable_and_the_newest_14_are_kept(tmp_path, database):
    folder = tmp_path / "backups"
    folder.mkdir()
    old = [folder / f"atout-2026-10-{day:02}.dump" for day in range(1, 21)]
    for path in old:
        path.write_bytes(b"an older dump")
    (folder / "notes.txt").write_text("not a dump: left alone")

    done = run_backup(folder, database)
    assert done.returncode == 0, done.stderr

    dumps = sorted(folder.glob("atout-*.dump"))
    assert len(dumps) == 14  # ATOUT_BACKUP_KEEP: two weeks of daily dumps
    assert dumps[0] == old[-13]  # the 13 newest older ones and today's
    newest = dumps[-1]
    assert re.fullmatch(r"atout-\d{4}-\d\d-\d\d\.dump", newest.name)
    assert newest.stat().st_mode & 0o077 == 0  # players' data: for its owner only
    listed = subprocess.run(
        ["pg_restore", "--list", str(newest)], capture_output=True, text=True, check=True
    ).stdout
    assert "TABLE DATA public tournament_probe" in listed
    assert (folder / "notes.txt").exists() and not list(folder.glob(".*"))


def test_a_failed_dump_fails_the_unit_and_removes_no_older_dump(tmp_path, database):
    folder = tmp_path / "backups"
    folder.mkdir()
    for day in range(1, 21):
        (folder / f"atout-2026-10-{day:02}.dump").write_bytes(b"an older dump")

    done = run_backup(folder, "atout_no_such_database")
    assert done.returncode != 0
    assert len(list(folder.glob("atout-*.dump"))) == 20
    assert list(folder.glob(".*")) == []  # no partial dump left


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="no systemd-analyze")
def test_the_backup_units_verify_and_run_daily(tmp_path):
    timer = unit_settings("atout-backup.timer")
    assert timer["OnCalendar"] and timer["Persistent"] == ["true"]
    for name in ("atout-backup.service", "atout-backup.timer"):
        text = (UNITS / name).read_text().replace("/srv/atout", str(ROOT))
        (tmp_path / name).write_text(text)
    done = subprocess.run(
        ["systemd-analyze", "verify", *(str(path) for path in sorted(tmp_path.iterdir()))],
        capture_output=True,
        text=True,
    )
    problems = [
        line for line in done.stderr.splitlines() if "atout" in line and "Failed to" not in line
    ]
    assert problems == [], done.stderr
