"""The Excel writer's cost alone (no database): ``SheetWriter`` beside a hand-written baseline.

    .venv/bin/python bench/excel_writer.py [--rows 50000] [--runs 5]

A standings-like sheet (rank, name, club, five integer columns, shared place points with two
decimals in one row of ten, a bold row of ten) written through ``tournaments.printing.excel``'s
``SheetWriter`` and, as the baseline a competent engineer would write, openpyxl's write-only
workbook with a ``WriteOnlyCell`` per formatted cell (its number format and font set on it).
Prints the median CPU time of each (``time.process_time``) and their ratio.
"""

import argparse
import random
import statistics
import sys
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from django_setup import setup_django

HEADERS = ["Rang", "Joueur", "Club", "R1", "R2", "R3", "R4", "Points de place"]


def rows(count: int) -> list[tuple[list[object], list[str | None]]]:
    rng = random.Random(1)
    made = []
    for rank in range(1, count + 1):
        shared = rank % 10 == 0
        points = rng.randint(0, 80) + (0.5 if shared else 0)
        values = [
            rank,
            f"Joueur{rank:05d} Nom{rank:05d}",
            rng.choice(["Gesves", "Ciney", "Namur", "=HYPERLINK(1)"]),
            *(rng.randint(-60, 60) for _ in range(4)),
            points,
        ]
        made.append((values, [None] * 7 + ["0.00" if shared else "0"]))
    return made


def with_sheet_writer(data) -> bytes:
    from openpyxl.styles import Font

    from tournaments.printing import excel

    workbook = excel.new_workbook("Bench")
    writer = excel.SheetWriter(excel.new_sheet(workbook, "Classement"), HEADERS)
    bold = Font(bold=True)
    for index, (values, formats) in enumerate(data):
        writer.row(values, formats, font=bold if index % 10 == 0 else None)
    writer.finish()
    return excel.workbook_bytes(workbook)


def baseline(data) -> bytes:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    workbook = Workbook(write_only=True)
    ws = workbook.create_sheet("Classement")
    bold = Font(bold=True)
    header = []
    for value in HEADERS:
        cell = WriteOnlyCell(ws, value=value)
        cell.font = bold
        header.append(cell)
    ws.append(header)
    for index, (values, formats) in enumerate(data):
        cells: list[object] = []
        for value, fmt in zip(values, formats, strict=True):
            cell = WriteOnlyCell(ws, value=value)
            if isinstance(value, str):
                cell.data_type = "s"
            else:
                cell.number_format = fmt or "0"
            if index % 10 == 0:
                cell.font = bold
            cells.append(cell)
        ws.append(cells)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def cpu(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    setup_django()
    data = rows(args.rows)
    ours = cpu(lambda: with_sheet_writer(data), args.runs)
    base = cpu(lambda: baseline(data), args.runs)
    print(f"{args.rows} rows × {len(HEADERS)} columns, median CPU of {args.runs} runs")
    print(f"SheetWriter: {ours * 1000:.0f} ms; baseline (a styled cell each): {base * 1000:.0f} ms")
    print(f"ratio: {ours / base:.2f}")


if __name__ == "__main__":
    main()
