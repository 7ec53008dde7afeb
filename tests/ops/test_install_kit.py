"""Issue 32 §7.1: the lock files install on every Python the README names (Debian 12's own
3.11.2 included), and the Makefile creates the virtualenv with the interpreter it is given.
The real install with Debian's /usr/bin/python3 from a fresh clone is tests/ops/debian_python.sh
(CI runs it beside the suite)."""

import re
import subprocess
from importlib import metadata
from pathlib import Path

import pytest
from django.conf import settings
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(settings.BASE_DIR)
#: Debian 12's own (3.11.2), the python3 first on this machine's PATH (3.11.7), and the newer
#: ones pyproject's requires-python allows.
PYTHONS = ["3.11.0", "3.11.2", "3.11.7", "3.12.0", "3.13.0"]


def locked(name: str) -> dict[str, str]:
    text = (ROOT / "requirements" / name).read_text()
    pins = re.findall(r"^([a-z0-9][a-z0-9._-]*)==([^ \\\n;]+)", text, re.M | re.I)
    return {canonicalize_name(package): version for package, version in pins}


def missing_on(python: str, pins: dict[str, str]) -> list[str]:
    """What a locked package requires on ``python`` and the lock does not pin (pip's
    --require-hashes then refuses the whole install)."""
    environment = default_environment() | {
        "python_full_version": python,
        "python_version": ".".join(python.split(".")[:2]),
    }
    missing = []
    for package, version in pins.items():
        try:  # the requirements as this virtualenv's copy declares them (CI's is the lock's)
            requires = metadata.requires(package) or []
        except metadata.PackageNotFoundError:  # locked since this virtualenv was made
            continue
        for line in requires:
            requirement = Requirement(line)
            if requirement.marker and not requirement.marker.evaluate(environment | {"extra": ""}):
                continue
            if canonicalize_name(requirement.name) not in pins:
                missing.append(f"{requirement.name} (required by {package} {version})")
    return missing


@pytest.mark.parametrize("lock", ["prod.lock", "dev.lock"])
@pytest.mark.parametrize("python", PYTHONS)
def test_the_lock_files_install_on_every_python_the_readme_names(lock, python):
    assert missing_on(python, locked(lock)) == []


def test_make_install_creates_the_virtualenv_with_the_python_it_is_given():
    planned = subprocess.run(
        ["make", "-n", "-B", "install", "PYTHON=/usr/bin/python3", "VENV=/nonexistent"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "/usr/bin/python3 -m venv /nonexistent" in planned
