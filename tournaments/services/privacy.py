"""The players' rights under the GDPR that change data: erasure (docs/privacy.md).

Erasure anonymises rather than deletes, as pretix's data shredders do: the player's row stays,
so every result, rank and other player's standings stay exactly as they were; what named him
is replaced by an anonymous label, in his row, his teams' names and the audit trail.
"""

import re
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Player, PublicName
from club.names import name_key

from ..models import Team, Tournament
from ..signals import player_erased
from .errors import TournamentError

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


_WORD = re.compile(r"\w+")


def _scrub_parts(text: str, parts: list[str], label: str) -> str:
    """``text`` with each of ``parts`` (his first name, last name, pseudonym) replaced by
    ``label`` where it stands as whole words, in any case, with or without accents (« Marc »
    inside « Marcel » is left alone): a name the club typed for his team."""
    for part in sorted(parts, key=len, reverse=True):
        wanted = [name_key(word) for word in _WORD.findall(part)]
        if not wanted:
            continue
        words = list(_WORD.finditer(text))
        spans = []
        for i in range(len(words) - len(wanted) + 1):
            window = words[i : i + len(wanted)]
            if [name_key(w.group()) for w in window] == wanted:
                spans.append((window[0].start(), window[-1].end()))
        for start, end in reversed(spans):
            text = text[:start] + label + text[end:]
    return text


@transaction.atomic
def erase_player(player: Player, *, club: Club, user: Any) -> Player:
    """Replace ``player``'s name, contact data and licence by an anonymous label, everywhere
    the database holds them; his results stay. Refused while another club counts him among
    its members (each club is the controller of its own records: it is asked there too),
    unless a superuser asks."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.erased_at is not None:
        raise TournamentError(_("This player's data was already erased."))
    others = player.clubs.exclude(pk=club.pk).exists()
    if others and not getattr(user, "is_superuser", False):
        raise TournamentError(
            _(
                "This player is also a member of another club: his data can only be erased "
                "there too, or by the site's administrator."
            )
        )
    names = _names(player)
    parts = [player.first_name, player.last_name, player.pseudonym]
    player.first_name = ERASED_FIRST_NAME
    player.last_name = erased_last_name(player)
    label = player.full_name
    player.email = player.phone = player.licence_number = player.pseudonym = ""
    player.public_name = PublicName.HIDDEN
    player.active = False
    player.erased_at = timezone.now()
    player.save()  # bumps his tournaments' versions: their cached pages are rebuilt

    tournament_ids = list(
        Tournament.objects.filter(entries__player=player).values_list("pk", flat=True).distinct()
    )
    for team in Team.objects.filter(entries__player=player).distinct():
        renamed = _scrub_parts(_scrub(team.name, names, label), parts, label)
        if renamed != team.name:
            team.name = renamed
            team.save(update_fields=["name"])

    # The audit trail keeps what was done, not whom it named.
    mentions = Q(object_repr__icontains=names[0])
    for name in names[1:]:
        mentions |= Q(object_repr__icontains=name) | Q(change_message__icontains=name)
    mentions |= Q(change_message__icontains=names[0])
    for entry in LogEntry.objects.filter(mentions):
        entry.object_repr = _scrub(entry.object_repr, names, label)
        entry.change_message = _scrub(entry.change_message, names, label)
        entry.save(update_fields=["object_repr", "change_message"])
    if getattr(user, "pk", None):
        LogEntry.objects.log_actions(
            user_id=user.pk,
            queryset=[player],
            action_flag=CHANGE,
            change_message="Personal data erased (GDPR)",
        )
    Tournament.objects.filter(pk__in=tournament_ids).update(
        results_version=F("results_version") + 1, layout_version=F("layout_version") + 1
    )
    player_erased.send(
        sender=Player, player=player, tournament_ids=tournament_ids, names=names, label=label
    )
    return player
