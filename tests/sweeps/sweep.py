"""The one walk over every URL of the site, and the registry of checks it applies.

Issue 38 §5: the tests that walked every URL of the resolver (the clubs' tenancy, the staff's
reach of their own pages, malformed input, ids too large for a column) each built their world
and walked every route again: a fifth of CI. They are now checks of ONE walk per database
(``tests/sweeps/test_sweep.py``): the world (``two_clubs`` of tests/conftest.py) is built once,
each route is visited once per role, each request sent once, and every check of that role
judges each answer. A failure names its check, the request and what broke; all of them are
reported at once (``Walk.report``).

How a new check joins the walk
------------------------------
Write a subclass of ``Check`` in ``tests/sweeps/checks.py`` and decorate it with ``@check``:

- ``name``: a few words, the start of each of its failure lines;
- ``roles``: the readers whose requests it judges (``ROLES``: B's committee and scorekeeper,
  A's committee);
- ``requests(walk, route)``: the requests it wants for ``route`` as that role (``Request``);
  the walk sends each one once, whichever checks want it. ``walk.page(url)`` is the plain GET of
  a URL (sent once, judged like any request), to read a form's fields from it. With
  ``route=None`` (once per phase, in the walk's first part): requests not tied to a route;
- ``judge(walk, route, answer)``: the problems of one answer (every answer of its roles, its
  own requests or another check's), as lines; empty when all is well;
- ``finish(walk)``: problems found over the whole phase (a page never reached, too few requests:
  the walk really walked).

Each role's phase runs in a savepoint rolled back at its end, the cache emptied: every phase
starts from the world as built, as the separate tests did. The routes are split in ``PARTS``
(one per CI core, the world built once in each); a check over the whole phase counts its part.

Tests that are not here, and why: the Dutch walk (tests/ops/test_dutch_pages.py) follows links
through the demo club in Dutch, another world and another reader; the browser walks
(tests/e2e/test_staff_pages_axe.py, test_public_pages_checked.py) run axe-core and the Nu Html
Checker in Chromium, per game at two screen sizes; the privacy and name-order tests read a few
pages of a player before and after a change, which is no walk of the resolver.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from django.core.cache import cache
from django.db import connection, reset_queries, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "club"))
from url_walk import Route, routes

#: The readers of the walk: club B's committee and scorekeeper (the tenancy), club A's
#: committee (its own pages, malformed input, ids too large).
ROLES = ("b_bureau", "b_saisie", "a_bureau")
#: The routes split in parts, one test each (CI's two cores each take one).
PARTS = 2
#: A statement that writes; sessions change with every login, axes records failed logins on
#: purpose, and an unknown table token is counted (the guessing limit).
WRITES = re.compile(
    r"^\s*(INSERT|UPDATE|DELETE)\b(?!.*(django_session|axes_|tournaments_linkmiss))", re.I | re.S
)


@dataclass(frozen=True)
class Upload:
    """A file field's value: a new file object at each sending."""

    name: str
    content: bytes

    def file(self) -> io.BytesIO:
        stream = io.BytesIO(self.content)
        stream.name = self.name
        return stream


@dataclass(frozen=True)
class Request:
    """One request of the walk: ``data``'s items (a tuple value: several values of one name)."""

    method: str
    url: str
    data: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, method: str, url: str, data: dict[str, object] | None = None) -> Request:
        items = ((k, tuple(v) if isinstance(v, list) else v) for k, v in (data or {}).items())
        return cls(method, url, tuple(items))

    def payload(self) -> dict[str, object]:
        return {
            name: list(value)
            if isinstance(value, tuple)
            else value.file()
            if isinstance(value, Upload)
            else value
            for name, value in self.data
        }

    def __str__(self) -> str:
        names = [name for name, _ in self.data][:3]
        return f"{self.method.upper()} {self.url}" + (f" {names}" if names else "")


@dataclass(frozen=True)
class Kept:
    """What the walk keeps of a response once judged."""

    content: bytes
    status_code: int


@dataclass
class Answer:
    request: Request
    response: object
    status: int
    writes: list[str]


class Check:
    """One property every answer of ``roles`` must have (see the module's docstring)."""

    name: ClassVar[str]
    roles: ClassVar[frozenset[str]]

    def requests(self, walk: Walk, route: Route | None) -> Iterable[Request]:
        return ()

    def judge(self, walk: Walk, route: Route | None, answer: Answer) -> Iterable[str]:
        return ()

    def finish(self, walk: Walk) -> Iterable[str]:
        return ()


#: Every check of the walk, in the order they ask for their requests.
CHECKS: list[type[Check]] = []


def check(cls: type[Check]) -> type[Check]:
    """Register a check in the walk."""
    CHECKS.append(cls)
    return cls


@dataclass
class Walk:
    """One phase of the walk: one reader (``role``, logged in on ``client``), this part's
    routes, the world (``world``), and what each check found."""

    role: str
    client: Client
    world: object
    part: int
    checks: list[Check]
    sent: dict[Request, Answer] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)
    route: Route | None = None

    @property
    def count(self) -> int:
        return len(self.sent)

    def send(self, request: Request) -> Answer:
        """The answer to ``request``, sent once; every check of the role judges it."""
        if request in self.sent:
            return self.sent[request]
        # The log of queries holds 9,000 at most: past that, a capture would see none.
        reset_queries()
        with CaptureQueriesContext(connection) as queries:
            response = getattr(self.client, request.method)(request.url, request.payload())
        writes = [q["sql"] for q in queries.captured_queries if WRITES.match(q["sql"])]
        answer = Answer(request, response, response.status_code, writes)
        for one in self.checks:
            for problem in one.judge(self, self.route, answer):
                self.problems.setdefault(one.name, []).append(f"{request}: {problem}")
        # Kept judged: a GET's page (read again for its form's fields), not the client's
        # response with its contexts and templates (thousands held made the walk's worker
        # gigabytes, and each of Python's full collections of them seconds).
        kept = Kept(response.content if request.method == "get" else b"", answer.status)
        self.sent[request] = answer = Answer(request, kept, answer.status, writes)
        return answer

    def page(self, url: str) -> Answer:
        """The plain GET of ``url`` (sent once)."""
        return self.send(Request("get", url))

    def run(self, every: list[Route]) -> None:
        for route in [*every[self.part :: PARTS], None]:
            if route is None and self.part:
                break  # the requests tied to no route: in the first part only
            self.route = route
            for one in self.checks:
                for request in one.requests(self, route):
                    self.send(request)
        self.route = None
        for one in self.checks:
            for problem in one.finish(self):
                self.problems.setdefault(one.name, []).append(problem)


def walk_every_url(
    world, users: dict[str, object], part: int, only: str = ""
) -> dict[str, list[str]]:
    """The walk's phases, one per role, each from the world as built: ``{check name: its
    failure lines}`` (empty: every check passed), and a line per phase of what it sent.
    ``only``: the routes whose pattern holds it (to try a check on a few pages)."""
    every = [route for route in routes() if only in route.pattern]
    found: dict[str, list[str]] = {}
    for role in ROLES:
        checks = [cls() for cls in CHECKS if role in cls.roles]
        client = Client(raise_request_exception=False)
        client.force_login(users[role])
        walk = Walk(role, client, world, part, checks)
        cache.clear()
        with transaction.atomic():
            walk.run(every)
            transaction.set_rollback(True)
        cache.clear()
        for name, lines in walk.problems.items():
            found.setdefault(f"{name} ({role})", []).extend(lines)
        print(f"sweep part {part}, {role}: {walk.count} requests, {len(checks)} checks")
    return found


def report(found: dict[str, list[str]], limit: int = 30) -> str:
    """Every failing check, with its first ``limit`` lines."""

    def lines() -> Iterator[str]:
        for name, problems in found.items():
            yield f"{name}: {len(problems)} failure(s)"
            yield from (f"    {line}" for line in problems[:limit])

    return "\n".join(lines())
