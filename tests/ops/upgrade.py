"""The upgrade from each release of ``tests/ops/upgrade_from.txt`` (issue 32, §8), run by
``.ci/run`` beside the test suite:

    .venv/bin/python tests/ops/upgrade.py

For each release (a commit, named by its hash), in a temporary folder of its own:

1. the old code (``git archive`` of the commit) compiles its catalogue, builds its demo on a
   PostgreSQL database of its own (``atout_upgrade_<release>``, dropped first) with its own
   settings and a cache folder of its own; the scorekeeper asks a round's sheets through the
   pages with no worker running (the document stays queued), and, where the release has phones,
   a phone confirms the deal the demo left waiting through its table link; every table's rows
   are counted and every standings and rounds page read (``upgrade_probe.py``, run by the old
   code's Django);
2. the current code (``git archive HEAD``) upgrades it as docs/deploy.md says (the catalogue,
   ``migrate``, ``collectstatic``, ``check --deploy``), on the production settings, the same
   cache folder kept;
3. it checks: every table keeps its rows (only Django's own bookkeeping grows); every
   standings and rounds page answers with the same figures (each table row's numbers; a
   standings row's names as they were: the club's order of names kept); no stale page (the
   first pass over the kept cache writes an entry for each page at least: none was read from
   the old release's entries; and each page reads as the one the current code builds on an
   empty cache); the queued document ends, done or failed visibly, after the new worker's
   one run (``db_worker --batch``).

Each code runs with ``ATOUT_RELEASE`` as its checkout would compute it (version+commit): the
archives hold no ``.git``. Exits non-zero at the first claim that does not hold, saying which;
prints each release's time and the whole run's. ``UPGRADE_POSTGRES`` names the server
(``postgres://postgres@127.0.0.1:5432`` unless set); ``UPGRADE_FROM=0.1.0`` runs one release
only; ``UPGRADE_VERBOSE=1`` times each step; ``UPGRADE_TO=<commit>`` upgrades with another
commit's code than HEAD, ``UPGRADE_DATABASE_PREFIX`` names the databases otherwise.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
PROBE = str(Path(__file__).with_name("upgrade_probe.py"))
RELEASES = Path(__file__).with_name("upgrade_from.txt")
SERVER = os.environ.get("UPGRADE_POSTGRES", "postgres://postgres@127.0.0.1:5432").rstrip("/")
SECRET = "upgrade-test-" + "u" * 50
#: The databases' names: this and the release (``atout_upgrade_0_1_0``).
DATABASE_PREFIX = os.environ.get("UPGRADE_DATABASE_PREFIX", "atout_upgrade_")
#: The code that upgrades: HEAD, or another commit (to see this test fail on an older main).
TARGET = os.environ.get("UPGRADE_TO", "HEAD")
#: Django's bookkeeping, which an upgrade may grow: its migrations, content types, permissions
#: (and the roles' groups' permissions).
GROWS = {"django_migrations", "django_content_type", "auth_permission", "auth_group_permissions"}
NUMBER = re.compile(r"[-+−]?\d+(?:[.,]\d+)?")
VERSION = re.compile(r'^version = "([^"]+)"', re.MULTILINE)
#: A document's page while it is being prepared, in French or English.
PREPARING = re.compile(r"prépar|being prepared")


def claim(holds: bool, what: str) -> None:
    print(("ok   " if holds else "FAIL ") + what, flush=True)
    if not holds:
        raise SystemExit(1)


def run(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    started = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    if os.environ.get("UPGRADE_VERBOSE"):
        print(f"     {time.perf_counter() - started:5.1f} s  {' '.join(args[1:4])}", flush=True)
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        raise SystemExit(f"FAIL {' '.join(args[1:4])} in {cwd.name} exited {done.returncode}")
    return done.stdout


def export_commit(commit: str, folder: Path) -> str:
    """``commit``'s files in ``folder``; its release as its checkout would compute it."""
    folder.mkdir()
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    full = subprocess.run(
        ["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    version = VERSION.search((folder / "pyproject.toml").read_text()).group(1)
    return f"{version}+{full}"


def cache_entries(folder: Path) -> int:
    return sum(1 for _ in folder.rglob("*.djcache"))


def fresh_database(name: str) -> str:
    with psycopg.connect(f"{SERVER}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{SERVER}/{name}"


def row_counts(url: str) -> dict[str, int]:
    with psycopg.connect(url) as connection:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            )
        ]
        return {
            table: connection.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
            for table in tables
        }


def probe(code: Path, command: str, env: dict[str, str]) -> dict:
    return json.loads(run([PYTHON, PROBE, str(code), command], code, env).splitlines()[-1])


def figures(rows: list[list[str]]) -> list[list[str]]:
    """Each row's numbers, in order, for the rows that hold some (a header's words changed
    between releases, its « R1 », « R2 » did not)."""
    numbers = ([n.replace("−", "-") for n in NUMBER.findall(" ".join(row))] for row in rows)
    return [found for found in numbers if found]


def names(rows: list[list[str]]) -> list[list[str]]:
    """A standings' rows (those that begin with a rank): their cells that hold no figure, the
    players' names as written. A team's players (« A & B ») are compared as their words: 0.1.0
    wrote them « Prénom Nom » beside its « Nom Prénom » players, one club setting now."""
    return [
        [
            " ".join(sorted(cell.split())) if "&" in cell else cell
            for cell in row
            if cell and not NUMBER.search(cell)
        ]
        for row in rows
        if row and NUMBER.fullmatch(row[0])
    ]


def production(database: str, cache: Path, release: str) -> dict[str, str]:
    """The environment of the current code: the production settings, as deployed."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ATOUT_"))}
    return {
        **base,
        "DJANGO_SETTINGS_MODULE": "club.settings.prod",
        "DJANGO_SECRET_KEY": SECRET,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database,
        "ATOUT_CACHE_DIR": str(cache),
        "ATOUT_RELEASE": release,
        "ATOUT_LOG_LEVEL": "ERROR",
    }


def upgrade(commit: str, label: str, workdir: Path, new: Path, new_release: str) -> None:
    started = time.perf_counter()
    old = workdir / f"old-{label}"
    old_release = export_commit(commit, old)
    database = fresh_database(f"{DATABASE_PREFIX}{label.replace('.', '_')}")
    cache = workdir / f"cache-{label}"
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ATOUT_"))}
    old_env = {
        **base,
        "DJANGO_SETTINGS_MODULE": "club.settings.dev",
        "DATABASE_URL": database,
        "ATOUT_CACHE_DIR": str(cache),
        "ATOUT_RELEASE": old_release,
    }
    print(f"== from {label} ({commit[:7]})", flush=True)
    run([PYTHON, "manage.py", "compilemessages", "--ignore=.venv", "-v", "0"], old, old_env)
    run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], old, old_env)
    run([PYTHON, "manage.py", "demo"], old, old_env)
    queued = probe(old, "queue_pdf", old_env)
    claim(
        bool(PREPARING.search(queued["page"])),
        f"{label}: a round's sheets queued through the pages",
    )
    phoned = probe(old, "phones", old_env)
    if phoned["confirmed"] is not None:  # a release with the phones' seats
        claim(
            phoned["confirmed"] and phoned["on_the_sheet"] >= 1 and phoned["page"] == 200,
            f"{label}: a phone confirms a deal through its table link, on the sheet",
        )
    before = probe(old, "pages", old_env)
    claim(all(p["status"] == 200 for p in before.values()), f"{label}: {len(before)} pages read")
    counts = row_counts(database)
    print(f"     {label}'s demo built and read in {time.perf_counter() - started:.0f} s")

    new_env = production(database, cache, new_release)
    # docs/deploy.md's upgrade (the catalogue and the static files: made once for the new code).
    run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], new, new_env)
    run([PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], new, new_env)

    after = row_counts(database)
    lost = {t: (n, after.get(t)) for t, n in counts.items() if after.get(t) != n and t not in GROWS}
    shrunk = {t: (counts[t], after[t]) for t in GROWS & counts.keys() if after[t] < counts[t]}
    kept = sum(counts.values())
    claim(
        not lost and not shrunk,
        f"{label}: every row kept ({kept} rows in {len(counts)} tables) {lost or ''}{shrunk or ''}",
    )

    kept_entries = cache_entries(cache)
    pages = probe(new, "pages", new_env)
    claim(pages.keys() == before.keys(), f"{label}: the same pages after the upgrade")
    # Built by the current release, not read from the old one's entries (the release is in
    # the keys): the first pass over the kept cache writes an entry at least for each page.
    built = cache_entries(cache) - kept_entries
    claim(
        kept_entries > 0 and built >= len(pages),
        f"{label}: no page read from the old release's {kept_entries} cache entries "
        f"({built} written by the new one)",
    )
    for path, page in pages.items():
        claim(page["status"] == 200, f"{label}: {path} answers ({page['status']})")
        was, now = before[path]["rows"], page["rows"]
        if figures(was) != figures(now):
            print(json.dumps([was, now], ensure_ascii=False)[:3000], file=sys.stderr)
        claim(figures(was) == figures(now), f"{label}: {path} with the same figures")
        if "/rondes/" not in path:  # the standings: the names as they were written
            claim(names(was) == names(now), f"{label}: {path} with the names as they were")

    empty = probe(new, "pages", {**new_env, "ATOUT_CACHE_DIR": str(workdir / f"empty-{label}")})
    stale = [path for path in pages if pages[path]["text"] != empty[path]["text"]]
    claim(not stale, f"{label}: no stale page over the kept cache {stale[:3] or ''}")

    run(
        [PYTHON, "manage.py", "db_worker", "--batch", "--no-startup-delay", "--no-reload"],
        new,
        new_env,
    )
    ended = probe(new, "export", {**new_env, "PROBE_EXPORT": queued["export"]})
    claim(
        ended["status"] in ("ready", "failed") and not PREPARING.search(ended["page"]),
        f"{label}: the document queued before the upgrade ended ({ended['status']})",
    )
    print(f"     from {label}: {time.perf_counter() - started:.0f} s", flush=True)


def releases() -> list[tuple[str, str]]:
    lines = (line.split("#")[0].split() for line in RELEASES.read_text().splitlines())
    return [(fields[0], fields[1]) for fields in lines if fields]


def main() -> None:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="atout-upgrade-") as folder:
        workdir = Path(folder)
        new = workdir / "new"
        new_release = export_commit(TARGET, new)
        subprocess.run(["make", "-s", "catalogue", f"VENV={ROOT / '.venv'}"], cwd=new, check=True)
        static = production(f"{SERVER}/postgres", workdir / "cache", new_release)
        run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"], new, static)
        only = os.environ.get("UPGRADE_FROM")  # one release only (while working on this test)
        for commit, label in releases():
            if only and label != only:
                continue
            upgrade(commit, label, workdir, new, new_release)
    print(f"upgrade test passed in {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
