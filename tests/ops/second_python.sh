#!/usr/bin/env bash
# Issue 32 §7.1: Atout installs with both Pythons a Debian 12 machine may have: Debian's own
# /usr/bin/python3 (3.11.2), which the Makefile takes by default and the suite runs on, and the
# python3 first on the PATH (here a pyenv build, 3.11.7), which this script installs with from
# a fresh clone of this checkout's HEAD (`make install PYTHON=...`: the system packages,
# python3-venv included, the dev lock file with its hashes, the catalogue); `manage.py check`
# passes with it. .ci/run starts it beside the suite and waits for it at the end. Alone:
# tests/ops/second_python.sh (SECOND_PYTHON names another interpreter).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${SECOND_PYTHON:-$(command -v python3)}
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
echo "$python ($made) installs Atout: $((SECONDS - started)) s"
