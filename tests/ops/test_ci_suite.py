"""Issue 38 §5, « A CI in half the time »: the suite's shared pieces stay shared.

The demo club is built once per test session (``demo_rows`` in tests/conftest.py): a test or
fixture that builds it again pays seconds of CPU each time. Every URL of the resolver is walked
once per database, with every check of the tests that walked it (tests/sweeps/). The Redis tests
share one fixture (the machine's Redis, one database per xdist worker). CI's PostgreSQL run keeps
every test that reaches the database (the ``database`` mark) and leaves out only browser tests of
layout, a browser test's runs at other sizes and in other languages (``layout_variant``), the
Dutch pages' words and, never marked, the modules whose processes read no database of the
run."""

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse
from suite_plan import (
    BROWSER_TESTS,
    layout_variants,
    shares,
    spread_the_browser_tests,
    spread_the_longest,
)

from club.roles import BUREAU, SAISIE

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
BUILDS = re.compile(r"""build_demo\(|call_command\(\s*["']demo["']""")
#: Tests that build the demo themselves, on purpose, each with its reason.
OWN_BUILDS = {
    "test_the_demo_builds_an_evening_in_progress_played_from_phones": "the command's first "
    "build, on an empty database: its evening dated and its clock started as it runs",
    "test_demo_refuses_to_run_with_the_production_settings": "refused: it builds nothing",
}


def _test_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if path.name != "test_ci_suite.py")


def test_the_demo_is_built_once_per_session_not_once_per_test():
    """A function that builds the demo asks for ``demo_db`` (the build after it is the
    command's second: nothing new), or says why it builds from nothing."""
    builders = []
    for path in _test_files():
        if path == TESTS / "conftest.py":
            continue  # the session's one build
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef):
                continue
            body = ast.get_source_segment(source, node) or ""
            arguments = {argument.arg for argument in node.args.args}
            if BUILDS.search(body) and "demo_db" not in arguments and node.name not in OWN_BUILDS:
                builders.append(f"{path.relative_to(ROOT)}::{node.name}")
    assert builders == [], (
        "these build the demo again: ask for the `demo_db` fixture (tests/conftest.py) "
        f"instead: {builders}"
    )


def test_the_redis_tests_share_one_fixture():
    """Only tests/conftest.py names the machine's Redis or starts a server of its own (the
    two instances' script excepted: it runs outside pytest, on its own database)."""
    others = [
        str(path.relative_to(ROOT))
        for path in _test_files()
        if path not in (TESTS / "conftest.py", TESTS / "ops" / "two_instances.py")
        and re.search(r"127\.0\.0\.1:6379|redis-server|Redis\.from_url", path.read_text())
    ]
    assert others == [], f"use the `redis_cache` fixture of tests/conftest.py: {others}"


def test_a_test_that_reaches_the_database_is_marked_for_postgresql(db, request):
    assert request.node.get_closest_marker("database") is not None


def test_a_test_without_the_database_is_not(request):
    assert request.node.get_closest_marker("database") is None


@pytest.mark.django_db(transaction=True)
def test_a_transactional_test_is_marked(request):
    assert request.node.get_closest_marker("database") is not None


def test_a_test_of_the_demo_is_marked(demo_db, request):
    assert request.node.get_closest_marker("database") is not None


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("groups", ["gone", "under other keys"])
def test_the_demo_goes_back_into_a_flushed_database(demo_rows, groups):
    """A transactional test's database was flushed before it: the groups the demo's users
    point at are gone, or made again under other keys. ``put`` finds them or puts them back,
    and the demo's committee is the committee again."""
    Group.objects.all().delete()
    if groups == "under other keys":
        for name in ("Autre", SAISIE, BUREAU):
            Group.objects.create(name=name)
    demo_rows.put()
    for model, rows in demo_rows.inserted.items():
        assert model._meta.base_manager.count() == len(rows), model
    committee = User.objects.get(username="bureau")
    assert list(committee.groups.values_list("name", flat=True)) == [BUREAU]
    client = Client()
    client.force_login(committee)
    assert client.get(reverse("staff_tournaments")).status_code == 200


def test_a_test_on_a_fixture_that_reaches_the_database_is_marked(two_clubs, request):
    assert request.node.get_closest_marker("database") is not None


def test_postgresql_runs_a_browser_flow_once_whatever_its_sizes_and_languages():
    """Of a browser test run at several sizes or in several languages, the first of each
    other parameters' values runs on PostgreSQL; the others are marked ``layout_variant``. A
    test that is no browser test, or whose other parameters differ (another game), is not."""
    flow = BROWSER_TESTS / "test_flow.py"
    other = TESTS / "club" / "test_pages.py"
    phone, desk = (390, 844), (1280, 800)
    tests = [
        (flow, "test_flow", {"size": phone, "language": "fr"}),
        (flow, "test_flow", {"size": desk, "language": "fr"}),  # another size
        (flow, "test_flow", {"size": phone, "language": "nl"}),  # another language
        (flow, "test_game", {"game": "whist", "size": phone}),
        (flow, "test_game", {"game": "plonk", "size": phone}),  # another game: its own flow
        (flow, "test_game", {"game": "whist", "size": desk}),  # whist again, another size
        (flow, "test_axe", {"game": "whist"}),
        (flow, "test_axe", {"game": "plonk"}),
        (other, "test_page", {"size": phone}),
        (other, "test_page", {"size": desk}),  # not a browser test: both run
    ]
    assert layout_variants(tests) == [1, 2, 5]


#: Modules outside tests/e2e that CI's PostgreSQL run leaves out, each with its reason.
WORDS_ONLY = {
    "tests/ops/test_dutch_pages.py": "reads only the pages' words (no French, no English): the "
    "same templates and catalogue over the same rows; every page's answer on PostgreSQL is the "
    "walk's (tests/sweeps)",
}


def test_postgresql_leaves_out_only_browser_tests_of_layout():
    """CI's PostgreSQL run: the tests marked « database », but for a few browser tests that
    only check what a page looks like (files that exist, under tests/e2e, with no race) and
    the modules of ``WORDS_ONLY``."""
    ci = (ROOT / ".ci" / "run").read_text()
    postgresql = ci[ci.index("make test (PostgreSQL)") :]
    assert "-m 'database and not layout_variant'" in postgresql
    ignored = re.findall(r"--ignore=(\S+?)[\"\s\\]", postgresql)
    assert ignored, "the layout-only browser tests are named"
    for name in ignored:
        path = ROOT / name
        assert path.is_file(), name
        assert path.parent == TESTS / "e2e" or name in WORDS_ONLY, name
        text = path.read_text()
        assert not re.search(r"select_for_update|threading|subprocess\.Popen|cursor\(", text), name


def test_processes_apart_read_no_database_of_the_run():
    """A module left out of the PostgreSQL run for its processes (``processes_apart``, see
    tests/conftest.py) uses no test database in process, and gives each ``manage.py`` it starts
    a SQLite file of its own: run on PostgreSQL, they would do just the same again."""
    wrong = []
    for path in _test_files():
        source = path.read_text(encoding="utf-8")
        if path == TESTS / "conftest.py" or "pytest.mark.processes_apart" not in source:
            continue
        arguments = {
            argument.arg
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef)
            for argument in node.args.args
        }
        if arguments & {"db", "transactional_db", "demo_db", "two_clubs"} or "django_db" in source:
            wrong.append(f"{path.relative_to(ROOT)}: reaches the test database")
        if "manage.py" in source and not re.search(r'_URL": f"sqlite:///', source):
            wrong.append(f"{path.relative_to(ROOT)}: manage.py without a database of its own")
    assert wrong == []


#: Modules outside tests/sweeps that read every route of the resolver, each with its reason.
OWN_WALKS = {
    "tests/ops/test_dutch_pages.py": "follows the links of the demo club in Dutch (another "
    "world, another reader); the routes only tell which pages it never reached",
    "tests/e2e/test_staff_pages_axe.py": "axe-core in Chromium over each game's staff pages; "
    "the routes only tell which staff page is neither walked nor skipped",
}


def test_every_url_is_walked_once_with_every_check():
    """The tests that walked every URL of the resolver are checks of ONE walk per database
    (tests/sweeps/): a module that reads the resolver's routes and sends requests elsewhere
    joins it as a check (tests/sweeps/sweep.py says how) or says here why it walks on its own
    (reading the URL files without a request, as tests/ops/test_url_files.py, is no walk)."""
    walkers = {
        str(path.relative_to(ROOT))
        for path in _test_files()
        if path.parent != TESTS / "sweeps"
        and path.name != "url_walk.py"
        and re.search(r"\broutes\(\)|get_resolver\(\)\.url_patterns", path.read_text())
        and re.search(r"\bClient\(|_client\b|\.goto\(", path.read_text())  # sends requests
    }
    assert walkers == set(OWN_WALKS), (
        "walk every URL as a check of tests/sweeps/checks.py (one walk per database), "
        f"or say why here: {sorted(walkers - set(OWN_WALKS))}"
    )
    sweep = (TESTS / "sweeps" / "test_sweep.py").read_text()
    assert "walk_every_url" in sweep


def test_each_worker_starts_its_share_with_one_of_the_longest_tests():
    """xdist's ``worksteal`` sends each of the workers a contiguous share of the ordered tests
    (the tests left divided by the workers left): each share starts with one of the longest,
    in turn, whatever the number of workers, and no test is lost or run twice."""
    long_ones = [
        "tests/sweeps/test_sweep.py::test_every_url_passes_every_check[0]",
        "tests/sweeps/test_sweep.py::test_every_url_passes_every_check[1]",
        "tests/ops/test_dutch_pages.py::test_walk",
    ]
    others = [f"tests/club/test_pages.py::test_{n}" for n in range(20)]
    for workers in (1, 2, 3):
        items = [
            SimpleNamespace(nodeid=nodeid) for nodeid in [*others[:7], *long_ones, *others[7:]]
        ]
        spread_the_longest(items, workers)
        order = [item.nodeid for item in items]
        assert sorted(order) == sorted(long_ones + others)
        starts = [sum(shares(len(order), workers)[:worker]) for worker in range(workers)]
        assert [order[start] for start in starts] == long_ones[:workers]
        if workers == 1:  # no xdist: all of them first
            assert order[:3] == long_ones
    assert shares(23, 3) == [7, 8, 8]


def test_the_browser_tests_run_among_the_others_each_module_whole():
    """pytest-django puts the browser tests (transactional) last: they are spread among the
    other modules, evenly, each module's tests kept together and in order, and no test is lost
    or run twice."""
    others = [f"tests/club/test_m{m}.py::test_{n}" for m in range(6) for n in range(3)]
    browser = [f"tests/e2e/test_b{m}.py::test_{n}" for m in range(3) for n in range(2)]
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in others + browser]
    spread_the_browser_tests(items)
    order = [item.nodeid for item in items]
    assert sorted(order) == sorted(others + browser)
    assert [n for n in order if n in others] == others  # the others' order kept
    modules = [n.split("::")[0] for n in order]
    assert [m for i, m in enumerate(modules) if i == 0 or modules[i - 1] != m] == sorted(
        set(modules), key=modules.index
    )  # each module in one run
    # Six others' modules, three browser modules: one after the others' 1st, 3rd and 5th.
    assert [order.index(f"tests/e2e/test_b{m}.py::test_0") for m in range(3)] == [3, 11, 19]
