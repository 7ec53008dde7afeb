"""« Rapporter la soirée » on the hall's laptop (and `make hall-return`), and what `make hall`
refuses to open (README « Une soirée sans internet »)."""

import gzip
import io
import json

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hall_helpers import made_the_laptop

from club.models import Club, Season
from tournaments.models import Tournament
from tournaments.travel.models import LeaseKey
from tournaments.travel.services.document import BundleError, public_hex
from tournaments.travel.services.export import export_bundle
from tournaments.travel.services.hall import evening_login, open_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def taken_away(played_tournament, site_key):
    """« Emporter la soirée »'s file, and this database made the laptop's."""
    data = export_bundle(played_tournament, hold="Portable")
    made_the_laptop(played_tournament)
    return data


@pytest.fixture
def evening(taken_away):
    return open_evening(taken_away).tournament


def document(data: bytes) -> dict:
    return json.loads(gzip.decompress(data))


def test_the_laptop_opens_the_evening_once_then_resumes(taken_away):
    first = open_evening(taken_away)
    assert first.report is not None and first.report.changes > 0
    assert LeaseKey.objects.filter(tournament_uid=first.tournament.uid).exists()
    again = open_evening(taken_away)
    assert again.report is None and again.tournament.pk == first.tournament.pk


def test_the_laptop_refuses_a_bundle_without_lease_or_signed_by_another_key(
    played_tournament, site_key
):
    plain = export_bundle(played_tournament)
    with pytest.raises(BundleError, match="aucun bail"):
        open_evening(plain)
    taken = export_bundle(played_tournament, hold="Portable")
    made_the_laptop(played_tournament)
    other = public_hex(Ed25519PrivateKey.generate())
    with pytest.raises(BundleError, match="clé du site indiquée"):
        open_evening(taken, site_key=other)
    assert not Tournament.objects.filter(uid=played_tournament.uid).exists()
    assert open_evening(taken, site_key=public_hex(site_key)).report is not None


def test_the_laptop_holding_another_evening_refuses_a_second_one(evening, make_tournament):
    other = make_tournament(players=4, name="Autre soirée")
    data = export_bundle(other, hold="Portable")
    other.delete()  # not on the laptop
    with pytest.raises(BundleError, match="FRESH=1"):
        open_evening(data)


def test_the_evenings_login_is_a_scorekeeper_of_the_club_kept_across_starts(evening, tmp_path):
    user, password = evening_login(evening, tmp_path / "login")
    assert (tmp_path / "login").stat().st_mode & 0o777 == 0o600
    assert evening_login(evening, tmp_path / "login") == (user, password)
    found = User.objects.get(username=user)
    assert found.check_password(password) and found.is_active
    client = Client()
    client.force_login(found)
    page = client.get(reverse("staff_tournament", args=[evening.pk])).content.decode()
    assert "Rapporter la soirée" in page and 'id="return-link"' in page


def logged_in(evening, tmp_path) -> Client:
    user, _password = evening_login(evening, tmp_path / "login")
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.get(username=user))
    return client


def posted(client: Client, path: str, data: dict[str, str]):
    client.get(path)
    return client.post(path, {**data, "csrfmiddlewaretoken": client.cookies["csrftoken"].value})


def test_bring_back_a_safety_copy_or_the_last_version_signed_with_the_lease(evening, tmp_path):
    client = logged_in(evening, tmp_path)
    path = reverse("travel_return", args=[evening.pk])
    assert 'id="return-form"' in client.get(path).content.decode()
    lease = LeaseKey.objects.get(tournament_uid=evening.uid)
    private = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(lease.private_key))
    lease_public = public_hex(private)
    copy = posted(client, path, {"kind": "copy"})
    assert copy.status_code == 200 and copy["Content-Type"] == "application/gzip"
    assert "attachment" in copy["Content-Disposition"]
    copied = document(copy.content)
    assert copied["signature"]["key"] == lease_public
    assert "final" not in copied["payload"] and "members" not in copied["payload"]
    last = document(posted(client, path, {"kind": "final"}).content)
    assert last["payload"]["final"] is True and last["signature"]["key"] == lease_public
    # Pressed again: the same evening again.
    again = document(posted(client, path, {"kind": "final"}).content)
    assert again["payload"]["rounds"] == last["payload"]["rounds"]


def test_bring_back_refuses_no_choice_a_missing_token_and_anonymous(evening, tmp_path):
    client = logged_in(evening, tmp_path)
    path = reverse("travel_return", args=[evening.pk])
    refused = posted(client, path, {})
    assert refused.status_code == 400
    assert "Choisissez le paquet" in refused.content.decode()
    assert client.post(path, {"kind": "final"}).status_code == 403  # no CSRF token
    anonymous = Client().get(path)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]


def test_bring_back_is_404_where_no_lease_is_kept_and_for_another_club(
    evening, tmp_path, make_tournament, scorekeeper_user
):
    client = logged_in(evening, tmp_path)
    site_tournament = make_tournament(players=4, name="Sans bail")
    assert client.get(reverse("travel_return", args=[site_tournament.pk])).status_code == 404
    page = client.get(reverse("staff_tournament", args=[site_tournament.pk])).content.decode()
    assert 'id="return-link"' not in page
    other_club = Club.objects.create(name="Autre club", slug="autre-club")
    other = Tournament.objects.create(
        club=other_club,
        season=Season.objects.create(
            club=other_club, name="2026", start=evening.season.start, end=evening.season.end
        ),
        game="double_king",
        name="Ailleurs",
        date=evening.date,
        rounds=1,
    )
    LeaseKey.objects.create(tournament_uid=other.uid, private_key="00" * 32, holder="Portable")
    assert client.get(reverse("travel_return", args=[other.pk])).status_code == 404


def test_hall_return_writes_the_last_version_where_the_laptop_keeps_it(evening, tmp_path, settings):
    settings.ATOUT_HALL = True
    settings.ATOUT_HALL_DIR = tmp_path
    with pytest.raises(CommandError, match="make hall"):  # no evening opened here yet
        call_command("hall_return")
    (tmp_path / "hall.sqlite3").touch()  # the laptop's database (the test's stands for it)
    out = io.StringIO()
    call_command("hall_return", stdout=out)
    (written,) = (tmp_path / "retour").iterdir()
    assert str(written) in out.getvalue()
    assert document(written.read_bytes())["payload"]["final"] is True
    call_command("hall_return", "--copy", "-o", str(tmp_path / "copie.json.gz"), stdout=out)
    assert "final" not in document((tmp_path / "copie.json.gz").read_bytes())["payload"]


def test_the_hall_commands_refuse_the_clubs_own_settings(evening, tmp_path):
    with pytest.raises(CommandError, match=r"club\.settings\.hall"):
        call_command("hall_return")
    with pytest.raises(CommandError, match=r"club\.settings\.hall"):
        call_command("hall", str(tmp_path / "x"), "--no-serve")


def _at(moment) -> tuple[str, str]:
    local = timezone.localtime(moment)
    return local.strftime("%d/%m/%Y"), local.strftime("%H:%M")


def test_after_the_last_version_the_laptops_desk_warns_that_changes_stay_here(
    evening, tmp_path, settings
):
    settings.ATOUT_HALL = True
    client = logged_in(evening, tmp_path)
    desk = reverse("staff_tournament", args=[evening.pk])
    registration = reverse("staff_registration", args=[evening.pk])
    path = reverse("travel_return", args=[evening.pk])
    assert 'id="returned-banner"' not in client.get(desk).content.decode()
    page = client.get(path).content.decode()
    assert "La dernière version de la soirée n’a pas encore été faite." in page
    # A safety copy: the evening goes on, nothing to warn of; the page says when it was made.
    posted(client, path, {"kind": "copy"})
    lease = LeaseKey.objects.get(tournament_uid=evening.uid)
    assert lease.copy_made_at is not None and lease.final_made_at is None
    assert 'id="returned-banner"' not in client.get(desk).content.decode()
    date, time = _at(lease.copy_made_at)
    page = client.get(path).content.decode()
    assert f"La dernière copie de sécurité a été faite le {date} à {time}." in page
    # The last version: the desk, and every page of the tournament's desk, say it once.
    assert posted(client, path, {"kind": "final"}).status_code == 200
    lease.refresh_from_db()
    date, time = _at(lease.final_made_at)
    warning = (
        f"La dernière version de la soirée a été faite le {date} à {time} (« Rapporter la "
        "soirée ») : c’est celle que le site reprend."
    )
    for url in (desk, registration):
        page = client.get(url).content.decode()
        assert page.count('id="returned-banner"') == 1, url
        assert warning in page, url
        assert "Ce qui est modifié sur cet ordinateur à partir de maintenant n’arrivera pas" in page
    page = client.get(path).content.decode()
    assert f"La dernière version de la soirée a été faite le {date} à {time}." in page
    # The site keeps no lease and asks for none: no banner, whatever a laptop did.
    settings.ATOUT_HALL = False
    assert 'id="returned-banner"' not in client.get(registration).content.decode()


def test_hall_return_records_when_the_last_version_was_made(evening, tmp_path, settings):
    settings.ATOUT_HALL = True
    settings.ATOUT_HALL_DIR = tmp_path
    (tmp_path / "hall.sqlite3").touch()
    call_command(
        "hall_return", "--copy", "-o", str(tmp_path / "copie.json.gz"), stdout=io.StringIO()
    )
    lease = LeaseKey.objects.get(tournament_uid=evening.uid)
    assert lease.copy_made_at is not None and lease.final_made_at is None
    call_command("hall_return", stdout=io.StringIO())
    lease.refresh_from_db()
    assert lease.final_made_at is not None
