"""The right to erasure: a committee erases a player of a finished season; his name is
nowhere any more, every ranking stays exactly as it was (docs/privacy.md)."""

import json
from io import BytesIO, StringIO

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from club.models import Club, Player
from tournaments.models import Round, Tournament, TournamentResult
from tournaments.printing import sheet_pdfs
from tournaments.printing.models import SheetPdf
from tournaments.selectors import annual_rankings, classification, season_rankings


def _standings(season) -> dict:
    """Every ranking the site shows, keyed by player id: place and points."""
    shown = {}
    for tournament in Tournament.objects.filter(season=season).exclude(archived=True):
        for row in classification.tournament_standings(tournament):
            shown[("t", tournament.pk, row.player_id, row.team_id)] = (
                row.rank,
                row.score,
                row.place_points,
            )
    for game, rows in season_rankings.season_standings(season).items():
        for row in rows:
            shown[("s", game, row.player_id)] = (row.rank, row.score, row.place_points)
    for game in season_rankings.season_games(season):
        ranking = annual_rankings.annual_ranking(season, game, rows=False)
        for total in ranking.totals:
            numbers = {k: v for k, v in total.items() if "name" not in k and k != "sort_key"}
            shown[("a", game, total["player_id"])] = tuple(sorted(numbers.items()))
    return shown


def _database_text() -> str:
    out = StringIO()
    call_command("dumpdata", stdout=out)
    return json.dumps(json.loads(out.getvalue()), ensure_ascii=False)


def _pdf_text(content: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(BytesIO(content)).pages
    )


@pytest.fixture
def demo(demo_db):
    club = Club.objects.get(slug="la-chevalerie")
    committee = User.objects.get(username="bureau")
    return club, committee


def _player_who_played(club) -> Player:
    """A member with results in several tournaments whose last name no one else has."""
    counts = {}
    for result in TournamentResult.objects.filter(tournament__club=club):
        counts[result.player_id] = counts.get(result.player_id, 0) + 1
    for player in Player.objects.filter(pk__in=counts).order_by("pk"):
        if (
            counts[player.pk] >= 2
            and Player.objects.filter(last_name=player.last_name).count() == 1
        ):
            return player
    raise AssertionError("the demo has no such player")


def test_erasure_leaves_no_name_and_every_ranking_unchanged(demo, client):
    club, committee = demo
    player = _player_who_played(club)
    season = Tournament.objects.filter(entries__player=player).first().season
    names = [f"{player.first_name} {player.last_name}", f"{player.last_name} {player.first_name}"]
    secrets = [*names, player.email, player.licence_number, player.phone]
    round_ = Round.objects.filter(tables__seats__entry__player=player).order_by("pk").first()
    client.force_login(committee)

    # His tables' sheets are printed (kept), his name renamed once in the admin's trail.
    sheets = sheet_pdfs.build(sheet_pdfs.round_document(round_, "http://testserver"))
    assert player.last_name in _pdf_text(sheets)
    assert SheetPdf.objects.filter(table__round=round_).exists()
    LogEntry.objects.log_actions(
        user_id=committee.pk, queryset=[player], action_flag=CHANGE, change_message="[]"
    )
    before = _standings(season)
    held = _database_text()
    secrets = [secret for secret in secrets if secret in held]
    assert {names[0], player.email, player.licence_number} <= set(secrets)

    response = client.post(
        reverse("club_member_erase", args=[club.slug, player.pk]), {"confirm": "EFFACER"}
    )
    assert response.status_code == 302

    text = _database_text()
    for secret in secrets:
        assert secret not in text, secret
    player.refresh_from_db()
    assert player.full_name == f"Anonyme {player.pk}"
    assert player.erased_at is not None
    # The trail keeps the change, under the anonymous name.
    trail = LogEntry.objects.filter(object_id=str(player.pk))
    assert {entry.object_repr for entry in trail} == {player.full_name}
    assert trail.filter(change_message__contains="erased").exists()
    # The kept sheets carrying his name are gone; printed again, they carry the label.
    assert not SheetPdf.objects.filter(table__round__tournament=round_.tournament).exists()
    again = _pdf_text(sheet_pdfs.build(sheet_pdfs.round_document(round_, "http://testserver")))
    assert all(name not in again for name in names)
    assert player.last_name in again  # « Anonyme 17 »
    # Every place and every point, compared by player id, is what it was.
    assert _standings(season) == before


def test_erasure_needs_the_word_typed(demo, client):
    club, committee = demo
    player = _player_who_played(club)
    client.force_login(committee)
    response = client.post(
        reverse("club_member_erase", args=[club.slug, player.pk]), {"confirm": "oui"}
    )
    assert response.status_code == 400
    assert "EFFACER" in response.content.decode()
    assert 'value="oui"' in response.content.decode()  # what was typed is kept
    player.refresh_from_db()
    assert player.erased_at is None and player.first_name != "Anonyme"


def test_another_clubs_player_cannot_be_erased_or_exported(two_clubs, client):
    stranger = Player.objects.create(first_name="Jean", last_name="Autreclub")
    stranger.clubs.add(two_clubs.b)
    client.force_login(two_clubs.a_bureau)
    for slug in (two_clubs.a.slug, two_clubs.b.slug):
        erase = reverse("club_member_erase", args=[slug, stranger.pk])
        assert client.post(erase, {"confirm": "EFFACER"}).status_code == 404
        assert client.get(reverse("club_member", args=[slug, stranger.pk])).status_code == 404
        for extension in ("json", "xlsx"):
            url = reverse(f"player_data_{extension}", args=[slug, stranger.pk])
            assert client.get(url).status_code == 404
    stranger.refresh_from_db()
    assert stranger.last_name == "Autreclub"


def test_a_scorekeeper_cannot_erase(two_clubs, client):
    player = two_clubs.a.players.first()
    client.force_login(two_clubs.b_saisie)
    url = reverse("club_member_erase", args=[two_clubs.b.slug, player.pk])
    assert client.post(url, {"confirm": "EFFACER"}).status_code == 403


def test_a_member_of_two_clubs_is_erased_by_the_sites_administrator_only(two_clubs, client):
    shared = Player.objects.create(first_name="Jeanne", last_name="Deuxclubs")
    shared.clubs.add(two_clubs.a, two_clubs.b)
    client.force_login(two_clubs.a_bureau)
    url = reverse("club_member_erase", args=[two_clubs.a.slug, shared.pk])
    response = client.post(url, {"confirm": "EFFACER"})
    assert response.status_code == 400
    assert "autre club" in response.content.decode()
    shared.refresh_from_db()
    assert shared.last_name == "Deuxclubs"
    client.force_login(User.objects.create_superuser("admin", password="x-secret-123"))
    assert client.post(url, {"confirm": "EFFACER"}).status_code == 302
    shared.refresh_from_db()
    assert shared.erased_at is not None
