"""The federation's writes (issue 35 §1): created by the site's administrator, its committee
granted and revoked, a club's request to join and its acceptance. Each write is one
transaction; what it refuses is a ``FederationError`` whose message a person can act on."""

from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club
from scoring import GAMES
from scoring.errors import InvalidRules
from scoring.federation import check_rule

from . import rating_queue
from .holders import matched_holders
from .licences import LicenceRow, check_rows
from .models import (
    RULE_FIELDS,
    CountedTournament,
    Federation,
    FederationMembership,
    FederationRole,
    FederationSeason,
    Licence,
)
from .ranking import rule_of


class FederationError(Exception):
    """A write the federation's rules refuse; ``field`` names the form field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@transaction.atomic
def create_federation(*, name: str, slug: str, games: list[str], language: str) -> Federation:
    """A new federation (the site's administrator); it ranks ``games`` (keys of ``GAMES``)."""
    unknown = [game for game in games if game not in GAMES]
    if unknown or not games:
        raise FederationError(_("Choose at least one game the federation ranks."), "games")
    federation = Federation(
        name=name, slug=slug, games=list(dict.fromkeys(games)), language=language
    )
    try:
        federation.full_clean()
    except ValidationError as error:
        field = next(iter(error.message_dict), None)
        raise FederationError(" ".join(error.messages), field) from error
    federation.save()
    return federation


@transaction.atomic
def grant_committee(*, federation: Federation, user: Any) -> FederationRole:
    """``user`` joins ``federation``'s committee (granting it again changes nothing)."""
    role, _created = FederationRole.objects.get_or_create(
        federation=federation, user=user, defaults={"role": FederationRole.Role.COMMITTEE}
    )
    return role


@transaction.atomic
def revoke_committee(*, federation: Federation, user: Any) -> None:
    """``user`` leaves ``federation``'s committee; its last member stays."""
    roles = FederationRole.objects.select_for_update().filter(federation=federation)
    if not roles.filter(user=user).exists():
        raise FederationError(_("This user is not on the federation's committee."), "user")
    if roles.exclude(user=user).count() == 0:
        raise FederationError(
            _("A federation keeps at least one committee member: grant the role to another first."),
            "user",
        )
    roles.filter(user=user).delete()


@transaction.atomic
def ask_to_join(*, federation: Federation, club: Club) -> FederationMembership:
    """``club`` asks to join ``federation``; the federation's committee accepts it."""
    existing = FederationMembership.objects.filter(federation=federation, club=club).first()
    if existing is not None:
        if existing.status == FederationMembership.Status.ACCEPTED:
            message = _("The club is already a member of this federation.")
        else:
            message = _("The club has already asked to join this federation.")
        raise FederationError(message, "federation")
    return FederationMembership.objects.create(federation=federation, club=club)


@transaction.atomic
def accept_club(*, membership: FederationMembership) -> FederationMembership:
    """The federation accepts a club's request (accepting it again changes nothing)."""
    locked = FederationMembership.objects.select_for_update().get(pk=membership.pk)
    if locked.status != FederationMembership.Status.ACCEPTED:
        locked.status = FederationMembership.Status.ACCEPTED
        locked.accepted_at = timezone.now()
        locked.save(update_fields=["status", "accepted_at"])
    return locked


@transaction.atomic
def import_licences(*, federation: Federation, rows: list[LicenceRow]) -> tuple[int, int]:
    """Save a confirmed licence list: each row creates the licence of its number or updates
    it, linked to its holder when he is known (``holders``); licences the file does not name
    stay as they were. The rows are checked again inside
    the transaction: one in error and nothing is saved. Returns (created, updated)."""
    Federation.objects.select_for_update().filter(pk=federation.pk).first()
    checked = check_rows(federation, rows)
    refusal = _("Some rows have errors: nothing was saved. Correct the file and send it again.")
    if any(not row.is_valid for row in checked):
        raise FederationError(refusal)
    stored = {licence.number: licence for licence in Licence.objects.filter(federation=federation)}
    holders = matched_holders(federation, ((row.number, row.club_id or 0) for row in checked))
    created: list[Licence] = []
    updated: list[Licence] = []
    now = timezone.now()
    for row in checked:
        start, end, club_id = row.start, row.end, row.club_id
        if start is None or end is None or club_id is None:  # a valid row has all three
            raise FederationError(refusal)
        licence = stored.get(row.number) or Licence(federation=federation, number=row.number)
        licence.last_name, licence.first_name = row.last_name, row.first_name
        licence.club_id = club_id
        licence.valid_from, licence.valid_until = start, end
        licence.status = row.state
        licence.imported_at = now
        licence.player_id = licence.player_id or holders.get(row.number)
        (updated if licence.pk else created).append(licence)
    Licence.objects.bulk_create(created)
    Licence.objects.bulk_update(
        updated,
        [
            "last_name",
            "first_name",
            "club",
            "valid_from",
            "valid_until",
            "status",
            "imported_at",
            "player",
        ],
    )
    return len(created), len(updated)


def forget_holder(*, player: Any, label: str) -> int:
    """A player's data was erased (``player_erased``): the licences he holds keep their dates
    and state (his results still count as they did) but no longer his name nor his number,
    which the club typed as his too. Returns the licences changed."""
    licences = list(Licence.objects.filter(player=player))
    for licence in licences:
        licence.last_name, licence.first_name = label, ""
        licence.number = f"ANON-{licence.pk}"
    Licence.objects.bulk_update(licences, ["last_name", "first_name", "number"])
    for federation_id in {licence.federation_id for licence in licences}:
        ranking_changed(federation_id)
    return len(licences)


# --------------------------------------------------------------------------- its ranking


def ranking_changed(federation_id: int) -> None:
    """What its rankings show changed: bump the version their pages are keyed by."""
    Federation.objects.filter(pk=federation_id).update(ranking_version=F("ranking_version") + 1)


@transaction.atomic
def save_rule(*, federation: Federation, settings: dict[str, Any]) -> Federation:
    """The federation's ranking rule, within the bounds ``scoring.federation.check_rule``
    keeps (the judge), and ``requires_approval``. Nothing is saved when one is refused."""
    locked = Federation.objects.select_for_update().get(pk=federation.pk)
    approval_before = locked.requires_approval
    for name in RULE_FIELDS:
        if name in settings:
            setattr(locked, name, settings[name])
    try:
        check_rule(rule_of(locked))
    except InvalidRules as error:
        field = "decay_percent" if error.field == "decay" else error.field
        raise FederationError(_rule_message(error), field) from error
    locked.save(update_fields=list(RULE_FIELDS))
    ranking_changed(locked.pk)
    if locked.requires_approval != approval_before:  # what the rating lists count changed
        rating_queue.rule_changed(locked.pk)
    locked.refresh_from_db(fields=["ranking_version"])
    return locked


def _rule_message(error: InvalidRules) -> str:
    rule = error.params.get("rule")
    if rule == "decay":
        return _("The yearly decay is a percentage from 0 up to (not including) 100.")
    if rule == "non_increasing":
        return _("A better place must earn more points: at least 1 point per place.")
    if rule == "club_ranking":
        return _("Choose how the clubs are ranked from the list.")
    return _("Between %(min)s and %(max)s.") % {
        "min": error.params.get("min"),
        "max": error.params.get("max"),
    }


@transaction.atomic
def save_season(
    *,
    federation: Federation,
    name: str,
    starts_on: date,
    ends_on: date,
    season: FederationSeason | None = None,
) -> FederationSeason:
    """A new season of ``federation``, or ``season`` edited: it ends after it starts, and its
    name is its own within the federation."""
    if ends_on <= starts_on:
        raise FederationError(_("The season must end after it starts."), "ends_on")
    others = FederationSeason.objects.filter(federation=federation, name__iexact=name)
    if season is not None:
        others = others.exclude(pk=season.pk)
    if others.exists():
        raise FederationError(_("The federation already has a season of this name."), "name")
    if season is None:
        season = FederationSeason(federation=federation)
    season.name, season.starts_on, season.ends_on = name, starts_on, ends_on
    season.save()
    ranking_changed(federation.pk)
    return season


@transaction.atomic
def decide_counted(*, counted: CountedTournament, approve: bool) -> CountedTournament:
    """The federation approves (« homologation ») or refuses a counted tournament; only an
    approved one counts where approval is required."""
    locked = CountedTournament.objects.select_for_update().get(pk=counted.pk)
    status = CountedTournament.Status.APPROVED if approve else CountedTournament.Status.REFUSED
    if locked.status != status:
        locked.status = status
        locked.decided_at = timezone.now()
        locked.save(update_fields=["status", "decided_at"])
        ranking_changed(locked.federation_id)
        rating_queue.after_commit(locked.tournament_id)
    return locked
