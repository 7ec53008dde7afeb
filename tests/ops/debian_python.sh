#!/usr/bin/env bash
# Issue 32 §7.1: Atout installs with Debian 12's own python3 (/usr/bin/python3, 3.11.2) as the
# README says, from a fresh clone of this checkout's HEAD (`make install PYTHON=...`: the
# system packages, python3-venv included, the dev lock file with its hashes, the catalogue),
# and `manage.py check` passes with it. .ci/run starts it beside the suite and waits for it at
# the end. Alone: tests/ops/debian_python.sh (DEBIAN_PYTHON names another interpreter).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${DEBIAN_PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

started=$SECONDS
git clone --quiet --no-hardlinks "$root" "$work/atout"
cd "$work/atout"
echo "== make install PYTHON=$python ($("$python" --version 2>&1)), in a clone of $(git rev-parse --short HEAD)"
make install PYTHON="$python"

made=$(.venv/bin/python -c 'import platform; print(platform.python_version())')
wanted=$("$python" -c 'import platform; print(platform.python_version())')
if [ "$made" != "$wanted" ]; then
  echo "The virtualenv runs Python $made, not $python's $wanted" >&2
  exit 1
fi
.venv/bin/python manage.py check
# redis' asyncio client is what needs async-timeout below Python 3.11.3.
.venv/bin/python -c "import redis.asyncio"
echo "Debian's python3 ($made) installs Atout: $((SECONDS - started)) s"
