"""The house's map stays true to the house (« The house's edges » §4): the README's lists of
service and selector modules, the architecture's table of signals and its template folders
name exactly what the folders and ``tournaments.signals`` hold."""

import re
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
