#!/usr/bin/env bash
# Checks the system libraries Atout needs and installs the missing ones with apt-get when it can.
#   scripts/system-deps.sh          PDF libraries (Pango, HarfBuzz subset), gettext, and the tools
#                                   the tests read a printed QR code with (pdftoppm, zbarimg):
#                                   required; python3-venv too when PYTHON (the Makefile's default
#                                   unless set) cannot make a virtualenv (Debian's own without it)
#   scripts/system-deps.sh node     Node.js, npm and Java for the page checks (axe-core, vnu)
#   scripts/system-deps.sh browser  Debian's headless Chromium (chromium-headless-shell) for the
#                                   end-to-end tests: optional unless REQUIRE_BROWSER=1 (CI), then
#                                   a failure stops with an error
#   scripts/system-deps.sh ops      nginx and systemd-analyze for the deploy kit's tests (the nginx
#                                   example, the systemd units): optional unless REQUIRE_OPS=1 or
#                                   CI=true; nginx is installed, never started
set -euo pipefail

want=${1:-base}
if [ "$want" = browser ]; then
  packages=(chromium-headless-shell)
  check() { command -v chromium-headless-shell >/dev/null 2>&1; }
elif [ "$want" = ops ]; then
  packages=(nginx systemd)
  check() { command -v nginx >/dev/null 2>&1 && command -v systemd-analyze >/dev/null 2>&1; }
  # Installed only: in runlevel 1 invoke-rc.d starts no nginx (the tests start their own).
  export RUNLEVEL=1
elif [ "$want" = node ]; then
  # Node.js and npm (axe-core, the Nu Html Checker) and Java (runs the Nu Html Checker).
  packages=(nodejs npm default-jre-headless)
  check() { command -v npm >/dev/null 2>&1 && command -v java >/dev/null 2>&1; }
else
  packages=(libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core gettext
    poppler-utils zbar-tools)
  # Debian's own python3 makes a virtualenv only with python3-venv. PYTHON: the Makefile's
  # interpreter; run alone, the Makefile's default (Debian's when it is 3.11 or newer).
  PYTHON=${PYTHON:-$("$(dirname "$0")/python.sh")}
  if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
    packages+=(python3-venv)
  fi
  check() {
    for p in "${packages[@]}"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || return 1
    done
  }
fi

check && exit 0

missing=$(printf '%s ' "${packages[@]}")
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing system packages: $missing"
  export DEBIAN_FRONTEND=noninteractive
  # A fresh machine has no package lists: update once, then install. Another install running
  # at the same time (CI's beside the suite) holds dpkg's lock: wait for it.
  wait_lock=(-o DPkg::Lock::Timeout=600)
  if ! apt-get "${wait_lock[@]}" install -y -qq "${packages[@]}" >/dev/null 2>&1; then
    apt-get "${wait_lock[@]}" update -qq
    apt-get "${wait_lock[@]}" install -y -qq "${packages[@]}" >/dev/null
  fi
  check && exit 0
fi

if [ "$want" = ops ] && [ "${REQUIRE_OPS:-0}" != 1 ] && [ "${CI:-}" != true ]; then
  echo "nginx or systemd-analyze is missing: their tests will be skipped. To run them: sudo apt-get install $missing"
  exit 0
fi
if [ "$want" = browser ] && [ "${REQUIRE_BROWSER:-0}" != 1 ]; then
  echo "chromium-headless-shell is missing: the browser tests run in chromium if it is installed, else they are skipped. To install it: sudo apt-get install chromium-headless-shell"
  exit 0
fi
echo "Missing system packages. Install them with:" >&2
echo "  sudo apt-get install $missing" >&2
exit 1
