"""What each part of the test suite costs, from the JUnit XML reports `.ci/run` keeps.

    .venv/bin/python bench/suite_times.py REPORT.xml [REPORT.xml …] [--part NAME=GLOB …]

Prints each report's total of test time (the sum over tests: with two workers, about twice
the wall time), its slowest files, and the time of each ``--part`` (tests whose file matches
one of its comma-separated globs), e.g. an issue's tests:
``--part travel=tests/tournaments/travel/*,tests/tournaments/test_holds.py``.
"""

import argparse
import fnmatch
import xml.etree.ElementTree as ET
from collections import defaultdict


def file_of(case: ET.Element) -> str:
    """The test's file, from JUnit's class name (tests.x.test_y.Class: tests/x/test_y.py)."""
    parts = case.get("classname", "").split(".")
    while parts and not parts[-1].startswith("test_"):
        parts.pop()
    return "/".join(parts) + ".py" if parts else case.get("file", "?")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("reports", nargs="+")
    parser.add_argument("--part", action="append", default=[], help="NAME=GLOB[,GLOB…]")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    parts = {}
    for spec in args.part:
        name, _, globs = spec.partition("=")
        parts[name] = globs.split(",")
    for report in args.reports:
        per_file: dict[str, float] = defaultdict(float)
        for case in ET.parse(report).getroot().iter("testcase"):
            per_file[file_of(case)] += float(case.get("time", 0))
        total = sum(per_file.values())
        print(f"{report}: {total:.0f} s of test time in {len(per_file)} files")
        for path, seconds in sorted(per_file.items(), key=lambda item: -item[1])[: args.top]:
            print(f"  {seconds:7.1f} s  {path}")
        for name, globs in parts.items():
            share = sum(
                seconds
                for path, seconds in per_file.items()
                if any(fnmatch.fnmatch(path, pattern) for pattern in globs)
            )
            print(f"  part {name}: {share:.1f} s ({100 * share / total:.1f} %)")


if __name__ == "__main__":
    main()
