"""No server error on any input: every view found through the resolver gets malformed values
(missing, empty, « ² », 5,000 digits, ids too large for a database column, negative, wrong
type, another tournament's id, 1 MB, NUL and control characters) in every field name it reads,
as the committee of the right club; a multiple choice (ticked boxes, a multiple select) gets
each of them beside one of its real options. Nothing answers 5xx, and a request that is
refused (4xx) writes nothing."""

import inspect
import io
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from url_walk import Route, routes

from scoring import GAMES

pytestmark = pytest.mark.django_db

MISSING = object()
BAD_VALUES = [
    MISSING,
    "",
    "²",
    "9" * 5000,
    # Ids just past a signed 64-bit column (SQLite's INTEGER, PostgreSQL's bigint), each side
    # (tests/club/test_id_bounds.py tries more on the fields that take ids).
    str(2**63),
    str(-(2**63) - 1),
    "-1",
    "abc",
    None,  # replaced by another tournament's id
    "x" * 1_000_000,
    "a\x00b\x01\x1f",
]
FIELD_READ = re.compile(r"""(?:POST|GET|data)(?:\.get\(|\[)["'](\w+)["']""")
ACTION = re.compile(r"""action (?:==|in) [{(]?((?:["']\w+["'],? ?)+)""")
INPUT_NAME = re.compile(r'<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"')
INPUT_TAG = re.compile(r"<(?:input|select)\b[^>]*>")
# Sessions change with every login; axes records failed logins on purpose.
WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b(?!.*(django_session|axes_))", re.I | re.S)
PARTS = 2  # the views are split in two tests, so that two CI workers share them
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
    """« g3_tricks » and « g4_tricks » are the same kind of field: try one of each."""
    return re.sub(r"\d+", "N", name)


def write_routes() -> list[Route]:
    found = []
    for route in routes():
        view_class = getattr(route.callback, "view_class", None)
        if route.is_admin or route.is_logout or view_class is None:
            continue
        if hasattr(view_class, "post"):
            found.append(route)
    return found


@pytest.mark.parametrize("part", range(PARTS))
def test_malformed_values_never_give_a_server_error_nor_a_write(two_clubs, capsys, part):
    world = two_clubs
    client = Client(raise_request_exception=False)
    client.force_login(world.a_bureau)
    other_id = str(world.secret.entries.first().pk)
    errors, writes, count = [], [], 0
    values = [other_id if v is None else v for v in BAD_VALUES if v is not MISSING]

    def send(method: str, url: str, data) -> None:
        nonlocal count
        count += 1
        with CaptureQueriesContext(connection) as queries:
            response = getattr(client, method)(url, data)
        if response.status_code >= 500:
            errors.append(f"{method.upper()} {url} {list(data)[:3]}: {response.status_code}")
        elif 400 <= response.status_code < 500 and any(
            WRITES.match(q["sql"]) for q in queries.captured_queries
        ):
            writes.append(f"{method.upper()} {url} {list(data)[:3]}: refused but wrote")

    # The fields of every page's frame (the language switch) are posted to their own view.
    frame = {"csrfmiddlewaretoken", *INPUT_NAME.findall(client.get("/tournois/").content.decode())}
    for route in write_routes()[part::PARTS]:
        fields, actions = read_fields(route.callback.view_class)
        for url in urls_for(route, world):
            page = client.get(url).content.decode("utf-8", "replace")
            names = fields | (set(INPUT_NAME.findall(page)) - frame)
            by_shape = {shape(n): n for n in sorted(names)}
            for action in actions or [None]:
                base = {"action": action} if action else {}
                send("post", url, base)  # every field missing
                for value in values:  # every field at once
                    send("post", url, {**base, **dict.fromkeys(by_shape.values(), value)})
                # Each field alone (a first refusal could hide a later field): values in turn.
                for index, name in enumerate(by_shape.values()):
                    send("post", url, {**base, name: values[index % len(values)]})
                # Each multiple choice: each value beside a real option (nothing half-saved).
                for name, option in multiple_choices(page).items():
                    for value in values:
                        send("post", url, {**base, name: [option, value]})
            for value in values:  # the query string: ?donne=, ?ronde=, ?q=...
                send("get", url, dict.fromkeys(names, value))
    for route in routes()[part::PARTS]:  # other methods (DELETE reached a helper once)
        if not route.is_admin and not route.is_logout:
            for url in urls_for(route, world):
                send("delete", url, {})
                send("put", url, {})
    for csv_text in (
        ()
        if part
        else (
            "Nom;Prénom\n" + "x" * 200_000 + ";Long\n",
            "Nom;Prénom\nNul\x00Byte;Ctrl\x01\n",
            "\x00\x01\x02",
        )
    ):
        url = f"/club/{world.a.slug}/import-players/"
        upload = io.BytesIO(csv_text.encode())
        upload.name = "joueurs.csv"
        send("post", url, {"file": upload})
        token = client.session.get("player_import", {}).get("token", "")
        send("post", url, {"token": token, "skip_invalid": "on"})
    assert errors == [], "\n".join(errors[:20])
    assert writes == [], "\n".join(writes[:20])
    with capsys.disabled():
        print(f"\nmalformed input, part {part}: {count} requests, {len(errors)} server errors")
