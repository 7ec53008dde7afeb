# Atout's image: Debian's Python with Pango/HarfBuzz and fonts (the PDFs), installed by the same
# steps as any machine (make production: scripts/system-deps.sh, the lock file, the catalogue).
# The same image runs the web server (the default command) and the queue's worker
# (compose.yaml). Build: docker build -t atout .
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=club.settings.prod \
    ATOUT_CACHE_DIR=/var/cache/atout

RUN apt-get update -qq \
    && apt-get install -y -qq --no-install-recommends make git \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /srv/atout
COPY . .
# scripts/system-deps.sh installs Pango, HarfBuzz, fonts and gettext (root in the build).
RUN make production VENV=/srv/atout/.venv \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /srv/atout atout \
    && mkdir -p /var/cache/atout && chown atout /var/cache/atout
# The static files, collected with a throwaway key (collectstatic reads no secret).
RUN DJANGO_SECRET_KEY=build-only-not-a-secret-build-only-not-a-secret-xx \
    DJANGO_ALLOWED_HOSTS=localhost \
    .venv/bin/python manage.py collectstatic --noinput -v 0

USER atout
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s CMD .venv/bin/python -c \
    "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"
CMD [".venv/bin/gunicorn", "club.wsgi", "--bind", "0.0.0.0:8000", "--workers", "2"]
