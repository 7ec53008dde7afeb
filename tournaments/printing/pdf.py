"""Printed documents: a round's score sheets, the wall plan, the filled sheets for the archives.

HTML templates are rendered by Django and laid out by WeasyPrint. Nothing is fetched from the
network: the URL fetcher only reads ``data:`` URLs and files under the project's static and
template directories (the documents' stylesheet is ``pdf.css``, beside this module; the fonts
are the system's DejaVu).

The context is the same for every game; the game's plug-in names the template that draws it
(``GamePlugin.pdf_sheet_template``). A sheet is a list of rows: one per game of the session
(``GameSpec.deals_per_round``) with its dealer pre-printed, then penalty lines, totals and place
points. The filled version puts each stored deal on its row.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import unicodedata
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.request import url2pathname

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.text import slugify
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from club import cache_faults, names
from tournaments.formatting import format_points
from tournaments.games import GamePlugin, plugin_for
from tournaments.games.sheet_rows import CellsFor, PenaltyRow, SheetRow, SheetRows
from tournaments.models import Deal, Round, Seat, Table, Tournament, label_teams
from tournaments.selectors.scoresheet import dealing_names

if TYPE_CHECKING:
    from weasyprint.urls import URLFetcherResponse
from tournaments.tableside.qr import TableCode

#: Rows of a blank sheet for games played to a target (no fixed number of deals).
DEFAULT_ROWS = 20
#: Blank penalty lines under the games (Double King's: ``GamePlugin.penalty_lines``).
PENALTY_LINES = 3
#: Rendered PDFs are kept this long (seconds), when no bigger than CACHE_MAX_BYTES.
CACHE_SECONDS = 10 * 60
CACHE_MAX_BYTES = 4 * 1024 * 1024


# --------------------------------------------------------------------------- rendering


def local_url(url: str, roots: Sequence[Path]) -> str:
    """``url`` if it is a ``data:`` URL or a file under ``roots``, else ``ValueError``.

    ``file:///static/...`` (``{% static %}`` resolved against a file base URL) is looked up in
    the static directories.
    """
    if url.startswith("data:"):
        return url
    if not url.startswith("file:"):
        raise ValueError(f"refused (not a local file): {url}")
    path = Path(url2pathname(url.split("?")[0].split("#")[0].removeprefix("file://"))).resolve()
    static_prefix = "/" + settings.STATIC_URL.strip("/") + "/"
    if not _under(path, roots) and str(path).startswith(static_prefix):
        found = finders.find(str(path).removeprefix(static_prefix))
        if found:
            path = Path(found).resolve()
    if not _under(path, roots):
        raise ValueError(f"refused (outside the project's static files): {url}")
    return path.as_uri()


def resolved_roots(roots: Iterable[Path] | None) -> list[Path]:
    return [Path(r).resolve() for r in (roots if roots is not None else allowed_roots())]


def _under(path: Path, roots: Sequence[Path]) -> bool:
    return any(path.is_relative_to(root) for root in roots)


class LocalFetcher(URLFetcher):
    """Fetches ``data:`` URLs and project files only; anything else is refused."""

    def __init__(self, roots: Iterable[Path] | None = None, **kwargs: Any) -> None:
        super().__init__(allowed_protocols={"file", "data"}, **kwargs)
        self.roots = resolved_roots(roots)

    def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> URLFetcherResponse:
        return super().fetch(local_url(url, self.roots), headers)


def make_fetcher() -> LocalFetcher:
    return LocalFetcher()


def allowed_roots() -> list[Path]:
    base = Path(settings.BASE_DIR)
    roots = [base / "static", base / "templates"]
    roots += [Path(d) for d in getattr(settings, "STATICFILES_DIRS", [])]
    if getattr(settings, "STATIC_ROOT", None):
        roots.append(Path(settings.STATIC_ROOT))
    return roots


#: The printed documents' stylesheet (``templates/tournaments/pdf/base_pdf.html`` keeps only
#: what a template changes: orientation, its own rules).
STYLESHEET = Path(__file__).with_name("pdf.css")


@functools.cache
def stylesheet() -> CSS:
    """The documents' stylesheet, parsed once per process: WeasyPrint does not change a parsed
    stylesheet, so every thread lays out with the same one."""
    return CSS(filename=str(STYLESHEET))


_fonts = threading.local()


def font_config() -> FontConfiguration:
    """This thread's fonts: building them for each one-page sheet costs a fifth of its layout,
    and Pango's font map is not for several threads at once."""
    config = getattr(_fonts, "config", None)
    if config is None:
        config = _fonts.config = FontConfiguration()
    return config


def html_to_pdf(html: str) -> bytes:
    """Lay out an HTML document as PDF; relative URLs resolve against the static directory."""
    base_url = (Path(settings.BASE_DIR) / "static").as_uri() + "/"
    document = HTML(string=html, base_url=base_url, url_fetcher=make_fetcher())
    pdf: bytes = document.write_pdf(stylesheets=[stylesheet()], font_config=font_config())
    return pdf


def render_pdf(
    template_name: str, context: Mapping[str, object], request: HttpRequest | None = None
) -> bytes:
    """The template as PDF. Rendering the HTML is cheap, laying it out is not (about 0.1 s a
    page): the PDF is cached for a while under the digest of its HTML, so printing the same
    sheets again (a second printer, a paper jam) is instant and any change shows at once."""
    html = render_to_string(template_name, dict(context), request=request)
    key = "atout:pdf:" + hashlib.sha256(html.encode()).hexdigest()
    content: bytes | None = cache_faults.get(key, bytes)
    if content is None:
        content = html_to_pdf(html)
        if len(content) <= CACHE_MAX_BYTES:
            cache_faults.put(key, content, CACHE_SECONDS)
    return content


def pdf_filename(*parts: object) -> str:
    """``tournoi-de-mars-ronde-2-feuilles.pdf`` from the words given."""
    return (slugify(" ".join(str(p) for p in parts if p not in (None, ""))) or "atout") + ".pdf"


# --------------------------------------------------------------------------- sheets


@dataclass
class SheetSeat:
    position: int
    name: str
    first_dealer: bool
    score: int | None = None
    place_points: str = ""
    #: team games: the match won (True), lost (False), drawn or undecided (None)
    won: bool | None = None
    against: int | None = None
    #: team games: the team's players
    players: list[str] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.position + 1


@dataclass
class Sheet:
    tournament: Tournament
    round: Round
    table: Table
    seats: list[SheetSeat]
    rows: list[SheetRow]
    penalties: list[PenaltyRow]
    filled: bool = False
    complete: bool = False
    extra: dict[str, object] = field(default_factory=dict)
    #: the table's private link as a QR code (blank sheets, phones at the tables)
    code: TableCode | None = None

    @property
    def first_dealer(self) -> SheetSeat | None:
        return next((s for s in self.seats if s.first_dealer), None)


# The longest name a sheet prints (cut with « … »): a 68-character name would otherwise
# wrap over lines enough to push the sheet onto a second page.
NAME_LIMIT = 36


def fit_name(name: str, limit: int = NAME_LIMIT) -> str:
    """``name``, cut to ``limit`` characters at a word if it can be.

    >>> fit_name("Anne Gérard")
    'Anne Gérard'
    >>> fit_name("Anne-Élisabeth-Marguerite de la Tour d’Auvergne-Lauraguais")
    'Anne-Élisabeth-Marguerite de la…'
    """
    if len(name) <= limit:
        return name
    cut = name[: limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip(" -–,") + "…"


def build_sheet(
    tournament: Tournament,
    round_: Round,
    table: Table,
    seats: Sequence[Seat],
    *,
    rows: int,
    deals: Sequence[Deal] | None = None,
    game_names: Mapping[str, str] | None = None,
    penalty_lines: int | None = None,
    cells_for: CellsFor | None = None,
    rules: dict[str, Any] | None = None,
    dealers: Sequence[str] | None = None,
    plugin: GamePlugin | None = None,
) -> Sheet:
    """One table's sheet; blank when ``deals`` is None, else with the stored deals.

    Game ``k`` (0-based) is dealt by seat ``(first_dealer + k) % seats``; the game's plug-in
    places each record (``GamePlugin.sheet_row``: Double King's penalty lines apart), and a
    stored record's own ``dealer`` wins if it has one. ``penalty_lines``: blank penalty lines
    (default: the plug-in's).
    """
    plugin = plugin or plugin_for(tournament.game)
    seats = sorted(seats, key=lambda s: s.position)
    dealing = _dealing(seats, dealers)
    first = _first_dealer(seats)
    sheet_rows = SheetRows(
        dealing=dealing,
        first=first,
        n_cells=len(seats),
        game_names=game_names or {},
        rules=rules,
        cells_for=cells_for,
        seats_of=functools.partial(
            plugin.deal_seats,
            tournament.rules or None,
            len(dealing),
            first,
            sit_out_order=tuple(table.sit_out_order or ()),
        ),
    )
    _place_deals(plugin, sheet_rows, deals or ())
    sheet_rows.fill(rows, plugin.penalty_lines if penalty_lines is None else penalty_lines)
    filled = deals is not None
    return Sheet(
        tournament=tournament,
        round=round_,
        table=table,
        seats=_sheet_seats(seats, table, dealing if dealers is not None else None, filled),
        rows=sheet_rows.rows,
        penalties=sheet_rows.penalties,
        filled=filled,
        complete=filled and table.complete,
    )


def _dealing(seats: Sequence[Seat], dealers: Sequence[str] | None) -> list[str]:
    """The players in dealing order (team games: four players for two team seats)."""
    return [
        fit_name(name) for name in (dealers if dealers is not None else (s.name for s in seats))
    ]


def _first_dealer(seats: Sequence[Seat]) -> int:
    return next((s.position for s in seats if s.first_dealer), 0)


def _place_deals(plugin: GamePlugin, sheet_rows: SheetRows, deals: Sequence[Deal]) -> None:
    """Each stored deal, in order, where the game's plug-in puts it."""
    for deal in deals:
        record = deal.record if isinstance(deal.record, dict) else {}
        points = list(deal.points or [])
        sheet_rows.add_points(points)
        plugin.sheet_row(sheet_rows, record, points)


def _sheet_seats(
    seats: Sequence[Seat], table: Table, dealers: list[str] | None, filled: bool
) -> list[SheetSeat]:
    """The sheet's columns; ``dealers`` (team games): the players in dealing order, each
    team's are listed under it. Scores only on a filled sheet, results once it is complete."""
    n_cells = len(seats)
    done = filled and table.complete
    return [
        SheetSeat(
            position=s.position,
            name=fit_name(s.name),
            first_dealer=s.first_dealer,
            score=s.score if filled else None,
            place_points=format_points(s.place_points) if done else "",
            won=s.won if done else None,
            against=s.against if filled else None,
            players=dealers[s.position :: n_cells] if dealers and n_cells else [],
        )
        for s in seats
    ]


def _dealers(table: Table) -> list[str] | None:
    """The players in dealing order at a table of teams (None: the seats deal)."""
    seats = sorted(table.seats.all(), key=lambda s: s.position)
    if not seats or seats[0].team_id is None:
        return None
    return dealing_names(seats)


def rows_for(plugin: GamePlugin, rules: dict[str, Any] | None = None) -> int:
    return plugin.deals_per_round(rules or None) or plugin.blank_rows or DEFAULT_ROWS


def game_names_for(plugin: GamePlugin, rules: dict[str, Any] | None = None) -> dict[str, str]:
    """The names of the games a record may name, in the current language (the plug-in's form)."""
    seats = max(plugin.spec.table_sizes)
    form = plugin.sheet_form(seat_names=[""] * seats, first_dealer=0, rules=rules)
    return dict(form.game_names())


def round_sheets(round_: Round, tables: Sequence[Table], plugin: GamePlugin) -> list[Sheet]:
    """Blank sheets of a round; ``tables`` come with their seats (``round_reads.round_tables``)."""
    return _sheets(round_.tournament, plugin, [(round_, table) for table in tables])


def filled_sheets(
    tournament: Tournament,
    rounds: Sequence[Round],
    plugin: GamePlugin,
    only: Collection[int] | None = None,
) -> list[Sheet]:
    """Every table of every round (of ``only``, table ids, if given) with its stored deals (one
    query for all the deals).

    ``rounds`` come with their tables and seats prefetched (``round_reads.tournament_rounds``).
    """
    stored = Deal.objects.filter(table__round__tournament=tournament)
    if only is not None:
        stored = stored.filter(table_id__in=only)
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in stored.order_by("table_id", "number"):
        deals[deal.table_id].append(deal)
    tables = [
        (round_, table)
        for round_ in rounds
        for table in round_.tables.all()
        if only is None or table.pk in only
    ]
    return _sheets(tournament, plugin, tables, deals)


def _sheets(
    tournament: Tournament,
    plugin: GamePlugin,
    tables: Sequence[tuple[Round, Table]],
    deals: Mapping[int, list[Deal]] | None = None,
) -> list[Sheet]:
    """The sheets of ``tables`` (a bye has none): blank when ``deals`` is None, else filled
    with each table's stored deals (by table id)."""
    filled: dict[str, Any] = {}
    if deals is not None:
        filled = {
            "game_names": game_names_for(plugin, tournament.rules),
            "cells_for": plugin.sheet_cells,
            "rules": tournament.rules,
        }
    rows = rows_for(plugin, tournament.rules)
    extra = plugin.sheet_extra(tournament.rules or None)
    sheets = [
        build_sheet(
            tournament,
            round_,
            table,
            list(table.seats.all()),
            rows=rows,
            deals=None if deals is None else deals.get(table.pk, []),
            penalty_lines=plugin.penalty_lines,
            dealers=_dealers(table),
            **filled,
        )
        for round_, table in tables
        if not table.bye
    ]
    for sheet in sheets:
        sheet.extra = extra
    return sheets


# --------------------------------------------------------------------------- wall plan


@dataclass
class PlanLine:
    last_name: str
    first_name: str
    table: int
    seat: int  # 1-based
    first_dealer: bool
    substitute: bool = False
    team: str = ""
    bye: bool = False
    #: What the plan writes instead of his name (printed for the hall: the public pages' name).
    shown: str = ""

    @property
    def last_first(self) -> bool:
        """The name written « Nom Prénom », as the club writes names (``names.person_name``);
        the plan stays in alphabetical order of last names, the last name in bold."""
        return names.active_name_order() == names.LAST_FIRST

    @property
    def size(self) -> str:
        """A smaller type for long names, so every line keeps the height of the others."""
        length = len(self.last_name) + 1 + len(self.first_name)
        return "" if length <= 18 else "m" if length <= 23 else "l"


def _sort_key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def plan_lines(tables: Sequence[Table]) -> list[PlanLine]:
    """Every player of a round, alphabetically (last name, first name), with table and seat."""
    lines = []
    label_teams(s.team for table in tables for s in table.seats.all() if s.team is not None)
    for table in tables:
        seats = list(table.seats.all())
        for seat in seats:
            if seat.entry is not None:
                player = seat.entry.player
                last, first, sub = player.last_name, player.first_name, seat.entry.substitute
                lines.append(
                    PlanLine(
                        last,
                        first,
                        table.number,
                        seat.position + 1,
                        seat.first_dealer,
                        sub,
                        shown=names.public_label(first, last) or "",
                    )
                )
                continue
            # A team: each of its players, at his seat (team t: seats t and t + 2).
            team = seat.team
            assert team is not None  # a seat holds an entry or a team
            entries = sorted(team.entries.all(), key=lambda e: e.pk)
            for k, entry in enumerate(entries):
                player = entry.player
                lines.append(
                    PlanLine(
                        player.last_name,
                        player.first_name,
                        table.number,
                        seat.position + k * len(seats) + 1,
                        seat.first_dealer and k == 0 and not table.bye,
                        team=team.label,
                        bye=table.bye,
                        shown=names.public_label(player.first_name, player.last_name) or "",
                    )
                )
    lines.sort(key=lambda x: (_sort_key(x.shown or x.last_name), _sort_key(x.first_name), x.table))
    return lines


def plan_pages(lines: Sequence[PlanLine], rows_per_column: int = 36) -> list[list[list[PlanLine]]]:
    """The lines in pages of two columns, filled down the left column first.

    A round that fits on one page is split evenly between its two columns.
    """
    per_page = rows_per_column * 2
    pages = []
    for start in range(0, len(lines), per_page):
        chunk = list(lines[start : start + per_page])
        half = (len(chunk) + 1) // 2 if len(lines) <= per_page else rows_per_column
        pages.append([chunk[:half], chunk[half:]])
    return pages or [[[], []]]
