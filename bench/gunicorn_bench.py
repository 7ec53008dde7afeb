"""gunicorn's settings for the load benches: a settings file (``ATOUT_BENCH_CONFIG``, the
project's ``gunicorn.conf.py`` by default) with hooks added that measure the server from the
inside, where a client cannot see it:

- each request's CPU in the worker thread that served it (``getrusage(RUSAGE_THREAD)`` in
  ``pre_request`` and ``post_request``: the view, the middleware, Django's handler and
  gunicorn's own writing of the response), summed per kind of path (digits and tokens
  replaced by ``*``), written as JSON to ``ATOUT_BENCH_DIR/cpu-<pid>.json`` every half second
  by a thread of the worker, so a bench reads it between two measures (``read_cpu``, a second
  after the last request);
- ``ATOUT_BENCH_DIR/ready-<pid>`` once a worker has run the settings' own
  ``post_worker_init`` (so a bench knows the worker is up, and warm if the settings warm it).
"""

import json
import os
import re
import resource
import runpy
import threading
import time
from pathlib import Path

_settings = runpy.run_path(os.environ.get("ATOUT_BENCH_CONFIG") or "gunicorn.conf.py")
globals().update({k: v for k, v in _settings.items() if not k.startswith("__")})

_folder = Path(os.environ.get("ATOUT_BENCH_DIR", "."))
_totals: dict[str, list[float]] = {}  # kind: [requests, CPU seconds]
_lock = threading.Lock()
_local = threading.local()
_KIND = re.compile(r"/t/[^/]+/|\d+")


def _thread_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_THREAD)
    return usage.ru_utime + usage.ru_stime


def _write() -> None:
    with _lock:
        data = json.dumps(_totals)
    path = _folder / f"cpu-{os.getpid()}.json"
    path.with_suffix(".tmp").write_text(data)
    path.with_suffix(".tmp").replace(path)


def _writer() -> None:
    while True:
        time.sleep(0.5)
        _write()


def pre_request(worker, req):
    _local.start = _thread_cpu()


def post_request(worker, req, environ, resp):
    spent = _thread_cpu() - getattr(_local, "start", _thread_cpu())
    kind = f"{req.method} {_KIND.sub(lambda m: '/t/*/' if m[0].startswith('/') else '*', req.path)}"
    if resp is not None and resp.status_code == 304:
        kind += " 304"
    with _lock:
        total = _totals.setdefault(kind, [0, 0.0])
        total[0] += 1
        total[1] += spent


def post_worker_init(worker):
    own = _settings.get("post_worker_init")
    if own is not None:
        own(worker)
    threading.Thread(target=_writer, daemon=True).start()
    (_folder / f"ready-{os.getpid()}").touch()


def worker_exit(server, worker):
    own = _settings.get("worker_exit")
    if own is not None:
        own(server, worker)
    _write()


def read_cpu(folder: Path) -> dict[str, list[float]]:
    """The workers' totals so far, summed: kind → [requests, CPU seconds] (for the benches)."""
    totals: dict[str, list[float]] = {}
    for path in folder.glob("cpu-*.json"):
        for kind, (count, seconds) in json.loads(path.read_text()).items():
            total = totals.setdefault(kind, [0, 0.0])
            total[0] += count
            total[1] += seconds
    return totals
