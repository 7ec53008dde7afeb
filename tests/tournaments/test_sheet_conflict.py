"""The 409 page: both people's values side by side, and nothing of the other's dropped
without saying so."""

import random

import pytest
from django.urls import reverse

from tournaments.games import plugin_for
from tournaments.sample_sheets import double_king_round, sheet_post_data
from tournaments.selectors import scoresheet
from tournaments.services import deal_entry, drawing

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    return drawing.draw_round(tournament, seed=1).tables.get()


def _first_dealer(table):
    return table.seats.get(first_dealer=True).position


def _words(table, record):
    names = scoresheet.dealing_names(scoresheet.table_seats(table))
    return plugin_for("double_king").describe(record, names)


def test_the_other_persons_lines_show_beside_mine(client, scorekeeper_user, committee_user, table):
    mine = double_king_round(_first_dealer(table), random.Random(2))
    theirs = double_king_round(_first_dealer(table), random.Random(7))
    deal_entry.save_sheet(table, records=theirs[:4], version=0, user=committee_user)
    client.force_login(scorekeeper_user)
    response = client.post(
        reverse("staff_sheet", args=[table.pk]), sheet_post_data(table, mine[:6], 0)
    )
    assert response.status_code == 409
    page = response.content.decode()
    differing = [n for n in range(4) if mine[n] != theirs[n]]
    assert differing, "the two sheets must differ somewhere"
    for n in differing:
        row = page[page.index(f'<tr data-line="{n + 1}">') :]
        row = row[: row.index("</tr>")]
        assert _words(table, theirs[n]) in row.replace("&#x27;", "'")
    # Lines 5 and 6 are only mine: nothing of the other person's there.
    assert '<tr data-line="5">' in page and "(aucune)" in page
    assert "est affichée à côté de chaque ligne qui diffère" not in page
    assert table.deals.count() == 4


def test_a_shorter_typed_sheet_says_which_saved_lines_it_would_remove(
    client, scorekeeper_user, committee_user, table
):
    records = double_king_round(_first_dealer(table), random.Random(3))
    deal_entry.save_sheet(table, records=records[:5], version=0, user=committee_user)
    client.force_login(scorekeeper_user)
    response = client.post(
        reverse("staff_sheet", args=[table.pk]), sheet_post_data(table, records[:3], 0)
    )
    page = response.content.decode()
    assert response.status_code == 409
    assert page.count("(vide : la ligne enregistrée serait supprimée)") == 2
    assert "2 lignes diffèrent de la feuille enregistrée" in page


def test_saving_again_never_drops_the_other_persons_lines_unless_asked(
    client, scorekeeper_user, committee_user, table
):
    mine = double_king_round(_first_dealer(table), random.Random(2))
    theirs = double_king_round(_first_dealer(table), random.Random(7))
    deal_entry.save_sheet(table, records=theirs[:4], version=0, user=committee_user)
    client.force_login(scorekeeper_user)
    url = reverse("staff_sheet", args=[table.pk])
    first = client.post(url, sheet_post_data(table, mine[:6], 0))
    assert first.status_code == 409 and 'name="replace_version"' in first.content.decode()
    # Saved again as the page is (its version kept): refused again, their lines kept.
    again = client.post(url, sheet_post_data(table, mine[:6], first.context["version"]))
    assert again.status_code == 409
    assert [d.record for d in table.deals.order_by("number")] == theirs[:4]
    # « Replace what was saved by what I typed » ticked: mine replace theirs.
    data = sheet_post_data(table, mine[:6], first.context["version"])
    data["replace_version"] = str(first.context["stale"].current_version)
    assert client.post(url, data).status_code == 302
    assert [d.record for d in table.deals.order_by("number")] == mine[:6]


def test_a_sheet_that_only_adds_to_the_saved_lines_saves_again_without_asking(
    client, scorekeeper_user, committee_user, table
):
    records = double_king_round(_first_dealer(table), random.Random(4))
    deal_entry.save_sheet(table, records=records[:3], version=0, user=committee_user)
    client.force_login(scorekeeper_user)
    url = reverse("staff_sheet", args=[table.pk])
    response = client.post(url, sheet_post_data(table, records[:5], 0))
    assert response.status_code == 409
    assert 'name="replace_version"' not in response.content.decode()
    data = sheet_post_data(table, records[:5], response.context["version"])
    assert client.post(url, data).status_code == 302
    assert table.deals.count() == 5
