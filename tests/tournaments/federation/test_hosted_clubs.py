"""A federation taking the results of a club hosted on another Atout site (issue 35 §5).

The other site is played here: a tournament typed in the test, exported, signed with a second
key pair (the other site's), then removed with its club, as if it had never been here. The
federation's committee enters the club with that key and takes its bundles."""

import datetime
import gzip
import json
import random
import re
import uuid

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from helpers import fr, wallonne

from club.models import Club, Player, StaffMembership
from tournaments.federation.models import (
    CountedTournament,
    Federation,
    FederationMembership,
    FederationSeason,
    HostedClub,
    Licence,
)
from tournaments.models import Entry, Table, Tournament, TournamentResult
from tournaments.ratings.models import QueuedRebuild, RatingList
from tournaments.sample_sheets import double_king_round
from tournaments.services import deal_entry
from tournaments.services.errors import TournamentImported
from tournaments.services.privacy import erase_player
from tournaments.tableside import table_entry
from tournaments.travel.models import TrustedKey
from tournaments.travel.services.document import public_hex, seal
from tournaments.travel.services.export import tournament_payload

pytestmark = pytest.mark.django_db

SITE = "atout.cercle-de-test.be"


def _ranks(tournament: Tournament) -> dict[str, int | None]:
    return {
        str(uid): rank
        for uid, rank in TournamentResult.objects.filter(tournament=tournament).values_list(
            "player__uid", "rank"
        )
    }


@pytest.fixture
def other_site(played_tournament, club):
    """The other site's key, its tournament's two versions (the second with a table of round 2
    typed again), the ranks each gives, its uid; the tournament and its club then gone."""
    key = Ed25519PrivateKey.generate()
    players = [entry.player for entry in played_tournament.entries.order_by("pk")]
    for player, number in zip(players, ["FW-001", "FW-002", "FW-999"], strict=False):
        Player.objects.filter(pk=player.pk).update(licence_number=number)
    first = seal(tournament_payload(played_tournament), key)
    ranks_first = _ranks(played_tournament)
    table = Table.objects.filter(round__tournament=played_tournament, round__number=2).first()
    assert table is not None
    dealer = table.seats.get(first_dealer=True).position
    deal_entry.save_sheet(
        table, records=double_king_round(dealer, random.Random(99)), version=1, user=None
    )
    second = seal(tournament_payload(played_tournament), key)
    ranks_second = _ranks(played_tournament)
    assert ranks_second != ranks_first  # the second version changes places
    uid = played_tournament.uid
    played_tournament.round_set.all().delete()
    played_tournament.delete()
    club.delete()
    return {
        "key": key,
        "public": public_hex(key),
        "first": first,
        "second": second,
        "ranks_first": ranks_first,
        "ranks_second": ranks_second,
        "uid": uid,
    }


@pytest.fixture
def ffw() -> Federation:
    """This file's « Fédération wallonne »: double king and whist, its season, no member (the
    conftest's ``committee`` is of this one)."""
    return wallonne("double_king", "whist")


@pytest.fixture
def hosted(committee, ffw, other_site) -> HostedClub:
    response = committee.post(
        reverse("hosted_clubs", args=["ffw"]),
        {"name": "Cercle de Test", "site_label": SITE, "public_key": other_site["public"]},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    hosted = HostedClub.objects.get()
    for number, last in (("FW-001", "Nom00"), ("FW-002", "Nom01")):
        Licence.objects.create(
            federation=ffw,
            number=number,
            last_name=last,
            first_name="Joueur",
            club=hosted.club,
            valid_from=datetime.date(2025, 9, 1),
            valid_until=datetime.date(2026, 8, 31),
        )
    return hosted


def _upload(client: Client, hosted: HostedClub, data: bytes):
    return client.post(
        reverse("hosted_import", args=[hosted.federation.slug, hosted.pk]),
        {"file": SimpleUploadedFile("tournoi.json.gz", data, "application/gzip")},
    )


def _confirm(client: Client, hosted: HostedClub, page: str):
    token = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert token, page[:3000]
    return client.post(
        reverse("hosted_import", args=[hosted.federation.slug, hosted.pk]),
        {"token": token.group(1)},
        follow=True,
    )


def _take(client: Client, hosted: HostedClub, data: bytes) -> tuple[str, str]:
    preview = _upload(client, hosted, data)
    assert preview.status_code == 200, preview.content.decode()[:3000]
    done = _confirm(client, hosted, preview.content.decode())
    return preview.content.decode(), " ".join(str(m) for m in done.context["messages"])


def test_the_committee_enters_a_club_hosted_elsewhere(hosted, ffw, other_site) -> None:
    club = hosted.club
    assert (club.name, hosted.site_label, hosted.public_key) == (
        "Cercle de Test",
        SITE,
        other_site["public"],
    )
    membership = FederationMembership.objects.get(club=club)
    assert (membership.federation, membership.status) == (ffw, "accepted")
    key = TrustedKey.objects.get(public_key=other_site["public"])
    assert (key.kind, key.club) == ("registered", club)
    # No desk here: nobody is on its staff.
    assert not StaffMembership.objects.filter(club=club).exists()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc123", "La clé publique des paquets compte 64 chiffres hexadécimaux"),
        ("z" * 64, "La clé publique des paquets compte 64 chiffres hexadécimaux"),
        ("", "Ce champ est obligatoire."),
    ],
)
def test_a_bad_key_is_refused_on_its_field_in_french(committee, ffw, typed, message) -> None:
    response = committee.post(
        reverse("hosted_clubs", args=["ffw"]),
        {"name": "Club lointain", "site_label": SITE, "public_key": typed},
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == ["public_key"]
    assert message in errors["public_key"][0]
    assert message in response.content.decode()
    assert not Club.objects.filter(name="Club lointain").exists()
    assert not HostedClub.objects.exists()


def test_a_key_already_trusted_is_refused(committee, hosted, other_site) -> None:
    response = committee.post(
        reverse("hosted_clubs", args=["ffw"]),
        {"name": "Autre cercle", "site_label": SITE, "public_key": other_site["public"]},
    )
    assert response.status_code == 400
    assert "public_key" in response.context["form"].errors
    assert HostedClub.objects.count() == 1


def test_a_bundle_is_previewed_then_taken_counted_and_read_only(
    committee, hosted, ffw, other_site
) -> None:
    before = Tournament.objects.count()
    preview = _upload(committee, hosted, other_site["first"])
    page = preview.content.decode()
    assert preview.status_code == 200
    # The tournament, its date, game and season; its players by licence; nothing written yet.
    assert "14/03/2026" in page and "2025-2026" in page and "Double King" in page
    assert "FW-001" in page and "FW-002" in page
    unknown = fr("✗ No: licence unknown to the federation")
    assert re.search(r"FW-999</td><td>" + re.escape(unknown), page)
    assert page.count(fr("✗ No: no licence")) == 5
    assert Tournament.objects.count() == before
    assert not Club.objects.filter(uid=hosted.club.uid).exclude(pk=hosted.club_id).exists()

    done = _confirm(committee, hosted, page)
    tournament = Tournament.objects.get(uid=other_site["uid"])
    assert tournament.club == hosted.club
    assert tournament.imported_from == SITE
    # Its standings computed here by this site's engine: the places the other site had.
    assert _ranks(tournament) == other_site["ranks_first"]
    counted = CountedTournament.objects.get(tournament=tournament)
    assert (counted.federation, counted.season.name, counted.status) == (
        ffw,
        "2025-2026",
        "approved",
    )
    assert Licence.objects.get(number="FW-001").player.licence_number == "FW-001"
    # It counts like the site's own: on the federation's list of counted tournaments.
    listed = Client().get(reverse("federation_counted", args=["ffw", counted.season_id]))
    assert listed.status_code == 200
    assert tournament.name in listed.content.decode()
    assert "Cercle de Test" in listed.content.decode()
    assert done.status_code == 200

    # Read-only here: a staff sheet and a phone's deal are refused, naming the site.
    refusal = fr(
        "“%(tournament)s” was imported from the site “%(site)s” that hosts its club: it is "
        "read-only here; its results change there, then come again as a newer bundle.",
        tournament=tournament.name,
        site=SITE,
    )
    table = Table.objects.filter(round__tournament=tournament).first()
    assert table is not None
    version = table.version
    with pytest.raises(TournamentImported) as caught:
        deal_entry.save_sheet(table, records=[], version=version, user=None)
    assert str(caught.value) == refusal and SITE in refusal
    entry = Entry.objects.filter(tournament=tournament).first()
    with pytest.raises(TournamentImported):
        table_entry.enter_deal(
            table, entry=entry, side=0, record={}, version=version, key="k1", device="phone"
        )
    table.refresh_from_db()
    assert table.version == version
    # Its public pages are served, as this site's own are.
    standings = Client().get(reverse("tournament_standings", args=[tournament.pk]))
    assert standings.status_code == 200
    assert Player.objects.get(licence_number="FW-001").full_name in standings.content.decode()


def test_the_same_bundle_again_changes_nothing(committee, hosted, other_site) -> None:
    _take(committee, hosted, other_site["first"])
    page, message = _take(committee, hosted, other_site["first"])
    assert fr("0 changes: this tournament is already here as the bundle has it.") in page
    assert "0 changements" in message
    assert Tournament.objects.filter(uid=other_site["uid"]).count() == 1
    assert CountedTournament.objects.count() == 1


def test_a_newer_version_shows_its_difference_then_replaces_an_older_is_refused(
    committee, hosted, other_site
) -> None:
    _take(committee, hosted, other_site["first"])
    tournament = Tournament.objects.get(uid=other_site["uid"])
    before = _ranks(tournament)
    preview = _upload(committee, hosted, other_site["second"])
    page = preview.content.decode()
    assert preview.status_code == 200
    assert "version 1 → 2" in page
    # Each player whose place changes, before → after (figures from the other site's ranks).
    moved = {
        uid: (before[uid], after)
        for uid, after in other_site["ranks_second"].items()
        if before[uid] != after
    }
    assert moved
    rows = re.findall(
        r"<tr><td>([^<]+)</td><td>(\d+|—)</td><td>(\d+|—)</td></tr>",
        page.split('id="hosted-places"')[1].split("</table>")[0],
    )
    assert len(rows) == len(moved)
    for uid, (was, now) in moved.items():
        name = Player.objects.get(uid=uid).full_name
        assert (name, str(was), str(now)) in rows
    assert _ranks(tournament) == before  # nothing written by the preview

    _confirm(committee, hosted, page)
    assert _ranks(tournament) == other_site["ranks_second"]
    # The older version, sent after the newer: refused, said plainly, nothing changed.
    response = _upload(committee, hosted, other_site["first"])
    assert response.status_code == 400
    assert (
        fr(
            "This bundle is an older version of « %(name)s » than the one held here: it is "
            "refused (send the club's latest export).",
            name=tournament.name,
        )
        in response.content.decode()
    )
    assert _ranks(tournament) == other_site["ranks_second"]


def test_a_bundle_signed_by_another_key_is_refused(committee, hosted, other_site) -> None:
    stranger = Ed25519PrivateKey.generate()
    data = seal(_payload_of(other_site), stranger)
    response = _upload(committee, hosted, data)
    assert response.status_code == 400
    assert (
        fr(
            "This bundle is not signed by the key of « %(club)s »'s site: it is refused.",
            club="Cercle de Test",
        )
        in response.content.decode()
    )
    assert not Tournament.objects.filter(uid=other_site["uid"]).exists()


def _payload_of(other_site) -> dict:
    """The first bundle's payload, read back (the test signs it again)."""
    return json.loads(gzip.decompress(other_site["first"]))["payload"]


def test_another_clubs_tournament_under_that_key_is_refused(committee, hosted, other_site) -> None:
    _take(committee, hosted, other_site["first"])
    payload = _payload_of(other_site)
    payload["club"] = {**payload["club"], "uid": str(uuid.uuid4()), "name": "Cercle voisin"}
    payload["tournament"] = {**payload["tournament"], "uid": str(uuid.uuid4())}
    response = _upload(committee, hosted, seal(payload, other_site["key"]))
    assert response.status_code == 400
    assert (
        fr(
            "This bundle is the tournament of another club (« %(name)s »): it is refused.",
            name="Cercle voisin",
        )
        in response.content.decode()
    )
    assert Tournament.objects.filter(club=hosted.club).count() == 1


def test_a_tournament_outside_the_federations_seasons_is_refused(
    committee, hosted, other_site
) -> None:
    FederationSeason.objects.all().delete()
    response = _upload(committee, hosted, other_site["first"])
    assert response.status_code == 400
    assert (
        fr(
            "The tournament of %(date)s falls in none of the federation's seasons: add the season "
            "first.",
            date="14/03/2026",
        )
        in response.content.decode()
    )
    assert not Tournament.objects.filter(uid=other_site["uid"]).exists()


def test_another_federations_committee_gets_404(
    committee, hosted, other_site, make_federation, make_committee
) -> None:
    _take(committee, hosted, other_site["first"])
    other = make_federation("Vlaamse Bond", "vlaamse-bond", games=("double_king",), language="nl")
    stranger = make_committee(other, "bond")
    assert stranger.get(reverse("hosted_clubs", args=["ffw"])).status_code == 404
    assert stranger.get(reverse("hosted_import", args=["ffw", hosted.pk])).status_code == 404
    assert (
        stranger.get(reverse("hosted_import", args=["vlaamse-bond", hosted.pk])).status_code == 404
    )
    assert stranger.get(reverse("hosted_clubs", args=["vlaamse-bond"])).status_code == 200
    assert (
        "Cercle de Test"
        not in stranger.get(reverse("hosted_clubs", args=["vlaamse-bond"])).content.decode()
    )


def test_a_club_name_already_here_is_refused_on_its_field(committee, ffw) -> None:
    Club.objects.create(name="Cercle voisin", slug="cercle-voisin")
    response = committee.post(
        reverse("hosted_clubs", args=["ffw"]),
        {"name": "cercle VOISIN", "site_label": SITE, "public_key": "ab" * 32},
    )
    assert response.status_code == 400
    assert response.context["form"].errors["name"] == [
        fr("A club named « %(name)s » is already on this site.", name="cercle VOISIN")
    ]
    assert not HostedClub.objects.exists() and not TrustedKey.objects.exists()


def test_a_player_of_an_imported_tournament_may_be_erased_and_stays_erased(
    committee, hosted, other_site
) -> None:
    """Read-only is the tournament's rows: a player's erasure here is not refused, and the
    same bundle again gives no name back."""
    _take(committee, hosted, other_site["first"])
    player = Player.objects.get(licence_number="FW-002")
    admin = User.objects.create_superuser("admin", password="secret-pass-123")
    erase_player(player, club=hosted.club, user=admin)
    _take(committee, hosted, other_site["first"])
    player.refresh_from_db()
    assert player.erased_at is not None and "Nom01" not in player.full_name


def test_a_dutch_federations_pages_are_in_dutch(
    other_site, make_federation, make_committee
) -> None:
    bond = make_federation("Vlaamse Bond", "vlaamse-bond", games=("double_king",), language="nl")
    client = make_committee(bond, "bond")
    response = client.post(
        reverse("hosted_clubs", args=["vlaamse-bond"]),
        {"name": "Cercle de Test", "site_label": SITE, "public_key": "xyz"},
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Clubs op een andere site" in page and "Publieke pakketsleutel van zijn site" in page
    assert "De publieke pakketsleutel telt 64 hexadecimale cijfers" in page
    client.post(
        reverse("hosted_clubs", args=["vlaamse-bond"]),
        {"name": "Cercle de Test", "site_label": SITE, "public_key": other_site["public"]},
    )
    hosted = HostedClub.objects.get(federation=bond)
    page = client.get(reverse("hosted_import", args=["vlaamse-bond", hosted.pk])).content.decode()
    assert "De uitslagen van een club importeren" in page
    preview = _upload(client, hosted, other_site["first"]).content.decode()
    assert "Seizoen van de federatie" not in preview  # bond has no season: refused, in Dutch
    assert "valt in geen enkel seizoen van de federatie" in preview


def test_a_taken_tournament_queues_the_federations_rating_rebuild(
    committee, hosted, other_site, django_capture_on_commit_callbacks
) -> None:
    """A hosted club's counted tournament counts for the federation's rating list too: once
    taken, the queue replays the list of its game from it on."""
    with django_capture_on_commit_callbacks(execute=True):
        _take(committee, hosted, other_site["first"])
    queued = DBTaskResult.objects.filter(task_path__endswith="rebuild_federation_rating")
    assert queued.count() == 1
    tournament = Tournament.objects.get(uid=other_site["uid"])
    marker = QueuedRebuild.objects.get(rating_list__kind=RatingList.Kind.FEDERATION)
    assert marker.from_tournament == tournament.pk
