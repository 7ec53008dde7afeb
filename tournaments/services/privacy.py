"""The players' rights under the GDPR that change data: erasure (docs/privacy.md).

Erasure anonymises rather than deletes, as pretix's data shredders do: the player's row stays,
so every result, rank and other player's standings stay exactly as they were; what named him
is replaced by an anonymous label, in his row, his teams' names, the audit trail and every
free text that may name him (``club.name_parts``: each part of his name, whole words, any case,
any accents). The pages and documents cached or kept before are re-keyed and dropped.

The free text of ``club`` and ``tournaments`` models, surveyed (a name typed by a person):

- the reasons and notes typed on the table phones (``TableDeal.reason``, ``TableEvent.note``),
  at every table of his tournaments: every part of his name, his first name alone included
  (the ``tableside`` app, on ``player_erased``);
- the audit trail (Django's ``LogEntry``): every part in the entries about him; every part but
  his first name alone (another player's, as likely as his) in those about his tournaments,
  their teams and entries, his clubs and their seasons; his full name in any other (the trail
  is the whole site's: a last name alone may be another club's player there);
- his tournaments' names, his clubs' seasons' names and privacy notices: every part but his
  first name alone;
- typed team names (``Team.name``): every part of his name (a name made from the players is
  made when shown, from his anonymous label once erased).

Left as they are: clubs' names (``Club``, ``RepresentedClub``: an organisation's), the choices
and keys (status, language, slug, tokens, digests, devices), and the game records (numbers).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.db.models import F, Q
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from club import cache_faults
from club.models import Club, Player, PublicName, Season
from club.name_parts import name_parts, replace_name_parts

from ..models import Entry, Team, Tournament
from ..signals import player_erased
from .errors import TournamentError
from .holds import ensure_none_held

#: What an erased player is called, in every language (stored: it is his name now).
ERASED_FIRST_NAME = "Anonyme"


def erased_last_name(player: Player) -> str:
    return str(player.pk)


def _names(player: Player) -> list[str]:
    """The ways his name may have been written in the audit trail and team names."""
    names = {f"{player.first_name} {player.last_name}", f"{player.last_name} {player.first_name}"}
    return sorted(names, key=len, reverse=True)


def _scrub(text: str, names: list[str], label: str) -> str:
    for name in names:
        text = text.replace(name, label)
    return text


def replace_in_rows(
    rows: Iterable[models.Model], fields: Sequence[str], parts: Sequence[str], label: str
) -> int:
    """In each of ``rows``, every one of ``parts`` in ``fields`` replaced by ``label``
    (``replace_name_parts``), cut to the field's length; saved with ``update`` (no signal:
    the caller bumps the versions that show them). How many rows changed."""
    changed = 0
    for row in rows:
        model = type(row)
        values = {}
        for field in fields:
            text = getattr(row, field) or ""
            new = replace_name_parts(text, parts, label)
            if new != text:
                length = getattr(model._meta.get_field(field), "max_length", None)
                values[field] = new[: length or None]
        if values:
            model._default_manager.filter(pk=row.pk).update(**values)  # noqa: SLF001 (documented Django API)
            changed += 1
    return changed


@dataclass(frozen=True)
class _Parts:
    """Every part of his name (``club.name_parts``), and ``wide``: all but his first name
    alone, where other players are named too."""

    all: list[str]
    wide: list[str]


def _scrub_audit_trail(
    player: Player, tournament_ids: list[int], names: list[str], parts: _Parts, label: str
) -> None:
    """The trail keeps what was done, not whom it named: every part of his name in the
    entries about him; every part but his first name alone in those about his tournaments,
    their teams and entries, his clubs and their seasons; his full name in any other (the
    trail is the whole site's: a last name alone there may well be another club's player)."""
    fields = ["object_repr", "change_message"]
    about_him = Q(content_type=ContentType.objects.get_for_model(Player), object_id=str(player.pk))
    replace_in_rows(LogEntry.objects.filter(about_him), fields, parts.all, label)
    clubs = player.clubs.all()
    near = Q()
    for model, rows in (
        (Tournament, Tournament.objects.filter(pk__in=tournament_ids)),
        (Team, Team.objects.filter(tournament__in=tournament_ids)),
        (Entry, Entry.objects.filter(tournament__in=tournament_ids)),
        (Club, clubs),
        (Season, Season.objects.filter(club__in=clubs)),
    ):
        # The trail keeps an object's id as text.
        ids = rows.order_by().values(key=Cast("pk", output_field=models.CharField()))
        near |= Q(content_type=ContentType.objects.get_for_model(model), object_id__in=ids)
    nearby = LogEntry.objects.filter(near).exclude(about_him)
    replace_in_rows(nearby, fields, parts.wide, label)
    mentions = Q()
    for name in names:
        mentions |= Q(object_repr__icontains=name) | Q(change_message__icontains=name)
    elsewhere = LogEntry.objects.filter(mentions).exclude(about_him).exclude(near)
    replace_in_rows(elsewhere, fields, names, label)


def _scrub_club_texts(player: Player, tournament_ids: list[int], parts: _Parts, label: str) -> None:
    """His tournaments' names, his clubs' seasons' names and privacy notices."""
    wide = parts.wide
    replace_in_rows(Tournament.objects.filter(pk__in=tournament_ids), ["name"], wide, label)
    clubs = list(player.clubs.all())
    replace_in_rows(Season.objects.filter(club__in=clubs), ["name"], wide, label)
    replace_in_rows(clubs, ["privacy_notice"], wide, label)


@transaction.atomic
def erase_player(player: Player, *, club: Club, user: Any) -> Player:
    """Replace ``player``'s name, contact data and licence by an anonymous label, everywhere
    the database holds them; his results stay. Refused while another club counts him among
    its members (each club is the controller of its own records: it is asked there too),
    unless a superuser asks; refused too while a laptop holds one of his tournaments
    (``holds``: his name is in its bundle)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.erased_at is not None:
        raise TournamentError(_("This player's data was already erased."))
    tournament_ids = list(
        Tournament.objects.filter(entries__player=player).values_list("pk", flat=True).distinct()
    )
    ensure_none_held(tournament_ids)
    others = player.clubs.exclude(pk=club.pk).exists()
    if others and not getattr(user, "is_superuser", False):
        raise TournamentError(
            _(
                "This player is also a member of another club: his data can only be erased "
                "there too, or by the site's administrator."
            )
        )
    names = _names(player)
    parts = _Parts(
        all=name_parts(player.first_name, player.last_name, player.pseudonym),
        wide=name_parts(
            player.first_name, player.last_name, player.pseudonym, first_name_alone=False
        ),
    )
    player.first_name = ERASED_FIRST_NAME
    player.last_name = erased_last_name(player)
    label = player.full_name
    player.email = player.phone = player.licence_number = player.pseudonym = ""
    player.public_name = PublicName.HIDDEN
    player.active = False
    player.erased_at = timezone.now()
    player.save()  # bumps his tournaments' versions: their cached pages are rebuilt

    for team in Team.objects.filter(entries__player=player).distinct():
        # A name the club typed (an automatic one is made when shown, from his label now).
        renamed = replace_name_parts(_scrub(team.name, names, label), parts.all, label)
        if renamed != team.name:
            team.name = renamed
            team.save(update_fields=["name"])

    _scrub_audit_trail(player, tournament_ids, names, parts, label)
    _scrub_club_texts(player, tournament_ids, parts, label)
    if getattr(user, "pk", None):
        LogEntry.objects.log_actions(
            user_id=user.pk,
            queryset=[player],
            action_flag=CHANGE,
            change_message="Personal data erased (GDPR)",
        )
    # Every page of his tournaments gets a new key (the season's pages and rankings are keyed
    # by their tournaments' versions too), so no worker serves one cached before; once the
    # erasure is saved, what was cached before (keys no longer used, but kept until they age
    # out: his name at rest) is dropped. The cache holds only what the pages and documents
    # cost to build.
    Tournament.objects.filter(pk__in=tournament_ids).update(
        results_version=F("results_version") + 1, layout_version=F("layout_version") + 1
    )
    player_erased.send(
        sender=Player,
        player=player,
        tournament_ids=tournament_ids,
        names=names,
        parts=parts.all,
        label=label,
    )
    transaction.on_commit(cache_faults.clear)
    return player
