"""What a season's public page depends on, read at every request (its key and ETag, 304s
included) in two queries of plain SQL: the season with its club, then the season's signature
with its club's rulesets. Composing the ORM's three queries cost more than running them
(issue 38 §6: the page rebuilt on a miss in at most 3× its ranked SQL). The rows read are
exactly the ORM's (a season ``select_related`` with its club, ``season_rankings``'s
``season_signature`` and ``club_rules``: a test compares them), each value made Python's by
its model field (``club.rows``)."""

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection

from club.models import Club, Season
from club.rows import LARGEST_KEY, columns, from_row

from ..models import GameRules, Tournament, TournamentResult
from .season_rankings import SignatureRow

#: Every column of the season.
SEASON_FIELDS = tuple(field.name for field in Season._meta.concrete_fields)
#: The club's columns its public pages read; the others (its fees, its privacy notice) are
#: deferred: read at their first use, as ``QuerySet.only`` leaves them.
CLUB_FIELDS = (
    "id",
    "uid",
    "name",
    "slug",
    "free_participations",
    "default_public_name",
    "hide_from_search_engines",
    "name_order",
    "language",
    "clock_with_round",
)

#: The signature's fields whose values SQLite gives as text or as an integer.
_DATE = Tournament._meta.get_field("date")
_ARCHIVED = Tournament._meta.get_field("archived")

#: A tournament's ``place_points_use`` rule, as text, in each database's JSON syntax.
_PLACE_POINTS_USE = {
    "postgresql": "t.rules ->> 'place_points_use'",
    "sqlite": "json_extract(t.rules, '$.place_points_use')",
}


@dataclass(frozen=True)
class SeasonPage:
    """A season (its club read with it), its ``signature`` and its club's ``rules``, as
    ``season_rankings.season_signature`` and ``club_rules`` give them."""

    season: Season
    signature: tuple[SignatureRow, ...]
    rules: dict[str, tuple[int, dict[str, Any]]]


def season_page(pk: int) -> SeasonPage | None:
    """The season ``pk`` with what its page depends on; None: no such season."""
    if not 0 < pk <= LARGEST_KEY:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_season_sql(), [pk])
        row = cursor.fetchone()
        if row is None:
            return None
        width = len(SEASON_FIELDS)
        season = from_row(Season, dict(zip(SEASON_FIELDS, row[:width], strict=True)))
        season.club = from_row(Club, dict(zip(CLUB_FIELDS, row[width:], strict=True)))
        cursor.execute(_facts_sql(), [pk, season.club_id])
        facts = cursor.fetchall()
    return SeasonPage(
        season=season,
        signature=tuple(_signature_row(row[1:]) for row in facts if row[0] == 0),
        # Per game, as ``club_rules``: (version, rules); the last row of a game wins.
        rules={row[5]: (row[2], _rules(row[10])) for row in facts if row[0] == 1},
    )


@cache
def _season_sql() -> str:
    return f"""
        SELECT {columns(Season, "s", SEASON_FIELDS)}, {columns(Club, "c", CLUB_FIELDS)}
        FROM {Season._meta.db_table} s JOIN {Club._meta.db_table} c ON c.id = s.club_id
        WHERE s.id = %s"""


@cache
def _facts_sql() -> str:
    """The season's published tournaments (kind 0: ``season_signature``'s columns, in its
    order), then its club's rulesets (kind 1: id, version, game, rules)."""
    return f"""
        SELECT 0, t.id, t.results_version, t.status, t.date, t.game, t.name, t.archived,
               {_PLACE_POINTS_USE[connection.vendor]},
               EXISTS(SELECT 1 FROM {TournamentResult._meta.db_table} r
                      WHERE r.tournament_id = t.id),
               NULL
        FROM {Tournament._meta.db_table} t
        WHERE t.season_id = %s AND t.published
        UNION ALL
        SELECT 1, g.id, g.version, NULL, NULL, g.game, NULL, NULL, NULL, NULL, g.rules
        FROM {GameRules._meta.db_table} g
        WHERE g.club_id = %s
        ORDER BY 1, 2"""


def _signature_row(values: tuple[Any, ...]) -> SignatureRow:
    pk, version, status, date, game, name, archived, use, has_results, _rules = values
    return (
        pk,
        version,
        status,
        _DATE.to_python(date),
        game,
        name,
        _ARCHIVED.to_python(archived),
        use,
        bool(has_results),
    )


def _rules(value: Any) -> dict[str, Any]:
    """A ruleset's rules: JSON text (Django reads PostgreSQL's jsonb as text, its field
    decodes it), else already decoded."""
    return dict(json.loads(value) if isinstance(value, str) else value)
