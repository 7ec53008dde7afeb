"""The desk's « Exporter le tournoi » and « Importer un tournoi »: committee only, another
club's bundle refused, a preview then a confirmation (CSRF), French messages."""

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Club, Player
from club.roles import BUREAU, grant_role
from tournaments.models import ResultChange, Tournament
from tournaments.travel.services.document import public_hex, seal
from tournaments.travel.services.export import tournament_payload
from tournaments.travel.services.importing import import_bundle
from tournaments.travel.services.signing import make_site_key, register_lease_key


@pytest.fixture(autouse=True)
def _key(db):
    make_site_key()


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("t.atout.json.gz", data, content_type="application/gzip")


def test_the_committee_downloads_the_tournaments_bundle(committee_client, played_tournament):
    response = committee_client.get(reverse("travel_export", args=[played_tournament.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"
    assert str(played_tournament.uid) in response["Content-Disposition"]
    before = ResultChange.objects.count()
    assert import_bundle(response.content).changes == 0  # its own site's, already here
    assert ResultChange.objects.count() == before


def test_a_scorekeeper_gets_neither_page(scorekeeper_client, played_tournament):
    export = reverse("travel_export", args=[played_tournament.pk])
    assert scorekeeper_client.get(export).status_code == 403
    page = reverse("travel_import", args=[played_tournament.club.slug])
    assert scorekeeper_client.get(page).status_code == 403


def test_another_clubs_committee_gets_a_404(played_tournament):
    other = Club.objects.create(name="Autre club", slug="autre")
    user = User.objects.create_user("autre", password="x")
    grant_role(user, other, BUREAU)
    client = Client()
    client.force_login(user)
    assert client.get(reverse("travel_export", args=[played_tournament.pk])).status_code == 404
    assert (
        client.get(reverse("travel_import", args=[played_tournament.club.slug])).status_code == 404
    )


def test_a_file_too_large_is_refused_on_its_field_before_it_is_read(
    committee_client, played_tournament, settings
):
    settings.ATOUT_BUNDLE_MAX_BYTES = 1000
    page = reverse("travel_import", args=[played_tournament.club.slug])
    response = committee_client.post(page, {"file": upload(b"\x1f\x8b" + b"0" * 1000)})
    assert response.status_code == 413
    (said,) = response.context["form"].errors["file"]
    assert said.startswith("Le fichier dépasse") and "ce n’est pas un paquet de tournoi" in said
    assert said in response.content.decode().replace("&#x27;", "'")
    assert "token" not in response.context


def test_preview_then_confirm(committee_client, played_tournament):
    data = seal(tournament_payload(played_tournament), make_site_key()[0])
    uid = played_tournament.uid
    played_tournament.round_set.all().delete()
    played_tournament.delete()
    page = reverse("travel_import", args=[played_tournament.club.slug])
    with translation.override("fr"):
        response = committee_client.post(page, {"file": upload(data)})
    assert response.status_code == 200
    text = response.content.decode()
    assert "Ce que l’import de" in text
    assert "version 1 de sa feuille" in text
    assert not Tournament.objects.filter(uid=uid).exists()  # nothing before the confirmation
    token = response.context["token"]
    response = committee_client.post(page, {"token": token, "action": "confirm"})
    assert response.status_code == 302
    assert Tournament.objects.filter(uid=uid).exists()
    # The same token again: the preview is gone, nothing imported twice.
    response = committee_client.post(page, {"token": token, "action": "confirm"}, follow=True)
    assert Tournament.objects.filter(uid=uid).count() == 1


def test_another_clubs_bundle_is_refused_in_french(committee_client, club, make_tournament):
    other = Club.objects.create(name="Autre club", slug="autre")
    theirs = make_tournament(players=4, rounds=1)
    Tournament.objects.filter(pk=theirs.pk).update(club=other)
    theirs.refresh_from_db()
    data = seal(tournament_payload(theirs), make_site_key()[0])
    with translation.override("fr"):
        response = committee_client.post(
            reverse("travel_import", args=[club.slug]), {"file": upload(data)}
        )
    assert response.status_code == 400
    assert "le tournoi d’un autre club" in response.content.decode()


def test_a_broken_file_keeps_the_form_with_one_french_line(committee_client, club):
    with translation.override("fr"):
        response = committee_client.post(
            reverse("travel_import", args=[club.slug]), {"file": upload(b"not a bundle")}
        )
    assert response.status_code == 400
    assert "n’est pas du JSON" in response.content.decode()


def test_the_import_needs_the_csrf_token(committee_user, club):
    client = Client(enforce_csrf_checks=True)
    client.force_login(committee_user)
    response = client.post(reverse("travel_import", args=[club.slug]), {"file": upload(b"{}")})
    assert response.status_code == 403


def test_the_desk_settles_a_leases_conflict(committee_client, played_tournament):
    payload = tournament_payload(played_tournament)
    lease = Ed25519PrivateKey.generate()
    register_lease_key(
        public_key=public_hex(lease), tournament_uid=played_tournament.uid, label="portable"
    )
    Player.objects.create(first_name="Zorglub", last_name="Secret", licence_number="L-9")
    row = payload["players"][0]
    row["licence_number"] = "L-9"
    data = seal(payload, lease)
    played_tournament.round_set.all().delete()
    played_tournament.delete()
    page = reverse("travel_import", args=[played_tournament.club.slug])
    with translation.override("fr"):
        response = committee_client.post(page, {"file": upload(data)})
        text = response.content.decode()
        assert "appartient ici à une autre personne" in text
        assert "Zorglub" not in text
        token = response.context["token"]
        response = committee_client.post(
            page, {"token": token, "action": "preview", f"settle-{row['uid']}": "drop_licence"}
        )
        assert "laissé à son titulaire" in response.content.decode()
        assert not Tournament.objects.filter(uid=payload["tournament"]["uid"]).exists()
        response = committee_client.post(
            page, {"token": token, "action": "confirm", f"settle-{row['uid']}": "drop_licence"}
        )
    assert response.status_code == 302
    assert Tournament.objects.filter(uid=payload["tournament"]["uid"]).exists()
