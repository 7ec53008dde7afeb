"""Which tests CI's PostgreSQL run leaves out beyond those that never reach the database
(tests/conftest.py marks them at collection), and the order the workers run them in."""

from itertools import groupby, islice
from pathlib import Path

#: The parameters of a browser test that change only what the page looks like (the screen's
#: size, the language of its words): the same flow, the same queries.
LAYOUT_PARAMETERS = frozenset({"size", "language"})
BROWSER_TESTS = Path(__file__).resolve().parent / "e2e"
BROWSER_PREFIX = "tests/e2e/"  # their node ids' start


def layout_variants(tests: list[tuple[Path, str, dict[str, object]]]) -> list[int]:
    """Which of ``tests`` (path, function, parameters) are a browser test run again at another
    size or in another language (``LAYOUT_PARAMETERS``) than the first of its function with
    the same other parameters: their indexes, marked ``layout_variant``. CI's PostgreSQL run
    leaves them out: the database sees the same flow as the first's; the layout and the words
    are checked on SQLite."""
    seen: set[tuple[object, ...]] = set()
    variants = []
    for index, (path, function, parameters) in enumerate(tests):
        layout = LAYOUT_PARAMETERS & parameters.keys()
        if not layout or Path(path).resolve().parent != BROWSER_TESTS:
            continue
        others = sorted((k, repr(v)) for k, v in parameters.items() if k not in layout)
        key = (path, function, *others)
        if key in seen:
            variants.append(index)
        seen.add(key)
    return variants


#: The longest tests that may run anywhere (minutes each on CI's machine, no transactional
#: database: pytest-django runs those after the others), spread over the workers' shares.
LONGEST = (
    "tests/sweeps/test_sweep.py::test_every_url_passes_every_check",
    "tests/ops/test_fourth_language.py::",
    "tests/ops/test_french_catalogue.py::test_a_fresh_clone",
    "tests/ops/test_dutch_pages.py::",
)


def spread_the_longest(items: list, workers: int) -> None:
    """The longest tests (``LONGEST``) at the start of each worker's share of ``items``, in
    turn: xdist's ``worksteal`` first gives each worker a share (contiguous, as equal as
    can be: ``shares``), then an idle worker takes waiting tests from another; a long test at
    the start of a share never waits behind the others, nor leaves its worker alone with it
    at the end."""
    longest = [i for i in items if i.nodeid.startswith(LONGEST)]
    if not longest:
        return
    others = iter([i for i in items if not i.nodeid.startswith(LONGEST)])
    spread: list = []
    for share, size in enumerate(shares(len(items), workers)):
        first = longest[share::workers]
        spread += first + list(islice(others, max(0, size - len(first))))
    items[:] = spread + list(others)


def shares(count: int, workers: int) -> list[int]:
    """The sizes of the shares ``worksteal`` sends the idle workers at the start: to each in
    turn, the tests left divided by the workers left."""
    sizes = []
    for worker in range(workers):
        sizes.append((count - sum(sizes)) // (workers - worker))
    return sizes


def spread_the_browser_tests(items: list) -> None:
    """The browser tests' modules (tests/e2e) spread evenly among the others' modules, each
    module kept whole (its fixtures are set up once): a browser test mostly waits, on Chromium
    and on the live server, and a worker waiting there leaves its core to the others' work.
    All at the end, where pytest-django puts the transactional tests, they ran side by side
    and left the cores a third idle. A test after one of them finds its database flushed,
    the data migrations' rows gone: the flush's post_migrate makes the roles' groups again
    (``club.apps``) and ``SiteEpoch.current`` its row, as they had to when a worker stole
    tests from the end of another's share."""
    browser = [item for item in items if item.nodeid.startswith(BROWSER_PREFIX)]
    others = [item for item in items if not item.nodeid.startswith(BROWSER_PREFIX)]
    if not browser or not others:
        return
    blocks = [list(tests) for _, tests in groupby(browser, key=_module)]
    spread: list = []
    placed = done = 0
    for _, module in groupby(others, key=_module):
        run = list(module)
        spread += run
        done += len(run)
        # The k-th block (from 0) after the module that takes the others past k + ½ of their
        # count divided by the blocks'.
        while placed < len(blocks) and 2 * done * len(blocks) >= (2 * placed + 1) * len(others):
            spread += blocks[placed]
            placed += 1
    items[:] = spread + [test for block in blocks[placed:] for test in block]


def _module(item) -> str:
    return item.nodeid.split("::")[0]
