"""A substitute, or a host who sits down to complete a table, is left out of the rating for
that tournament; his table still counts for the others, as a match among those rated (issue
36). The host is marked at registration (the desk), and the mark travels in the bundle."""

import gzip
import json

import pytest
from django.urls import reverse
from django_tasks_db.models import DBTaskResult
from rating_history import stored_history

from tournaments.models import Entry, Seat, Tournament
from tournaments.ratings import services
from tournaments.ratings.models import PlayerRating
from tournaments.services import registration
from tournaments.travel.services.document import schema_errors, seal
from tournaments.travel.services.export import tournament_payload
from tournaments.travel.services.importing import import_bundle
from tournaments.travel.services.signing import make_site_key

pytestmark = pytest.mark.django_db


def _row(rating_list, player_id):
    return PlayerRating.objects.get(rating_list=rating_list, player_id=player_id)


@pytest.mark.parametrize("mark", ["substitute", "table_filler"])
def test_his_rating_is_unchanged_by_the_tables_he_filled_and_they_count_for_the_others(
    club, season, make_players, mark
):
    _people, made, rating_list = stored_history(
        club, season, make_players, tournaments=3, seed=11, prefix="R"
    )
    last = made[2]
    # A player of the first two tournaments who fills tables at the last one.
    played_before = set(
        Entry.objects.filter(tournament=made[0]).values_list("player_id", flat=True)
    )
    filler = Entry.objects.filter(tournament=last, player_id__in=played_before).first()
    # The list without the last tournament: his rating as it stood before he filled tables.
    Tournament.objects.filter(pk=last.pk).update(published=False)
    services.rebuild(rating_list)
    before = {r.player_id: r for r in PlayerRating.objects.filter(rating_list=rating_list)}
    Tournament.objects.filter(pk=last.pk).update(published=True)
    Entry.objects.filter(pk=filler.pk).update(**{mark: True})
    services.rebuild(rating_list)

    his = _row(rating_list, filler.player_id)
    earlier = before[filler.player_id]
    assert (his.mu, his.sigma, his.value, his.rated, his.tables, his.opponents) == (
        earlier.mu,
        earlier.sigma,
        earlier.value,
        earlier.rated,
        earlier.tables,
        earlier.opponents,
    )
    assert last.pk not in [p["t"] for p in his.history]

    # Each of his tables still counts for the three others: a table more each, a rating moved.
    his_tables = Seat.objects.filter(entry=filler, table__complete=True).values("table_id")
    mates = Seat.objects.filter(table_id__in=his_tables).exclude(entry=filler)
    assert mates.count() == 3 * 5
    for mate in {s.entry.player_id for s in mates}:
        row = _row(rating_list, mate)
        point = next(p for p in row.history if p["t"] == last.pk)
        played = Seat.objects.filter(
            entry__player_id=mate, round__tournament=last, table__complete=True
        ).count()
        n_before = before[mate].tables if mate in before else 0
        assert point["n"] == n_before + played
        assert filler.player_id not in point["o"] and filler.player_id not in point["ro"]


def test_the_desk_registers_a_host_filling_a_table_and_ticks_the_mark(
    scorekeeper_client, make_tournament, make_players
):
    tournament = make_tournament(players=2)
    url = reverse("staff_registration", args=[tournament.pk])
    page = scorekeeper_client.get(url).content.decode()
    assert "Hôte qui complète une table" in page
    member = make_players(1, prefix="Hôte")[0]
    scorekeeper_client.post(url, {"action": "member", "player": member.pk, "table_filler": "on"})
    scorekeeper_client.post(url, {"action": "walk_in", "first_name": "Zoé", "last_name": "Passe"})
    host = Entry.objects.get(tournament=tournament, player=member)
    assert host.table_filler and not host.substitute
    walk_in = Entry.objects.get(tournament=tournament, player__last_name="Passe")
    assert not walk_in.table_filler
    # Ticked on the list; he still plays (present, counted at the tables).
    response = scorekeeper_client.post(
        url, {"action": "table_filler", "entry": walk_in.pk, "value": "1"}
    )
    assert response.status_code == 302
    walk_in.refresh_from_db()
    assert walk_in.table_filler and walk_in.present
    page = scorekeeper_client.get(url).content.decode()
    assert "4 joueurs présents" in page and "les tables sont complètes" in page


def test_marking_a_host_on_a_counted_tournament_queues_its_list(
    played_tournament, django_capture_on_commit_callbacks
):
    entry = played_tournament.entries.first()
    with django_capture_on_commit_callbacks(execute=True):
        registration.update_entry(entry, table_filler=True)
    assert DBTaskResult.objects.filter(task_path__endswith="rebuild_club_rating").count() == 1


def test_the_mark_travels_in_the_bundle_and_an_older_bundle_without_it_is_read(
    played_tournament,
):
    site_key = make_site_key()[0]
    host = played_tournament.entries.order_by("pk").first()
    Entry.objects.filter(pk=host.pk).update(table_filler=True)
    payload = tournament_payload(played_tournament)
    data = seal(payload, site_key)
    assert schema_errors(json.loads(gzip.decompress(data))) == []
    played_tournament.round_set.all().delete()
    played_tournament.delete()
    import_bundle(data)
    assert Entry.objects.get(uid=host.uid).table_filler
    # A site older than the mark writes no « table_filler »: nobody is a host.
    older = json.loads(json.dumps(payload))
    for row in older["entries"]:
        del row["table_filler"]
    old_data = seal(older, site_key)
    assert schema_errors(json.loads(gzip.decompress(old_data))) == []
    tournament = Tournament.objects.get(uid=played_tournament.uid)
    tournament.round_set.all().delete()
    tournament.delete()
    import_bundle(old_data)
    assert not Entry.objects.filter(table_filler=True).exists()
