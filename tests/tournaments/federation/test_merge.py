"""One person across clubs (issue 35 §2): a licence matched to its holder by the import (never
by name), two records of one person merged by the federation's committee keeping every
result and the history of both, licences of two federations pointing to one person, and the
numbers' uniqueness per issuer migrated back and forth."""

import datetime
import random

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from helpers import latest, migrate

from club import services as club_services
from club.models import Club, Membership, Player, Season
from club.player_import import ImportRow, validate_rows
from tournaments.federation import services
from tournaments.federation.licences import LicenceRow
from tournaments.federation.models import Federation, Licence
from tournaments.federation.people import merge_players
from tournaments.models import Entry, ResultChange, Seat, TournamentResult
from tournaments.sample_sheets import stored_tournament
from tournaments.services import holds, result_store
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

SEASON = (datetime.date(2025, 9, 1), datetime.date(2026, 8, 31))


def _licence(federation: Federation, number: str, club: Club, player: Player | None = None):
    return Licence.objects.create(
        federation=federation,
        number=number,
        last_name="Henrard",
        first_name="Guy",
        club=club,
        player=player,
        valid_from=SEASON[0],
        valid_until=SEASON[1],
    )


def test_the_licence_import_matches_by_link_or_by_the_clubs_number_never_by_name(
    ffw: Federation, club: Club, hel: Club, committee: Client
) -> None:
    numbered = Player.objects.create(first_name="Guy", last_name="Henrard", licence_number="B-1")
    numbered.clubs.add(club)
    elsewhere = Player.objects.create(first_name="Jan", last_name="Peeters", licence_number="B-2")
    elsewhere.clubs.add(club)  # the number of B-2, but the licence is Hélécine's
    namesake = Player.objects.create(first_name="Anne", last_name="Lambot")
    namesake.clubs.add(hel)
    header = "N° de licence;Nom;Prénom;Club;Valable du;Valable jusqu’au\n"
    rows = (
        "B-1;Henrard;Guy;Cercle de Test;01/09/2025;31/08/2026\n"
        "B-2;Peeters;Jan;helecine;01/09/2025;31/08/2026\n"
        "B-3;Lambot;Anne;helecine;01/09/2025;31/08/2026\n"
    )
    upload = SimpleUploadedFile("licences.csv", (header + rows).encode())
    url = reverse("federation_licence_import", args=["ffw"])
    preview = committee.post(url, {"file": upload}).content.decode()
    assert "1 licence sur 3 reliée à son joueur" in preview
    token = preview.split('name="token" value="')[1].split('"')[0]
    assert committee.post(url, {"token": token}).status_code == 302
    holders = dict(Licence.objects.values_list("number", "player"))
    assert holders == {"B-1": numbered.pk, "B-2": None, "B-3": None}
    # The stored link stays, whatever the club's numbers say next time.
    Player.objects.filter(pk=numbered.pk).update(licence_number="")
    again = LicenceRow(
        line=2,
        number="B-1",
        last_name="Henrard",
        first_name="Guy",
        club="Cercle de Test",
        valid_from="01/09/2025",
        valid_until="31/08/2026",
    )
    services.import_licences(federation=ffw, rows=[again])
    assert Licence.objects.get(number="B-1").player == numbered


def test_a_member_typed_with_a_federation_licence_is_its_holder(
    ffw: Federation, club: Club, hel: Club
) -> None:
    guy = Player.objects.create(first_name="Guy", last_name="Henrard")
    guy.clubs.add(hel)
    _licence(ffw, "B-1", hel, guy)
    rows = validate_rows(
        club,
        [
            ImportRow(line=2, first_name="guy", last_name="HENRARD", licence_number="B-1"),
        ],
    )
    assert rows[0].existing_player_id == guy.pk
    assert club_services.import_players(club, rows) == 1
    assert Player.objects.filter(last_name__iexact="henrard").count() == 1
    assert set(guy.clubs.values_list("slug", flat=True)) == {club.slug, "helecine"}
    assert guy.licence_number == ""  # the federation's number stays the federation's
    # Another name with that number: refused, never taken for him.
    other = validate_rows(
        club, [ImportRow(line=2, first_name="Anne", last_name="Lambot", licence_number="B-1")]
    )
    assert other[0].errors and other[0].existing_player_id is None


def test_a_person_holds_licences_of_two_federations(
    ffw: Federation, club: Club, make_federation
) -> None:
    ffb = make_federation("Fédération française", "ffb", club)
    guy = Player.objects.create(first_name="Guy", last_name="Henrard")
    guy.clubs.add(club)
    _licence(ffw, "B-1", club, guy)
    _licence(ffb, "F-9", club, guy)
    _licence(ffb, "B-1", club)  # the same number at another issuer: another licence
    assert set(guy.federation_licences.values_list("federation__slug", "number")) == {
        ("ffw", "B-1"),
        ("ffb", "F-9"),
    }
    with pytest.raises(IntegrityError), transaction.atomic():
        _licence(ffw, "B-1", club)


def _twice(club: Club, hel: Club, season: Season):
    """Guy typed twice: in the club (his first tournament) and at Hélécine (his second)."""
    rng = random.Random(4)
    kept = Player.objects.create(first_name="Guy", last_name="Henrard")
    kept.clubs.add(club)
    absorbed = Player.objects.create(first_name="Guy", last_name="Henrard")
    absorbed.clubs.add(hel)
    others = [Player.objects.create(first_name=f"J{i}", last_name=f"N{i}") for i in range(7)]
    club.players.add(*others)
    hel.players.add(*others)
    first = stored_tournament(season, "whist", 2, 0, [kept, *others], rng, players=8)
    hel_season = Season.objects.create(club=hel, name="2026", start=season.start, end=season.end)
    second = stored_tournament(hel_season, "whist", 2, 1, [absorbed, *others], rng, players=8)
    for tournament in (first, second):
        result_store.results_changed(tournament)
    return kept, absorbed, first, second


def test_a_merge_keeps_every_result_the_history_of_both_and_an_audit_line(
    ffw: Federation,
    club: Club,
    hel: Club,
    season: Season,
    committee: Client,
    django_capture_on_commit_callbacks,
) -> None:
    kept, absorbed, first, second = _twice(club, hel, season)
    Membership.objects.create(player=absorbed, season=season, amount=10, paid_on=SEASON[0])
    Membership.objects.create(player=kept, season=season, amount=10)
    _licence(ffw, "B-1", hel, absorbed)
    history = LogEntry.objects.create(
        user=User.objects.get(username="federation"),
        content_type=ContentType.objects.get_for_model(Player),
        object_id=str(absorbed.pk),
        object_repr="Guy Henrard",
        action_flag=2,
        change_message="typed at Hélécine",
    )
    seats = Seat.objects.filter(entry__player=absorbed).count()
    authors = list(ResultChange.objects.values_list("pk", "user_id"))
    results = TournamentResult.objects.filter(player=absorbed).count()
    assert seats and results

    url = reverse("federation_merge", args=["ffw"])
    page = committee.get(url, {"q": "henrard"})
    assert page.status_code == 200 and "Guy Henrard — Whist Hélécine" in page.content.decode()
    preview = committee.post(
        url, {"action": "preview", "kept": kept.pk, "absorbed": absorbed.pk, "q": "henrard"}
    )
    text = preview.content.decode()
    assert "1 inscription (1 tournois)" in text and "Whist Hélécine" in text
    assert Player.objects.filter(pk=absorbed.pk).exists()  # the preview moves nothing
    with django_capture_on_commit_callbacks(execute=True):
        done = committee.post(url, {"action": "confirm", "kept": kept.pk, "absorbed": absorbed.pk})
    assert done.status_code == 302
    assert not Player.objects.filter(pk=absorbed.pk).exists()
    assert set(Entry.objects.filter(player=kept).values_list("tournament", flat=True)) == {
        first.pk,
        second.pk,
    }
    assert Seat.objects.filter(entry__player=kept, entry__tournament=second).count() == seats
    assert list(ResultChange.objects.values_list("pk", "user_id")) == authors
    assert TournamentResult.objects.filter(player=kept, tournament=second).count() == results
    assert set(kept.clubs.values_list("slug", flat=True)) == {club.slug, "helecine"}
    assert list(Membership.objects.filter(player=kept).values_list("paid_on", flat=True)) == [
        SEASON[0]
    ]
    assert Licence.objects.get(number="B-1").player == kept
    history.refresh_from_db()
    assert history.object_id == str(kept.pk)  # his history and the absorbed one's
    audit = LogEntry.objects.filter(object_id=str(kept.pk)).exclude(pk=history.pk).get()
    assert str(absorbed.uid) in audit.change_message and audit.user.username == "federation"
    # The ratings are rebuilt through the core's signal and the queue.
    assert DBTaskResult.objects.filter(task_path__contains="rebuild_club_rating").exists()


def test_a_merge_is_refused_for_two_people_or_outside_the_federation(
    ffw: Federation, club: Club, hel: Club, season: Season, committee: Client, make_federation
) -> None:
    kept, absorbed, first, _second = _twice(club, hel, season)
    url = reverse("federation_merge", args=["ffw"])
    # Two records that played one tournament are two people.
    other = Entry.objects.filter(tournament=first).exclude(player=kept).first().player
    refused = committee.post(url, {"action": "confirm", "kept": kept.pk, "absorbed": other.pk})
    assert refused.status_code == 400 and "ce sont deux personnes" in refused.content.decode()
    # One player twice; nothing chosen: the field is named.
    same = committee.post(url, {"action": "preview", "kept": kept.pk, "absorbed": kept.pk})
    assert same.status_code == 400 and "« L’enregistrement fusionné »" in same.content.decode()
    typed = committee.post(url, {"action": "preview", "kept": "x", "absorbed": kept.pk})
    assert typed.status_code == 400
    assert "« L’enregistrement conservé » : choisissez un joueur." in typed.content.decode()
    empty = committee.post(url, {"action": "preview"})
    assert empty.status_code == 400 and "« L’enregistrement conservé »" in empty.content.decode()
    # A player of a club outside the federation, or of another federation's club: 404.
    outsider_club = Club.objects.create(name="Ailleurs", slug="ailleurs")
    make_federation("Fédération flamande", "vwb", outsider_club)
    outsider = Player.objects.create(first_name="Piet", last_name="Janssens")
    outsider.clubs.add(outsider_club)
    answer = committee.post(url, {"action": "confirm", "kept": kept.pk, "absorbed": outsider.pk})
    assert answer.status_code == 404
    with pytest.raises(services.FederationError):
        merge_players(federation=ffw, kept=kept, absorbed=outsider, by=None)
    assert Player.objects.filter(pk__in=[kept.pk, absorbed.pk, outsider.pk]).count() == 3
    # Another federation's desk: 404 for this committee.
    assert committee.get(reverse("federation_merge", args=["vwb"])).status_code == 404


def test_a_merge_waits_for_a_held_tournament(
    ffw: Federation, club: Club, hel: Club, season: Season
) -> None:
    kept, absorbed, _first, second = _twice(club, hel, season)
    holds.hold_tournament(tournament=second, holder="Portable")
    with pytest.raises(TournamentError):
        merge_players(federation=ffw, kept=kept, absorbed=absorbed, by=None)
    assert Entry.objects.filter(player=absorbed).exists()


@pytest.mark.django_db(transaction=True)
def test_numbers_unique_per_issuer_back_and_forth(club: Club, hel: Club, ffw: Federation) -> None:
    guy = Player.objects.create(first_name="Guy", last_name="Henrard", licence_number="B-1")
    guy.clubs.add(club)
    other = Player.objects.create(first_name="Jan", last_name="Peeters", licence_number="B-2")
    other.clubs.add(club)
    _licence(ffw, "B-1", club)
    _licence(ffw, "B-2", hel)
    numbers = dict(Player.objects.values_list("pk", "licence_number"))
    before = [("club", "0017_club_clock_with_round"), ("federation", "0003_rules_seasons_counted")]
    try:
        old = migrate(before).loader.project_state(before).apps
        assert (
            dict(old.get_model("club", "Player").objects.values_list("pk", "licence_number"))
            == numbers
        )
        migrate(latest())
        assert dict(Player.objects.values_list("pk", "licence_number")) == numbers
        # The licences imported before get their holder: by the club's number, not elsewhere.
        assert dict(Licence.objects.values_list("number", "player")) == {"B-1": guy.pk, "B-2": None}
        with pytest.raises(IntegrityError), transaction.atomic():
            Player.objects.create(first_name="X", last_name="Y", licence_number="B-1")
    finally:
        migrate(latest())


def test_the_merge_page_in_the_federations_dutch(
    club: Club, hel: Club, make_federation, make_committee
) -> None:
    federation = make_federation("Vlaamse Bond", "vlaamse-bond", club, language="nl")
    client = make_committee(federation, "bond")
    url = reverse("federation_merge", args=["vlaamse-bond"])
    page = client.get(url).content.decode()
    assert "Twee records van één persoon samenvoegen" in page and "Speler zoeken" in page
    empty = client.post(url, {"action": "preview"}).content.decode()
    assert "“Het behouden record”: kies een speler." in empty
