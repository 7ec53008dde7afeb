"""No other package's private names, however reached (« The house's edges » §1).

Ruff's SLF001 and PLC2701 (pyproject.toml) catch ``obj._name`` and ``from pkg._mod import``;
this test catches the third way: ``getattr``, ``hasattr``, ``setattr`` or ``delattr`` with a
``"_…"`` literal. The model's ``_meta`` is Django's documented API; any other exception says
why on its line (``# noqa: SLF001 (why)``).
"""

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ACCESSORS = {"getattr", "hasattr", "setattr", "delattr"}
ALLOWED = {"_meta"}


def private_literals(source: str) -> list[tuple[int, str]]:
    """The (line, name) of each accessor called with a private name as a literal."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ACCESSORS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and node.args[1].value.startswith("_")
            and not node.args[1].value.startswith("__")  # dunders are the language's
            and node.args[1].value not in ALLOWED
        ):
            found.append((node.lineno, node.args[1].value))
    return found


def unjustified(source: str) -> list[tuple[int, str]]:
    lines = source.splitlines()
    return [
        (n, name) for n, name in private_literals(source) if "noqa: SLF001 (" not in lines[n - 1]
    ]


def test_no_private_name_is_reached_through_a_literal() -> None:
    files = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    offences = [
        f"{path}:{line}: {name}"
        for path in files
        if (ROOT / path).exists()
        for line, name in unjustified((ROOT / path).read_text(encoding="utf-8"))
    ]
    assert offences == []


def test_the_check_sees_each_accessor_and_lets_justified_lines_and_meta_pass() -> None:
    source = "\n".join(
        [
            'getattr(request, "_csp_nonce", None)',
            'hasattr(x, "_style")',
            'setattr(cell, "_style", s)',
            'delattr(x, "_cache")',
            'getattr(model, "_meta")',
            'getattr(x, "__dict__")',
            'getattr(x, "_own")  # noqa: SLF001 (our own attribute)',
            'getattr(x, "public")',
        ]
    )
    assert unjustified(source) == [(1, "_csp_nonce"), (2, "_style"), (3, "_style"), (4, "_cache")]
