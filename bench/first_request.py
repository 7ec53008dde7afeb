"""A fresh worker's first request: what the first visitor waits after a deploy or a restart.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_perf_bench \\
        .venv/bin/python bench/first_request.py [--starts 3] [--config gunicorn.conf.py]

Prepares the load bench's tournament (a Double King round, ``load.prepare``) and a whist table
with its phones' link (``table_load.prepare``), then, ``--starts`` times for each kind of
page: starts gunicorn (production's settings, one worker of 4 threads, the given settings
file), waits until its worker has booted (``bench/gunicorn_bench.py`` marks it once the
settings' own ``post_worker_init`` has run: a warm-up there is counted in the start, not in
the request), sends that one page and times it, then the same page again (the worker warm),
and stops the server. Prints, per kind, the median latency of the first request and of the
second, and the median time from launching gunicorn to its worker being ready.
"""

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import ROOT, setup_django
from load import Browser, free_port, prod_environment, wait_for, wait_ready


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--config", default="gunicorn.conf.py")
    parser.add_argument("--settings", default="club.settings.prod")
    args = parser.parse_args()
    setup_django()
    import load
    import table_load

    plan = load.prepare()
    phones = table_load.prepare(2)
    token = phones["tables"][0]["token"]
    pages = {
        "standings": f"/tournois/{plan['tournament']}/",
        "rounds": f"/tournois/{plan['tournament']}/rondes/",
        "table page (phone)": f"/t/{token}/",
        "poll (etat.json)": f"/t/{token}/etat.json",
        "login": "/login/",
    }
    env = os.environ.copy()
    env["DJANGO_SETTINGS_MODULE"] = args.settings
    if args.settings == "club.settings.prod":
        env.update(prod_environment())
    print(
        f"{args.starts} starts a page, 1 worker × 4 threads ({args.config}, {args.settings}), "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'page':22} {'first ms':>9} {'second ms':>10} {'start s':>8}")
    for kind, path in pages.items():
        first, second, starts = [], [], []
        for _ in range(args.starts):
            a, b, s = once(env, args.config, path)
            first.append(a)
            second.append(b)
            starts.append(s)
        print(
            f"{kind:22} {statistics.median(first) * 1000:9.0f} "
            f"{statistics.median(second) * 1000:10.1f} {statistics.median(starts):8.2f}"
        )


def once(env: dict, config: str, path: str) -> tuple[float, float, float]:
    """(first request, second request, launch to ready) in seconds, on a new server."""
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="atout-first-"))
    cache = tempfile.mkdtemp(prefix="atout-first-cache-")
    env = {
        **env,
        "ATOUT_BENCH_CONFIG": config,
        "ATOUT_BENCH_DIR": str(folder),
        "ATOUT_CACHE_DIR": cache,
    }
    launched = time.perf_counter()
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/gunicorn"),
            "club.wsgi",
            "--workers",
            "1",
            "--threads",
            "4",
            "--config",
            str(ROOT / "bench/gunicorn_bench.py"),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        wait_for(port)
        wait_ready(folder, 1)
        ready = time.perf_counter() - launched
        browser = Browser(port)
        timings = []
        for _ in range(2):
            begin = time.perf_counter()
            status, _body = browser.request("GET", path)
            timings.append(time.perf_counter() - begin)
            assert status in (200, 304), (path, status)
        return timings[0], timings[1], ready
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
