"""The evening comes back from the laptop (docs/bundle.md#conflicts): what differs is said
in the preview, one line each, and nothing is overwritten silently; a tournament released by
hand and changed since is not merged (a separate tournament, or discarded); bundles of the
lease supersede one another by the time the laptop wrote them."""

import datetime
import gzip
import io
import json
import uuid

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from club.models import Player
from tournaments.models import Entry, ResultChange, Tournament
from tournaments.services import deal_entry, holds
from tournaments.services.privacy import erase_player
from tournaments.tableside.table_entry import issue_round_links
from tournaments.travel.models import TrustedKey
from tournaments.travel.services.document import seal
from tournaments.travel.services.export import export_bundle, tournament_payload
from tournaments.travel.services.importing import MergeRefused, import_bundle
from tournaments.travel.services.signing import make_site_key


@pytest.fixture
def away(played_tournament):
    """The played tournament taken away (« Emporter la soirée »): the tournament, the lease's
    private key and the outgoing payload."""
    make_site_key()
    outgoing = json.loads(gzip.decompress(export_bundle(played_tournament, hold="Portable")))
    payload = outgoing["payload"]
    lease = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(payload["lease"]["private_key"]))
    played_tournament.refresh_from_db()
    return played_tournament, lease, payload


def laptop(tournament, *, minutes=10, final=False, extra_sheet=True):
    """The laptop's bundle as ``Rapporter la soirée`` writes it ``minutes`` after now: the
    tournament's facts, one sheet changed there (its last deal taken off)."""
    payload = tournament_payload(tournament)
    payload["exported_at"] = (timezone.now() + datetime.timedelta(minutes=minutes)).isoformat()
    if extra_sheet:
        table = payload["rounds"][0]["tables"][0]
        last = table["sheets"][-1]
        table["sheets"].append(
            {
                **last,
                "uid": str(uuid.uuid5(uuid.NAMESPACE_URL, last["uid"])),
                "version": last["version"] + 1,
                "before": last["after"],
                "after": last["after"][:-1],
                "author": "portable",
            }
        )
    if final:
        payload["final"] = True
    return payload


def walk_in(payload, *, first="Paul", last="Nouveau", licence="", uid=None):
    """A walk-in registered on the laptop (present, not seated)."""
    row = {
        "uid": uid or str(uuid.uuid4()),
        "licence_number": licence,
        "first_name": first,
        "last_name": last,
        "public_name": "",
        "pseudonym": "",
        "erased_at": None,
    }
    payload["players"].append(row)
    payload["entries"].append(
        {
            "uid": str(uuid.uuid4()),
            "player": row["uid"],
            "team": None,
            "present": True,
            "paid": False,
            "substitute": False,
            "withdrawn": False,
            "represented_club": None,
            "registered_at": timezone.now().isoformat(),
        }
    )
    return row


def test_nothing_differs_no_conflict_and_the_summary_says_what_comes(away):
    tournament, lease, _outgoing = away
    report = import_bundle(seal(laptop(tournament, final=True), lease), dry_run=True)
    assert report.conflicts == []
    assert report.brings() == ["1 version de feuille"]


def test_a_player_edited_here_meanwhile_is_one_line_and_the_sites_details_stay(away, tmp_path):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    row = back["players"][0]
    Player.objects.filter(uid=row["uid"]).update(first_name="Jeanne")
    path = tmp_path / "back.json.gz"
    path.write_bytes(seal(back, lease))
    out = io.StringIO()
    call_command("import_tournament", str(path), "--dry-run", stdout=out)
    printed = out.getvalue()
    assert "Le paquet apporte : 1 version de feuille" in printed
    assert printed.count("≠ ") == 1 and "modifié ici pendant que" in printed
    report = import_bundle(path.read_bytes())
    assert len(report.conflicts) == 1
    line = report.conflicts[0]
    assert "a été modifié ici pendant que l’ordinateur tenait la soirée" in line
    assert f"prénom « {row['first_name']} »" in line  # the laptop's, shown
    assert Player.objects.get(uid=row["uid"]).first_name == "Jeanne"  # the site's, kept


def test_a_player_edited_on_the_laptop_is_one_line_too(away):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    row = back["players"][1]
    kept = row["pseudonym"]
    row["pseudonym"] = "Le Roi"
    report = import_bundle(seal(back, lease))
    assert len(report.conflicts) == 1
    assert "a été modifié sur l’ordinateur" in report.conflicts[0]
    assert "pseudonyme « Le Roi »" in report.conflicts[0]
    assert Player.objects.get(uid=row["uid"]).pseudonym == kept


def test_a_walk_in_created_on_both_sides_is_one_person(away, club):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    row = walk_in(back, first="Paul", last="Nouveau", licence="L-42")
    here = Player.objects.create(first_name="Paul", last_name="Nouveaux", licence_number="L-42")
    club.players.add(here)
    before = Player.objects.count()
    report = import_bundle(seal(back, lease))
    assert len(report.conflicts) == 1
    assert "un joueur de passage de l’ordinateur" in report.conflicts[0]
    assert "une seule personne" in report.conflicts[0]
    assert "nom « Nouveau »" in report.conflicts[0]
    assert report.matched_by_licence == 1
    assert Player.objects.count() == before
    assert Entry.objects.get(tournament=tournament, player__licence_number="L-42").player == here
    assert not Player.objects.filter(uid=row["uid"]).exists()


def test_a_member_erased_meanwhile_comes_in_anonymous(away, club, committee_user):
    """A member who was not in the tournament when it left, registered on the laptop, erased
    on the site meanwhile: his results come under « Anonyme n », never his name."""
    tournament, lease, _outgoing = away
    member = Player.objects.create(first_name="Gaston", last_name="Secret", licence_number="L-5")
    club.players.add(member)
    back = laptop(tournament, final=True)
    walk_in(back, first="Gaston", last="Secret", licence="L-5", uid=str(member.uid))
    # He left among the club's members: the lease has his fingerprint, which his erasure drops.
    kept = TrustedKey.objects.get(kind="lease")
    kept.players_sent[str(member.uid)] = "0" * 32
    kept.save()
    erased = erase_player(member, club=club, user=committee_user)
    report = import_bundle(seal(back, lease))
    assert len(report.conflicts) == 1
    assert f"« {erased.full_name} »" in report.conflicts[0]
    assert "Gaston" not in " ".join(report.conflicts + report.lines)
    member.refresh_from_db()
    assert member.erased_at is not None and member.first_name == "Anonyme"
    assert str(member.uid) not in TrustedKey.objects.get(kind="lease").players_sent
    assert Entry.objects.filter(tournament=tournament, player=member).exists()


def test_a_licence_to_check_is_matched_to_its_holder_or_said_unknown(away, club):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    known = walk_in(back, first="Marc", last="Tapé", licence="L-77")
    unknown = walk_in(back, first="Luc", last="Inconnu", licence="L-88")
    back["licences_to_check"] = [known["uid"], unknown["uid"]]
    holder = Player.objects.create(first_name="Marc", last_name="Tapé", licence_number="L-77")
    club.players.add(holder)
    report = import_bundle(seal(back, lease))
    assert len(report.conflicts) == 2
    matched, said_unknown = sorted(report.conflicts, key=lambda line: "Marc" not in line)
    assert "à vérifier, est celle de « Marc Tapé » ici" in matched
    assert "L-88" in said_unknown and "inconnue ici" in said_unknown
    assert Entry.objects.get(tournament=tournament, player__first_name="Marc").player == holder
    assert Player.objects.get(uid=unknown["uid"]).licence_number == "L-88"


def test_a_release_by_hand_then_a_change_here_refuses_to_merge(away, tmp_path):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    holds.release_hold(tournament=tournament)
    table = tournament.round_set.get(number=2).tables.first()
    records = list(table.changes.get(version=table.version).after)[:-1]
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    before = ResultChange.objects.count()
    data = seal(back, lease)
    with pytest.raises(MergeRefused) as refused:
        import_bundle(data)
    assert "a changé ici depuis" in str(refused.value)
    assert "tournoi à part" in str(refused.value)
    assert ResultChange.objects.count() == before
    path = tmp_path / "back.json.gz"
    path.write_bytes(data)
    with pytest.raises(CommandError, match="--separate"):
        call_command("import_tournament", str(path), stdout=io.StringIO())
    # Taken as a separate tournament: new identifiers, a name saying where it came from, the
    # site's tournament untouched.
    mine = ResultChange.objects.filter(table__round__tournament=tournament).count()
    out = io.StringIO()
    call_command("import_tournament", str(path), "--separate", stdout=out)
    separate = Tournament.objects.get(name=f"{tournament.name} (portable)")
    assert separate.uid != tournament.uid
    assert separate.round_set.count() == 2
    assert ResultChange.objects.filter(table__round__tournament=tournament).count() == mine
    assert ResultChange.objects.filter(table__round__tournament=separate).exists()
    assert "tournoi à part" in out.getvalue()
    # The same bundle again: nothing changes.
    assert import_bundle(data, separate=True).changes == 0


def test_a_release_by_hand_without_a_change_here_is_taken(away):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    holds.release_hold(tournament=tournament)
    report = import_bundle(seal(back, lease))
    assert len(report.conflicts) == 1
    assert "n’a pas changé ici depuis" in report.conflicts[0]
    assert ResultChange.objects.filter(
        uid=back["rounds"][0]["tables"][0]["sheets"][-1]["uid"]
    ).exists()


def test_the_same_bundle_twice_then_an_older_safety_copy(away):
    tournament, lease, _outgoing = away
    safety = laptop(tournament, minutes=5, extra_sheet=False)
    final = laptop(tournament, minutes=10, final=True)
    assert import_bundle(seal(final, lease)).changes > 0
    tournament.refresh_from_db()
    assert not tournament.is_held
    before = ResultChange.objects.count()
    again = import_bundle(seal(final, lease))
    assert again.changes == 0 and again.conflicts == []
    older = import_bundle(seal(safety, lease))
    assert older.changes == 0
    assert len(older.conflicts) == 1 and "dépassé" in older.conflicts[0]
    assert ResultChange.objects.count() == before


def test_a_later_bundle_supersedes_a_safety_copy(away):
    tournament, lease, _outgoing = away
    safety = laptop(tournament, minutes=5, extra_sheet=False)
    assert import_bundle(seal(safety, lease)).changes == 0  # nothing new yet
    tournament.refresh_from_db()
    assert tournament.is_held  # a safety copy releases nothing
    final = laptop(tournament, minutes=10, final=True)
    report = import_bundle(seal(final, lease))
    assert report.sheet_versions == 1
    tournament.refresh_from_db()
    assert not tournament.is_held


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("soiree.atout.json.gz", data, content_type="application/gzip")


def test_the_desk_preview_shows_the_conflicts_in_french(away, committee_client):
    tournament, lease, _outgoing = away
    back = laptop(tournament, final=True)
    Player.objects.filter(uid=back["players"][0]["uid"]).update(first_name="Jeanne")
    page = reverse("travel_import", args=[tournament.club.slug])
    response = committee_client.post(page, {"file": upload(seal(back, lease))})
    text = response.content.decode()
    assert response.status_code == 200
    assert "Le paquet apporte :" in text and "1 version de feuille" in text
    assert "Conflits (rien n’est écrasé)" in text
    assert "a été modifié ici pendant que l’ordinateur tenait la soirée" in text


def test_the_desk_offers_a_separate_tournament_or_to_discard(away, committee_client):
    tournament, lease, _outgoing = away
    data = seal(laptop(tournament, final=True), lease)
    holds.release_hold(tournament=tournament)
    Tournament.objects.filter(pk=tournament.pk).update(name="Tournoi changé")
    page = reverse("travel_import", args=[tournament.club.slug])
    response = committee_client.post(page, {"file": upload(data)})
    text = response.content.decode()
    assert "La soirée de l’ordinateur ne peut pas être fusionnée" in text
    token = response.context["token"]
    response = committee_client.post(page, {"token": token, "action": "discard"}, follow=True)
    assert "écartée : rien n’a été écrit" in response.content.decode()
    assert not Tournament.objects.filter(name__endswith="(portable)").exists()
    # Uploaded again, previewed and confirmed as a separate tournament.
    response = committee_client.post(page, {"file": upload(data)})
    token = response.context["token"]
    response = committee_client.post(page, {"token": token, "action": "separate"})
    assert "tournoi à part" in response.content.decode()
    assert not Tournament.objects.filter(name__endswith="(portable)").exists()
    response = committee_client.post(
        page, {"token": token, "action": "confirm", "choice": "separate"}
    )
    assert response.status_code == 302
    assert Tournament.objects.filter(name__endswith="(portable)").count() == 1
    assert Tournament.objects.get(pk=tournament.pk).name == "Tournoi changé"


def test_after_the_last_version_new_phone_links_here_are_no_change(away):
    """The site gives the open rounds new phone links by itself once the evening is back: no
    fact of the evening changed, so the laptop's later bundle still merges; a real change here
    (a sheet saved) refuses it, saying the last version was imported (not released by hand)."""
    tournament, lease, _outgoing = away
    assert import_bundle(seal(laptop(tournament, minutes=10, final=True), lease)).changes > 0
    for round_ in tournament.round_set.all():
        issue_round_links(round_, user=None)
    later = import_bundle(seal(laptop(tournament, minutes=20, final=True), lease))
    assert later.sheet_versions == 1 and not later.separate
    table = tournament.round_set.get(number=2).tables.first()
    records = list(table.changes.get(version=table.version).after)[:-1]
    deal_entry.save_sheet(table, records=records, version=table.version, user=None)
    with pytest.raises(MergeRefused) as refused:
        import_bundle(seal(laptop(tournament, minutes=30, final=True), lease))
    assert "La dernière version" in str(refused.value) and "à la main" not in str(refused.value)
