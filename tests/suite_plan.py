"""Which tests CI's PostgreSQL run leaves out beyond those that never reach the database
(tests/conftest.py marks them at collection)."""

from pathlib import Path

#: The parameters of a browser test that change only what the page looks like (the screen's
#: size, the language of its words): the same flow, the same queries.
LAYOUT_PARAMETERS = frozenset({"size", "language"})
BROWSER_TESTS = Path(__file__).resolve().parent / "e2e"


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
