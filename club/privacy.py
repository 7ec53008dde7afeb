"""How a player's name shows on the public pages (docs/privacy.md).

The club chooses, with the player, one of ``PublicName``'s modes; a player without a choice of
his own follows the club's default. Staff pages, table sheets and staff exports always show the
real name: only the public pages, the hall screen, the public exports and the wall plan call
``public_name``.
"""

from functools import cache

from django.db import connection
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from . import names
from .language import activate_club_language, document_language
from .models import Club, Player, PublicName
from .rows import columns, from_row

#: The privacy notices a club starts from: the model a new club adapts, the demo's own.
MODEL_NOTICE = "club/notices/model.txt"
DEMO_NOTICE = "club/notices/demo.txt"


def starting_notice(name: str, language: str, *, template: str = MODEL_NOTICE) -> str:
    """A club's first privacy notice, in its language: what Atout keeps and shows of its
    players, for the committee to adapt (plain text, paragraphs apart)."""
    with document_language(language):
        return render_to_string(template, {"name": name}).strip()


def public_mode(player: Player, club: Club) -> str:
    return player.public_name or club.default_public_name


def public_mode_label(player: Player, club: Club) -> str:
    label = str(dict(PublicName.choices)[public_mode(player, club)])
    return label if player.public_name else _("%(mode)s (club's default)") % {"mode": label}


def hidden_label(player_id: int) -> str:
    return _("Player %(number)s") % {"number": player_id}


def public_name(player: Player, club: Club, full_name: str) -> str:
    """What the public pages show of ``player`` at ``club``: ``full_name`` (already in the
    club's order of names), « Josiane P. », his pseudonym, or « Joueur 17 »."""
    mode = public_mode(player, club)
    if mode == PublicName.FULL:
        return full_name
    if mode == PublicName.INITIALS:
        return f"{player.first_name} {player.last_name[:1]}."
    if mode == PublicName.PSEUDONYM and player.pseudonym:
        return player.pseudonym
    return hidden_label(player.pk)


def resolved_name(player: Player, club: Club) -> str:
    """What ``club``'s public pages write for ``player``, whatever page lists him: the club's
    order of names and the player's public-name mode (his own, else the club's default). For
    pages that list players of several clubs, where no club's ambient context
    (``public_page``) may speak for every row; ``player`` and ``club`` as read, no query."""
    full = names.ordered_name(player.first_name, player.last_name, club.name_order)
    return public_name(player, club, full)


def shows_player_page(player: Player, club: Club) -> bool:
    """A player whose name is hidden has no public page of his own."""
    return public_mode(player, club) != PublicName.HIDDEN


def keep_out_of_search_engines(request: HttpRequest, club: Club) -> None:
    """Mark the request's page as its club asks: ``RobotsMiddleware`` sends ``X-Robots-Tag``,
    the page's head carries ``<meta name="robots" content="noindex">``. Called by the public
    views once they know the club (a cached page included: its key follows the club)."""
    if club.hide_from_search_engines:
        request.atout_noindex = True  # type: ignore[attr-defined]  # a mark of our own


def noindex(request: HttpRequest) -> bool:
    return getattr(request, "atout_noindex", False)


#: What ``public_names`` reads of a player.
_NAME_FIELDS = ("id", "first_name", "last_name", "public_name", "pseudonym")


@cache
def _not_in_full_sql(default_in_full: bool) -> str:
    """The club's players whose public name is not their full name: those who chose another
    (and, where the club's default is not the full name, those who chose none)."""
    chosen = Player._meta.get_field("public_name").column
    not_full = f'p."{chosen}" NOT IN (%s, %s)' if default_in_full else f'p."{chosen}" <> %s'
    clubs = Player.clubs.through._meta.db_table
    return f"""
        SELECT {columns(Player, "p", _NAME_FIELDS)}
        FROM {Player._meta.db_table} p JOIN {clubs} m ON m.player_id = p.id
        WHERE m.club_id = %s AND {not_full}
        ORDER BY p.id"""


def not_in_full(club: Club) -> list[Player]:
    """The club's players whose public name is not their full name, by id (one query, of
    plain SQL: read by every public page that writes a name, its composing by the ORM cost
    more than its running)."""
    in_full = club.default_public_name == PublicName.FULL
    params: list[int | str] = (
        [club.pk, "", PublicName.FULL] if in_full else [club.pk, PublicName.FULL]
    )
    with connection.cursor() as cursor:
        cursor.execute(_not_in_full_sql(in_full), params)
        rows = cursor.fetchall()
    return [from_row(Player, dict(zip(_NAME_FIELDS, row, strict=True))) for row in rows]


def public_names(club: Club) -> tuple[dict[tuple[str, str], str], frozenset[int]]:
    """(first name, last name) → what the public pages show instead, for every player of the
    club not shown in full, and the ids of those whose name is hidden (one query). Two members
    of one name share the more private label."""
    shown: dict[tuple[str, str], str] = {}
    hidden = set()
    for player in not_in_full(club):
        key = (player.first_name, player.last_name)
        is_hidden = public_mode(player, club) == PublicName.HIDDEN
        hidden |= {player.pk} if is_hidden else set()
        if key not in shown or is_hidden:
            # Never ``full_name`` here: it is written through these very names.
            shown[key] = public_name(player, club, f"{player.first_name} {player.last_name}")
    return shown, frozenset(hidden)


def activate_public_names(club: Club) -> None:
    """The rest of this request writes names as ``club``'s public pages do (its players' own
    choices and its default), loaded once, at the first name written."""
    names.activate_public_names(names.PublicNames(lambda: public_names(club)))


def public_page(request: HttpRequest, club: Club) -> None:
    """This request is one of ``club``'s public pages: in its language (unless the visitor
    chose his own), names in its order and as its players chose to appear, search engines
    kept out if it asks."""
    activate_club_language(request, club.language)
    club.activate_name_order()
    activate_public_names(club)
    keep_out_of_search_engines(request, club)
