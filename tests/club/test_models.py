import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from club.models import Club, Membership, Player, Season


def test_licence_number_is_unique_but_may_be_left_empty(db):
    Player.objects.create(first_name="Anne", last_name="Dubois", licence_number="L-1")
    Player.objects.create(first_name="Luc", last_name="Maes")
    Player.objects.create(first_name="Marc", last_name="Peeters")  # a second empty licence is fine
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(first_name="Eve", last_name="Claes", licence_number="L-1")


def test_player_needs_both_names(db):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(first_name="", last_name="Dubois")


def test_a_player_may_play_for_several_clubs(club):
    other = Club.objects.create(name="Autre club", slug="autre")
    player = Player.objects.create(first_name="Anne", last_name="Dubois")
    player.clubs.add(club, other)
    assert set(player.clubs.values_list("slug", flat=True)) == {"cercle-de-test", "autre"}


def test_season_cannot_end_before_it_starts(club):
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(
            club=club, name="x", start=datetime.date(2026, 5, 1), end=datetime.date(2026, 4, 1)
        )


def test_season_names_are_unique_per_club(club, season):
    with pytest.raises(IntegrityError), transaction.atomic():
        Season.objects.create(club=club, name=season.name, start=season.start, end=season.end)
    other = Club.objects.create(name="Autre club", slug="autre")
    Season.objects.create(club=other, name=season.name, start=season.start, end=season.end)


def test_one_membership_per_player_and_season(season):
    player = Player.objects.create(first_name="Anne", last_name="Dubois")
    membership = Membership.objects.create(player=player, season=season, amount=Decimal("7"))
    assert membership.club == season.club and not membership.is_paid
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(player=player, season=season, amount=Decimal("7"))


def test_fees_cannot_be_negative(db):
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="X", slug="x", entry_fee=Decimal("-1"))


def test_club_defaults_are_the_chevalerie_fees(club):
    assert (club.entry_fee, club.membership_fee, club.free_participations) == (
        Decimal("3.00"),
        Decimal("7.00"),
        2,
    )


@pytest.mark.django_db(transaction=True)
def test_the_search_key_migration_fills_the_players_already_there():
    """Players saved before the search key existed are found by it once migrated."""
    before = [("club", "0007_site_epoch")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before[0]).apps.get_model("club", "Player")
    old.objects.create(first_name="Awa", last_name="N’Guessan", sort_key="n'guessan awa")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Player.objects.get(last_name="N’Guessan").search_key == "nguessan awa"
