"""Issue 25, the operator's kit kept in step with the code: every environment variable the
settings read is in .env.example (and nothing else), compose.yaml runs the five services on
those variables, its nginx is the tested example's, the systemd units verify, and the installs
come from the lock files."""

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from packaging.requirements import Requirement

ROOT = Path(settings.BASE_DIR)
READ = re.compile(r"""(?:environ\.get\(|environ\[|_required\()\s*["']([A-Z][A-Z0-9_]+)["']""")
#: Read by the libraries themselves: dj-database-url, Django's manage.py, gunicorn.
READ_BY_LIBRARIES = {"DATABASE_URL", "DJANGO_SETTINGS_MODULE", "WEB_CONCURRENCY"}


def variables_read() -> set[str]:
    files = [*sorted((ROOT / "club" / "settings").glob("*.py")), ROOT / "gunicorn.conf.py"]
    return {name for path in files for name in READ.findall(path.read_text())} - {
        # the benchmarks' own
        "ATOUT_BENCH_CONFIG",
        "ATOUT_BENCH_DIR",
    }


def variables_listed() -> set[str]:
    text = (ROOT / ".env.example").read_text()
    return set(re.findall(r"^#?([A-Z][A-Z0-9_]+)=", text, re.M))


def test_env_example_lists_every_variable_the_settings_read_and_no_other():
    read = variables_read() | READ_BY_LIBRARIES
    listed = variables_listed()
    assert read - listed == set(), "read by the settings, missing from .env.example"
    assert listed - read == set(), "in .env.example, read by nothing"


def compose_services(text: str) -> set[str]:
    block = text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    return set(re.findall(r"^  ([a-z]+):$", block, re.M))


def test_compose_runs_the_five_services_on_the_env_example():
    text = (ROOT / "compose.yaml").read_text()
    assert {"web", "worker", "db", "redis", "nginx"} <= compose_services(text)
    shared = text.split("x-atout: &atout\n", 1)[1].split("\nservices:\n", 1)[0]
    assert "env_file: .env" in shared  # the operator's copy of .env.example
    environment = shared.split("  environment:\n", 1)[1].split("\n  depends_on:", 1)[0]
    overridden = set(re.findall(r"^    ([A-Z][A-Z0-9_]+):", environment, re.M))
    assert overridden and overridden <= variables_listed()
    for service in ("web", "worker", "migrate"):
        assert re.search(rf"^  {service}:\n    <<: \*atout$", text, re.M), service


def test_compose_nginx_is_the_tested_example_with_its_upstream_and_certificate():
    example = (ROOT / "deploy" / "nginx" / "atout.conf").read_text()
    compose = (ROOT / "deploy" / "nginx" / "compose.conf").read_text()
    body = example.split("\nupstream", 1)[1]
    body = body.replace("server 127.0.0.1:8000;", "server web:8000;")
    body = body.replace("/etc/letsencrypt/live/atout.example.org/", "/etc/nginx/tls/")
    assert compose.split("\nupstream", 1)[1] == body


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="no systemd-analyze")
def test_the_systemd_units_verify(tmp_path):
    """As installed on a machine whose checkout is this one (the paths exist)."""
    for unit in sorted((ROOT / "deploy" / "systemd").iterdir()):
        text = unit.read_text().replace("/srv/atout", str(ROOT))
        text = text.replace("User=atout", "User=root").replace("Group=atout", "Group=root")
        (tmp_path / unit.name).write_text(text)
    done = subprocess.run(
        ["systemd-analyze", "verify", *sorted(str(p) for p in tmp_path.iterdir())],
        capture_output=True,
        text=True,
    )
    problems = [
        line
        for line in done.stderr.splitlines()
        # This machine runs no systemd: its own units and bus are not ours to verify.
        if "atout" in line and "Failed to" not in line
    ]
    assert problems == [], done.stderr


def locked(name: str) -> dict[str, str]:
    text = (ROOT / "requirements" / name).read_text()
    return dict(re.findall(r"^([a-z0-9][a-z0-9._-]*)==([^ \\\n]+)", text, re.M | re.I))


def test_the_lock_files_pin_every_dependency_within_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    groups = {
        "prod.lock": project["dependencies"],
        "dev.lock": project["dependencies"]
        + project["optional-dependencies"]["dev"]
        + project["optional-dependencies"]["sentry"],
    }
    for lock, requirements in groups.items():
        pins = {name.lower().replace("_", "-"): v for name, v in locked(lock).items()}
        for line in requirements:
            requirement = Requirement(line)
            version = pins.get(requirement.name.lower().replace("_", "-"))
            assert version is not None, f"{requirement.name} missing from {lock}"
            assert requirement.specifier.contains(version), f"{lock}: {requirement} vs {version}"


def test_the_installs_come_from_the_lock_files_and_compile_the_catalogue():
    def planned(target: str) -> str:
        return subprocess.run(
            ["make", "-n", "-B", target, "VENV=/nonexistent"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    production = planned("production")
    assert "--require-hashes -r requirements/prod.lock" in production
    assert "catalogue" in production
    development = planned("install")
    assert "--require-hashes -r requirements/dev.lock" in development
    assert "compilemessages" in development
    assert "make production" in (ROOT / "Dockerfile").read_text()
