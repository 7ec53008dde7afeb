"""Who may play, at the door (issue 35 §3): a club's tournament counting for a federation's
season, and each registered player's licence state on the tournament's date, read from the
last imported list (so it works on the hall's laptop without the internet too).

A state is said in words and a mark, never by colour alone: « valide » ✔, « expirée » or
« suspendue » ✖, « inconnue » ?, and on a hall's laptop « à vérifier au retour » ↻ (a number
typed at its door that the list it carried does not hold). A player's licences of the
federation are read in one query for the whole registration page; his best one on the date
decides."""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.models import Player
from tournaments.models import Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.holds import ensure_writable, is_replayed

from .models import CountedTournament, Federation, FederationMembership, FederationSeason, Licence
from .services import FederationError, ranking_changed

VALID, EXPIRED, SUSPENDED, UNKNOWN = "valid", "expired", "suspended", "unknown"
TO_CHECK = "to_check"
#: Each state's mark and words (the page shows both).
STATES = {
    VALID: ("✔", gettext_lazy("valid")),
    EXPIRED: ("✖", gettext_lazy("expired")),
    SUSPENDED: ("✖", gettext_lazy("suspended")),
    UNKNOWN: ("?", gettext_lazy("unknown")),
    TO_CHECK: ("↻", gettext_lazy("to check at the return")),
}
# A player holding several licences of one federation: the best on the date decides.
_RANK = {VALID: 0, SUSPENDED: 1, EXPIRED: 2, TO_CHECK: 3, UNKNOWN: 4}


def counting_federations(tournament: Tournament) -> list[Federation]:
    """The federations the tournament may count for: the club is their accepted member and
    they rank its game."""
    federations = Federation.objects.filter(
        memberships__club_id=tournament.club_id,
        memberships__status=FederationMembership.Status.ACCEPTED,
    ).order_by("name")
    # ``games`` is a JSON list: filtered here, on every database.
    return [federation for federation in federations if tournament.game in federation.games]


def season_on(federation: Federation, day: datetime.date) -> FederationSeason | None:
    return FederationSeason.objects.filter(
        federation=federation, starts_on__lte=day, ends_on__gte=day
    ).first()


@transaction.atomic
def set_counted(
    tournament: Tournament,
    *,
    federation: Federation | None,
    unlicensed_may_play: bool = True,
    unlicensed_results_count: bool = False,
) -> CountedTournament | None:
    """The tournament counts for ``federation``'s season holding its date (None: it counts
    for none). Approved at once unless the federation requires its approval: asked then, and
    asked again when it moves to another federation or season. A ``FederationError`` names
    the field at fault; a held tournament refuses it."""
    ensure_writable(tournament)
    existing = CountedTournament.objects.select_for_update().filter(tournament=tournament).first()
    if federation is None:
        if existing is not None:
            existing.delete()
            ranking_changed(existing.federation_id)
        return None
    if federation.pk not in {f.pk for f in counting_federations(tournament)}:
        raise FederationError(
            _("Choose a federation the club is a member of and that ranks this game."),
            "federation",
        )
    season = season_on(federation, tournament.date)
    if season is None:
        raise FederationError(
            _("The federation “%(federation)s” has no season holding the %(date)s.")
            % {"federation": federation.name, "date": date_format(tournament.date, "DATE_FORMAT")},
            "federation",
        )
    left = existing.federation_id if existing is not None else federation.pk
    counted = existing or CountedTournament(tournament=tournament)
    moved = existing is None or (existing.federation_id, existing.season_id) != (
        federation.pk,
        season.pk,
    )
    counted.federation, counted.season = federation, season
    counted.unlicensed_may_play = unlicensed_may_play
    counted.unlicensed_results_count = unlicensed_results_count
    if moved:
        approved = not federation.requires_approval
        counted.status = (
            CountedTournament.Status.APPROVED if approved else CountedTournament.Status.ASKED
        )
        counted.decided_at = timezone.now() if approved else None
    counted.save()
    # The rankings' cached pages: the federation's, and the one it left if it moved.
    for federation_id in {federation.pk, left}:
        ranking_changed(federation_id)
    return counted


def state_of(licence: Licence | None, day: datetime.date) -> str:
    if licence is None:
        return UNKNOWN
    if licence.to_check:
        return TO_CHECK
    if licence.status == Licence.Status.SUSPENDED:
        return SUSPENDED
    return VALID if licence.valid_from <= day <= licence.valid_until else EXPIRED


@dataclass(frozen=True)
class Door:
    """A counting tournament's door: its rules, and each player's licence state."""

    counted: CountedTournament
    states: dict[int, str]

    def state(self, player_id: int) -> str:
        return self.states.get(player_id, UNKNOWN)


def licence_states(
    counted: CountedTournament, day: datetime.date, player_ids: Iterable[int] | None = None
) -> dict[int, str]:
    """Each player's licence state on ``day`` in the counted federation: the tournament's
    registered players, or ``player_ids``. One query; a player without a licence is absent
    (« unknown »)."""
    licences = Licence.objects.filter(federation_id=counted.federation_id)
    if player_ids is None:
        licences = licences.filter(player__entries__tournament_id=counted.tournament_id)
    else:
        licences = licences.filter(player_id__in=list(player_ids))
    states: dict[int, str] = {}
    for licence in licences.only("player_id", "status", "valid_from", "valid_until", "to_check"):
        if licence.player_id is None:
            continue
        state = state_of(licence, day)
        best = states.get(licence.player_id, UNKNOWN)
        states[licence.player_id] = state if _RANK[state] < _RANK[best] else best
    return states


def door_for(tournament: Tournament) -> Door | None:
    """The door of ``tournament`` if it counts for a federation (two queries), else None."""
    counted = (
        CountedTournament.objects.filter(tournament=tournament)
        .select_related("federation", "season")
        .first()
    )
    if counted is None:
        return None
    return Door(counted, licence_states(counted, tournament.date))


def refuse_unlicensed(tournament: Tournament, players: list[Player]) -> None:
    """A tournament admitting only licensed players refuses one without a valid licence on
    its date (a ``TournamentError`` naming him). A laptop's bundle replayed here is not
    judged again: its door was the hall's. A licence to check at the return is let in: the
    laptop cannot check it, the site does when the evening comes back."""
    if is_replayed(tournament):
        return
    counted = CountedTournament.objects.filter(tournament=tournament).first()
    if counted is None or counted.unlicensed_may_play or not players:
        return
    states = licence_states(counted, tournament.date, [player.pk for player in players])
    for player in players:
        if states.get(player.pk, UNKNOWN) not in (VALID, TO_CHECK):
            raise TournamentError(
                _(
                    "%(player)s has no valid licence of %(federation)s on %(date)s: this "
                    "tournament admits only licensed players."
                )
                % {
                    "player": player.full_name,
                    "federation": counted.federation.name,
                    "date": date_format(tournament.date, "DATE_FORMAT"),
                }
            )


@transaction.atomic
def holder_at_door(tournament: Tournament, number: str) -> Player | None:
    """The holder of the licence ``number`` of a federation the club is a member of (the
    counted one first); a licence known but not yet matched gets its holder now, a player
    made from the licence's names. None: no such licence."""
    counted = CountedTournament.objects.filter(tournament=tournament).first()
    federations = club_federations(tournament).values("federation_id")
    licences = Licence.objects.filter(number=number, federation_id__in=federations)
    ordered = sorted(
        licences.select_related("player"),
        key=lambda licence: counted is None or licence.federation_id != counted.federation_id,
    )
    if not ordered:
        return None
    licence = ordered[0]
    if licence.player is None:
        licence.player = Player.objects.create(
            first_name=licence.first_name, last_name=licence.last_name
        )
        licence.save(update_fields=["player"])
        licence.player.clubs.add(licence.club_id)
    return licence.player


def club_federations(tournament: Tournament) -> QuerySet[FederationMembership]:
    return FederationMembership.objects.filter(
        club_id=tournament.club_id, status=FederationMembership.Status.ACCEPTED
    )


@transaction.atomic
def licence_to_check(
    tournament: Tournament, number: str, *, first_name: str, last_name: str
) -> Player | None:
    """On a hall's laptop (the caller knows it is one): a walk-in typed with a licence number
    the federation's list it carried does not hold is a new player of that number, his
    licence « à vérifier au retour » (``Licence.to_check``, valid for the evening only so that
    the door lets him in); the site checks it when the evening comes back. None: the tournament
    counts for no federation, or the number is known (its holder is matched as online)."""
    counted = CountedTournament.objects.filter(tournament=tournament).first()
    if counted is None or not (first_name.strip() and last_name.strip()):
        return None
    federations = club_federations(tournament).values("federation_id")
    if Licence.objects.filter(number=number, federation_id__in=federations).exists():
        return None
    player = Player.objects.create(
        first_name=first_name.strip(), last_name=last_name.strip(), licence_number=number
    )
    player.clubs.add(tournament.club_id)
    Licence.objects.create(
        federation_id=counted.federation_id,
        number=number,
        first_name=player.first_name,
        last_name=player.last_name,
        club_id=tournament.club_id,
        player=player,
        valid_from=tournament.date,
        valid_until=tournament.date,
        to_check=True,
    )
    return player


def players_to_check(tournament: Tournament) -> list[Player]:
    """The tournament's registered players whose licence is to check at the return."""
    return list(
        Player.objects.filter(
            entries__tournament=tournament,
            federation_licences__to_check=True,
            federation_licences__federation__counted_tournaments__tournament=tournament,
        )
        .distinct()
        .order_by("pk")
    )
