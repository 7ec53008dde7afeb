"""Issue 32 §7.1: the lock files install on every Python the README names (Debian 12's own
3.11.2 included), and the Makefile creates the virtualenv with the interpreter it is given.
CI's suite runs on the Makefile's default, Debian's /usr/bin/python3; the real install with the
other, the python3 first on the PATH, from a fresh clone is tests/ops/second_python.sh (CI runs
it beside the suite)."""

import os
import re
import subprocess
import sys
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


def planned_venv(environment: dict[str, str] | None = None, *variables: str) -> str:
    """The command `make install` would make a new virtualenv with, in ``environment`` (this
    process's unless given), with the Makefile's ``variables`` (``NAME=value``)."""
    planned = subprocess.run(
        ["make", "-n", "-B", "install", "VENV=/nonexistent", *variables],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    ).stdout
    return next(line for line in planned.splitlines() if line.endswith("-m venv /nonexistent"))


def test_make_install_creates_the_virtualenv_with_the_python_it_is_given():
    assert "/usr/bin/python3 -m venv /nonexistent" in planned_venv(None, "PYTHON=/usr/bin/python3")


def test_make_install_takes_the_systems_python_unless_it_is_too_old_or_another_is_named(tmp_path):
    """Debian builds its python3 with profile-guided optimisation (the suite runs a tenth
    faster on it): the Makefile takes it (SYSTEM_PYTHON, /usr/bin/python3) unless it is older
    than pyproject's 3.11, then the python3 first on the PATH; PYTHON, when named, wins."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHON"}
    old = tmp_path / "python3.9"
    old.write_text("#!/bin/sh\nexit 1\n")
    old.chmod(0o755)
    environment["SYSTEM_PYTHON"] = sys.executable
    assert planned_venv(environment) == f"{sys.executable} -m venv /nonexistent"
    environment["SYSTEM_PYTHON"] = str(old)
    assert planned_venv(environment) == "python3 -m venv /nonexistent"
    environment["SYSTEM_PYTHON"] = str(tmp_path / "none")
    assert planned_venv(environment) == "python3 -m venv /nonexistent"
    environment["SYSTEM_PYTHON"] = sys.executable
    environment["PYTHON"] = "python3.11"
    assert planned_venv(environment) == "python3.11 -m venv /nonexistent"
