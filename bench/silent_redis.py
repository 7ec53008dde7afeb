"""A Redis that accepts connections and never answers (issue 32, §5): what a page costs.

    .venv/bin/python bench/silent_redis.py [--requests 10] [--timeout 0.25]

Prepares the load bench's tournament (``load.prepare``: 120 players, round 1 drawn), starts a
TCP server on 127.0.0.1 that accepts every connection and never sends a byte, points the cache
at it (``cache_from_env``, the settings' timeouts unless ``--timeout`` overrides them) and asks
the public pages ``--requests`` times each (the standings, the rounds), then ``/healthz``.
Prints each kind's answers and its median and slowest time, and the time of the first request
(the one that meets the timeout; the next ones find the cache paused, ``club.cache_faults``).
Before issue 32 the Redis cache had no timeout: each call waited as long as the server held
the connection (20-50 s a page measured behind nginx).
"""

import argparse
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import setup_django


def mute_server() -> tuple[int, list[socket.socket]]:
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            connection, _address = listener.accept()
            held.append(connection)

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1], held


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=None)
    args = parser.parse_args()
    setup_django()
    import load
    from django.test import Client, override_settings
    from django.urls import reverse

    from club import cache_faults
    from club.settings.base import cache_from_env

    plan = load.prepare()
    port, held = mute_server()
    caches = cache_from_env(f"redis://127.0.0.1:{port}/0", "")
    if args.timeout is not None:
        caches["default"]["OPTIONS"] = {
            "socket_connect_timeout": args.timeout,
            "socket_timeout": args.timeout,
        }
    print(f"cache: {caches['default']['LOCATION']} options {caches['default']['OPTIONS']}")
    pages = {
        "standings": reverse("tournament_standings", args=[plan["tournament"]]),
        "rounds": reverse("tournament_rounds", args=[plan["tournament"]]),
        "healthz": "/healthz",
    }
    with override_settings(CACHES=caches):
        cache_faults.forget()
        client = Client()
        for kind, url in pages.items():
            times, codes = [], []
            for _ in range(args.requests if kind != "healthz" else 3):
                start = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - start)
                codes.append(response.status_code)
            body = response.content.decode().strip() if kind == "healthz" else ""
            print(
                f"{kind:10} answers {sorted(set(codes))}  first {times[0]:.3f} s  "
                f"median {statistics.median(times):.3f} s  slowest {max(times):.3f} s  {body}"
            )
    print(f"connections the silent server accepted: {len(held)}")


if __name__ == "__main__":
    main()
