"""The checks of the one walk (``tests/sweeps/sweep.py`` says how a check joins it).

Each was a test of its own that walked every URL; each keeps its requests, its rule and its
failure message:

- « no server error »: no answer of any reader is a 5xx (every test of the walk had it);
- « tenancy » (was tests/club/test_tenancy.py, per role and method): staff of club B, in either
  role, GET and POST with A's ids in every field, reach nothing of club A: A's staff pages
  answer 404 (or 302/403/405 where that is the rule), never a page with A's data, the
  unpublished tournament never shows, and nothing is written;
- « own club's pages » (was test_tenancy.py too): A's committee gets a 200 from every staff page
  of A with a parameter (so the tenancy cannot pass by everything being 404);
- « malformed input » (was tests/club/test_malformed_input.py): every view that takes a POST
  gets malformed values in every field it reads, alone and all at once, and every page the
  same values in its query string, DELETE and PUT; a refusal (4xx) writes nothing;
- « ids too large » (was tests/club/test_id_bounds.py): every URL whose parameters are all
  ints, with an id past a 64-bit column, answers 404, never 200 nor 5xx.
"""

from __future__ import annotations

import inspect
import itertools
import re
from collections.abc import Iterable, Iterator

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from sweep import Answer, Check, Request, Route, Upload, Walk, check
from url_walk import readable_text

from club.roles import BUREAU
from scoring import GAMES

# --------------------------------------------------------------------------- no server error


@check
class NoServerError(Check):
    name = "no server error"
    roles = frozenset({"b_bureau", "b_saisie", "a_bureau"})

    def judge(self, walk: Walk, route: Route | None, answer: Answer) -> Iterable[str]:
        if answer.status >= 500:
            yield str(answer.status)


# --------------------------------------------------------------------------- tenancy

A_MARK = "zorglub"  # in every name of club A
SECRET_MARK = "secretissime"  # in the unpublished tournament's name and players
STAFF_REFUSALS = {301, 302, 403, 404, 405}
# Actions the staff views branch on: the POSTs take them in turn.
ACTIONS = [
    "member", "walk_in", "present", "paid", "membership", "remove", "pair", "draw", "split",
    "redraw", "start", "swap", "save", "preview", "delete", "pause", "resume", "close",
    "minutes",
]  # fmt: skip


def snapshot() -> dict[str, list[tuple]]:
    """Every row of every model of the site (sessions aside: logging in writes one; and the
    guessing limit's counts: the walk sends unknown table tokens, which are counted)."""
    return {
        model._meta.label: list(model._default_manager.order_by("pk").values_list())  # noqa: SLF001 (documented Django API)
        for model in apps.get_models()
        if model._meta.app_label in {"club", "tournaments", "auth", "admin"}
        and model._meta.label != "tournaments.LinkMiss"
    }


def a_objects(world) -> dict[str, list]:
    """Club A's objects of each kind, for the URL parameters."""
    return {
        "tournament": [world.king, world.whist, world.team, world.secret],
        "round": [world.king_round, world.whist_round, world.team_round, world.secret_round],
        "table": [world.king_table, world.whist_table, world.team_table, world.secret_table],
        "season": [world.a_season],
        "entry": [world.king.entries.first(), world.secret.entries.first()],
        "team": [world.team.teams.first()],
        "player": [world.king.entries.first().player],  # a member (privacy pages)
        "export": [world.export],  # a queued PDF (its id is a UUID)
    }


def admin_model(route: Route):
    """The model of an admin page (``admin/<app>/<model>/...``), None elsewhere."""
    parts = route.pattern.split("/")
    if not route.is_admin or len(parts) < 4:
        return None
    try:
        return apps.get_model(parts[1], parts[2])
    except LookupError:
        return None


def candidates(route: Route, name: str, world) -> list[str]:
    """Values to try for a parameter of ``route``: every kind of A's object (ids), A's slug,
    the game keys; a parameter named after a kind (``entry``) gets that kind's ids, a club's
    ``slug`` A's slug, a ``game`` the game keys (not every id and word: on the routes with
    two such parameters that made 256 URLs each, all but the five meaningful ones a 404 of
    the resolver's converters or of a club that does not exist, two thirds of the walk); in
    the admin, the ids of A's objects of that page's model."""
    objects = a_objects(world)
    if name in objects:
        return [str(obj.pk) for obj in objects[name]]
    if name == "slug":
        return [world.a.slug]
    if name == "game":
        return sorted(GAMES)
    if name == "content_type_id":  # the admin's « view on site »: models with a public page
        return [
            str(ContentType.objects.get_for_model(model).pk)
            for model in apps.get_models()
            if hasattr(model, "get_absolute_url") and hasattr(model, "club_lookup")
        ]
    model = admin_model(route)
    if model is not None and name == "object_id":
        rows = model._default_manager.all()  # noqa: SLF001 (documented Django API)
        if hasattr(model, "club_lookup"):
            rows = rows.filter(**{model.club_lookup: world.a.pk})
        return [str(pk) for pk in rows.values_list("pk", flat=True)[:3]]
    ids = {obj.pk for kind in objects.values() for obj in kind}
    return sorted({str(i) for i in ids} | {world.a.slug, *GAMES, "auth", "club", "tournaments"})


def requests_for(route: Route, world) -> list[str]:
    """The URLs of ``route`` with club A's objects in its parameters."""
    names = route.parameters
    urls = []
    for combination in itertools.product(*(candidates(route, name, world) for name in names)):
        url = route.url(dict(zip(names, combination, strict=True)))
        if url is not None:
            urls.append(url)
    return urls


def hostile_data(world, user) -> dict[str, object]:
    """A form aimed at club A: A's ids in every field name the views and the admin read (its
    ``action`` one of ``ACTIONS`` in turn, set at each request)."""
    entry = world.king.entries.first()
    return {
        "club": world.a.pk,
        "clubs": world.a.pk,
        "season": world.a_season.pk,
        "tournament": world.king.pk,
        "player": entry.player_id,
        "entry": entry.pk,
        "team": world.team.teams.first().pk,
        "first": entry.pk,
        "second": world.king.entries.last().pk,
        "user": user.pk,
        "role": BUREAU,
        "game": "double_king",
        "name": "Intrus",
        "first_name": "Intrus",
        "last_name": "Intrus",
        "date": "2026-03-14",
        "rounds": "2",
        "start": "2026-01-01",
        "end": "2026-12-31",
        "amount": "7",
        "published": "1",
        "version": "1",
        "number": "1",
        "minutes": "5",
        "q": "Zorg",
        "term": "Zorg",
        "app_label": "tournaments",
        "model_name": "entry",
        "field_name": "player",
    }


def check_b_response(route: Route, url: str, response) -> list[str]:
    """What is wrong with this answer to club B's staff (empty: nothing; a 5xx is the « no
    server error » check's)."""
    if response.status_code >= 500:
        return []
    text = readable_text(response).lower() if response.status_code == 200 else ""
    if SECRET_MARK in text:
        return ["the unpublished tournament shows"]
    if not route.is_staff:
        return []
    points_at_a = bool(route.parameters) and route.name != "app_list"
    if points_at_a and response.status_code not in STAFF_REFUSALS:
        return [f"{response.status_code} for another club's object"]
    if A_MARK in text:
        return ["club A's data shows"]
    return []


@check
class Tenancy(Check):
    name = "tenancy"
    roles = frozenset({"b_bureau", "b_saisie"})

    def __init__(self) -> None:
        self.counts = {"get": 0, "post": 0}
        self.patterns = 0
        self.before: dict[str, list[tuple]] | None = None
        self.hostile: dict[int, dict[str, object]] = {}

    def requests(self, walk: Walk, route: Route | None) -> Iterator[Request]:
        if self.before is None:
            self.before = snapshot()
        if route is None or route.is_logout:
            return  # logging out would end the session: the rest would be tested as anonymous
        user = getattr(walk.world, walk.role)
        if user.pk not in self.hostile:  # read once per reader: five queries
            self.hostile[user.pk] = hostile_data(walk.world, user)
        urls = requests_for(route, walk.world)
        self.patterns += bool(urls)
        for url in urls:
            for method in ("get", "post"):
                action = ACTIONS[self.counts[method] % len(ACTIONS)]
                self.counts[method] += 1
                yield Request.of(method, url, {"action": action, **self.hostile[user.pk]})

    def judge(self, walk: Walk, route: Route | None, answer: Answer) -> Iterator[str]:
        if route is not None:
            yield from check_b_response(route, answer.request.url, answer.response)
        if answer.writes:
            yield f"wrote: {answer.writes[0][:200]}"

    def finish(self, walk: Walk) -> Iterator[str]:
        if snapshot() != self.before:
            yield "rows of the site changed during the walk"
        # The walk really walked (its part of the routes).
        if self.patterns < 60 // 2 or min(self.counts.values()) < 500 // 2:
            yield f"walked only {self.patterns} patterns, {self.counts} requests"


# --------------------------------------------------------------------------- own club's pages


@check
class OwnClubsPages(Check):
    name = "own club's pages"
    roles = frozenset({"a_bureau"})

    def __init__(self) -> None:
        self.unreached: list[str] = []

    def requests(self, walk: Walk, route: Route | None) -> Iterable[Request]:
        if route is None or not route.is_staff or not route.parameters or route.is_admin:
            return ()
        view_class = getattr(route.callback, "view_class", None)
        if view_class is not None and not hasattr(view_class, "get"):
            return ()  # POST-only (publish, draw): tests/club/test_tenancy.py posts to one
        if not any(walk.page(url).status == 200 for url in requests_for(route, walk.world)):
            self.unreached.append(route.pattern)
        return ()

    def finish(self, walk: Walk) -> Iterator[str]:
        for pattern in self.unreached:
            yield f"{pattern}: no URL of this staff page answers 200 to its club's committee"


# --------------------------------------------------------------------------- malformed input

MISSING = object()
BAD_VALUES = [
    MISSING,
    "",
    "²",
    "9" * 5000,
    # Ids just past a signed 64-bit column (SQLite's INTEGER, PostgreSQL's bigint), each side
    # (« ids too large » below tries more on the fields that take ids).
    str(2**63),
    str(-(2**63) - 1),
    "-1",
    "abc",
    None,  # replaced by another tournament's id
    "x" * 1_000_000,
    "a\x00b\x01\x1f",
]
#: Past this, a bad value goes in one name of a query string, not in each.
LONG_QUERY = 10_000
FIELD_READ = re.compile(r"""(?:POST|GET|data)(?:\.get\(|\[)["'](\w+)["']""")
ACTION = re.compile(r"""action (?:==|in) [{(]?((?:["']\w+["'],? ?)+)""")
INPUT_NAME = re.compile(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"')
INPUT_TAG = re.compile(r"<(?:input|select)\b[^>]*>")
# Which object a URL's parameter stands for, from the word before it.
KINDS = {
    "tournois": "tournament",
    "rondes": "round",
    "tables": "table",
    "saisons": "season",
    "fichiers": "export",
}


def objects_of(world) -> dict[str, list]:
    return {
        # Tournament pages differ between individual and team games only.
        "tournament": [world.king, world.team],
        "round": [world.king_round, world.whist_round, world.team_round],
        "table": [world.king_table, world.whist_table, world.team_table],
        "season": [world.a_season],
        "export": [world.export],
    }


def urls_for(route: Route, world) -> list[str]:
    """One URL per game for each object the route stands for (its entry path differs)."""
    names = route.parameters
    if not names:
        return [route.url({})] if route.url({}) else []
    if names == ["slug", "game"]:
        return [route.url({"slug": world.a.slug, "game": game}) for game in GAMES]
    if names == ["slug"]:
        return [route.url({"slug": world.a.slug})]
    words = route.pattern.split("/")
    at = next(i for i, word in enumerate(words) if word.endswith(f":{names[0]}>"))
    kind = KINDS.get(words[at - 1]) if len(names) == 1 else None
    urls = [route.url({names[0]: str(obj.pk)}) for obj in objects_of(world).get(kind, [])]
    return [url for url in urls if url]


def read_fields(view_class) -> tuple[set[str], list[str]]:
    """Field names and actions the view reads from the request: in its class and in the
    module's functions it calls."""
    source = inspect.getsource(view_class)
    module = inspect.getmodule(view_class)
    for name, function in inspect.getmembers(module, inspect.isfunction):
        if function.__module__ == module.__name__ and f"{name}(" in source:
            source += inspect.getsource(function)
    actions = {a for group in ACTION.findall(source) for a in re.findall(r"\w+", group)}
    return set(FIELD_READ.findall(source)), sorted(actions)


def multiple_choices(page: str) -> dict[str, str]:
    """The page's multiple-choice fields (several check boxes of one name, a multiple select),
    each with one of its real options (a select's: ``""``)."""
    found: dict[str, list[str]] = {}
    for tag in INPUT_TAG.findall(page):
        name = re.search(r'\bname="([^"]+)"', tag)
        multiple = re.search(r"\smultiple\b", tag)
        if name and ('type="checkbox"' in tag or multiple):
            value = re.search(r'\bvalue="([^"]*)"', tag)
            options = found.setdefault(name[1], [])
            options += [value[1] if value else ""] * (2 if multiple else 1)
    return {name: options[0] for name, options in found.items() if len(options) > 1}


def shape(name: str) -> str:
    """« g3_tricks » and « g4_tricks » are the same kind of field: try one of each. So are a
    row's inputs of a table that a form builds one row per key (the rules page's contracts and
    counters: « contract__solo_6__tricks », « contract__abondance_9__tricks »), named
    group__key__input: the same field, made by the same code, for each row."""
    parts = re.sub(r"\d+", "N", name).split("__")
    return "__".join([parts[0], "…", parts[-1]]) if len(parts) > 2 else "__".join(parts)


def takes_posts(route: Route) -> bool:
    view_class = getattr(route.callback, "view_class", None)
    return not (route.is_admin or route.is_logout or view_class is None) and hasattr(
        view_class, "post"
    )


CSV_FILES = (
    "Nom;Prénom\n" + "x" * 200_000 + ";Long\n",
    "Nom;Prénom\nNul\x00Byte;Ctrl\x01\n",
    "\x00\x01\x02",
)


@check
class MalformedInput(Check):
    name = "malformed input"
    roles = frozenset({"a_bureau"})

    def __init__(self) -> None:
        self.frame: set[str] | None = None

    def values(self, walk: Walk) -> list[object]:
        other_id = str(walk.world.secret.entries.first().pk)
        return [other_id if v is None else v for v in BAD_VALUES if v is not MISSING]

    def requests(self, walk: Walk, route: Route | None) -> Iterator[Request]:
        if self.frame is None:
            # The fields of every page's frame (the language switch): posted to their own view.
            page = walk.page("/tournois/").response.content.decode()
            self.frame = {"csrfmiddlewaretoken", *INPUT_NAME.findall(page)}
        values = self.values(walk)
        if route is None:
            yield from self.uploads(walk)
            return
        if takes_posts(route):
            fields, actions = read_fields(route.callback.view_class)
            for url in urls_for(route, walk.world):
                page = walk.page(url).response.content.decode("utf-8", "replace")
                names = fields | (set(INPUT_NAME.findall(page)) - self.frame)
                by_shape = {shape(n): n for n in sorted(names)}
                for action in actions or [None]:
                    base: dict[str, object] = {"action": action} if action else {}
                    yield Request.of("post", url, base)  # every field missing
                    for value in values:  # every field at once
                        every = dict.fromkeys(by_shape.values(), value)
                        yield Request.of("post", url, {**base, **every})
                    # Each field alone (a first refusal could hide a later one): values in turn.
                    for index, name in enumerate(by_shape.values()):
                        yield Request.of("post", url, {**base, name: values[index % len(values)]})
                    # Each multiple choice: a value beside a real option (nothing half-saved),
                    # the values in turn as above; every value once at least (the rules page
                    # has dozens of choices: each with every value was a fifth of the walk).
                    choices = list(multiple_choices(page).items())
                    for index in range(max(len(choices), len(values)) if choices else 0):
                        name, option = choices[index % len(choices)]
                        value = values[index % len(values)]
                        yield Request.of("post", url, {**base, name: [option, value]})
                for value in values:  # the query string: ?donne=, ?ronde=, ?q=...
                    # A long value in one name only: a server refuses a request line past a
                    # few kilobytes (gunicorn: 4,094 bytes) long before one of megabytes.
                    long = isinstance(value, str) and len(value) > LONG_QUERY
                    given = sorted(names)[:1] if long else names
                    yield Request.of("get", url, dict.fromkeys(given, value))
        if not route.is_admin and not route.is_logout:  # other methods (DELETE reached a helper)
            for url in urls_for(route, walk.world):
                yield Request("delete", url)
                yield Request("put", url)

    def uploads(self, walk: Walk) -> Iterator[Request]:
        """The members' import: malformed files, then their confirmation."""
        url = f"/club/{walk.world.a.slug}/import-players/"
        for index, text in enumerate(CSV_FILES):
            # A file named after its index: the same request is never sent twice.
            yield Request.of("post", url, {"file": Upload(f"joueurs{index}.csv", text.encode())})
            token = walk.client.session.get("player_import", {}).get("token", "")
            yield Request.of("post", url, {"token": token, "skip_invalid": "on"})

    def judge(self, walk: Walk, route: Route | None, answer: Answer) -> Iterator[str]:
        if 400 <= answer.status < 500 and answer.writes:
            yield "refused but wrote"


# --------------------------------------------------------------------------- ids too large

#: Past a signed 64-bit column (SQLite's INTEGER, PostgreSQL's bigint): the int converter takes
#: digits only, no minus sign (tests/club/test_id_bounds.py tries the fields that take ids).
TOO_LARGE = [str(2**63), str(2**64), str(10**30)]


@check
class IdsTooLarge(Check):
    name = "ids too large"
    roles = frozenset({"a_bureau"})

    def __init__(self) -> None:
        self.own: set[Request] = set()

    def requests(self, walk: Walk, route: Route | None) -> Iterator[Request]:
        if route is None or route.is_admin or route.is_logout or "<int:" not in route.pattern:
            return
        for value in TOO_LARGE:
            values = {
                name: value if f"<int:{name}>" in route.pattern else walk.world.a.slug
                for name in route.parameters
            }
            url = route.url(values)
            if url is None:
                continue
            for method in ("get", "post"):
                request = Request(method, url)
                self.own.add(request)
                yield request

    def judge(self, walk: Walk, route: Route | None, answer: Answer) -> Iterator[str]:
        if answer.request in self.own and answer.status == 200:
            yield "200 for an id no column holds (404 expected)"

    def finish(self, walk: Walk) -> Iterator[str]:
        if len(self.own) <= 50 // 2:
            yield f"tried only {len(self.own)} requests"
