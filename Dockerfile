# Atout's image: Debian's Python with Pango/HarfBuzz and fonts (the PDFs), installed by the same
# steps as any machine (make production: scripts/system-deps.sh, the lock file, the catalogue).
# The same image runs the web server (the default command) and the queue's worker
# (compose.yaml). Every build step runs without a secret (club/settings/build.py); the release,
# in every cache key, is the build's argument:
#   docker build --build-arg ATOUT_RELEASE="$(git describe --tags --always --dirty)" -t atout .
# tests/ops/test_dockerfile.py runs these steps in a clean copy; hadolint checks this file.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    ATOUT_CACHE_DIR=/var/cache/atout

# DL3008 (.hadolint.yaml): Debian's security updates, not pinned versions.
RUN apt-get update -qq \
    && apt-get install -y -qq --no-install-recommends make \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /srv/atout
COPY . .

# Two images of different code must not share cached pages: no build without its release.
ARG ATOUT_RELEASE
ENV ATOUT_RELEASE=${ATOUT_RELEASE}
RUN test -n "$ATOUT_RELEASE" || { echo "Build with --build-arg ATOUT_RELEASE=\$(git describe --tags --always --dirty)" >&2; exit 1; }

# scripts/system-deps.sh installs Pango, HarfBuzz, fonts and gettext (root in the build). The
# image's own Python, whatever Debian packages the libraries bring.
RUN make production VENV=/srv/atout/.venv PYTHON=/usr/local/bin/python3 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 atout \
    && useradd --system --uid 10001 --gid atout --no-create-home --home-dir /srv/atout atout \
    && install -d -o atout /var/cache/atout
# The static files, under the build settings as the catalogue (no secret read).
RUN DJANGO_SETTINGS_MODULE=club.settings.build .venv/bin/python manage.py collectstatic --noinput -v 0

ENV DJANGO_SETTINGS_MODULE=club.settings.prod
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD ["/srv/atout/.venv/bin/python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
CMD ["/srv/atout/.venv/bin/gunicorn", "club.wsgi", "--bind", "0.0.0.0:8000", "--workers", "2"]
