"""Issue 32's figures under gunicorn on PostgreSQL, production settings.

    .venv/bin/python bench/issue32_gunicorn.py

Drops and recreates the PostgreSQL database ``atout_issue32`` (127.0.0.1:5432, user postgres),
builds the demo there under the test settings (``manage.py demo`` refuses production's), then
serves it with ``club.settings.prod`` under gunicorn (2 workers, the project's
``gunicorn.conf.py``, a throwaway secret key; ``bench/load.py``'s ``gunicorn``) and:

1. in the demo's team games (Quarante, Plonk), picks one player of each of three teams as
   ``tests/privacy/test_public_names.py`` does, crawls every public page of the tournament
   (its pages and the links under it, its tables, its season's pages, the club's pages, the
   hall screen), its public workbooks (openpyxl) and its wall plans (the committee's PDF,
   pypdf), sets the three players to hidden, initials and a pseudonym through the committee's
   member page, crawls again, and counts their real names found (expected 0 after);
2. logs in as the demo's committee (``bureau``) and sends each hostile file of
   ``tests/hostile_files.py`` to both imports (members, archived evenings): the answer, its
   French message, the wall time, the serving worker's resident memory before and at its
   peak (sampled every 20 ms), the workers' CPU, and the rows counted before and after.

Exits 1 if a hidden name was found, or a file was not refused (400/413 with a message) or
saved something; else 0.
"""

import contextlib
import html
import io
import os
import re
import subprocess
import sys
import threading
import time
import uuid
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import urlencode, urljoin, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import PRODUCTION, ROOT, setup_django
from load import TOKEN, gunicorn

sys.path.insert(0, str(ROOT / "tests"))
import hostile_files

DATABASE = "atout_issue32"
DATABASE_URL = f"postgres://postgres@127.0.0.1:5432/{DATABASE}"
PSEUDONYM = "Le Fou du Roi"
FIELD_ERROR = re.compile(r'class="field-error"[^>]*>(.*?)</p>', re.S)
LINK = re.compile(r'(?:href|src|action|data-[a-z-]+)="(/[^"#]*)"')


class Client:
    """A browser with cookies, come through the TLS proxy (as production expects)."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method, path, body=b"", content_type=""):
        headers = {
            "Host": f"127.0.0.1:{self.port}",
            "X-Forwarded-Proto": "https",
            "Accept-Language": "fr",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST":
            headers["Content-Type"] = content_type
            headers["Referer"] = f"https://127.0.0.1:{self.port}{path}"
        connection = HTTPConnection("127.0.0.1", self.port, timeout=300)
        try:
            connection.request(method, path, body=body or None, headers=headers)
            response = connection.getresponse()
            content = response.read()
        finally:
            connection.close()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, response.getheader("Location") or "", content

    def get(self, path):
        return self.request("GET", path)

    def token(self, path) -> str:
        _status, _location, page = self.get(path)
        return TOKEN.search(page.decode()).group(1)

    def post(self, path, fields: dict, files: dict | None = None, token: str = ""):
        fields = {"csrfmiddlewaretoken": token or self.token(path), **fields}
        if not files:
            return self.request(
                "POST", path, urlencode(fields), "application/x-www-form-urlencoded"
            )
        boundary = uuid.uuid4().hex
        body = io.BytesIO()
        for name, value in fields.items():
            body.write(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
            )
            body.write(f"{value}\r\n".encode())
        for name, (filename, content) in files.items():
            body.write(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
            )
            body.write(content + b"\r\n")
        body.write(f"--{boundary}--\r\n".encode())
        return self.request(
            "POST", path, body.getvalue(), f"multipart/form-data; boundary={boundary}"
        )


def prepare_database() -> None:
    """The database recreated, migrated and the demo built under the test settings."""
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as db:
        db.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        db.execute(f"CREATE DATABASE {DATABASE}")
    env = {
        **os.environ,
        "DATABASE_URL": DATABASE_URL,
        "DJANGO_SETTINGS_MODULE": "club.settings.test",
    }
    for command in (["migrate", "-v", "0"], ["demo"]):
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )


# --------------------------------------------------------------------------- 1. the names


def team_game_players(club, game: str):
    """As tests/privacy/test_public_names.py's ``_team_game_players``: a published team game
    and three of its players, each of another team, their last names unlike anyone's."""
    from django.db.models import Q

    from club.models import Player
    from tournaments.selectors import listing

    tournament = listing.published().get(club=club, game=game)
    chosen, teams = [], set()
    for entry in tournament.entries.select_related("player").order_by("pk"):
        last_name = entry.player.last_name
        alike = Player.objects.filter(
            Q(last_name__iexact=last_name) | Q(first_name__iexact=last_name)
        ).count()
        if entry.team_id and entry.team_id not in teams and alike == 1:
            chosen.append(entry.player)
            teams.add(entry.team_id)
    return tournament, chosen[:3]


def searched_words(players) -> dict[str, re.Pattern]:
    """Each player's real last name; his first name too where his mode hides it (hidden,
    pseudonym), alone when nobody else bears it, else next to his last name (already
    searched: a first name shared with shown players is not his)."""
    from django.db.models import Q

    from club.models import Player

    words = {}
    for player, mode in zip(players, ("hidden", "initials", "pseudonym"), strict=True):
        words[player.last_name] = player.last_name
        first = player.first_name
        alike = Player.objects.filter(Q(first_name__iexact=first) | Q(last_name__iexact=first))
        if mode != "initials" and alike.count() == 1:
            words[first] = first
    return {w: re.compile(rf"\b{re.escape(w)}\b", re.IGNORECASE) for w in words}


def document_text(path: str, content: bytes) -> str:
    if path.endswith(".xlsx"):
        from openpyxl import load_workbook

        book = load_workbook(io.BytesIO(content), read_only=True)
        return " ".join(
            str(v) for ws in book for row in ws.iter_rows(values_only=True) for v in row if v
        )
    if content.startswith(b"%PDF"):
        from pypdf import PdfReader

        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    return html.unescape(content.decode("utf-8", "replace"))


def public_documents(port: int, committee: Client, tournament) -> dict[str, tuple[int, str]]:
    """Every public page of ``tournament`` reached from its pages (anonymous), then its wall
    plans (the committee's): url → (status, text)."""
    from django.urls import reverse

    from tournaments.models import Table

    club, season = tournament.club, tournament.season_id
    tables = {
        reverse("table_detail", args=[pk])
        for pk in Table.objects.filter(round__tournament=tournament).values_list("pk", flat=True)
    }
    scope = re.compile(rf"^/(tournois/{tournament.pk}/|saisons/{season}/|tables/\d+/$)")
    queue = [
        "/",
        reverse("tournament_list"),
        reverse("club_home", args=[club.slug]),
        reverse("club_privacy", args=[club.slug]),
        reverse("site_privacy"),
        *(reverse(n, args=[tournament.pk]) for n in ("tournament_standings", "tournament_rounds")),
        reverse("tournament_display", args=[tournament.pk]),
        reverse("tournament_standings", args=[tournament.pk]) + "?sort=-name",
        reverse("tournament_xlsx", args=[tournament.pk]),
        reverse("season_standings", args=[season]),
        reverse("season_xlsx", args=[season]),
        *sorted(tables),
    ]
    anonymous, documents = Client(port), {}
    seen = dict.fromkeys(queue, "")  # each link: the page it was first found on
    while queue:
        path = queue.pop(0)
        status, location, content = anonymous.get(path)
        documents[path] = (status, document_text(path, content) if status == 200 else seen[path])
        targets = [location] if location else []
        if status == 200 and not path.endswith(".xlsx"):
            targets += LINK.findall(html.unescape(content.decode("utf-8", "replace")))
        for target in targets:
            target = urlsplit(urljoin(path, target))
            link = target.path + (f"?{target.query}" if target.query else "")
            if target.netloc not in ("", f"127.0.0.1:{anonymous.port}") or link in seen:
                continue
            if scope.match(target.path) and (
                not target.path.startswith("/tables/") or target.path in tables
            ):
                seen[link] = path
                queue.append(link)
    for round_ in tournament.round_set.order_by("number"):
        path = reverse("round_plan_pdf", args=[round_.pk])
        status, _location, content = committee.get(path)
        documents[path] = (status, document_text(path, content) if status == 200 else "")
    return documents


def names_sweep(port: int, committee: Client) -> bool:
    from django.urls import reverse

    from club.models import Club

    club = Club.objects.get(slug="la-chevalerie")
    clean = True
    for game in ("quarante", "plonk"):
        tournament, players = team_game_players(club, game)
        assert len(players) == 3, f"{game}: no three such players"
        words = searched_words(players)
        print(f"{tournament.name} (tournament {tournament.pk}): searched {sorted(words)}")
        for phase in ("before", "after"):
            if phase == "after":
                for player, mode in zip(players, ("hidden", "initials", "pseudonym"), strict=True):
                    url = reverse("club_member", args=[club.slug, player.pk])
                    fields = {
                        "public_name": mode,
                        "pseudonym": PSEUDONYM if mode == "pseudonym" else "",
                    }
                    status, _location, _page = committee.post(url, fields)
                    assert status == 302, f"{player.pk} → {mode}: {status}"
            documents = public_documents(port, committee, tournament)
            found = {
                (path, word)
                for path, (_status, text) in documents.items()
                for word, pattern in words.items()
                if pattern.search(text)
            }
            statuses = {}
            for status, _text in documents.values():
                statuses[status] = statuses.get(status, 0) + 1
            kinds = {
                "pages": sum(not p.endswith((".xlsx", ".pdf")) for p in documents),
                "workbooks": sum(p.endswith(".xlsx") for p in documents),
                "PDFs": sum(p.endswith(".pdf") for p in documents),
            }
            print(f"  {phase:6}: read {kinds}, statuses {statuses}; names found: {len(found)}")
            if phase == "after":
                shown = " ".join(text for _status, text in documents.values())
                hidden, initials, _pseudonymous = players
                checks = {
                    f"Joueur {hidden.pk}": f"Joueur {hidden.pk}" in shown,
                    f"{initials.first_name} {initials.last_name[0]}.": (
                        f"{initials.first_name} {initials.last_name[0]}." in shown
                    ),
                    PSEUDONYM: PSEUDONYM in shown,
                }
                print(f"          shown instead: {checks}")
                for path, word in sorted(found):
                    print(f"          FOUND {word!r} in {path}")
                for path, (status, text) in documents.items():
                    if status != 200:
                        print(f"          {status} {path}, linked from {text}")
                clean = clean and not found and all(checks.values()) and max(statuses) < 500
    return clean


# --------------------------------------------------------------------------- 2. the files


def workers(master: int) -> list[int]:
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master:
                pids.append(int(stat.parent.name))
        except (OSError, ValueError):
            continue
    return pids


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def memory_kb(pid: int, key: str = "VmRSS") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def measured(master: int, send):
    """``send()``'s answer with the workers' figures: wall seconds, CPU seconds of each
    worker, their RSS before and at its peak (sampled every 20 ms), their VmHWM (the kernel's
    peak RSS since the worker started) before and after."""
    pids = workers(master)
    before = {pid: (cpu_ticks(pid), memory_kb(pid), memory_kb(pid, "VmHWM")) for pid in pids}
    peak = {pid: rss for pid, (_cpu, rss, _hwm) in before.items()}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            for pid in pids:
                with contextlib.suppress(OSError):
                    peak[pid] = max(peak[pid], memory_kb(pid))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    start = time.perf_counter()
    try:
        answer = send()
    finally:
        wall = time.perf_counter() - start
        done.set()
        sampler.join()
    cpu, memory = {}, {}
    for pid in pids:
        try:
            cpu[pid] = (cpu_ticks(pid) - before[pid][0]) / os.sysconf("SC_CLK_TCK")
            hwm = memory_kb(pid, "VmHWM")
        except OSError:
            cpu[pid], hwm = -1.0, -1  # the worker died
        memory[pid] = (before[pid][1], peak[pid], before[pid][2], hwm)
    return answer, wall, cpu, memory


def rows() -> dict[str, int]:
    from club.models import Player
    from tournaments.models import Entry, Tournament, TournamentResult

    return {
        "players": Player.objects.count(),
        "memberships": Player.clubs.through.objects.count(),
        "tournaments": Tournament.objects.count(),
        "entries": Entry.objects.count(),
        "results": TournamentResult.objects.count(),
    }


def hostile_uploads(master: int, committee: Client) -> bool:
    from django.urls import reverse

    from club.models import Season

    season = Season.objects.filter(club__slug="la-chevalerie").order_by("-start").first()
    header = ["Nom", "Prénom", "Date", "Joueur"]  # as tests/club/test_hostile_spreadsheets.py
    files = {
        "whole grid, a row at its end": hostile_files.whole_grid(
            header, ["Dubois", "Anne"], far="row"
        ),
        "whole grid, 100,000 rows": hostile_files.whole_grid(
            header, ["Dubois", "Anne"], far="many"
        ),
        "300 MB shared string": hostile_files.huge_shared_string(header),
    }
    imports = {
        "members": (reverse("player_import", args=["la-chevalerie"]), {}),
        "archived evenings": (
            reverse("staff_archive_import", args=["la-chevalerie"]),
            {"season": season.pk, "game": "whist", "rounds": 3},
        ),
    }
    print(
        f"{'file':30} {'kB':>6} {'import':18} {'status':>6} {'wall s':>7} {'CPU s':>6} "
        f"{'RSS before MB':>13} {'peak MB':>8} {'HWM before→after MB':>19}  message"
    )
    refused = True
    counted = rows()
    for name, content in files.items():
        for kind, (url, fields) in imports.items():
            token = committee.token(url)  # the page before: what is measured is the file's

            def send(url=url, fields=fields, content=content, token=token):
                return committee.post(url, fields, {"file": ("hostile.xlsx", content)}, token)

            (status, _location, page), wall, cpu, memory = measured(master, send)
            serving = max(cpu, key=lambda pid: cpu[pid])
            errors = FIELD_ERROR.findall(page.decode("utf-8", "replace"))
            message = " ".join(html.unescape(errors[0]).split()) if errors else ""
            rss_before, rss_peak, hwm_before, hwm_after = memory[serving]
            print(
                f"{name:30} {len(content) / 1024:6.1f} {kind:18} {status:6} {wall:7.2f} "
                f"{sum(cpu.values()):6.2f} {rss_before / 1024:13.0f} {rss_peak / 1024:8.0f} "
                f"{f'{hwm_before / 1024:.0f}→{hwm_after / 1024:.0f}':>19}  "
                f"{message}"
            )
            after = rows()
            if after != counted:
                print(f"    SAVED: {counted} → {after}")
            refused = refused and status in (400, 413) and bool(message) and after == counted
            counted = after
    print(f"rows (players, memberships, tournaments, entries, results): {counted}")
    return refused


def main() -> None:
    os.environ["DATABASE_URL"] = DATABASE_URL
    os.environ.setdefault("ATOUT_LOG_LEVEL", "WARNING")  # the server's and this process's logs
    started = time.perf_counter()
    prepare_database()
    setup_django(PRODUCTION)  # a throwaway DJANGO_SECRET_KEY, the static files collected
    from axes.utils import reset
    from django.contrib.auth.models import User

    user = User.objects.get(username="bureau")
    user.set_password("atout-bureau")  # production's hasher (the demo's is the tests' MD5)
    user.save()
    reset(username="bureau")
    print(f"database {DATABASE} migrated, demo built: {time.perf_counter() - started:.0f} s")
    with gunicorn(workers=2, settings=PRODUCTION) as (port, master, _report_dir):
        print(f"gunicorn on 127.0.0.1:{port}, master {master}, workers {workers(master)}")
        committee = Client(port)
        status, _location, _page = committee.post(
            "/login/", {"username": "bureau", "password": "atout-bureau"}
        )
        assert status == 302, f"login refused: {status}"
        names_clean = names_sweep(port, committee)
        files_refused = hostile_uploads(master, committee)
    print(
        f"names found 0: {names_clean}; every hostile file refused, nothing saved: {files_refused}"
    )
    sys.exit(0 if names_clean and files_refused else 1)


if __name__ == "__main__":
    main()
