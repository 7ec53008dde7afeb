"""Benchmark: hostile spreadsheets sent to both imports (issue 32 §2): the worker's time and
memory.

    .venv/bin/python bench/hostile_spreadsheets.py [--production] [--timeout 60] [--memory-gb 4]
                                                   [--code DIR]

The files are those of the tests (``tests/hostile_files.py``): a few kB declaring the whole
grid (A1:XFD1048576) with a row at its end, the same with 100,000 rows squeezed in, and 300 kB
holding a 300 MB shared string. Each is sent to each import (the members', the archived
evenings') through its page (Django's test client, a committee member logged in), each time
in a process of its own — the worker — whose address space is limited to ``--memory-gb``
(``RLIMIT_AS``) and which is killed after ``--timeout`` seconds. Printed per case: the answer
(status, and the page's message), the wall and CPU seconds of the request, the worker's peak
resident memory (``ru_maxrss``, from its start: Django's own included, given apart) and
Python's peak allocation during the request (``tracemalloc``) — or how the worker died.

``--code DIR`` runs another checkout's code (``git archive 55c39d0 | tar -x -C DIR``: the
figures before the bounds); ``DATABASE_URL`` picks the database (else a throwaway SQLite file).
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "whole grid, a row at its end": ("whole_grid", "row"),
    "whole grid, 100,000 rows": ("whole_grid", "many"),
    "300 MB shared string": ("huge_shared_string", ""),
}
IMPORTS = {
    "members": ("player_import", ["Nom", "Prénom"], ["Dubois", "Anne"]),
    "archived evenings": (
        "staff_archive_import",
        ["Date", "Joueur", "Points"],
        ["07/01/2026", "Dubois", 1],
    ),
}


def worker(args: argparse.Namespace) -> None:
    """One case in this process: prints a JSON line of figures."""
    code = Path(args.code).resolve() if args.code else ROOT
    os.chdir(code)
    # That code's own django_setup (which puts its folder first), then the files' maker.
    sys.path[:0] = [str(code / "bench"), str(code), str(ROOT / "tests")]
    import tracemalloc

    from django_setup import HTTPS, PRODUCTION, setup_django

    setup_django(PRODUCTION if args.production else "club.settings.test")
    import club

    assert Path(club.__file__).resolve().is_relative_to(code), club.__file__
    import datetime

    import hostile_files
    from django.contrib.auth.models import User
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    from club.models import Club, Season
    from club.roles import BUREAU, grant_role

    maker, far = CASES[args.case]
    page, header, row = IMPORTS[args.imports]
    if args.prepare:
        return
    slug = f"bench-{os.getpid()}"
    club = Club.objects.create(name=slug, slug=slug)
    season = Season.objects.create(
        club=club, name="2026", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    user = User.objects.create_user(username=slug, password="unused-pass-123")
    grant_role(user, club, BUREAU)
    client = Client(**(HTTPS if args.production else {}))
    client.force_login(user)
    if maker == "whole_grid":
        content = hostile_files.whole_grid(header, row, far=far)
    else:
        content = hostile_files.huge_shared_string(header)
    data = {"file": SimpleUploadedFile("hostile.xlsx", content)}
    if page == "staff_archive_import":
        data |= {"season": season.pk, "game": "whist", "rounds": 3}
    url = reverse(page, args=[slug])
    client.get(url)  # the page once, so that what is measured is the file's
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"size": len(content), "rss_before_kb": rss_before}), flush=True)
    tracemalloc.start()
    cpu = time.process_time()
    start = time.perf_counter()
    response = client.post(url, data)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu
    _current, peak = tracemalloc.get_traced_memory()
    text = response.content.decode()
    errors = re.findall(r"class=\"field-error\"[^>]*>(.*?)</p>", text, re.S)
    figures = {
        "status": response.status_code,
        "message": errors[0] if errors else "",
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "rss_peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "tracemalloc_peak_kb": peak // 1024,
    }
    print(json.dumps(figures), flush=True)


def limit_memory(gigabytes: float):
    def apply() -> None:
        limit = int(gigabytes * 1024**3)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def run_case(args: argparse.Namespace, case: str, imports: str, extra: list[str]) -> str:
    command = [sys.executable, __file__, "--worker", "--case", case, "--imports", imports, *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            preexec_fn=limit_memory(args.memory_gb),
        )
        assert process.stdout is not None
        ready = process.stdout.readline()  # the worker is up: the request starts
        start = time.perf_counter()
        try:
            process.wait(timeout=args.timeout)
            ended = ""
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            ended = f"killed: no answer in {args.timeout:.0f} s"
        wall = time.perf_counter() - start
        out = ready + process.stdout.read()
        errors.seek(0)
        err = errors.read()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if len(lines) == 2:
        size, figures = lines
        message = " ".join(figures["message"].split())[:100]
        return (
            f"{size['size'] / 1024:.1f} kB → {figures['status']} {message!r}\n"
            f"      request: {figures['wall_s']} s wall, {figures['cpu_s']} s CPU; "
            f"peak RSS {figures['rss_peak_kb'] / 1024:.0f} MB "
            f"(Django and the page before: {size['rss_before_kb'] / 1024:.0f} MB); "
            f"tracemalloc peak {figures['tracemalloc_peak_kb'] / 1024:.1f} MB"
        )
    if not ended:
        last = (err.strip().splitlines() or ["?"])[-1]
        ended = f"died (exit {process.returncode}) after {wall:.0f} s: {last[:120]}"
    size_text = f"{lines[0]['size'] / 1024:.1f} kB → " if lines else ""
    return (
        f"{size_text}{ended} ({cpu:.0f} s CPU, Django's start included); peak RSS "
        f"{after.ru_maxrss / 1024:.0f} MB (the largest child's so far; "
        f"limit {args.memory_gb:g} GB of address space)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--production", action="store_true")
    parser.add_argument("--timeout", type=float, default=60, help="seconds for the request")
    parser.add_argument("--memory-gb", type=float, default=4)
    parser.add_argument("--code", default="", help="another checkout's code (before)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--case", default=next(iter(CASES)), help=argparse.SUPPRESS)
    parser.add_argument("--imports", default=next(iter(IMPORTS)), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return
    if "DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="atout-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    extra = ["--code", args.code] if args.code else []
    extra += ["--production"] if args.production else []
    subprocess.run(
        [sys.executable, __file__, "--worker", "--prepare", *extra], check=True
    )  # migrated once
    print(
        f"code: {args.code or ROOT}; settings: {'production' if args.production else 'test'}; "
        f"database: {os.environ['DATABASE_URL'].split('@')[-1]}; worker limited to "
        f"{args.memory_gb} GB, killed after {args.timeout:.0f} s (+ its start)"
    )
    for case in CASES:
        for imports in IMPORTS:
            print(f"{case} → {imports}:\n      {run_case(args, case, imports, extra)}", flush=True)


if __name__ == "__main__":
    main()
