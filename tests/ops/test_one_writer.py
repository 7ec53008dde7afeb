"""One writer (« Tournaments that travel » §2): the domain's signals are sent by the services
only; the views import none of them (the import-linter contract « Views translate HTTP »)."""

import ast
import subprocess
from pathlib import Path

from django.dispatch import Signal

from tournaments import signals

ROOT = Path(__file__).resolve().parents[2]
#: Where a domain signal may be sent: the core's services and each app's own writes.
SENDERS = ("tournaments/services/", "tournaments/tableside/table_entry.py")
#: The one named exception: the demo plays an evening from phones, which the core never does,
#: and hands its clubs to the apps built on it (its ``demo_evening`` and ``demo_built`` have no
#: service to come from; docs/architecture.md).
EXCEPTIONS = {"tournaments/demo.py": {"demo_evening", "demo_built"}}
DOMAIN = {name for name, value in vars(signals).items() if isinstance(value, Signal)}


def sends(source: str) -> set[str]:
    """The domain signals a module sends (``round_drawn.send(…)``, ``signals.x.send(…)``)."""
    sent = set()
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("send", "send_robust")
        ):
            target = node.func.value
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
            if name in DOMAIN:
                sent.add(name)
    return sent


def test_no_domain_signal_is_sent_outside_the_services() -> None:
    files = subprocess.run(
        ["git", "ls-files", "club", "tournaments"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    outside = {
        path: sent - EXCEPTIONS.get(path, set())
        for path in files
        if path.endswith(".py") and not path.startswith(SENDERS) and (ROOT / path).exists()
        for sent in [sends((ROOT / path).read_text(encoding="utf-8"))]
    }
    assert {path: sent for path, sent in outside.items() if sent} == {}


def test_the_check_finds_a_send_however_the_signal_is_named() -> None:
    source = (
        "signals.round_drawn.send(Round, round_=r)\n"
        "tournament_edited.send_robust(Tournament)\n"
        "request_finished.send(None)\n"
        "self.send(request)\n"
    )
    assert sends(source) == {"round_drawn", "tournament_edited"}
