"""What the Content-Security-Policy header costs a response (the phones' 304s most of all).

    .venv/bin/python bench/csp_header.py [--responses 20000]

Runs the project's CSP middleware (``settings.MIDDLEWARE``'s, production's policy) around a
view answering an empty 304, and the same view bare, and prints the median CPU a response of
each (``time.process_time``, 5 runs) and their difference: the header's own cost.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import setup_django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--responses", type=int, default=20_000)
    args = parser.parse_args()
    setup_django()
    from django.conf import settings
    from django.http import HttpResponseNotModified
    from django.test import RequestFactory
    from django.utils.module_loading import import_string

    path = next(m for m in settings.MIDDLEWARE if "csp" in m.lower())
    middleware = import_string(path)(lambda request: HttpResponseNotModified())
    request = RequestFactory().get("/t/abc/etat.json")

    def bare() -> None:
        HttpResponseNotModified()

    def with_csp() -> None:
        response = middleware(request)
        assert "Content-Security-Policy" in response

    def cpu(fn) -> float:
        runs = []
        for _ in range(5):
            start = time.process_time()
            for _ in range(args.responses):
                fn()
            runs.append((time.process_time() - start) / args.responses)
        return statistics.median(runs)

    header, plain = cpu(with_csp), cpu(bare)
    print(f"{path}: {header * 1e6:.1f} µs a response, {plain * 1e6:.1f} µs bare")
    print(f"the header's cost: {(header - plain) * 1e6:.1f} µs a response")


if __name__ == "__main__":
    main()
