"""The share of the Django side's lines that ``mypy --strict`` checks (issue 38 §3).

Read from pyproject.toml's ``[tool.mypy]``: a module is checked when it is under ``files``,
not matched by ``exclude``, and not left out by an override with ``ignore_errors = true`` (the
most specific override wins, as in mypy: a module's own name before a ``pkg.*`` pattern, a
longer pattern before a shorter). The whole is every ``.py`` of ``scoring``, ``club`` and
``tournaments``, migrations and tests left out; a line is a non-blank line.

    .venv/bin/python bench/typed_share.py              # the working tree
    .venv/bin/python bench/typed_share.py --rev main   # a commit (its pyproject and files)
    .venv/bin/python bench/typed_share.py --list       # and the modules left out, by size
"""

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scoring", "club", "tournaments")


class Tree:
    """The repository's files: the working tree, or a commit's."""

    def __init__(self, rev: str | None) -> None:
        self.rev = rev

    def read(self, path: str) -> str:
        if self.rev is None:
            return (ROOT / path).read_text(encoding="utf-8")
        return git("show", f"{self.rev}:{path}")

    def python_files(self) -> list[str]:
        if self.rev is None:
            found = [
                p.relative_to(ROOT).as_posix()
                for pkg in PACKAGES
                for p in (ROOT / pkg).rglob("*.py")
            ]
        else:
            found = git("ls-tree", "-r", "--name-only", self.rev, "--", *PACKAGES).split()
        return sorted(p for p in found if p.endswith(".py"))


def git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def in_whole(path: str) -> bool:
    parts = path.split("/")
    return "migrations" not in parts and "tests" not in parts and not parts[-1].startswith("test_")


def module_of(path: str) -> str:
    name = path.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def specificity(pattern: str, module: str) -> int | None:
    """How closely ``pattern`` names ``module`` (None: it does not)."""
    if pattern == module:
        return 10_000
    if pattern.endswith(".*"):
        prefix = pattern.removesuffix(".*")
        if module == prefix or module.startswith(prefix + "."):
            return len(prefix.split("."))
    return None


def ignored(module: str, overrides: list[dict[str, Any]]) -> bool:
    best: tuple[int, int] | None = None
    value = False
    for index, override in enumerate(overrides):
        if "ignore_errors" not in override:
            continue
        patterns = override["module"]
        for pattern in [patterns] if isinstance(patterns, str) else patterns:
            rank = specificity(str(pattern), module)
            if rank is not None and (best is None or (rank, index) >= best):
                best, value = (rank, index), bool(override["ignore_errors"])
    return value


def checked(path: str, config: dict[str, Any]) -> bool:
    files = [str(f).rstrip("/") for f in config.get("files", [])]
    if not any(path == f or path.startswith(f + "/") for f in files):
        return False
    excludes = config.get("exclude", [])
    for pattern in [excludes] if isinstance(excludes, str) else excludes:
        if re.search(str(pattern), path):
            return False
    return not ignored(module_of(path), config.get("overrides", []))


def lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", help="a commit to measure instead of the working tree")
    parser.add_argument("--list", action="store_true", help="list the modules left out")
    args = parser.parse_args()
    tree = Tree(args.rev)
    config = tomllib.loads(tree.read("pyproject.toml"))["tool"]["mypy"]
    total = strict = 0
    left: list[tuple[int, str]] = []
    for path in filter(in_whole, tree.python_files()):
        count = lines(tree.read(path))
        total += count
        if checked(path, config):
            strict += count
        else:
            left.append((count, module_of(path)))
    where = args.rev or "working tree"
    print(
        f"mypy --strict checks {strict} of {total} lines ({100 * strict / total:.1f} %) of "
        f"scoring, club and tournaments ({where}; migrations and tests left out)"
    )
    if args.list:
        for count, module in sorted(left, reverse=True):
            print(f"{count:6d}  {module}")


if __name__ == "__main__":
    sys.exit(main())
