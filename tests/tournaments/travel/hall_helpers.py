"""The hall's laptop in tests: `make hall`'s command in its own process (its own SQLite
database, its own port), and a browser or phone talking to it over HTTP; or this test's database
made the laptop's. Shared by the tests of the evening on the laptop."""

import contextlib
import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from lxml import html

from tournaments.models import Tournament
from tournaments.services.holds import release_hold
from tournaments.travel.models import TrustedKey

MANAGE = Path(settings.BASE_DIR) / "manage.py"


def made_the_laptop(tournament: Tournament) -> None:
    """This test's database made the laptop's, once « Emporter la soirée » gave its file: it
    never issued the lease, nobody holds the evening, the tournament is gone until the file
    comes in."""
    TrustedKey.objects.filter(kind="lease").delete()
    release_hold(tournament=tournament)
    tournament.round_set.all().delete()
    tournament.delete()


def hall_env(folder: Path, port: int) -> dict[str, str]:
    """The laptop's process: the hall's settings and folder, the address `make hall` gives."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "ATOUT_", "DATABASE_URL", "PYTEST", "COV_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="club.settings.hall",
        ATOUT_HALL_DIR=str(folder),
        ATOUT_BASE_URL=f"http://127.0.0.1:{port}",
        PYTHONUNBUFFERED="1",
    )
    return env


class Browser:
    """A browser or a phone talking to the laptop over HTTP: its cookies, Django's CSRF token
    sent back with each form, redirects not followed (their status is what is checked)."""

    def __init__(self, root: str) -> None:
        self.root = root
        #: where the last redirect pointed
        self.location = ""
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect()
        )

    def request(self, path: str, data: dict[str, str] | None = None) -> tuple[int, bytes]:
        body = None
        if data is not None:
            token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
            body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        try:
            with self.opener.open(self.root + path, data=body, timeout=60) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            self.location = error.headers.get("Location", "")
            return error.code, error.read()

    def get(self, path: str) -> str:
        status, content = self.request(path)
        assert status == 200, (path, status, content[:2000])
        return content.decode()

    def post(self, path: str, data: dict[str, str], expected: int = 302) -> str:
        status, content = self.request(path, data)
        assert status == expected, (path, status, content.decode()[:3000])
        return content.decode()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def page_text(content: bytes | str) -> str:
    """What a person reads in the page's main part (as test_round_trip compares)."""
    tree = html.fromstring(content)
    for node in tree.xpath("//script|//style"):
        node.drop_tree()
    main = tree.xpath("//main") or [tree]
    return " ".join(main[0].text_content().split())


@contextlib.contextmanager
def laptop(bundle: Path, folder: Path) -> Iterator[tuple[str, str]]:
    """`make hall`'s command in its own process on a free port of 127.0.0.1; its printed
    output (address, login) and its address, once it answers."""
    port = free_port()
    log = folder.with_suffix(".log")
    folder.mkdir()
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                str(MANAGE),
                "hall",
                str(bundle),
                "--workers",
                "1",
                "--addrport",
                f"127.0.0.1:{port}",
            ],
            env=hall_env(folder, port),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    root = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(root + "/healthz", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        yield log.read_text(), root
    finally:
        process.terminate()
        process.wait(timeout=30)


def scorekeeper_on(printed: str, root: str) -> tuple[Browser, str]:
    """The desk's browser logged in with the evening's login that `make hall` printed, and the
    path of the tournament's desk it printed."""
    login = re.search(r"soiree / (\S+)", printed)
    assert login, printed
    desk = re.search(r"(http://\S+/saisie/tournois/\d+/)", printed)
    assert desk, printed
    browser = Browser(root)
    browser.get("/login/")
    browser.post("/login/", {"username": "soiree", "password": login[1]})
    return browser, urllib.parse.urlparse(desk[1]).path
