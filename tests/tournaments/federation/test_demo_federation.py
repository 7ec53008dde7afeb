"""The demo's federation (issue 35, « In the demo »): the demo's two clubs are accepted members
of a league with a season under way, players of both clubs in its whist ranking (a player of
both clubs once), licences imported and matched to their holders, the clubs' tournaments
counting, its rating lists built, linked from the site's home and the clubs' pages."""

import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from club.demo_data import FLEMISH_SLUG
from club.models import Club, Player
from tournaments.federation import rating
from tournaments.federation.door import door_for
from tournaments.federation.models import (
    CountedTournament,
    Federation,
    FederationMembership,
    FederationRole,
    Licence,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _league() -> Federation:
    return Federation.objects.get(slug="ligue")


def _ranking_names(client, federation: Federation, game: str) -> list[str]:
    season = federation.seasons.get()
    page = client.get(reverse("federation_ranking", args=[federation.slug, season.pk, game]))
    assert page.status_code == 200
    # Each listed player's name links to his results across the federation's clubs.
    return re.findall(r'href="/federation/ligue/joueur/[^"]+/">([^<]+)</a>', page.content.decode())


def test_the_demo_builds_a_federation_of_its_two_clubs(demo_db, client):
    league = _league()
    assert league.games[:2] == ["whist", "double_king"] and league.language == "fr"
    assert FederationRole.objects.filter(federation=league, user__username="ligue").exists()
    assert User.objects.get(username="ligue").check_password("atout-ligue")
    members = FederationMembership.objects.filter(
        federation=league, status=FederationMembership.Status.ACCEPTED
    )
    assert set(members.values_list("club__slug", flat=True)) == {"la-chevalerie", FLEMISH_SLUG}
    season = league.seasons.get()
    assert season.starts_on <= Tournament.objects.order_by("date")[0].date <= season.ends_on
    # Every tournament of its games in both clubs counts, approved (no approval required).
    counted = CountedTournament.objects.filter(federation=league, season=season)
    games = Tournament.objects.filter(game__in=league.games)
    assert counted.count() == games.count() and not league.requires_approval
    assert set(counted.values_list("status", flat=True)) == {CountedTournament.Status.APPROVED}


def test_its_whist_ranking_lists_both_clubs_players_and_a_shared_player_once(demo_db, client):
    league = _league()
    names = _ranking_names(client, league, "whist")
    assert len(names) >= 10 and len(names) == len(set(names))
    flemish = Club.objects.get(slug=FLEMISH_SLUG)
    walloon = Club.objects.get(slug="la-chevalerie")
    both = Player.objects.filter(clubs=flemish).filter(clubs=walloon)
    assert both.count() == 4
    own = {p.full_name for p in Player.objects.filter(clubs=flemish).exclude(clubs=walloon)}
    assert own & set(names), "a Flemish member in the ranking"
    assert set(names) - own - {p.full_name for p in both}, "a Walloon member in the ranking"
    shared = {p.full_name for p in both}
    assert shared <= set(names), "the players of both clubs, each once"
    clubs = client.get(
        reverse("federation_club_ranking", args=[league.slug, league.seasons.get().pk, "whist"])
    )
    assert walloon.name in clubs.content.decode() and flemish.name in clubs.content.decode()


def test_its_licences_are_matched_and_some_are_not_valid(demo_db):
    league = _league()
    licences = Licence.objects.filter(federation=league)
    assert licences.count() >= 60 and not licences.filter(player__isnull=True).exists()
    assert licences.filter(status=Licence.Status.SUSPENDED).count() == 1
    assert licences.filter(valid_until__lt=league.seasons.get().starts_on).count() == 2
    unlicensed = Player.objects.filter(clubs__federation_memberships__federation=league).exclude(
        pk__in=licences.values("player_id")
    )
    assert 2 <= unlicensed.distinct().count() <= 4
    # The door of the evening in progress (it counts) says each state in words.
    evening = Tournament.objects.get(name="Whist du soir")
    door = door_for(evening)
    assert door is not None
    states = {door.state(entry.player_id) for entry in evening.entries.all()}
    assert {"valid", "expired", "suspended", "unknown"} <= states


def test_its_rating_lists_are_built_with_rated_and_provisional_players(demo_db):
    found = rating.rating_list(_league(), "whist")
    assert found is not None
    rated, provisional = rating.list_rows(found)
    assert rated and provisional


def test_the_home_and_the_member_clubs_link_it(demo_db, client):
    page = reverse("federation_page", args=["ligue"])
    assert f'href="{page}"' in client.get(reverse("home")).content.decode()
    for slug in ("la-chevalerie", FLEMISH_SLUG):
        assert f'href="{page}"' in client.get(reverse("club_home", args=[slug])).content.decode()
    desk = reverse("federation_desk", args=["ligue"])
    assert desk not in client.get(reverse("home")).content.decode()
    client.force_login(User.objects.get(username="ligue"))
    assert f'href="{desk}"' in client.get(reverse("home")).content.decode()


def test_building_the_demo_again_changes_nothing_of_the_federation(demo_db):
    before = Licence.objects.count(), CountedTournament.objects.count()
    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert (Licence.objects.count(), CountedTournament.objects.count()) == before
    assert Federation.objects.filter(slug="ligue").count() == 1


def test_erasing_a_licensed_player_leaves_his_licence_without_his_name(demo_db, client):
    league = _league()
    licence = Licence.objects.filter(federation=league, status=Licence.Status.VALID).first()
    player, number = licence.player, licence.number
    names_before = _ranking_names(client, league, "whist")
    client.force_login(User.objects.get(username="bureau"))
    club = player.clubs.order_by("pk").first()
    response = client.post(
        reverse("club_member_erase", args=[club.slug, player.pk]), {"confirm": "EFFACER"}
    )
    assert response.status_code == 302
    licence.refresh_from_db()
    assert player.last_name not in (licence.last_name, licence.first_name)
    assert licence.number != number and licence.player_id == player.pk
    assert licence.status == Licence.Status.VALID  # his results count as they did
    assert len(_ranking_names(client, league, "whist")) == len(names_before)
