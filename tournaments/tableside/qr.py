"""A table's private link as a QR code (segno): inline SVG for the pages and the PDFs.

Vector paths, no style and no script (CSP-safe in a page; WeasyPrint draws it as vector in a
PDF). Error correction M: a pen mark or a fold on a printed sheet still reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import segno

from tournaments.tableside import table_entry

if TYPE_CHECKING:
    from tournaments.models import Round


@lru_cache(maxsize=512)
def qr_svg(url: str, *, scale: int | None = 3) -> str:
    """``url`` as an inline SVG; ``scale=None``: no width or height (the CSS sizes it).
    Kept per link: a round's dashboard, its page and its sheets draw the same thirty codes
    again at every refresh (about 7 ms each)."""
    code = segno.make(url, error="m")
    if scale is None:
        return code.svg_inline(dark="#000", light="#fff", border=2, omitsize=True)
    return code.svg_inline(scale=scale, dark="#000", light="#fff", border=2)


@dataclass
class TableCode:
    """A table's link, printed: its number, the full address and its QR code."""

    table: int
    url: str
    svg: str


def table_code(number: int, base_url: str, path: str) -> TableCode:
    url = base_url + path
    return TableCode(table=number, url=url, svg=qr_svg(url, scale=None))


def round_codes(round_: Round, base_url: str) -> dict[int, TableCode]:
    """The printed links of a round's tables, by table id (issued first when the tournament
    has phones at the tables: ``table_entry.live_links``); none for a table without a link."""
    numbers = dict(round_.tables.values_list("pk", "number"))
    return {
        table_id: table_code(numbers[table_id], base_url, table_entry.link_path(link))
        for table_id, link in table_entry.live_links(round_).items()
    }
