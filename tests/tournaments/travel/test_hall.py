"""`make hall` (``manage.py hall``): the evening taken away, run on the laptop's own SQLite
database with no network at all, and « Rapporter la soirée » (README « Une soirée sans
internet »)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tournaments.travel.services.export import export_bundle
from tournaments.travel.services.signing import make_site_key

MANAGE = Path(settings.BASE_DIR) / "manage.py"


def hall_env(folder: Path, port: int) -> dict[str, str]:
    """The laptop's process: the hall's settings and folder, the address `make hall` gives."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "ATOUT_", "DATABASE_URL", "PYTEST", "COV_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="club.settings.hall",
        ATOUT_HALL_DIR=str(folder),
        ATOUT_BASE_URL=f"http://127.0.0.1:{port}",
        PYTHONUNBUFFERED="1",
    )
    return env


def network_namespace_works() -> bool:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return False
    done = subprocess.run(["unshare", "-n", "true"], capture_output=True, check=False)
    return done.returncode == 0


@pytest.fixture
def taken_away(played_tournament, tmp_path):
    """« Emporter la soirée »'s file of the played tournament."""
    make_site_key()
    path = tmp_path / "soiree.atout"
    path.write_bytes(export_bundle(played_tournament, hold="Portable"))
    return path


def test_hall_imports_and_serves_with_only_the_loopback(taken_away, played_tournament, tmp_path):
    """In a network namespace of its own (only the loopback: no route anywhere, so nothing
    can be downloaded or installed), the command imports the bundle, prints the address and
    the login, and its server answers on 127.0.0.1."""
    if not network_namespace_works():
        pytest.skip("unshare -n (a network namespace: root or user namespaces) is not available")
    folder, port = tmp_path / "hall", 8399
    out, page, links = tmp_path / "out.txt", tmp_path / "page.html", tmp_path / "links.txt"
    script = f"""
ip link set lo up
ip -o link > {links}
{sys.executable} {MANAGE} hall {taken_away} --addrport 127.0.0.1:{port} --workers 0 \
  > {out} 2>&1 &
server=$!
for i in $(seq 1 1200); do
  curl -s -o /dev/null http://127.0.0.1:{port}/healthz && break
  sleep 0.1
done
curl -s -o {page} -w '%{{http_code}}' http://127.0.0.1:{port}/tournois/
kill $server
wait $server
"""
    done = subprocess.run(
        ["unshare", "-n", "sh", "-c", script],
        env=hall_env(folder, port),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    printed = out.read_text()
    assert done.stdout.endswith("200"), (done.stdout, done.stderr, printed)
    assert links.read_text().count("\n") == 1  # the loopback only
    assert f"http://127.0.0.1:{port}" in printed
    assert "soiree / " in printed
    assert played_tournament.name in page.read_text()
    assert (folder / "hall.sqlite3").exists()
