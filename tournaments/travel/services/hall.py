"""The hall's laptop (`make hall`, README « Une soirée sans internet »): the evening taken away
with « Emporter la soirée », opened on the laptop's own database, and its scorekeeper's login.

Trust: the laptop's database is empty when it opens the evening, and the bundle comes from its
own scorekeeper's hands, who downloaded it from the club's site. So the laptop trusts the key
the bundle is signed with, for that club only (``import_bundle``'s ``trust_key``), on these
conditions: the bundle carries a lease (it is an « Emporter la soirée » bundle, which the site
signs with its own key), and the database holds no other evening. ``site_key`` pins the key
when the scorekeeper has it (``bundle_key`` on the site prints it): another key is refused.
"""

import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.roles import SAISIE, grant_role

from ...models import Tournament
from ..models import LeaseKey
from .document import BundleError, open_bundle
from .export import export_bundle
from .importing import ImportReport, import_bundle

#: The evening's scorekeeper on the laptop (one login, its password made at the first start).
LOGIN_NAME = "soiree"


@dataclass(frozen=True)
class Evening:
    tournament: Tournament
    #: the import's report the first time; None when the laptop resumes the evening
    report: ImportReport | None


def open_evening(data: bytes, *, site_key: str = "") -> Evening:
    """The bundle's tournament on this laptop: imported the first time, else resumed as the
    database holds it (the bundle is never replayed over the evening's work)."""
    opened = open_bundle(data)
    payload = opened.payload
    if "lease" not in payload:
        raise BundleError(
            _(
                "This bundle carries no lease: download the evening with « Emporter la soirée » "
                "on the site (or export_tournament --hold)."
            )
        )
    found = Tournament.objects.filter(uid=payload["tournament"]["uid"]).first()
    if found is not None:
        return Evening(tournament=found, report=None)
    if LeaseKey.objects.exists():
        raise BundleError(
            _(
                "This laptop holds another evening: bring it back first, or start over from "
                "this bundle with FRESH=1 (the laptop's evening is then lost)."
            )
        )
    pinned = site_key.strip().lower()
    if pinned and pinned != opened.key:
        raise BundleError(
            _("The bundle is not signed by the site's key given (%(key)s…): it is refused.")
            % {"key": pinned[:16]}
        )
    report = import_bundle(data, trust_key=opened.key)
    return Evening(
        tournament=Tournament.objects.get(uid=payload["tournament"]["uid"]), report=report
    )


@transaction.atomic
def evening_login(tournament: Tournament, password_file: Path) -> tuple[str, str]:
    """The evening's scorekeeper (user name, password): made at the first start, its password
    kept in ``password_file`` (mode 600, beside the laptop's database) for the next starts."""
    if password_file.exists():
        password = password_file.read_text().strip()
    else:
        password = secrets.token_urlsafe(9)
        password_file.parent.mkdir(parents=True, exist_ok=True)
        password_file.touch(mode=0o600)
        password_file.write_text(password)
    user = User.objects.filter(username=LOGIN_NAME).first()
    if user is None:
        user = User(username=LOGIN_NAME)
    if not (user.is_active and user.check_password(password)):
        # Set again only when it changed: a new hash would log the scorekeeper out.
        user.is_active = True
        user.set_password(password)
        user.save()
    grant_role(user, tournament.club, SAISIE)
    return LOGIN_NAME, password


def holds_lease(tournament: Tournament) -> bool:
    """Whether this database is the laptop that holds the tournament: it keeps the lease's
    private key (« Emporter la soirée »), which signs the evening's bundles back."""
    return LeaseKey.objects.filter(tournament_uid=tournament.uid).exists()


def laptop_lease(tournament: Tournament) -> LeaseKey | None:
    """The lease this database keeps for the tournament (None: it is not the laptop holding
    it), with when « Rapporter la soirée » last made a copy and the evening's last version.
    One query."""
    return LeaseKey.objects.filter(tournament_uid=tournament.uid).first()


def hall_lease(tournament: Tournament) -> LeaseKey | None:
    """``laptop_lease`` on the hall's laptop (``club.settings.hall``) only: the site, which
    keeps no lease, asks nothing (no query on its pages)."""
    return laptop_lease(tournament) if settings.ATOUT_HALL else None


def return_bundle(tournament: Tournament, *, final: bool) -> bytes:
    """« Rapporter la soirée »: the evening's bundle signed with the lease's key, as often as
    asked; ``final``, the evening's last one (the site's import releases the hold), else a
    safety copy (a later bundle supersedes it at the import). The lease keeps when each was
    last made: once the last version is made, the laptop's desk warns that what is changed
    here no longer reaches the site."""
    if not holds_lease(tournament):
        raise BundleError(
            _(
                "This database holds no lease for « %(name)s »: only the laptop that took the "
                "evening away brings it back."
            )
            % {"name": tournament.name}
        )
    data = export_bundle(tournament, final=final)
    made = {"final_made_at" if final else "copy_made_at": timezone.now()}
    LeaseKey.objects.filter(tournament_uid=tournament.uid).update(**made)
    return data


def laptop_evening() -> Tournament:
    """The evening this laptop holds (``make hall-return``)."""
    uids = list(LeaseKey.objects.values_list("tournament_uid", flat=True))
    found = list(Tournament.objects.filter(uid__in=uids).select_related("club", "season"))
    if len(found) != 1:
        raise BundleError(
            _("This laptop holds no evening to bring back (make hall imports one).")
            if not found
            else _("This laptop holds several evenings: use « Rapporter la soirée » on each.")
        )
    return found[0]
