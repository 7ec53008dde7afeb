"""Page checks shared by the browser tests: axe-core's accessibility rules, run in the page.

axe-core comes from npm (``make checkers``, pinned by package-lock.json), never from a CDN.
``skeleton`` says which pages are the same to axe-core's rules: the public pages' check runs
it once per skeleton (tests/e2e/test_public_pages_checked.py).
"""

import re
from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: The same tags (up to 16, texts blanked) twice or more in a row.
REPEATED = re.compile(r"((?:<[^<]*){1,16}?)\1+")


def skeleton(html: str) -> str:
    """A page's markup without its words and numbers: pages with the same skeleton differ
    only in names and figures (another player's page, another table of the same size), which
    axe's rules do not look at (texts and labels stay marked empty or not)."""
    # A text is what holds a character other than a space between two tags (never a tag's
    # own « < »: the tag after it stays).
    html = re.sub(r">[^<]*[^<\s][^<]*<", ">T<", html)
    html = re.sub(r'(href|title|aria-label|id|aria-labelledby|content)="[^"]+"', r'\1="T"', html)
    html = re.sub(r"<desc[^>]*>.*?</desc>", "<desc></desc>", html, flags=re.S)
    html = re.sub(r"\d+", "0", html)
    # A run of the same tags, once: a table of 4 rows is one of 12 (a chart of 4 points one
    # of 9), to axe's rules as to its reader.
    while (shorter := REPEATED.sub(r"\1", html)) != html:
        html = shorter
    return html


def axe_violations(page) -> list[str]:
    """axe-core's violations on the page as it is now, one readable line each."""
    if not AXE.exists():  # pragma: no cover - make test installs it
        raise RuntimeError("axe-core is missing: run `make checkers`")
    # Evaluated through the DevTools protocol: a <script> tag would break the page's CSP.
    page.evaluate(AXE.read_text())
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + ", ".join(str(node["target"]) for node in v["nodes"][:5])
        for v in result["violations"]
    ]
