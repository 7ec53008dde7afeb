"""The public rounds page's tables, each rendered once per version of what it shows.

A saved sheet changes one table of the page: the page is rendered again for its new results
version (``views_public.RoundsView``), but only that table's part is; the others come from the
cache. A table's part is keyed as its own public page is (``TableView``, through
``page_cache.key``): the table's version, bumped by its sheet, and the tournament's
``layout_version``, bumped by every other change the pages show (seats, names, flags, teams).
"""

from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from tournaments.games.base import GamePlugin
from tournaments.models import Round, Table, Tournament
from tournaments.publishing import page_cache
from tournaments.selectors import round_reads


def table_key(tournament: Tournament, table: Table) -> str:
    return page_cache.key("round-table", table.pk, table.version, tournament.layout_version)


def rounds_with_tables(
    tournament: Tournament, plugin: GamePlugin
) -> list[tuple[Round, list[SafeString]]]:
    """Each round (with its tables, for their count) and its tables' HTML, in order: the
    missing parts' seats read in one go (a constant number of queries) and rendered."""
    rounds = round_reads.rounds_and_tables(tournament)
    keys = {table.pk: table_key(tournament, table) for r in rounds for table in r.tables.all()}
    parts = page_cache.get_many(list(keys.values()))
    missing = [table for r in rounds for table in r.tables.all() if keys[table.pk] not in parts]
    if missing:
        round_reads.with_seats(missing)
        template = get_template("publishing/_round_table.html")
        context = {"tournament": tournament, "plugin": plugin}
        rendered = {
            keys[table.pk]: template.render({**context, "table": table}) for table in missing
        }
        page_cache.keep_many(rendered)
        parts.update(rendered)
    return [(r, [mark_safe(parts[keys[table.pk]]) for table in r.tables.all()]) for r in rounds]
