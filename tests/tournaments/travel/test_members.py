"""« Emporter la soirée » carries the club's members of the season, so that the hall's laptop
registers those who walk in (docs/bundle.md, ``members``)."""

import gzip
import json
from decimal import Decimal

import pytest
from hall_helpers import made_the_laptop

from club.models import Membership, Player
from tournaments.travel.services.document import public_hex, schema_errors
from tournaments.travel.services.export import export_bundle
from tournaments.travel.services.importing import import_bundle
from tournaments.travel.services.signing import make_site_key


@pytest.fixture
def members(club, season, make_players):
    """Three members of the season (one with a licence), one lapsed (last season's only is
    not one: no membership), one inactive."""
    walk_ins = make_players(3, prefix="Membre")
    for player in walk_ins:
        player.email = f"{player.first_name.lower()}@example.org"
        player.phone = "0470 12 34 56"
        player.save()
        Membership.objects.create(player=player, season=season, amount=Decimal("25"))
    walk_ins[0].licence_number = "L-4411"
    walk_ins[0].save()
    (inactive,) = make_players(1, prefix="Parti")
    inactive.active = False
    inactive.save()
    Membership.objects.create(player=inactive, season=season, amount=Decimal("25"))
    make_players(1, prefix="Ancien")  # a player of the club without this season's membership
    return walk_ins


def document(data: bytes) -> dict:
    return json.loads(gzip.decompress(data))


def test_a_leases_bundle_carries_the_season_members_not_already_playing(
    make_tournament, members, season
):
    tournament = make_tournament(players=4)
    playing = tournament.entries.first().player
    Membership.objects.create(player=playing, season=season, amount=Decimal("25"))
    make_site_key()
    plain = document(export_bundle(tournament))
    assert "members" not in plain["payload"]  # only the bundle that leaves with the lease
    taken = document(export_bundle(tournament, hold="Portable"))
    assert schema_errors(taken) == []
    rows = taken["payload"]["members"]
    assert sorted(row["first_name"] for row in rows) == sorted(p.first_name for p in members)
    assert str(playing.uid) not in {row["uid"] for row in rows}  # already among the players
    assert set(rows[0]) == set(taken["payload"]["players"][0])  # the players' rows, no more
    text = json.dumps(taken)
    assert "example.org" not in text and "0470" not in text  # no e-mail, no phone
    assert "amount" not in text and "paid_on" not in text and "password" not in text
    assert "L-4411" in text


def test_the_laptop_takes_them_as_players_of_the_club_with_the_seasons_membership(
    make_tournament, members, season, club, committee_user, client
):
    tournament = make_tournament(players=4)
    site_key = make_site_key()[0]
    data = export_bundle(tournament, hold="Portable")
    # This database as the laptop's: empty of the evening and of its members.
    made_the_laptop(tournament)
    uids = [member.uid for member in members]
    Player.objects.filter(uid__in=uids).delete()

    report = import_bundle(data, trust_key=public_hex(site_key))
    assert any("3 membres de la saison" in line for line in report.lines), report.lines
    for uid in uids:
        player = Player.objects.get(uid=uid)
        assert player.clubs.filter(pk=club.pk).exists()
        assert player.email == "" and player.phone == ""
        assert Membership.objects.filter(player=player, season=season).exists()
    assert Player.objects.get(uid=uids[0]).licence_number == "L-4411"
    # The laptop's registration offers them.
    client.force_login(committee_user)
    again = tournament.__class__.objects.get(uid=tournament.uid)
    page = client.get(f"/saisie/tournois/{again.pk}/inscriptions/")
    assert page.status_code == 200
    assert members[1].first_name in page.content.decode()
    # A second import changes nothing.
    assert import_bundle(data).changes == 0


def test_a_member_already_here_is_matched_by_licence_and_keeps_his_name(
    make_tournament, members, season
):
    tournament = make_tournament(players=4)
    site_key = make_site_key()[0]
    data = export_bundle(tournament, hold="Portable")
    made_the_laptop(tournament)
    # Here the licence's holder has another uid and the name this database holds.
    Membership.objects.filter(player=members[0]).delete()
    Player.objects.filter(pk=members[0].pk).update(uid=Player().uid, first_name="Local")
    before = Player.objects.count()
    import_bundle(data, trust_key=public_hex(site_key))
    assert Player.objects.count() == before
    holder = Player.objects.get(licence_number="L-4411")
    assert holder.first_name == "Local"
    assert Membership.objects.filter(player=holder, season=season).exists()
