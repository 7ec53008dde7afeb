#!/usr/bin/env sh
# The interpreter Atout's virtualenv is made with unless PYTHON names one (the Makefile's and
# scripts/system-deps.sh's default): Debian's own python3 ($1, /usr/bin/python3 unless given)
# when it is 3.11 or newer, Debian building it with profile-guided and link-time optimisation;
# else the python3 first on the PATH.
system=${1:-/usr/bin/python3}
if "$system" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "$system"
else
  echo python3
fi
