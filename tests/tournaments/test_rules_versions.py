"""A club's rules are versioned (issue 24 §1): each save of a changed ruleset is a new version
with who and when, shown on the rules page; a tournament records the version it copied when it
started, and a later change of the club's table changes neither its rules nor its standings."""

import pytest
from django.urls import reverse
from form_data import form_data

from tournaments.models import GameRules, GameRulesVersion
from tournaments.selectors import classification, rulebook
from tournaments.services import drawing, recompute

pytestmark = pytest.mark.django_db


def rules_url(club, game="double_king"):
    return reverse("staff_rules", args=[club.slug, game])


def save_page(client, club, **changes):
    data = form_data(client.get(rules_url(club)).context["form"])
    data.update({k: str(v) for k, v in changes.items()})
    response = client.post(rules_url(club), data)
    assert response.status_code == 302, response.context["form"].errors
    return response


def test_each_save_of_a_changed_ruleset_is_a_new_version(committee_client, committee_user, club):
    page = committee_client.get(rules_url(club)).content.decode()
    assert "les règles par défaut du jeu" in page.lower()
    save_page(committee_client, club, setting__rounds=4)
    save_page(committee_client, club, setting__rounds=6)
    save_page(committee_client, club)  # saved unchanged: no new version
    versions = list(GameRulesVersion.objects.filter(club=club).order_by("number"))
    assert [(v.number, v.rules["rounds"], v.created_by) for v in versions] == [
        (1, 4, committee_user),
        (2, 6, committee_user),
    ]
    assert GameRules.objects.get(club=club).version == 2
    page = committee_client.get(rules_url(club)).content.decode()
    assert "Version 2, enregistrée le" in page and f"par {committee_user.username}" in page
    assert "Historique (2 versions)" in page


def test_a_started_tournament_keeps_its_version_and_its_standings(
    client, committee_user, scorekeeper_user, make_tournament, fill_round
):
    tournament = make_tournament("double_king", players=8, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    save_page(client, club, setting__rounds=3)  # version 1
    round_1 = drawing.draw_round(tournament, seed=2)  # the tournament starts: version 1 copied
    tournament.refresh_from_db()
    assert tournament.rules_version.number == 1
    copied = dict(tournament.rules)
    fill_round(round_1)
    before = [
        (r.entry_id, r.rank, r.place_points, r.score)
        for r in classification.tournament_standings(tournament)
    ]

    # The club changes its table: other place points, the Turkish King's values.
    save_page(
        client,
        club,
        list__place_points="20, 10, 5, 0",
        value__tricks=-50,
        value__hearts=-30,
        value__queens=-100,
        value__jacks_kings=-60,
        value__king_of_hearts=-320,
        value__seventh=-180,
        value__last=-180,
        value__trump=50,
    )
    assert rulebook.club_rules(club, "double_king")["place_points"] == [20, 10, 5, 0]
    assert GameRules.objects.get(club=club).version == 2

    tournament.refresh_from_db()
    assert tournament.rules == copied and tournament.rules_version.number == 1
    assert recompute.recompute_tournament(tournament) == []  # nothing to rewrite
    after = [
        (r.entry_id, r.rank, r.place_points, r.score)
        for r in classification.tournament_standings(tournament)
    ]
    assert after == before

    # The tournament's pages say which version it plays; the club's page counts it.
    client.force_login(scorekeeper_user)
    dashboard = client.get(reverse("staff_tournament", args=[tournament.pk])).content.decode()
    assert "version 1 des règles du club" in dashboard
    standings = client.get(reverse("staff_standings", args=[tournament.pk])).content.decode()
    assert "version 1 des règles du club" in standings
    client.force_login(committee_user)
    history = client.get(rules_url(club)).context["history"]
    assert [(v.number, v.started) for v in history] == [(2, 0), (1, 1)]


def test_a_tournament_started_on_the_defaults_records_no_version(make_tournament):
    tournament = make_tournament("double_king", players=4, rounds=1)
    drawing.draw_round(tournament, seed=1)
    tournament.refresh_from_db()
    assert tournament.is_started and tournament.rules_version is None
