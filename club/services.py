"""Writes for the club app; each one is a single transaction."""

import datetime
import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.db.models import ProtectedError
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from .models import Club, Player, RepresentedClub, Season, StaffMembership
from .player_import import ImportRow
from .privacy import starting_notice
from .roles import BUREAU, SAISIE, forget_held_roles, grant_role


@transaction.atomic
def import_players(club: Club, rows: list[ImportRow]) -> int:
    """Create (or attach to the club) the valid rows; invalid rows are skipped. All or nothing."""
    count = 0
    for row in rows:
        if not row.is_valid:
            continue
        if row.existing_player_id is not None:
            player = Player.objects.select_for_update().get(pk=row.existing_player_id)
        else:
            player = Player.objects.create(
                first_name=row.first_name,
                last_name=row.last_name,
                email=row.email,
                phone=row.phone,
                licence_number=row.licence_number,
            )
        player.clubs.add(club)
        count += 1
    return count


class StaffError(Exception):
    """A change of the club's staff that would leave it unmanageable; ``str()`` says why."""


@dataclass(frozen=True)
class Invitation:
    """A new staff account and how its owner gets in: a password to hand over (shown once),
    or a one-time link (``uidb64``/``token``: Django's password reset token, void once the
    password is set, or after ``PASSWORD_RESET_TIMEOUT``)."""

    user: Any
    password: str | None = None
    uidb64: str | None = None
    token: str | None = None


#: How an invited person gets in: a one-time link, or a password handed over.
LINK, PASSWORD = "link", "password"


def _new_account(
    *, username: str, first_name: str, last_name: str, email: str, handover: str
) -> Invitation:
    user = get_user_model().objects.create_user(
        username=username, first_name=first_name, last_name=last_name, email=email
    )
    if handover == PASSWORD:
        password = secrets.token_urlsafe(9)
        user.set_password(password)
        user.save(update_fields=["password"])
        return Invitation(user, password=password)
    user.set_unusable_password()
    user.save(update_fields=["password"])
    uidb64 = urlsafe_base64_encode(force_bytes(user.pk))
    return Invitation(user, uidb64=uidb64, token=default_token_generator.make_token(user))


@transaction.atomic
def create_club(*, name: str, slug: str, committee: dict[str, str]) -> tuple[Club, Invitation]:
    """A new club, with a model privacy notice to adapt, and its first committee member's
    account (``committee``: username, first_name, last_name, email, handover)."""
    club = Club(name=name, slug=slug)
    # A model notice to adapt, in the club's language, rather than none (issue 37).
    club.privacy_notice = starting_notice(name, club.language)
    club.full_clean()
    club.save()
    invitation = _new_account(**committee)
    grant_role(invitation.user, club, BUREAU)
    return club, invitation


@transaction.atomic
def invite_staff(club: Club, *, role: str, account: dict[str, str]) -> Invitation:
    """A new account with ``role`` in ``club`` (``account``: as for ``create_club``)."""
    invitation = _new_account(**account)
    grant_role(invitation.user, club, role)
    return invitation


def _last_committee_member(club: Club, user: Any) -> bool:
    others = StaffMembership.objects.filter(club=club, role=BUREAU).exclude(user=user)
    return not others.exists()


@transaction.atomic
def change_role(club: Club, user: Any, role: str) -> None:
    """Give ``user`` (staff of ``club``) ``role`` there; the club keeps one committee member."""
    list(StaffMembership.objects.select_for_update().filter(club=club))
    if role != BUREAU and _last_committee_member(club, user):
        raise StaffError(_("The club must keep at least one committee member."))
    grant_role(user, club, role)
    _leave_unused_groups(user)


@transaction.atomic
def revoke_role(club: Club, user: Any) -> None:
    """``user`` is no longer staff of ``club`` (his account stays, with his other clubs)."""
    list(StaffMembership.objects.select_for_update().filter(club=club))
    if _last_committee_member(club, user):
        raise StaffError(_("The club must keep at least one committee member."))
    StaffMembership.objects.filter(club=club, user=user).delete()
    _leave_unused_groups(user)
    _void_unused_invitation(user)


def _void_unused_invitation(user: Any) -> None:
    """An account never used, left with no role: its invitation (the one-time link, or the
    password handed over) lets nobody in any more. A new unusable password does it: the link's
    token is made from the password's hash."""
    if user.last_login is not None or user.is_superuser:
        return
    if StaffMembership.objects.filter(user=user).exists():
        return  # still staff elsewhere: his way in stays
    user.set_unusable_password()
    user.save(update_fields=["password"])


def _leave_unused_groups(user: Any) -> None:
    """The role groups (the admin's permissions) of roles the user no longer holds anywhere."""
    held = set(StaffMembership.objects.filter(user=user).values_list("role", flat=True))
    for group in user.groups.filter(name__in=[BUREAU, SAISIE]):
        if group.name not in held:
            user.groups.remove(group)
    forget_held_roles(user)


def create_season(club: Club, *, name: str, start: datetime.date, end: datetime.date) -> Season:
    season = Season(club=club, name=name, start=start, end=end)
    season.full_clean()
    season.save()
    return season


@transaction.atomic
def set_name_order(club: Club, order: str) -> None:
    """How the club's pages, sheets and exports write its players' names from now on (the
    public pages' cached copies are keyed by it: the next visit shows the new order)."""
    club.name_order = order
    club.full_clean(validate_unique=False, validate_constraints=False)
    club.save(update_fields=["name_order"])


@transaction.atomic
def set_clock_with_round(club: Club, with_round: bool) -> None:
    """Whether drawing or starting a timed round offers to start its clock in the same step
    (ticked), or leaves it to be started by hand (unticked)."""
    club.clock_with_round = with_round
    club.save(update_fields=["clock_with_round"])


@transaction.atomic
def set_language(club: Club, language: str) -> None:
    """The language of the club's public pages, sheets and exports from now on (for visitors
    who chose none: ``club.language``); cached pages are keyed by the language shown. The
    model privacy notice, as long as the committee has not adapted it, follows."""
    if club.privacy_notice == starting_notice(club.name, club.language):
        club.privacy_notice = starting_notice(club.name, language)
    club.language = language
    club.full_clean(validate_unique=False, validate_constraints=False)
    club.save(update_fields=["language", "privacy_notice"])


@transaction.atomic
def set_public_name(player: Player, *, public_name: str, pseudonym: str) -> Player:
    """How ``player`` shows in public; saving him bumps his tournaments' versions, so every
    cached public page shows the change at the next request."""
    player.public_name = public_name
    player.pseudonym = pseudonym if public_name == "pseudonym" else player.pseudonym
    player.save(update_fields=["public_name", "pseudonym"])
    return player


@transaction.atomic
def set_club_privacy(
    club: Club, *, default_public_name: str, privacy_notice: str, hide_from_search_engines: bool
) -> Club:
    club.default_public_name = default_public_name
    club.privacy_notice = privacy_notice
    club.hide_from_search_engines = hide_from_search_engines
    club.save(update_fields=["default_public_name", "privacy_notice", "hide_from_search_engines"])
    return club


class ClubListError(Exception):
    """A change of the list of clubs refused; ``str()`` says why."""


def add_represented_club(club: Club, *, name: str) -> RepresentedClub:
    """A club of ``club``'s list, for the club classification of its open tournaments."""
    represented = RepresentedClub(club=club, name=name)
    represented.full_clean()
    represented.save()
    return represented


def remove_represented_club(represented: RepresentedClub) -> None:
    """Out of the list, unless an entry plays for it (its results would lose their club)."""
    try:
        with transaction.atomic():
            represented.delete()
    except ProtectedError as error:
        raise ClubListError(
            _("%(club)s is the club of players of a tournament: it stays in the list.")
            % {"club": represented.name}
        ) from error
