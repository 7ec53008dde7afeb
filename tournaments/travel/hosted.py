"""A federation taking the results of a club hosted on another Atout site (issue 35 §5,
docs/bundle.md#a-federation-taking-a-clubs-results).

The federation's committee enters the club (its name, its site's public bundle key):
``add_hosted_club`` makes the club's row here, its accepted membership, and a ``TrustedKey``
registered for that club only. The club's site sends its counted tournaments as bundles;
``take_results`` checks that the bundle is signed by that club's key and is that club's
tournament, that it falls in one of the federation's seasons and is not older than the version
held, then imports it through ``import_bundle`` (this site's engine computes its standings),
counts it for the federation (approved: its own committee confirmed it) and marks it as
imported from that site: read-only here (``services.holds``). Dry, it says what would change
(players matched by licence, places before → after, sheets added or changed) and writes
nothing. The module sits in ``travel``, above ``federation``: it needs both.
"""

import datetime
import re
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_date
from django.utils.text import slugify
from django.utils.translation import gettext as _

from club.models import Club
from club.names import name_key

from ..federation import services as federation_services
from ..federation.models import (
    CountedTournament,
    Federation,
    FederationMembership,
    FederationSeason,
    HostedClub,
    Licence,
)
from ..models import Round, Table, Tournament, game_choices
from ..selectors.classification import tournament_standings
from ..services import holds
from .models import TrustedKey
from .services.document import BundleError, open_bundle
from .services.importing import import_bundle
from .services.signing import register_club_key, site_public_key

KEY_PATTERN = re.compile(r"[0-9a-f]{64}")


class HostedError(Exception):
    """A hosted club or its bundle refused; ``field`` names the form field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def clean_public_key(text: str) -> str:
    """The key as ``bundle_key`` prints it (64 hexadecimal digits; spaces and case forgiven)."""
    key = "".join((text or "").split()).lower()
    if not KEY_PATTERN.fullmatch(key):
        raise HostedError(
            _(
                "The public bundle key has 64 hexadecimal digits (0–9, a–f), as « manage.py "
                "bundle_key » prints it on the club's site (%(count)d characters typed)."
            )
            % {"count": len(key)},
            "public_key",
        )
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(key))
    except ValueError as error:
        raise HostedError(_("This is not an Ed25519 public key."), "public_key") from error
    return key


def _free_slug(name: str) -> str:
    base = (slugify(name) or "club")[:50]
    slug, number = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


@transaction.atomic
def add_hosted_club(
    *, federation: Federation, name: str, public_key: str, site_label: str
) -> HostedClub:
    """The club hosted on another site, here: its row (no desk: nobody has a role in it), an
    accepted membership of ``federation``, and its site's key trusted for its bundles only."""
    name = " ".join((name or "").split())
    site_label = " ".join((site_label or "").split())
    key = clean_public_key(public_key)
    if not name:
        raise HostedError(_("Name the club."), "name")
    if Club.objects.filter(name__iexact=name).exists():
        raise HostedError(
            _("A club named « %(name)s » is already on this site.") % {"name": name}, "name"
        )
    if not site_label:
        raise HostedError(_("Name the site that hosts the club (its address)."), "site_label")
    if key == site_public_key() or TrustedKey.objects.filter(public_key=key).exists():
        raise HostedError(
            _(
                "This key is already trusted here (this site's own, a laptop's or another "
                "club's): one key is registered for one club."
            ),
            "public_key",
        )
    club = Club(name=name, slug=_free_slug(name), language=federation.language)
    try:
        club.full_clean()
    except ValidationError as error:
        field = next(iter(error.message_dict), None)
        raise HostedError(" ".join(error.messages), field) from error
    club.save()
    FederationMembership.objects.create(
        federation=federation,
        club=club,
        status=FederationMembership.Status.ACCEPTED,
        accepted_at=timezone.now(),
    )
    register_club_key(public_key=key, club=club, label=site_label)
    return HostedClub.objects.create(
        federation=federation, club=club, public_key=key, site_label=site_label
    )


@dataclass(frozen=True)
class PlayerLine:
    name: str
    licence: str
    #: the federation's licence holder's club (matched), else ""
    club: str = ""


@dataclass(frozen=True)
class PlaceLine:
    name: str
    before: int | None
    after: int | None


@dataclass
class HostedPreview:
    """What taking a bundle changes (or, dry, would change)."""

    tournament_name: str
    date: datetime.date
    game: str
    season: str
    changes: int = 0
    #: the tournament was already here: the bundle is a newer version of it
    replaces: bool = False
    matched: list[PlayerLine] = field(default_factory=list)
    unknown: list[PlayerLine] = field(default_factory=list)
    unlicensed: list[PlayerLine] = field(default_factory=list)
    places: list[PlaceLine] = field(default_factory=list)
    sheets: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    tournament_pk: int | None = None


class _Rollback(Exception):
    def __init__(self, preview: HostedPreview) -> None:
        super().__init__("dry run")
        self.preview = preview


def _check_signer(hosted: HostedClub, key: str, club_row: dict[str, Any]) -> None:
    """The bundle is signed by the hosted club's key and is that club's tournament."""
    if key != hosted.public_key:
        raise HostedError(
            _("This bundle is not signed by the key of « %(club)s »'s site: it is refused.")
            % {"club": hosted.club.name}
        )
    if hosted.bound:
        same = club_row["uid"] == str(hosted.club.uid)
    else:
        # Its first bundle gives the club its site's identifier: the name must be the one
        # the committee entered (a site hosts several clubs, all signed by its key).
        same = name_key(club_row["name"]) == name_key(hosted.club.name) and not (
            Club.objects.filter(uid=club_row["uid"]).exclude(pk=hosted.club_id).exists()
        )
    if not same:
        raise HostedError(
            _("This bundle is the tournament of another club (« %(name)s »): it is refused.")
            % {"name": club_row["name"]}
        )


def _season(federation: Federation, day: datetime.date) -> FederationSeason:
    season = (
        FederationSeason.objects.filter(federation=federation, starts_on__lte=day, ends_on__gte=day)
        .order_by("-starts_on")
        .first()
    )
    if season is None:
        raise HostedError(
            _(
                "The tournament of %(date)s falls in none of the federation's seasons: add "
                "the season first."
            )
            % {"date": day.strftime("%d/%m/%Y")}
        )
    return season


def _older(payload: dict[str, Any], tournament: Tournament) -> bool:
    """Whether the bundle lacks something this site holds of the tournament: a round, or a
    table's sheet versions past the bundle's last one (an older export)."""
    rounds = {row["uid"] for row in payload["rounds"]}
    if Round.objects.filter(tournament=tournament).exclude(uid__in=rounds).exists():
        return True
    last = {
        table["uid"]: max((sheet["version"] for sheet in table["sheets"]), default=0)
        for row in payload["rounds"]
        for table in row["tables"]
    }
    for uid, version in Table.objects.filter(round__tournament=tournament).values_list(
        "uid", "version"
    ):
        if version > last.get(str(uid), 0):
            return True
    return False


def _sheet_lines(payload: dict[str, Any], tournament: Tournament | None) -> list[str]:
    """Each table whose sheet the bundle adds or changes: « added » where none was here."""
    here: dict[str, int] = {}
    if tournament is not None:
        here = {
            str(uid): version
            for uid, version in Table.objects.filter(round__tournament=tournament).values_list(
                "uid", "version"
            )
        }
    lines = []
    for row in payload["rounds"]:
        for table in row["tables"]:
            last = max((sheet["version"] for sheet in table["sheets"]), default=0)
            held = here.get(table["uid"], 0)
            if last <= held:
                continue
            what = {"table": table["number"], "round": row["number"]}
            if held == 0:
                lines.append(_("Round %(round)d, table %(table)d: sheet added.") % what)
            else:
                lines.append(
                    _(
                        "Round %(round)d, table %(table)d: sheet changed (version %(before)d → "
                        "%(after)d)."
                    )
                    % {**what, "before": held, "after": last}
                )
    return lines


def _places(tournament: Tournament | None) -> dict[tuple[str, int], tuple[str, int | None]]:
    if tournament is None:
        return {}
    return {
        ("team", row.team_id) if row.team_id else ("player", row.player_id): (row.name, row.rank)
        for row in tournament_standings(tournament)
    }


def _place_lines(
    before: dict[tuple[str, int], tuple[str, int | None]],
    after: dict[tuple[str, int], tuple[str, int | None]],
) -> list[PlaceLine]:
    lines = []
    for key in list(after) + [key for key in before if key not in after]:
        was = before.get(key, ("", None))[1]
        name, now = after.get(key) or before[key]
        if was != now:
            lines.append(PlaceLine(name=name, before=was, after=now))
    return sorted(lines, key=lambda line: (line.after is None, line.after or 0, line.name))


def _players(federation: Federation, payload: dict[str, Any], preview: HostedPreview) -> None:
    numbers = [row["licence_number"] for row in payload["players"] if row["licence_number"]]
    licences = {
        licence.number: licence
        for licence in Licence.objects.filter(
            federation=federation, number__in=numbers
        ).select_related("club")
    }
    for row in payload["players"]:
        if row["erased_at"]:
            continue
        name = f"{row['first_name']} {row['last_name']}"
        number = row["licence_number"]
        licence = licences.get(number) if number else None
        if licence is not None:
            preview.matched.append(PlayerLine(name, number, licence.club.name))
        elif number:
            preview.unknown.append(PlayerLine(name, number))
        else:
            preview.unlicensed.append(PlayerLine(name, ""))


def take_results(data: bytes, *, hosted: HostedClub, dry_run: bool = False) -> HostedPreview:
    """Take a bundle of ``hosted``'s site (see the module's docstring); one French line
    (``HostedError``) when it is refused, and nothing written."""
    # Read again: a dry run binds the club's row in a transaction it rolls back.
    hosted = HostedClub.objects.select_related("club", "federation").get(pk=hosted.pk)
    try:
        opened = open_bundle(data)
    except BundleError as error:
        raise HostedError(str(error)) from error
    payload = opened.payload
    _check_signer(hosted, opened.key, payload["club"])
    row = payload["tournament"]
    day = parse_date(row["date"])
    if day is None:  # pragma: no cover - the schema checks the format
        raise HostedError(_("The bundle's tournament has no valid date."))
    federation = hosted.federation
    season = _season(federation, day)
    if row["game"] not in federation.games:
        raise HostedError(_("The federation does not rank this tournament's game."))
    existing = Tournament.objects.filter(uid=row["uid"]).first()
    if existing is not None and existing.club_id != hosted.club_id:
        raise HostedError(_("This bundle is the tournament of another club: it is refused."))
    if existing is not None and _older(payload, existing):
        raise HostedError(
            _(
                "This bundle is an older version of « %(name)s » than the one held here: it is "
                "refused (send the club's latest export)."
            )
            % {"name": existing.name}
        )
    preview = HostedPreview(
        tournament_name=row["name"],
        date=day,
        game=dict(game_choices()).get(row["game"], row["game"]),
        season=season.name,
        replaces=existing is not None,
        sheets=_sheet_lines(payload, existing),
    )
    _players(federation, payload, preview)
    before = _places(existing)
    try:
        with transaction.atomic():
            preview = _take(data, hosted, season, payload, existing, preview, before, dry_run)
            if dry_run:
                raise _Rollback(preview)
    except _Rollback as rollback:
        return rollback.preview
    return preview


def _take(
    data: bytes,
    hosted: HostedClub,
    season: FederationSeason,
    payload: dict[str, Any],
    existing: Tournament | None,
    preview: HostedPreview,
    before: dict[tuple[str, int], tuple[str, int | None]],
    dry_run: bool,
) -> HostedPreview:
    club = hosted.club
    if not hosted.bound:
        club.uid = payload["club"]["uid"]
        Club.objects.filter(pk=club.pk).update(uid=club.uid)
        HostedClub.objects.filter(pk=hosted.pk).update(bound=True)
    # A newer version of a tournament already here is the one write its read-only mark lets
    # through: replayed as its laptop's bundle is.
    with holds.replaying(existing) if existing is not None else nullcontext():
        try:
            report = import_bundle(data, club=club)
        except BundleError as error:
            raise HostedError(str(error)) from error
    tournament = Tournament.objects.filter(pk=report.tournament_pk or 0).first()
    if tournament is None:  # pragma: no cover - an import always names its tournament
        raise HostedError(_("This bundle is the tournament of another club: it is refused."))
    preview.changes = report.changes
    preview.lines = report.lines
    preview.tournament_pk = tournament.pk
    preview.places = _place_lines(before, _places(tournament)) if existing is not None else []
    if dry_run:
        return preview
    holds.mark_imported(tournament, site=hosted.site_label)
    counted = CountedTournament.objects.filter(tournament=tournament).first()
    if counted is None:
        CountedTournament.objects.create(
            tournament=tournament,
            federation=hosted.federation,
            season=season,
            status=CountedTournament.Status.APPROVED,
            decided_at=timezone.now(),
        )
    elif counted.season_id != season.pk:
        CountedTournament.objects.filter(pk=counted.pk).update(season=season)
    federation_services.ranking_changed(hosted.federation_id)
    _link_licences(hosted.federation, tournament)
    return preview


def _link_licences(federation: Federation, tournament: Tournament) -> None:
    """The federation's licences of the tournament's players, not yet linked to a person,
    linked to the player the import matched or made."""
    players = {
        number: pk
        for pk, number in tournament.entries.exclude(player__licence_number="").values_list(
            "player_id", "player__licence_number"
        )
    }
    for licence in Licence.objects.filter(
        federation=federation, number__in=players, player__isnull=True
    ):
        Licence.objects.filter(pk=licence.pk).update(player_id=players[licence.number])
