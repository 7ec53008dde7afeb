"""A tournament's bundle taken into this database (docs/bundle.md#import).

Idempotent by ``uid``: a row already here is left as it is, a second import of the same bundle
changes nothing and says so. Players are matched by licence, then by ``uid``, never by name
alone. The sheets are replayed version after version through ``deal_entry.save_sheet``, the
scorekeeper's own service: the seats' scores, results and standings follow from this
database's engine, never copied. The whole import is one transaction: a bundle refused, or a
sheet the engine refuses, writes nothing. ``dry_run`` says what would change and writes
nothing either.
"""

import datetime
import uuid
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.models import Club, Player, PublicName, RepresentedClub, Season
from club.names import name_key

from ...models import (
    Entry,
    GameRulesVersion,
    ResultChange,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
)
from ...services import deal_entry, holds, round_clock
from ...services.errors import TournamentError
from ...services.result_store import (
    refresh_tournament_status,
    results_changed,
    store_bye,
)
from ...tableside.models import TableDeal, TableEvent
from ..models import TrustedKey
from . import federation_rows, leases, members
from .document import BundleError, open_bundle
from .signing import DETAILS, check_trusted, details, fingerprint, keep_lease_key, register_club_key


@dataclass
class ImportReport:
    """What an import did (or, dry, would do): one French line per change."""

    tournament_name: str = ""
    lines: list[str] = field(default_factory=list)
    #: name clashes and other remarks that change nothing
    notes: list[str] = field(default_factory=list)
    #: what differs between the bundle and this site, and how it is taken: one line each,
    #: nothing overwritten silently (docs/bundle.md#conflicts)
    conflicts: list[str] = field(default_factory=list)
    changes: int = 0
    dry_run: bool = False
    trust: str = ""
    tournament_pk: int | None = None
    #: what the bundle brings that this site did not have
    rounds: int = 0
    sheet_versions: int = 0
    walk_ins: int = 0
    #: the bundle's players unknown here by identifier, found by their licence
    matched_by_licence: int = 0
    #: taken as a separate tournament (the laptop's evening did not merge)
    separate: bool = False

    def say(self, line: str, count: int = 1) -> None:
        self.lines.append(line)
        self.changes += count

    def brings(self) -> list[str]:
        """The preview's summary: rounds, sheets' versions, walk-ins, players by licence."""
        counts = (
            (self.rounds, ngettext("%(count)d round", "%(count)d rounds", self.rounds)),
            (
                self.sheet_versions,
                ngettext(
                    "%(count)d version of a sheet",
                    "%(count)d versions of sheets",
                    self.sheet_versions,
                ),
            ),
            (
                self.walk_ins,
                ngettext(
                    "%(count)d new player (a walk-in)",
                    "%(count)d new players (walk-ins)",
                    self.walk_ins,
                ),
            ),
            (
                self.matched_by_licence,
                ngettext(
                    "%(count)d player matched by his licence",
                    "%(count)d players matched by their licence",
                    self.matched_by_licence,
                ),
            ),
        )
        return [text % {"count": count} for count, text in counts if count]


class _DryRun(Exception):
    def __init__(self, report: ImportReport) -> None:
        super().__init__("dry run")
        self.report = report


def _time(text: str | None) -> datetime.datetime | None:
    return parse_datetime(text) if text else None


def _moment(value: datetime.datetime) -> str:
    return date_format(timezone.localtime(value), "DATETIME_FORMAT")


def _day(text: str) -> datetime.date:
    day = parse_date(text)
    if day is None:  # pragma: no cover - the schema checks the format
        raise BundleError(_("The bundle holds an invalid date: %(date)s.") % {"date": text})
    return day


#: The player's details as a line names them (the model's own field labels).
_DETAIL_LABELS = {
    "licence_number": lambda: _("licence number"),
    "first_name": lambda: _("first name"),
    "last_name": lambda: _("last name"),
    "public_name": lambda: _("name in public"),
    "pseudonym": lambda: _("pseudonym"),
}

#: How the committee settles a licence conflict of a lease's returning bundle: the licence
#: removed from the bundle's player, or the bundle's player taken as the licence's holder.
DROP_LICENCE = "drop_licence"
LICENCE_HOLDER = "licence_holder"
SETTLEMENTS = (DROP_LICENCE, LICENCE_HOLDER)


@dataclass(frozen=True)
class Conflict:
    """A player of a lease's bundle whose licence belongs here to another person (never named)."""

    player_uid: str
    name: str
    licence: str

    @property
    def line(self) -> str:
        return _(
            "« %(name)s » came back with the licence number %(licence)s, which belongs here to "
            "another person: remove the licence from « %(name)s », or take « %(name)s » as "
            "the licence's holder."
        ) % {"name": self.name, "licence": self.licence}


class MergeRefused(BundleError):
    """A lease's bundle whose tournament was released by hand and changed here since: not
    merged. The committee imports it as a separate tournament (``separate``) or discards
    it."""


def separate_uid(tournament_uid: str, uid: str) -> str:
    """A row's identifier in the separate tournament: new, and the same for every bundle of
    the lease (a later one supersedes an earlier one there too, the same one twice changes
    nothing)."""
    return str(uuid.uuid5(uuid.UUID(tournament_uid), f"separate:{uid}"))


def _renamed(value: Any, uids: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {key: _renamed(item, uids) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, uids) for item in value]
    if isinstance(value, str):
        return uids.get(value, value)
    return value


def _own_uids(value: Any, found: set[str]) -> None:
    if isinstance(value, dict):
        if "uid" in value:
            found.add(value["uid"])
        for item in value.values():
            _own_uids(item, found)
    elif isinstance(value, list):
        for item in value:
            _own_uids(item, found)


def separated(payload: dict[str, Any]) -> dict[str, Any]:
    """The laptop's evening as another tournament: new identifiers for the tournament's own
    rows (registrations, rounds, tables, seats, sheets' versions, phones' deals and events),
    its name saying where it came from; the players stay who they are."""
    parts = ("tournament", "teams", "entries", "rounds")
    found: set[str] = set()
    for part in parts:
        _own_uids(payload[part], found)
    origin = payload["tournament"]["uid"]
    uids = {uid: separate_uid(origin, uid) for uid in found}
    copy = dict(payload)
    for part in parts:
        copy[part] = _renamed(payload[part], uids)
    name = _("%(name)s (laptop)") % {"name": payload["tournament"]["name"]}
    copy["tournament"] = {
        **copy["tournament"],
        "name": name[: Tournament._meta.get_field("name").max_length],
    }
    copy.pop("final", None)
    return copy


class ImportConflicts(BundleError):
    """A lease's returning bundle with conflicts the committee settles before anything is
    written (``import_bundle``'s ``settlements``)."""

    def __init__(self, conflicts: list[Conflict]) -> None:
        super().__init__(" ".join(conflict.line for conflict in conflicts))
        self.conflicts = conflicts


def import_bundle(
    data: bytes,
    *,
    dry_run: bool = False,
    club: Club | None = None,
    settlements: dict[str, str] | None = None,
    trust_key: str = "",
    separate: bool = False,
) -> ImportReport:
    """Check ``data`` (format, signature, trusted key) and take its tournament in.

    ``club``: the desk's club; a bundle of another club is refused (the command passes None
    and may create the bundle's club). ``settlements``: for a lease's returning bundle, how
    each licence conflict is settled (player uid: ``DROP_LICENCE`` or ``LICENCE_HOLDER``);
    one left unsettled raises ``ImportConflicts`` and writes nothing. ``trust_key``: a public
    key the operator read on the signing site (``bundle_key`` prints it), trusted from now on
    for the bundle's club (a laptop's first bundle from its site); the command only.
    ``separate``: a lease's bundle that cannot merge (``MergeRefused``: released by hand,
    changed here since) is taken as a separate tournament."""
    opened = open_bundle(data)
    payload = opened.payload
    if club is not None and payload["club"]["uid"] != str(club.uid):
        raise BundleError(_("This bundle is another club's tournament: it is refused here."))
    if trust_key and opened.key == trust_key.strip().lower():
        trust = "registered"
    else:
        trust = check_trusted(
            opened.key,
            club_uid=payload["club"]["uid"],
            tournament_uid=payload["tournament"]["uid"],
        )
    report = ImportReport(dry_run=dry_run, trust=trust)
    try:
        with transaction.atomic():
            importer = _Importer(payload, report, create_club=club is None)
            importer.settlements = settlements or {}
            importer.separate = separate
            if trust == TrustedKey.Kind.LEASE:
                importer.lease = leases.lease_of(opened.key)
            importer.run()
            if trust_key and opened.key == trust_key.strip().lower():
                register_club_key(
                    public_key=opened.key,
                    club=Club.objects.get(uid=payload["club"]["uid"]),
                    label=payload.get("site") or "",
                )
            if importer.conflicts:
                raise ImportConflicts(importer.conflicts)
            if dry_run:
                raise _DryRun(report)
    except _DryRun as dry:
        return dry.report
    except TournamentError as error:
        raise BundleError(str(error)) from error
    return report


class _Importer:
    def __init__(self, payload: dict[str, Any], report: ImportReport, *, create_club: bool):
        self.payload = payload
        self.report = report
        self.create_club = create_club
        self.users: dict[str, User] = {}
        self.settlements: dict[str, str] = {}
        self.separate = False
        self.lease: TrustedKey | None = None
        self.to_check = set(payload.get("licences_to_check", []))
        self.conflicts: list[Conflict] = []
        self.players: dict[str, Player] = {}
        self.entries: dict[str, Entry] = {}
        self.teams: dict[str, Team] = {}
        self.represented: dict[str, RepresentedClub] = {}
        self.phone_deals: dict[str, TableDeal] = {}

    # -- helpers ---------------------------------------------------------------------------

    def _foreign(self, model: type, uid: str, what: str) -> None:
        raise BundleError(
            _(
                "The bundle's %(what)s has an identifier (%(uid)s) that already belongs to "
                "another club's row here: it is refused."
            )
            % {"what": what, "uid": uid}
        )

    def user(self, username: str | None) -> User | None:
        """The author of a sheet, by name: this site's account of that name, else one made
        for the name only (inactive, no password: nobody logs in with it)."""
        if not username:
            return None
        if username not in self.users:
            user = User.objects.filter(username=username).first()
            if user is None:
                user = User(username=username, is_active=False)
                user.set_unusable_password()
                user.save()
                self.report.say(
                    _("Author « %(name)s » added (an inactive account: a name, no login).")
                    % {"name": username}
                )
            self.users[username] = user
        return self.users[username]

    # -- the club and what the tournament rests on -------------------------------------------

    def run(self) -> None:
        exported_at = _time(self.payload.get("exported_at"))
        if self.superseded(exported_at):
            return
        club = self.club()
        season = self.season(club)
        version = self.rules_version(club)
        for row in self.payload["represented_clubs"]:
            self.represented_club(club, row)
        for row in self.payload["players"]:
            self.player(club, row)
        self.merge_or_separate()
        members.take_members(
            club=club, season=season, rows=self.payload.get("members", []), say=self.report.say
        )
        tournament = self.tournament(club, season, version)
        self.report.tournament_name = tournament.name
        self.report.tournament_pk = tournament.pk
        lease = self.payload.get("lease")
        if lease:
            # Only the laptop takes the federation's door rows (the bundle that leaves with
            # the lease); a site keeps its own licences, the truth.
            federation_rows.take_door_rows(self.payload, tournament, self.report.say)
        if lease and keep_lease_key(
            tournament_uid=str(tournament.uid),
            private_key=lease["private_key"],
            holder=lease["holder"],
        ):
            self.report.say(
                _("The lease of « %(holder)s » kept: this laptop signs the tournament's bundles.")
                % {"holder": lease["holder"]}
            )
        if self.report.trust != "lease":
            # Another bundle of a held tournament: refused if it changes anything (the same
            # facts again change nothing, and say so).
            before = self.report.changes
            with holds.replaying(tournament):
                self.facts(tournament)
            if self.report.changes != before:
                holds.ensure_writable(tournament)
            return
        # The laptop's bundle: its facts replayed while it still holds the tournament; the
        # evening's last one releases it.
        with holds.replaying(tournament):
            self.facts(tournament)
        if self.payload.get("final") and holds.release_hold(
            tournament=tournament, reason=holds.ReleaseReason.BY_IMPORT
        ):
            self.report.say(_("The laptop's hold is released: the evening is back."))
        if self.lease is not None and exported_at is not None:
            # A separate tournament leaves the released one's facts as the site has them.
            leases.taken(self.lease, None if self.report.separate else tournament, exported_at)

    def superseded(self, exported_at: datetime.datetime | None) -> bool:
        """A lease's bundle no later than the latest one taken here: nothing to take (the
        same one again changes nothing; an earlier one says so)."""
        latest = self.lease.latest_exported_at if self.lease is not None else None
        if latest is None or exported_at is None or exported_at > latest:
            return False
        row = self.payload["tournament"]
        uid = separate_uid(row["uid"], row["uid"]) if self.separate else row["uid"]
        tournament = (
            Tournament.objects.filter(uid=uid).first()
            or Tournament.objects.filter(uid=row["uid"]).first()
        )
        self.report.tournament_name = tournament.name if tournament else row["name"]
        self.report.tournament_pk = tournament.pk if tournament else None
        if exported_at < latest:
            self.report.conflicts.append(
                _(
                    "This bundle was written on the laptop at %(at)s, before the one already "
                    "taken here (%(latest)s): it is superseded and changes nothing."
                )
                % {"at": _moment(exported_at), "latest": _moment(latest)}
            )
        return True

    def merge_or_separate(self) -> None:
        """A lease's bundle of a tournament whose hold ended: merged only if the site left
        the tournament as it was then; else refused (``MergeRefused``), or taken as a
        separate tournament when the committee chose so."""
        lease = self.lease
        if lease is None or lease.released_at is None:
            return
        tournament = Tournament.objects.filter(uid=self.payload["tournament"]["uid"]).first()
        if tournament is None:
            return
        changed = (
            holds.current_hold(tournament) is not None
            or leases.facts_digest(tournament) != lease.facts_at_release
        )
        when = _moment(lease.released_at)
        if not changed:
            if lease.released_by_hand:
                self.report.conflicts.append(
                    _(
                        "The laptop's hold was released by hand on %(when)s, and « %(name)s » "
                        "has not changed here since: the laptop's evening is taken as usual."
                    )
                    % {"when": when, "name": tournament.name}
                )
            return
        if not self.separate:
            if lease.released_by_hand:
                refusal = _(
                    "« %(name)s » was released by hand on %(when)s and has changed here since: "
                    "the laptop's evening cannot be merged into it. Import it as a separate "
                    "tournament, or discard it."
                )
            else:
                refusal = _(
                    "The last version of « %(name)s » was imported on %(when)s and the "
                    "tournament has changed here since: what the laptop entered after it "
                    "cannot be merged into it. Import it as a separate tournament, or discard it."
                )
            raise MergeRefused(refusal % {"name": tournament.name, "when": when})
        self.payload = separated(self.payload)
        self.report.separate = True
        self.report.conflicts.append(
            _(
                "« %(name)s » changed here after its release by hand on %(when)s: the laptop's "
                "evening is taken as a separate tournament, « %(separate)s »."
            )
            % {
                "name": tournament.name,
                "when": when,
                "separate": self.payload["tournament"]["name"],
            }
        )

    def facts(self, tournament: Tournament) -> None:
        before = self.report.changes
        for row in self.payload["teams"]:
            self.team(tournament, row)
        for row in self.payload["entries"]:
            self.entry(tournament, row)
        for row in self.payload["rounds"]:
            self.round(tournament, row)
        if self.report.changes != before:
            self.finish(tournament)

    def club(self) -> Club:
        row = self.payload["club"]
        club = Club.objects.filter(uid=row["uid"]).first()
        if club is not None:
            return club
        if not self.create_club:  # pragma: no cover - the desk checks the club first
            raise BundleError(_("This bundle is another club's tournament: it is refused here."))
        if (
            Club.objects.filter(name__iexact=row["name"]).exists()
            or Club.objects.filter(slug=row["slug"]).exists()
        ):
            raise BundleError(
                _(
                    "A club named « %(name)s » (or with its address) already exists here "
                    "under another identifier: the import is refused."
                )
                % {"name": row["name"]}
            )
        club = Club.objects.create(
            uid=row["uid"],
            name=row["name"],
            slug=row["slug"],
            language=row["language"],
            name_order=row["name_order"],
            default_public_name=row["default_public_name"],
            entry_fee=Decimal(row["entry_fee"]),
            membership_fee=Decimal(row["membership_fee"]),
            free_participations=row["free_participations"],
        )
        self.report.say(_("Club « %(name)s » created.") % {"name": club.name})
        return club

    def season(self, club: Club) -> Season:
        row = self.payload["season"]
        season = Season.objects.filter(uid=row["uid"]).first()
        if season is not None:
            if season.club_id != club.pk:
                self._foreign(Season, row["uid"], _("season"))
            return season
        if Season.objects.filter(club=club, name=row["name"]).exists():
            raise BundleError(
                _(
                    "The club already has a season « %(name)s » under another identifier: "
                    "the import is refused."
                )
                % {"name": row["name"]}
            )
        season = Season.objects.create(
            uid=row["uid"],
            club=club,
            name=row["name"],
            start=_day(row["start"]),
            end=_day(row["end"]),
            attendance_threshold=row["attendance_threshold"],
        )
        self.report.say(_("Season « %(name)s » created.") % {"name": season.name})
        return season

    def rules_version(self, club: Club) -> GameRulesVersion | None:
        row = self.payload["rules_version"]
        if row is None:
            return None
        version = GameRulesVersion.objects.filter(uid=row["uid"]).first()
        if version is not None:
            if version.club_id != club.pk:
                self._foreign(GameRulesVersion, row["uid"], _("rules version"))
            return version
        number = row["number"]
        taken = GameRulesVersion.objects.filter(club=club, game=row["game"])
        if taken.filter(number=number).exists():
            number = (taken.aggregate(n=Max("number"))["n"] or 0) + 1
        version = GameRulesVersion.objects.create(
            uid=row["uid"],
            club=club,
            game=row["game"],
            number=number,
            rules=row["rules"],
            created_by=self.user(row["created_by"]),
        )
        GameRulesVersion.objects.filter(pk=version.pk).update(created_at=_time(row["created_at"]))
        self.report.say(
            _("Version %(number)d of the club's rules kept.") % {"number": version.number}
        )
        return version

    def represented_club(self, club: Club, row: dict[str, Any]) -> None:
        found = RepresentedClub.objects.filter(uid=row["uid"]).first()
        if found is not None and found.club_id != club.pk:
            self._foreign(RepresentedClub, row["uid"], _("club of the club classification"))
        if found is None:
            found = RepresentedClub.objects.filter(club=club, name__iexact=row["name"]).first()
        if found is None:
            found = RepresentedClub.objects.create(uid=row["uid"], club=club, name=row["name"])
            self.report.say(_("Club « %(name)s » added to the list.") % {"name": found.name})
        self.represented[row["uid"]] = found

    def player(self, club: Club, row: dict[str, Any]) -> None:
        """Matched by licence, then by uid; a licence held here by another person than the
        uid's is refused, without naming that person; a new player whose name is already
        the club's is a note (two people of one name)."""
        licence = row["licence_number"]
        by_uid = Player.objects.filter(uid=row["uid"]).first()
        by_licence = Player.objects.filter(licence_number=licence).first() if licence else None
        bundle_name = f"{row['first_name']} {row['last_name']}"
        if (
            by_uid is not None
            and by_licence is not None
            and by_uid.pk != by_licence.pk
            and self.report.trust == "lease"
        ):
            settled = self.settlements.get(row["uid"])
            if settled not in SETTLEMENTS:
                self.conflicts.append(Conflict(row["uid"], bundle_name, licence))
            if settled == LICENCE_HOLDER:
                by_uid = by_licence
            else:
                by_licence = by_uid
                self.report.say(
                    _("« %(name)s »: the licence number %(licence)s is left to its holder.")
                    % {"name": bundle_name, "licence": licence}
                )
        if by_uid is not None and by_licence is not None and by_uid.pk != by_licence.pk:
            raise BundleError(
                _(
                    "The licence number %(licence)s of « %(name)s » belongs to another person "
                    "here: the import is refused."
                )
                % {"licence": licence, "name": bundle_name}
            )
        player = by_licence or by_uid
        if player is None:
            if (
                Player.objects.filter(clubs=club)
                .filter(sort_key=name_key(f"{row['last_name']} {row['first_name']}"))
                .exists()
                and row["erased_at"] is None
            ):
                self.report.notes.append(
                    _(
                        "« %(name)s »: the club already has a player of this name; the "
                        "bundle's is another person (neither licence nor identifier match)."
                    )
                    % {"name": bundle_name}
                )
            player = members.new_player(row)
            if row["erased_at"]:
                Player.objects.filter(pk=player.pk).update(
                    erased_at=_time(row["erased_at"]), active=False
                )
                player.refresh_from_db()
            self.report.say(_("Player « %(name)s » added.") % {"name": player.full_name})
            self.report.walk_ins += 1
            if row["uid"] in self.to_check and licence:
                self.report.conflicts.append(
                    _(
                        "« %(name)s »: the licence number %(licence)s typed on the laptop, to "
                        "check, is unknown here; it is kept as typed."
                    )
                    % {"name": bundle_name, "licence": licence}
                )
        else:
            self.compare(club, player, row, by_uid=by_uid)
        if not player.clubs.filter(pk=club.pk).exists():
            player.clubs.add(club)
        self.players[row["uid"]] = player

    def compare(
        self, club: Club, player: Player, row: dict[str, Any], *, by_uid: Player | None
    ) -> None:
        """One line when the bundle's player differs from this site's (this site's details
        are kept, never overwritten): erased here, found by his licence only, or his details
        changed on one side."""
        bundle_name = f"{row['first_name']} {row['last_name']}"
        if player.erased_at is not None:
            if row["erased_at"] is None:
                # Never the bundle's name in the line: only the erased label.
                self.report.conflicts.append(
                    _(
                        "A player erased here meanwhile played in the bundle's evening: his "
                        "results come in under « %(label)s », never his name."
                    )
                    % {"label": player.full_name}
                )
            return
        if row["erased_at"] is not None:
            return
        theirs = self.differences(player, row)
        if by_uid is None:
            self.report.matched_by_licence += 1
            holder = (
                f"« {player.full_name} »"
                if player.clubs.filter(pk=club.pk).exists()
                else _("a player of another club")
            )
            if row["uid"] in self.to_check:
                line = _(
                    "« %(name)s »: the licence number %(licence)s typed on the laptop, to check, "
                    "is that of %(holder)s here: his results go to him (one person)."
                )
            elif self.lease is not None:
                line = _(
                    "« %(name)s », a walk-in of the laptop with the licence number %(licence)s, "
                    "is %(holder)s here: one person, this site's."
                )
            else:
                return
            line = line % {"name": bundle_name, "licence": row["licence_number"], "holder": holder}
            if theirs:
                line += " " + _("The laptop had: %(details)s.") % {"details": theirs}
            self.report.conflicts.append(line)
            return
        if not theirs:
            return
        lease = self.lease
        sent = lease.players_sent.get(row["uid"]) if lease is not None else None
        here = {name: getattr(player, name) for name in DETAILS}
        if lease is None or sent is None:
            line = _(
                "« %(name)s »: the bundle has other details (%(details)s); this site's are kept."
            )
        elif fingerprint(lease.public_key, here) != sent:
            line = _(
                "« %(name)s » was edited here while the laptop held the evening: this site's "
                "details are kept; the laptop had %(details)s."
            )
        else:
            line = _(
                "« %(name)s » was edited on the laptop: this site's details are kept; the "
                "laptop had %(details)s."
            )
        self.report.conflicts.append(line % {"name": player.full_name, "details": theirs})

    @staticmethod
    def differences(player: Player, row: dict[str, Any]) -> str:
        """The bundle's details that differ from this site's, as « field « value » »."""
        said = []
        for name, value in zip(DETAILS, details(row), strict=True):
            if getattr(player, name) == value:
                continue
            shown = str(PublicName(value).label) if name == "public_name" and value else value
            label = _DETAIL_LABELS[name]()
            said.append(f"{label} « {shown or '—'} »")
        return ", ".join(said)

    # -- the tournament ----------------------------------------------------------------------

    def tournament(
        self, club: Club, season: Season, version: GameRulesVersion | None
    ) -> Tournament:
        row = self.payload["tournament"]
        tournament = Tournament.objects.filter(uid=row["uid"]).first()
        if tournament is not None:
            if tournament.club_id != club.pk:
                self._foreign(Tournament, row["uid"], _("tournament"))
            return tournament
        tournament = Tournament.objects.create(
            uid=row["uid"],
            club=club,
            season=season,
            game=row["game"],
            name=row["name"],
            date=_day(row["date"]),
            rounds=row["rounds"],
            entry_fee=Decimal(row["entry_fee"]),
            rules=row["rules"],
            rules_version=version,
            status=Tournament.Status.RUNNING
            if row["status"] != Tournament.Status.REGISTRATION
            else Tournament.Status.REGISTRATION,
            published=row["published"],
            table_phones=row["table_phones"],
            club_ranking_best=row["club_ranking_best"],
        )
        Tournament.objects.filter(pk=tournament.pk).update(created_at=_time(row["created_at"]))
        self.report.say(_("Tournament « %(name)s » created.") % {"name": tournament.name})
        return tournament

    def team(self, tournament: Tournament, row: dict[str, Any]) -> None:
        team = Team.objects.filter(uid=row["uid"]).first()
        if team is not None and team.tournament_id != tournament.pk:
            self._foreign(Team, row["uid"], _("team"))
        if team is None:
            team = Team.objects.create(uid=row["uid"], tournament=tournament, name=row["name"])
            self.report.say(_("Team added."))
        self.teams[row["uid"]] = team

    def entry(self, tournament: Tournament, row: dict[str, Any]) -> None:
        flags = {
            "present": row["present"],
            "paid": row["paid"],
            "substitute": row["substitute"],
            # Absent from the bundles of a site older than the mark: not a host.
            "table_filler": row.get("table_filler", False),
            "withdrawn": row["withdrawn"],
            "team": self.teams[row["team"]] if row["team"] else None,
            "represented_club": self.represented[row["represented_club"]]
            if row["represented_club"]
            else None,
        }
        entry = Entry.objects.filter(uid=row["uid"]).first()
        player = self.players[row["player"]]
        if entry is not None:
            if entry.tournament_id != tournament.pk:
                self._foreign(Entry, row["uid"], _("registration"))
            changed = [name for name, value in flags.items() if getattr(entry, name) != value]
            if changed:
                for name in changed:
                    setattr(entry, name, flags[name])
                entry.save(update_fields=changed)
                self.report.say(
                    _("Registration of « %(name)s » updated.") % {"name": player.full_name}
                )
            self.entries[row["uid"]] = entry
            return
        entry = Entry.objects.create(uid=row["uid"], tournament=tournament, player=player, **flags)
        Entry.objects.filter(pk=entry.pk).update(registered_at=_time(row["registered_at"]))
        self.report.say(_("« %(name)s » registered.") % {"name": player.full_name})
        self.entries[row["uid"]] = entry

    def round(self, tournament: Tournament, row: dict[str, Any]) -> None:
        round_ = Round.objects.filter(uid=row["uid"]).first()
        if round_ is not None and round_.tournament_id != tournament.pk:
            self._foreign(Round, row["uid"], _("round"))
        created = round_ is None
        if round_ is None:
            round_ = Round.objects.create(
                uid=row["uid"],
                tournament=tournament,
                number=row["number"],
                status=Round.Status.DRAWN,
                repeats=row["repeats"],
                lower_bound=row["lower_bound"],
                seed=row["seed"],
                clock_minutes=row["clock_minutes"],
            )
            self.report.say(_("Round %(number)d drawn.") % {"number": round_.number})
            self.report.rounds += 1
        before = self.report.changes
        for table_row in row["tables"]:
            self.table(round_, table_row)
        if created or self.report.changes != before or round_.status != row["status"]:
            self.round_state(round_, row, created=created)

    def round_state(self, round_: Round, row: dict[str, Any], *, created: bool) -> None:
        """The round's status and clock as the bundle has them; closed at the signal through
        the clock's own service (the tables count with the deals they played)."""
        if row["status"] == Round.Status.CLOSED and round_.status != Round.Status.CLOSED:
            round_clock.close_round(round_, now=_time(row["closed_at"]))
        elif row["status"] != Round.Status.CLOSED:
            Round.objects.filter(pk=round_.pk).update(status=row["status"])
        if not created and round_.status != row["status"]:
            self.report.say(_("Round %(number)d: status updated.") % {"number": round_.number})
        Round.objects.filter(pk=round_.pk).update(
            clock_minutes=row["clock_minutes"],
            clock_started_at=_time(row["clock_started_at"]),
            clock_paused_at=_time(row["clock_paused_at"]),
            clock_paused_seconds=row["clock_paused_seconds"],
            closed_at=_time(row["closed_at"]),
        )

    def table(self, round_: Round, row: dict[str, Any]) -> None:
        table = Table.objects.filter(uid=row["uid"]).first()
        if table is not None and table.round_id != round_.pk:
            self._foreign(Table, row["uid"], _("table"))
        if table is None:
            table = Table.objects.create(
                uid=row["uid"],
                round=round_,
                number=row["number"],
                bye=row["bye"],
                sit_out_order=row.get("sit_out_order", []),
            )
            seats = Seat.objects.bulk_create(
                Seat(
                    uid=seat["uid"],
                    table=table,
                    round=round_,
                    position=seat["position"],
                    entry=self.entries[seat["entry"]] if seat["entry"] else None,
                    team=self.teams[seat["team"]] if seat["team"] else None,
                    first_dealer=seat["first_dealer"],
                )
                for seat in row["seats"]
            )
            if table.bye:
                store_bye(table, seats[0])
        replayed = self.sheets(table, row)
        self.phones(table, row)
        if replayed:
            Table.objects.filter(pk=table.pk).update(updated_at=_time(row["updated_at"]))

    def sheets(self, table: Table, row: dict[str, Any]) -> bool:
        """Each version of the sheet not yet here, replayed in order through the
        scorekeeper's service; whether one was."""
        known = set(
            str(uid)
            for uid in ResultChange.objects.filter(table=table).values_list("uid", flat=True)
        )
        replayed = False
        for sheet in row["sheets"]:
            if sheet["uid"] in known:
                continue
            table.refresh_from_db()
            if table.version != sheet["version"] - 1:
                raise BundleError(
                    _(
                        "Table %(table)d of round %(round)d: its sheet was changed here since "
                        "the bundle's version %(version)d; the import is refused."
                    )
                    % {
                        "table": table.number,
                        "round": table.round.number,
                        "version": sheet["version"] - 1,
                    }
                )
            try:
                deal_entry.save_sheet(
                    table,
                    records=sheet["after"],
                    version=table.version,
                    user=self.user(sheet["author"]),
                )
            except (TournamentError, ValueError) as error:
                raise BundleError(
                    _(
                        "Table %(table)d of round %(round)d, version %(version)d of its sheet "
                        "is refused: %(error)s"
                    )
                    % {
                        "table": table.number,
                        "round": table.round.number,
                        "version": sheet["version"],
                        "error": error,
                    }
                ) from error
            ResultChange.objects.filter(table=table, version=sheet["version"]).update(
                uid=sheet["uid"], at=_time(sheet["at"])
            )
            replayed = True
            self.report.sheet_versions += 1
            self.report.say(
                _("Table %(table)d of round %(round)d: version %(version)d of its sheet.")
                % {"table": table.number, "round": table.round.number, "version": sheet["version"]}
            )
        return replayed

    def phones(self, table: Table, row: dict[str, Any]) -> None:
        """The phones' deals and events not yet here (their history; the deals already on
        the sheet came with its versions)."""
        known = {
            str(uid): pk
            for uid, pk in TableDeal.objects.filter(table=table).values_list("uid", "pk")
        }
        for deal in row["phone_deals"]:
            if deal["uid"] in known:
                self.phone_deals[deal["uid"]] = TableDeal.objects.get(pk=known[deal["uid"]])
                continue
            made = TableDeal.objects.create(
                uid=deal["uid"],
                table=table,
                number=deal["number"],
                record=deal["record"],
                points=deal["points"],
                base_version=deal["base_version"],
                idempotency_key=deal["idempotency_key"],
                fingerprint=deal["fingerprint"],
                status=deal["status"],
                entered_by=self.entries[deal["entered_by"]],
                entered_side=deal["entered_side"],
                entered_device=deal["entered_device"],
                decided_by=self.entries[deal["decided_by"]] if deal["decided_by"] else None,
                decided_by_user=self.user(deal["decided_by_user"]),
                decided_at=_time(deal["decided_at"]),
                decided_device=deal["decided_device"],
                reason=deal["reason"],
                applied_version=deal["applied_version"],
            )
            TableDeal.objects.filter(pk=made.pk).update(entered_at=_time(deal["entered_at"]))
            self.phone_deals[deal["uid"]] = made
            self.report.say(
                _("Table %(table)d: a deal entered on a phone.") % {"table": table.number}
            )
        known_events = {
            str(uid) for uid in TableEvent.objects.filter(table=table).values_list("uid", flat=True)
        }
        for event in row["events"]:
            if event["uid"] in known_events:
                continue
            made_event = TableEvent.objects.create(
                uid=event["uid"],
                table=table,
                table_deal=self.phone_deals[event["phone_deal"]] if event["phone_deal"] else None,
                kind=event["kind"],
                entry=self.entries[event["entry"]] if event["entry"] else None,
                side=event["side"],
                user=self.user(event["user"]),
                note=event["note"],
                device=event["device"],
            )
            TableEvent.objects.filter(pk=made_event.pk).update(at=_time(event["at"]))
            self.report.say(_("Table %(table)d: an event of its phones.") % {"table": table.number})

    def finish(self, tournament: Tournament) -> None:
        """Every result computed again by this database's engine, the pages' versions
        bumped, and the status the bundle says."""
        tournament.refresh_from_db()
        results_changed(tournament)
        refresh_tournament_status(tournament)
        status = self.payload["tournament"]["status"]
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
