"""Page checks shared by the browser tests: axe-core's accessibility rules, run in the page.

axe-core comes from npm (``make checkers``, pinned by package-lock.json), never from a CDN.
"""

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


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
