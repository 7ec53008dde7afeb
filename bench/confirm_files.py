"""The project's files a phone's confirmation runs (issue 33 §2, « What must be shown »).

    .venv/bin/python bench/confirm_files.py [TEST]

Runs one test (by default the one that draws a whist table, has a phone confirm a deal and
reads the standings: ``tests/tournaments/tableside/test_confirm_reaches_standings.py``) under
a tracer (``sys.setprofile``, the standard library's: no coverage package needed) that is on
during the test's own call only (its fixtures excluded), and prints the project's files
(``club``, ``tournaments``, ``scoring``; migrations left out) in which code ran: every file,
and those where a function ran (not only the module's first import). Fewer is better: what a
write's slow consequences need runs after its commit, in the queue.
"""

import inspect
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = tuple(str(ROOT / name) + "/" for name in ("club", "tournaments", "scoring"))
TEST = "tests/tournaments/tableside/test_confirm_reaches_standings.py"


class Tracer:
    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.functions: set[str] = set()

    def __call__(self, frame, event, arg) -> None:
        if event != "call":
            return
        path = frame.f_code.co_filename
        if path.startswith(PACKAGES) and "/migrations/" not in path:
            name = path[len(str(ROOT)) + 1 :]
            self.seen.add(name)
            if frame.f_code.co_flags & inspect.CO_NEWLOCALS:  # a function, not a module or class
                self.functions.add(name)


class Plugin:
    def __init__(self) -> None:
        self.tracer = Tracer()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        sys.setprofile(self.tracer)
        try:
            yield
        finally:
            sys.setprofile(None)


def main() -> int:
    test = sys.argv[1] if len(sys.argv) > 1 else TEST
    plugin = Plugin()
    status = pytest.main(["-p", "no:xdist", "-q", "-p", "no:cacheprovider", test], [plugin])
    tracer = plugin.tracer
    print(f"project files seen: {len(tracer.seen)}; whose functions ran: {len(tracer.functions)}")
    for name in sorted(tracer.seen):
        print(("  f " if name in tracer.functions else "  i ") + name)
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
