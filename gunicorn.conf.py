"""gunicorn's settings, read from the working directory by ``gunicorn club.wsgi``.

Django, the URLconf and every view's libraries (WeasyPrint, openpyxl: seconds of imports)
are loaded once in the master, before it forks; then ``when_ready`` does there what the first
requests would (``club.warmup``: URL patterns, translations, templates compiled). Each worker
starts ready for requests (none waits behind a worker's warm-up, even after a restart) and
shares that memory.
"""

import os

from club.log import logging_config  # imports nothing of Django's

preload_app = True

# gunicorn's own lines in the site's form (time, level, logger; JSON with ATOUT_LOG_FORMAT=json).
logconfig_dict = logging_config(
    os.environ.get("ATOUT_LOG_LEVEL", "INFO"),
    os.environ.get("ATOUT_LOG_FORMAT", "text"),
    mail_admins=False,
    access=os.environ.get("ATOUT_ACCESS_LOG", "") == "1",
)

# Threads (gthread workers): a request waiting on PostgreSQL leaves its worker's CPU to
# another; 3 workers × 4 threads served the load bench (bench/load.py) 2.8× faster than 3
# single-threaded workers, at a fifth of the median latency.
threads = 4


def when_ready(server):
    # Imported here: this file is read before the app (and Django's settings) is loaded.
    from club.warmup import warm

    warm()
