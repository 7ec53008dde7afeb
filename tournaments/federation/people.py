"""Two records of one person (typed twice before licences were known) merged by the
federation's committee (issue 35 §2), only players of its member clubs.

The merge keeps every result: the absorbed record's entries (and so its seats and its sheets,
whose authors are users, not players), memberships, clubs, licences and history move to the
kept one, then the tournaments concerned store their results again and send
``results_changed``, whose receivers rebuild the ratings through the queue."""

from dataclasses import dataclass
from typing import Any

from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from club.models import Membership, Player
from tournaments.models import Entry, Tournament, TournamentResult
from tournaments.services.holds import ensure_writable
from tournaments.services.result_store import results_changed

from .holders import federation_players
from .models import Federation, Licence
from .services import FederationError


@dataclass(frozen=True)
class MergePlan:
    """What a merge moves from ``absorbed`` to ``kept`` (the preview says it)."""

    kept: Player
    absorbed: Player
    entries: int
    tournaments: int
    memberships: int
    licences: int
    clubs: list[str]
    shared: list[Tournament]


def merge_plan(kept: Player, absorbed: Player) -> MergePlan:
    entries = Entry.objects.filter(player=absorbed)
    shared = Tournament.objects.filter(entries__player=kept).filter(entries__player=absorbed)
    own_clubs = set(kept.clubs.values_list("pk", flat=True))
    return MergePlan(
        kept=kept,
        absorbed=absorbed,
        entries=entries.count(),
        tournaments=entries.aggregate(n=Count("tournament", distinct=True))["n"],
        memberships=Membership.objects.filter(player=absorbed).count(),
        licences=Licence.objects.filter(player=absorbed).count(),
        clubs=[club.name for club in absorbed.clubs.exclude(pk__in=own_clubs).order_by("name")],
        shared=list(shared.distinct().order_by("date")),
    )


def _refusal(plan: MergePlan) -> str | None:
    kept, absorbed = plan.kept, plan.absorbed
    if kept.pk == absorbed.pk:
        return _("Choose two different players.")
    if plan.shared:
        return _(
            "%(kept)s and %(absorbed)s both played %(tournament)s: they are two people, not one."
        ) % {"kept": kept.full_name, "absorbed": absorbed.full_name, "tournament": plan.shared[0]}
    numbers = {kept.licence_number, absorbed.licence_number} - {""}
    if len(numbers) > 1:
        return _(
            "%(kept)s and %(absorbed)s have two different licence numbers of the site: "
            "correct one of them first."
        ) % {"kept": kept.full_name, "absorbed": absorbed.full_name}
    return None


@transaction.atomic
def merge_players(*, federation: Federation, kept: Player, absorbed: Player, by: Any) -> MergePlan:
    """``absorbed`` becomes ``kept``: his results, memberships, clubs, licences and history
    move, then he is deleted; an audit line on ``kept`` says who merged whom. Refused (a
    ``FederationError`` on the field ``absorbed``) for one player twice, two records that
    played one tournament, or two different site numbers; a held tournament refuses too."""
    allowed = federation_players(federation).filter(pk__in=[kept.pk, absorbed.pk])
    ids = list(allowed.values_list("pk", flat=True))
    locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=ids)}
    if kept.pk not in locked or absorbed.pk not in locked:
        raise FederationError(_("Choose two players of the federation's clubs."), "absorbed")
    kept, absorbed = locked[kept.pk], locked[absorbed.pk]
    plan = merge_plan(kept, absorbed)
    refusal = _refusal(plan)
    if refusal:
        raise FederationError(refusal, "absorbed")
    tournament_ids = sorted(
        set(Entry.objects.filter(player=absorbed).values_list("tournament_id", flat=True))
    )
    for tournament_id in tournament_ids:
        ensure_writable(tournament_id)
    Entry.objects.filter(player=absorbed).update(player=kept)
    TournamentResult.objects.filter(player=absorbed).update(player=kept)
    _move_memberships(kept, absorbed)
    Licence.objects.filter(player=absorbed).update(player=kept)
    kept.clubs.add(*absorbed.clubs.all())
    _move_history(kept, absorbed, by, plan)
    number = absorbed.licence_number
    absorbed.delete()
    if number and not kept.licence_number:
        kept.licence_number = number
        kept.save(update_fields=["licence_number"])
    for tournament in Tournament.objects.filter(pk__in=tournament_ids).order_by("date", "pk"):
        results_changed(tournament)
    return plan


def _move_memberships(kept: Player, absorbed: Player) -> None:
    """A season's membership of one record moves; where both have one, the paid one stays."""
    theirs = {m.season_id: m for m in Membership.objects.filter(player=absorbed)}
    for own in Membership.objects.filter(player=kept, season_id__in=theirs):
        other = theirs[own.season_id]
        if own.paid_on is None and other.paid_on is not None:
            own.delete()
        else:
            other.delete()
    Membership.objects.filter(player=absorbed).update(player=kept)


def _move_history(kept: Player, absorbed: Player, by: Any, plan: MergePlan) -> None:
    """The absorbed record's audit lines become the kept one's, and one more says the merge."""
    player_type = ContentType.objects.get_for_model(Player)
    LogEntry.objects.filter(content_type=player_type, object_id=str(absorbed.pk)).update(
        object_id=str(kept.pk)
    )
    message = _(
        "Merged with %(absorbed)s (%(uid)s): %(entries)d entries in %(tournaments)d "
        "tournaments, %(memberships)d memberships, %(licences)d licences moved."
    ) % {
        "absorbed": absorbed.full_name,
        "uid": absorbed.uid,
        "entries": plan.entries,
        "tournaments": plan.tournaments,
        "memberships": plan.memberships,
        "licences": plan.licences,
    }
    user_id = getattr(by, "pk", None)
    if user_id is not None:
        LogEntry.objects.log_actions(
            user_id=user_id, queryset=[kept], action_flag=CHANGE, change_message=message
        )
