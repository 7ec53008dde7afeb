"""The house's map stays true to the house (« The house's edges » §4): the README's lists of
service and selector modules, the architecture's table of signals and its template folders
name exactly what the folders and ``tournaments.signals`` hold."""

import re
import tomllib
from pathlib import Path

from django.dispatch import Signal

from tournaments import signals

ROOT = Path(__file__).resolve().parents[2]


def _row(text: str, first_cell: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| `{first_cell}` |"))


def _modules(folder: str) -> set[str]:
    return {p.stem for p in (ROOT / folder).glob("*.py") if p.stem != "__init__"}


def _named(cell: str) -> set[str]:
    """The module names a README cell lists (backticked words, calls and classes aside)."""
    return {n for n in re.findall(r"`([a-z_]+)`", cell)}


def test_the_readme_lists_every_service_and_selector_module() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for folder in ("tournaments/services", "tournaments/selectors"):
        assert _named(_row(readme, f"{folder}/")) == _modules(folder), folder


def test_the_architecture_tables_every_signal_and_each_app_has_its_template_folder() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tabled = set(re.findall(r"^\| `([a-z_]+)\(", text, flags=re.M))
    sent = {name for name, value in vars(signals).items() if isinstance(value, Signal)}
    assert tabled == sent
    for folder in re.findall(r"`(tournaments/\w+/templates/\w+/)`", text):
        assert (ROOT / folder).is_dir(), folder


def test_every_module_of_the_core_has_its_layer() -> None:
    """Each top-level module and package of ``tournaments`` (its migrations aside) is named in
    the layers contract, so that import-linter checks where it may import from (issue 38 §3)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    layered = {name.strip() for layer in contract["layers"] for name in re.split(r"[|:]", layer)}
    core = ROOT / "tournaments"
    modules = {p.stem for p in core.glob("*.py")} | {
        p.name for p in core.iterdir() if (p / "__init__.py").is_file()
    }
    unplaced = {
        m for m in modules - {"__init__", "migrations"} if f"tournaments.{m}" not in layered
    }
    assert not unplaced, sorted(unplaced)
