"""Benchmark at a federation's size: standings pages and Excel exports beside their baselines.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/atout_perf_bench \\
        .venv/bin/python bench/federation.py [--scale 0.1] [--reuse] [--runs 5]

Builds (bulk_create, seeded) 2,000 players, 3 seasons of 100 Double King tournaments of 120
players × 5 rounds, and a whist season of 100 tournaments of 120 players × 3 pools; the stored
tournament results are filled by the services' own code. ``--scale`` shrinks the number of
tournaments and players; ``--reuse`` keeps a database built before (same scale).

Each line prints the project's figure beside its baseline, measured side by side in the
same run (median of ``--runs``): the bare SQL query returning what a page shows, or an
openpyxl write-only workbook of the same cells styled per column (bold header, each column's
number format and width: what one would write by hand), and the same cells unstyled as a
lower bound. Query counts are printed too.
"""

import datetime
import random
import statistics
import sys
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_data import built_or_reused, sized_parser
from django_setup import setup_django

CLUB_SLUG = "federation"


def main() -> None:
    args = sized_parser().parse_args()
    setup_django()

    def existing():
        from club.models import Club

        return Club.objects.filter(slug=CLUB_SLUG).first()

    built_or_reused(args, existing, wipe, build)
    measure(args.runs)


# --------------------------------------------------------------------------- the data


def wipe(club) -> None:
    from club.models import Player
    from tournaments.models import Tournament

    Tournament.objects.filter(club=club).delete()
    Player.objects.filter(clubs=club).delete()
    club.delete()


def build(scale: float) -> None:
    """The federation: players, three Double King seasons, one whist season."""
    from django.db import transaction

    from club.models import Club, Player, Season
    from tournaments.models import Tournament
    from tournaments.sample_sheets import stored_tournament
    from tournaments.services import result_store

    rng = random.Random(2026)
    n_players = max(200, round(2000 * scale))
    n_tournaments = max(2, round(100 * scale))
    with transaction.atomic():
        club = Club.objects.create(name="Fédération", slug=CLUB_SLUG)
        pool = Player.objects.bulk_create(
            Player(first_name=f"Prénom{i:04d}", last_name=f"Nom{rng.randrange(10**6):06d}")
            for i in range(n_players)
        )
        Player.clubs.through.objects.bulk_create(
            Player.clubs.through(player=p, club=club) for p in pool
        )
        seasons = []
        for year in (2024, 2025, 2026):
            season = Season.objects.create(
                club=club,
                name=f"Double King {year}",
                start=datetime.date(year, 1, 1),
                end=datetime.date(year, 12, 31),
            )
            seasons.append((season, "double_king", 5))
        whist = Season.objects.create(
            club=club,
            name="Whist 2026",
            start=datetime.date(2026, 1, 1),
            end=datetime.date(2026, 12, 31),
        )
        seasons.append((whist, "whist", 3))
        for season, game, rounds in seasons:
            for t in range(n_tournaments):
                stored_tournament(season, game, rounds, t, pool, rng)
    with transaction.atomic():
        for tournament in Tournament.objects.filter(club__slug=CLUB_SLUG):
            result_store.results_changed(tournament)


# --------------------------------------------------------------------------- the figures


def side_by_side(ours, baseline, runs: int) -> tuple[float, float]:
    """Median milliseconds of ``runs`` calls of each, after a warm-up, the two alternating
    so that the machine's other load weighs on both alike."""
    ours()
    baseline()
    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for fn, times in ((ours, samples[0]), (baseline, samples[1])):
            begin = time.perf_counter()
            fn()
            times.append((time.perf_counter() - begin) * 1000)
    return statistics.median(samples[0]), statistics.median(samples[1])


def cpu_ratio(ours, baseline, runs: int) -> float:
    """The ratio of the CPU time ``ours`` and ``baseline`` take, this process's and its
    database backend's (PostgreSQL: read from /proc; it is on this machine), over enough calls
    for the clock ticks (10 ms) to count: unlike wall-clock time, other work on the machine
    does not weigh on it."""
    import os

    from django.db import connection

    backend = None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = Path(f"/proc/{cursor.fetchone()[0]}/stat")
    tick = os.sysconf("SC_CLK_TCK")

    def cpu() -> float:
        total = time.process_time()
        if backend is not None and backend.exists():
            fields = backend.read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        return total

    totals = [0.0, 0.0]
    calls = max(runs, 20)
    for _ in range(3):
        for index, fn in enumerate((ours, baseline)):
            begin = cpu()
            for _ in range(calls):
                fn()
            totals[index] += cpu() - begin
    return totals[0] / totals[1]


def queries(fn) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        fn()
    return len(captured)


def bare_xlsx(rows: list[list[object]]) -> bytes:
    """The baseline: a bare openpyxl write-only workbook of the same cells."""
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)
    ws = workbook.create_sheet("Sheet")
    for row in rows:
        ws.append(row)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def bare_styled_xlsx(rows: list[list[tuple[object, str]]]) -> bytes:
    """The same cells with their number formats (each formatted cell styled), bare."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    workbook = Workbook(write_only=True)
    ws = workbook.create_sheet("Sheet")
    for row in rows:
        cells: list[object] = []
        for value, number_format in row:
            if number_format == "General":
                cells.append(value)
            else:
                cell = WriteOnlyCell(ws, value=value)
                cell.number_format = number_format
                cells.append(cell)
        ws.append(cells)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def column_styled_xlsx(rows: list[list[object]], layout: tuple[list[str], dict]) -> bytes:
    """The baseline a competent engineer would write: openpyxl's write-only workbook, the
    header in bold, each column's number format chosen once for the column (a cell of it
    takes that format) and its width; ``layout``: the formats and widths (``column_layout``)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    formats, widths = layout
    workbook = Workbook(write_only=True)
    ws = workbook.create_sheet("Sheet")
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    bold = Font(bold=True)
    header = []
    for value in rows[0]:
        cell = WriteOnlyCell(ws, value=value)
        cell.font = bold
        header.append(cell)
    ws.append(header)
    for row in rows[1:]:
        cells: list[object] = []
        for value, number_format in zip(row, formats, strict=False):
            if number_format == "General" or value is None:
                cells.append(value)
            else:
                cell = WriteOnlyCell(ws, value=value)
                cell.number_format = number_format
                cells.append(cell)
        ws.append(cells)
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def column_layout(content: bytes) -> tuple[list[str], dict]:
    """The first sheet's number format per column (its last row's) and column widths."""
    from openpyxl import load_workbook

    ws = load_workbook(BytesIO(content)).worksheets[0]
    last = list(ws.iter_rows())[-1]
    widths = {
        letter: dimension.width
        for letter, dimension in ws.column_dimensions.items()
        if dimension.width
    }
    return [cell.number_format for cell in last], widths


def styled_cells(content: bytes) -> list[list[tuple[object, str]]]:
    """The first sheet's (value, number format) pairs, read back from a workbook."""
    from openpyxl import load_workbook

    ws = load_workbook(BytesIO(content)).worksheets[0]
    return [[(cell.value, cell.number_format) for cell in row] for row in ws.iter_rows()]


def sheet_cells(content: bytes) -> list[list[list[object]]]:
    """Every sheet's cell values, read back from a workbook (the cells a bare write writes)."""
    from openpyxl import load_workbook

    workbook = load_workbook(BytesIO(content), read_only=True)
    return [[list(row) for row in ws.iter_rows(values_only=True)] for ws in workbook.worksheets]


def raw_sql(sql: str, params: list[object]):
    from django.db import connection

    def run() -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            cursor.fetchall()

    return run


TOURNAMENT_SQL = """
    SELECT s.entry_id, p.last_name, p.first_name, e.substitute, r.number, tb.number, s.score,
           s.place_points_60ths
    FROM tournaments_seat s
    JOIN tournaments_round r ON r.id = s.round_id
    JOIN tournaments_table tb ON tb.id = s.table_id
    JOIN tournaments_entry e ON e.id = s.entry_id
    JOIN club_player p ON p.id = e.player_id
    WHERE r.tournament_id = %s AND tb.complete"""

ANNUAL_SQL = """
    SELECT tr.player_id, MAX(p.last_name), MAX(p.first_name), COUNT(*), SUM(tr.points),
           SUM(tr.annual_place_points_60ths),
           RANK() OVER (ORDER BY SUM(tr.points) DESC) AS place
    FROM tournaments_tournamentresult tr
    JOIN tournaments_tournament t ON t.id = tr.tournament_id
    JOIN club_player p ON p.id = tr.player_id
    WHERE t.season_id = %s AND t.game = 'whist' AND t.published
    GROUP BY tr.player_id
    ORDER BY place, 2, 3
    LIMIT 50"""


def measure(runs: int) -> None:
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from club.models import Season
    from tournaments.models import Tournament
    from tournaments.printing import excel
    from tournaments.selectors import annual_rankings

    client = Client()
    seasons = list(Season.objects.filter(club__slug=CLUB_SLUG).order_by("pk"))
    dk_season, whist_season = seasons[-2], seasons[-1]
    tournament = Tournament.objects.filter(season=dk_season).order_by("pk").first()
    lines = []

    def line(what, ours, baseline, count, goal):
        ours_ms, base_ms = side_by_side(ours, baseline, runs)
        cpu = cpu_ratio(ours, baseline, runs)
        lines.append((what, ours_ms, base_ms, ours_ms / base_ms, cpu, count, goal))

    # Whist annual ranking, Excel (the season's public export).
    whist_xlsx = reverse("season_xlsx", args=[whist_season.pk])
    content = client.get(whist_xlsx).content
    cells = sheet_cells(content)[0]
    line(
        f"whist annual ranking .xlsx ({len(cells) - 3} players × {len(cells[0])} columns)",
        lambda: client.get(whist_xlsx),
        lambda: bare_xlsx(cells),
        queries(lambda: client.get(whist_xlsx)),
        "< 1 s; linear",
    )
    ranking = annual_rankings.annual_ranking(whist_season, "whist")
    half = type(ranking)(**{**ranking.__dict__, "rows": ranking.rows[: len(ranking.rows) // 2]})

    def annual_sheet(r):
        return lambda: excel.workbook_bytes(_one_sheet(excel, r))

    full_ms, half_ms = side_by_side(annual_sheet(ranking), annual_sheet(half), runs)

    # Season Excel export, Double King, every player of the federation.
    season_xlsx = reverse("season_xlsx", args=[dk_season.pk])
    cells = sheet_cells(client.get(season_xlsx).content)[0]
    layout = column_layout(client.get(season_xlsx).content)
    line(
        f"season .xlsx ({len(cells) - 1} players)",
        lambda: client.get(season_xlsx),
        lambda: column_styled_xlsx(cells, layout),
        queries(lambda: client.get(season_xlsx)),
        "≤ 1.5× openpyxl styled per column",
    )
    line(
        "  same, baseline values only (no style: a lower bound)",
        lambda: client.get(season_xlsx),
        lambda: bare_xlsx(cells),
        queries(lambda: client.get(season_xlsx)),
        "",
    )

    styled = styled_cells(client.get(season_xlsx).content)
    line(
        "  same, baseline with the same number formats",
        lambda: client.get(season_xlsx),
        lambda: bare_styled_xlsx(styled),
        queries(lambda: client.get(season_xlsx)),
        "",
    )

    # One tournament's standings page: rendered, cached, and 304.
    url = reverse("tournament_standings", args=[tournament.pk])
    baseline = raw_sql(TOURNAMENT_SQL, [tournament.pk])

    def cold() -> None:
        cache.clear()
        client.get(url)

    line(
        "tournament standings page, 120 players, rendered",
        cold,
        baseline,
        queries(cold),
        "≤ 3× the query",
    )
    line(
        "  same, nothing changed (cached table)",
        lambda: client.get(url),
        baseline,
        queries(lambda: client.get(url)),
        "≤ 1.5× the query",
    )
    etag = client.get(url)["ETag"]
    line(
        "  same, If-None-Match (304)",
        lambda: client.get(url, HTTP_IF_NONE_MATCH=etag),
        baseline,
        queries(lambda: client.get(url, HTTP_IF_NONE_MATCH=etag)),
        "",
    )

    # The whist annual ranking page (the season's public standings).
    page = reverse("season_standings", args=[whist_season.pk])
    annual_sql = raw_sql(ANNUAL_SQL, [whist_season.pk])

    def cold_annual() -> None:
        cache.clear()
        client.get(page)

    line(
        "whist annual ranking page (50 a page), rendered",
        cold_annual,
        annual_sql,
        queries(cold_annual),
        "≤ 3× the SQL ranking",
    )
    line(
        "  same, nothing changed (cached table)",
        lambda: client.get(page),
        annual_sql,
        queries(lambda: client.get(page)),
        "",
    )

    print(f"{'what':58} {'ours ms':>9} {'base ms':>9} {'ratio':>6} {'CPU':>6} {'queries':>8}  goal")
    for what, ours, base, ratio, cpu, count, goal in lines:
        print(f"{what:58} {ours:9.1f} {base:9.1f} {ratio:6.2f} {cpu:6.2f} {count:8d}  {goal}")
    print(
        "CPU: the ratio of CPU time (this process and its PostgreSQL backend), steadier than "
        "wall-clock on a shared machine"
    )
    print(
        f"annual sheet alone: {len(ranking.rows)} rows {full_ms:.1f} ms, "
        f"{len(half.rows)} rows {half_ms:.1f} ms (ratio {full_ms / half_ms:.2f}: linear ≈ 2)"
    )


def _one_sheet(excel, ranking):
    workbook = excel.new_workbook("Bench")
    excel.annual_sheet(workbook, ranking, "Whist")
    return workbook


if __name__ == "__main__":
    main()
