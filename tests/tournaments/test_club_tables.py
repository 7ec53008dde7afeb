"""A club's own tables typed on its rules page (issue 24 §1): the whist contract table with every
column the engine knows, per opponent or as the declarer's total, scored through the sheets;
what the page refuses (in French, on the field, nothing saved, what was typed kept); the
Double King rules page in French."""

from io import BytesIO

import pytest
from django.urls import reverse
from django.utils import translation
from form_data import rules_page_data as page_data
from form_data import rules_url
from helpers import post_deals
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import GAMES
from tournaments.games.whist import contract_names
from tournaments.models import GameRules
from tournaments.selectors import classification, rulebook
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


#: IWWA's Solo 5 as its table writes it: made +6/−2 and as much per overtrick, one down
#: −12/+4, two down −18/+6 (the declarer's total, then each opponent's).
SOLO_5_TOTAL = {
    "new_contract__1__name_fr": "Solo 5",
    "new_contract__1__name_en": "Solo five",
    "new_contract__1__points": 6,
    "new_contract__1__points_failed": 6,
    "new_contract__1__undertrick": 6,
    "new_contract__1__overtrick": 6,
    "new_contract__1__tricks": 5,
    "new_contract__1__after": "emballage_9",
}
SOLO_5_PER_OPPONENT = {
    **SOLO_5_TOTAL,
    "setting__contract_values": "opponent",
    "new_contract__1__points": 2,
    "new_contract__1__points_failed": 2,
    "new_contract__1__undertrick": 2,
    "new_contract__1__overtrick": 2,
}
#: The Solo 5 declared by seat 0 with 5 (made), 6 (one overtrick), 4 (one down) and 3 tricks
#: (two down), in each scoring model, and what the standings, Excel and sheets call it.
SOLO_5_TRICKS = (5, 6, 4, 3)
SOLO_5_POINTS = {
    "zero_sum": [[6, -2, -2, -2], [12, -4, -4, -4], [-12, 4, 4, 4], [-18, 6, 6, 6]],
    "on_failure": [[6, 0, 0, 0], [12, 0, 0, 0], [-12, 4, 4, 4], [-18, 6, 6, 6]],
}
MODEL_LABELS = {
    "zero_sum": "Modèle : à somme nulle",
    "on_failure": "Modèle : adversaires payés sur chute",
}


def deal_data(table, contract, declarer, tricks):
    table.refresh_from_db()
    return {
        "version": str(table.version),
        "contract": contract,
        "against": "",
        "renege": "",
        "action": "save",
        "number": str(table.deals.count() + 1),
        "d1": str(declarer),
        "tricks": str(tricks),
    }


@pytest.mark.parametrize("model", ["zero_sum", "on_failure"])
@pytest.mark.parametrize("typed", [SOLO_5_TOTAL, SOLO_5_PER_OPPONENT], ids=["total", "opponent"])
def test_iwwa_solo_5_typed_on_the_rules_page_scores_on_the_sheet(
    typed, model, client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("whist", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    mode = typed.get("setting__contract_values", "total")
    # The values are read the way the page shows them: the way is chosen first.
    choices = {"setting__contract_values": mode, "setting__scoring_model": model}
    client.post(rules_url(club), page_data(client, club, **choices))
    response = client.post(rules_url(club), page_data(client, club, **typed))
    assert response.status_code == 302, response.context["form"].errors
    rules = rulebook.club_rules(club, "whist")
    assert rules["scoring_model"] == model
    contracts = rules["contracts"]
    solo = next(r for r in contracts if r["code"] == "solo_5")
    # Placed where the club chose, between Emballage 9 and Solo 6 (weakest first).
    assert [r["code"] for r in contracts][1:4] == ["emballage_9", "solo_5", "solo_6"]
    assert (solo["points"], solo["points_failed"], solo["undertrick"]) == (6, 6, 6)
    assert (solo["name_fr"], solo["name_en"], solo["declarers"]) == ("Solo 5", "Solo five", [1, 1])
    # The page shows the table back as the club typed it, with the model chosen.
    form = client.get(rules_url(club)).context["form"]
    assert form["contract__solo_5"].value() == typed["new_contract__1__points"]
    assert form["setting__scoring_model"].value() == model

    round_ = drawing.draw_round(tournament, seed=1)  # started: the rules copied
    table = round_.tables.get()
    client.force_login(scorekeeper_user)
    for tricks in SOLO_5_TRICKS:
        response = post_deals(client, table, deal_data(table, "solo_5", 0, tricks))
        assert response.status_code == 302, response.content.decode()[:2000]
    points = [d.points for d in table.deals.order_by("number")]
    assert points == SOLO_5_POINTS[model]

    # Each player's points in the standings, and which model counted, wherever they show.
    expected = [sum(deal[seat] for deal in points) for seat in range(4)]
    rows = {r.entry_id: r.score for r in classification.tournament_standings(tournament, live=True)}
    seats = table.seats.order_by("position")
    assert [rows[seat.entry_id] for seat in seats] == expected
    assert expected == ([-12, 4, 4, 4] if model == "zero_sum" else [-12, 10, 10, 10])
    label = MODEL_LABELS[model]
    for name in ("tournament_standings", "staff_standings"):
        page = client.get(reverse(name, args=[tournament.pk])).content.decode()
        assert f'<p class="muted" id="scoring-model">{label}</p>' in page
    workbook = load_workbook(
        BytesIO(client.get(reverse("tournament_xlsx", args=[tournament.pk])).content)
    )
    standings = [cell for row in workbook.worksheets[0].iter_rows(values_only=True) for cell in row]
    assert label in standings
    pdf = client.get(reverse("round_sheets_pdf", args=[round_.pk])).content
    assert label in " ".join(PdfReader(BytesIO(pdf)).pages[0].extract_text().split())


def test_a_total_the_three_opponents_cannot_share_is_refused_on_its_field(committee_client, club):
    data = page_data(committee_client, club, contract__solo_6=10)
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    errors = " ".join(response.context["form"].errors["contract__solo_6"])
    assert "divisible par 3 (9 ou 12)" in errors
    assert response.context["form"]["contract__solo_6"].value() == "10"
    assert not GameRules.objects.filter(club=club).exists()


def test_the_standings_name_the_model_once_it_counts(scorekeeper_client, make_tournament):
    """The model a whist tournament copied when it started (the default: zero-sum); none
    before it starts, none for a game with one model."""
    whist = make_tournament("whist", players=4, rounds=1)
    double_king = make_tournament("double_king", players=4, rounds=1)

    def shown(tournament):
        for name in ("tournament_standings", "staff_standings"):
            page = scorekeeper_client.get(reverse(name, args=[tournament.pk])).content.decode()
            yield "scoring-model" in page and "Modèle : à somme nulle" in page

    assert list(shown(whist)) == [False, False]
    drawing.draw_round(whist, seed=1)
    drawing.draw_round(double_king, seed=1)
    assert list(shown(whist)) == [True, True]
    assert list(shown(double_king)) == [False, False]


def test_a_zero_sum_table_refuses_a_new_contract_that_would_not_sum_to_zero(committee_client, club):
    """« Solo 5 » made 10 as a total: its three opponents cannot each pay a third. Refused on
    the field, naming the contract, nothing saved, what was typed kept; the same row is
    accepted once the club chooses opponents paid on failure (a made contract then costs
    the opponents nothing)."""
    typed = {**SOLO_5_TOTAL, "new_contract__1__points": 10}
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **typed))
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["new_contract__1__points"] == [
        "Solo 5 : dans le modèle à somme nulle, chacun de ses trois adversaires paie un tiers "
        "du total du déclarant : saisissez un nombre divisible par 3 (9 ou 12), ou saisissez "
        "la table par adversaire."
    ]
    assert form["new_contract__1__points"].value() == "10"
    assert form["new_contract__1__name_fr"].value() == "Solo 5"
    assert not GameRules.objects.filter(club=club).exists()

    typed["setting__scoring_model"] = "on_failure"
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **typed))
    assert response.status_code == 302, response.context["form"].errors
    rules = rulebook.club_rules(club, "whist")
    assert GAMES["whist"].score_deal(
        {"contract": "solo_5", "declarers": [1], "tricks": 5}, rules=rules
    ) == [0, 10, 0, 0]

    # Back to zero-sum: the stored 10 is refused on its field, and the model stays.
    data = page_data(committee_client, club, setting__scoring_model="zero_sum")
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    errors = response.context["form"].errors["contract__solo_5"]
    assert errors[0].startswith("Solo 5 : dans le modèle à somme nulle")
    assert rulebook.club_rules(club, "whist")["scoring_model"] == "on_failure"


def test_opponents_paid_on_failure_still_share_what_a_failure_pays(committee_client, club):
    changes = {"setting__scoring_model": "on_failure", "contract__solo_6__points_failed": 10}
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["contract__solo_6__points_failed"] == [
        "Solo 6 : quand il chute, chacun de ses trois adversaires reçoit un tiers de ce que "
        "paie le déclarant : saisissez un nombre divisible par 3 (9 ou 12), ou saisissez la "
        "table par adversaire."
    ]
    assert form["contract__solo_6__points_failed"].value() == "10"
    assert form["setting__scoring_model"].value() == "on_failure"
    assert not GameRules.objects.filter(club=club).exists()


def test_a_made_total_that_does_not_divide_by_3_cannot_be_shown_per_opponent(
    committee_client, club
):
    # Made 10, failed 6 (an empty « failed » is the made 10, which the opponents share).
    changes = {"setting__scoring_model": "on_failure", "contract__solo_6": 10}
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert "contract__solo_6__points_failed" not in response.context["form"].errors
    assert "quand il chute" in response.context["form"].errors["contract__solo_6"][0]
    changes["contract__solo_6__points_failed"] = 6
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert response.status_code == 302
    data = page_data(committee_client, club, setting__contract_values="opponent")
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    errors = response.context["form"].errors["setting__contract_values"]
    assert errors == [
        "Solo 6 : 10 ne se divise pas par 3, la table ne peut donc pas être montrée par "
        "adversaire : gardez le total du déclarant."
    ]
    rules = rulebook.club_rules(club, "whist")
    assert (rules["contract_values"], rules["contracts"][2]["points"]) == ("total", 10)


def test_a_new_counter_typed_per_opponent_is_stored_as_the_declarer_s_total(committee_client, club):
    data = page_data(committee_client, club, setting__contract_values="opponent")
    assert committee_client.post(rules_url(club), data).status_code == 302
    data = page_data(
        committee_client,
        club,
        new_counter__contract="abondance_10",
        new_counter__against="trou",
        new_counter__points=11,
    )
    assert committee_client.post(rules_url(club), data).status_code == 302
    counters = rulebook.club_rules(club, "whist")["counters"]
    assert {"contract": "abondance_10", "against": "trou", "points": 33} in counters
    form = committee_client.get(rules_url(club)).context["form"]
    assert form["counter__abondance_10__trou"].value() == 11


def test_per_opponent_values_stay_within_the_bounds_of_a_total(committee_client, club):
    data = page_data(committee_client, club, setting__contract_values="opponent")
    assert committee_client.post(rules_url(club), data).status_code == 302
    # Switched to « per opponent »: the same table, shown a third (Solo 6: 6 → 2).
    form = committee_client.get(rules_url(club)).context["form"]
    assert form["contract__solo_6"].value() == 2
    assert rulebook.club_rules(club, "whist")["contracts"][2]["points"] == 6
    data = page_data(committee_client, club, contract__solo_6=334)
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    assert "Au plus 333 par adversaire" in " ".join(
        response.context["form"].errors["contract__solo_6"]
    )
    assert rulebook.club_rules(club, "whist")["contracts"][2]["points"] == 6


def test_a_new_contract_without_a_name_is_refused_and_nothing_is_saved(committee_client, club):
    data = page_data(committee_client, club, **{**SOLO_5_TOTAL, "new_contract__1__name_fr": ""})
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    form = response.context["form"]
    assert form.errors["new_contract__1__name_fr"] == ["Donnez un nom au contrat."]
    assert form["new_contract__1__points"].value() == "6"
    assert form["new_contract__1__name_en"].value() == "Solo five"
    assert not GameRules.objects.filter(club=club).exists()
    assert 'class="rule-row" open' in response.content.decode()  # the row with the error


def test_partners_need_exactly_two_declarers(committee_client, club):
    data = page_data(committee_client, club, contract__trou__declarers_max=3)
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400
    assert "exactement 2" in " ".join(response.context["form"].errors["contract__trou__payout"])


def test_removing_a_contract_and_its_counters(committee_client, club):
    data = page_data(committee_client, club, contract__piccolo__remove="on")
    response = committee_client.post(rules_url(club), data)
    assert response.status_code == 400  # two counters are bid against it
    form = response.context["form"]
    assert "supprimez-le aussi" in " ".join(form.errors["counter__solo_8__piccolo__remove"])
    data.update(counter__solo_8__piccolo__remove="on", counter__emballage_11__piccolo__remove="on")
    assert committee_client.post(rules_url(club), data).status_code == 302
    rules = rulebook.club_rules(club, "whist")
    assert "piccolo" not in {r["code"] for r in rules["contracts"]}
    assert len(rules["counters"]) == len(GAMES["whist"].default_rules()["counters"]) - 2


def test_a_new_counter_with_its_points(committee_client, club):
    data = page_data(
        committee_client,
        club,
        new_counter__contract="abondance_10",
        new_counter__against="trou",
        new_counter__points=33,
    )
    assert committee_client.post(rules_url(club), data).status_code == 302
    counters = rulebook.club_rules(club, "whist")["counters"]
    assert {"contract": "abondance_10", "against": "trou", "points": 33} in counters


def test_a_contract_is_named_in_the_page_language(client, committee_user, club):
    client.force_login(committee_user)
    data = page_data(client, club, **SOLO_5_TOTAL)
    assert client.post(rules_url(club), data).status_code == 302
    rules = rulebook.club_rules(club, "whist")
    with translation.override("en"):
        assert contract_names(rules)["solo_5"] == "Solo five"
        assert contract_names(rules)["solo_6"] == "Solo 6"  # no English name: the French
    with translation.override("fr"):
        assert contract_names(rules)["solo_5"] == "Solo 5"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_setting_of_a_rules_page_has_a_french_label(game, committee_client, club):
    form = committee_client.get(rules_url(club, game)).context["form"]
    keys = set(GAMES[game].default_rules())
    raw = [f.label for f in form.fields.values() if str(f.label) in keys]
    assert raw == []


# --------------------------------------------------------------------------- Quarante


def test_lacombe_figure_values_give_48_to_0_for_all_twelve_figures(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("quarante", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    page = client.get(rules_url(club, "quarante")).content.decode()
    assert "Points de chaque figure gagnée" in page and "Points de chaque clique annoncée" in page
    data = page_data(client, club, "quarante", figure__J=3, clique__K__4=50)
    assert client.post(rules_url(club, "quarante"), data).status_code == 302
    rules = rulebook.club_rules(club, "quarante")
    assert rules["figure_points"] == {"K": 5, "Q": 4, "J": 3}
    assert rules["clique_points"]["K"] == {"3": 10, "4": 50}

    table = drawing.draw_round(tournament, seed=1).tables.get()
    client.force_login(scorekeeper_user)
    table.refresh_from_db()
    deal = {"version": str(table.version), "action": "save", "number": "1", "trump": "hearts"}
    deal.update(kings0="4", kings1="", queens0="4", queens1="", jacks0="4", jacks1="")
    assert post_deals(client, table, deal).status_code == 302
    assert table.deals.get().points == [48, 0]


@pytest.mark.parametrize(
    ("name", "value", "french"),
    [("figure__K", "101", "inférieure ou égale à 100"), ("clique__Q__3", "-1", "supérieure ou")],
)
def test_quarante_values_out_of_bounds_are_refused_on_their_field(
    name, value, french, committee_client, club
):
    data = page_data(committee_client, club, "quarante", **{name: value})
    response = committee_client.post(rules_url(club, "quarante"), data)
    assert response.status_code == 400
    assert french in " ".join(response.context["form"].errors[name])
    assert response.context["form"][name].value() == value
    assert not GameRules.objects.filter(club=club).exists()


# --------------------------------------------------------------------------- FreeWhist


def whist_deal(table, contract, declarers, tricks):
    return {
        **deal_data(table, contract, declarers[0], tricks),
        **{f"d{i}": str(seat) for i, seat in enumerate(declarers, start=1)},
    }


def test_place_points_added_to_the_total_rank_the_pool(
    client, committee_user, scorekeeper_user, make_tournament
):
    """FreeWhist: 90/60/30/0 per table place, added to the points. Table 1's first has 72
    points and counts 162; table 2's first, with 4 points, passes table 1's second (16)."""
    tournament = make_tournament("whist", players=8, rounds=2)
    club = tournament.club
    client.force_login(committee_user)
    changes = {
        "setting__place_points_use": "added",
        "table__place_points__4": "90, 60, 30, 0",
        "setting__deals_per_pool": 2,
    }
    response = client.post(rules_url(club), page_data(client, club, **changes))
    assert response.status_code == 302, response.context["form"].errors

    client.force_login(scorekeeper_user)
    dashboard = client.get(reverse("staff_tournament", args=[tournament.pk])).content.decode()
    assert "Placer selon le classement" not in dashboard  # no standings before a round
    assert client.post(reverse("staff_draw", args=[tournament.pk])).status_code == 302
    round_1 = tournament.round_set.get()
    first, second = round_1.tables.order_by("number")
    client.post(reverse("staff_round", args=[round_1.pk]), {"action": "start"})
    deals = [
        (first, "emballage_13", [0, 2], 13),  # seats 0 and 2: +30
        (first, "abondance_11", [0], 11),  # seat 0: +42 → 72; seat 2: 16; 1 and 3: -44
        (second, "emballage_8", [0, 2], 8),  # +2
        (second, "emballage_8", [0, 1], 8),  # seat 0: 4; seats 1, 2: 0; seat 3: -4
    ]
    for table, contract, declarers, tricks in deals:
        data = whist_deal(table, contract, declarers, tricks)
        assert post_deals(client, table, data).status_code == 302

    def player(table, position):
        return table.seats.get(position=position).entry_id

    rows = {r.entry_id: r for r in classification.tournament_standings(tournament)}
    top = rows[player(first, 0)]
    assert (top.score, top.place_points, top.total, top.rank) == (72, 90, 162, 1)
    leader, runner_up = rows[player(second, 0)], rows[player(first, 2)]
    assert (leader.score, leader.total) == (4, 94) and (runner_up.score, runner_up.total) == (
        16,
        76,
    )
    assert leader.rank == 2 and runner_up.rank == 3  # the total with the bonus ranks
    assert rows[player(second, 1)].total == rows[player(second, 2)].total == 45  # 2nd-3rd shared
    assert rows[player(first, 1)].total == -29  # -44 + (30 + 0) / 2

    page = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert "Total avec points de place" in page and ">162<" in page

    response = client.get(reverse("tournament_xlsx", args=[tournament.pk]))
    sheet = load_workbook(BytesIO(response.content)).worksheets[0]
    headers = [cell.value for cell in sheet[2]]
    assert headers[:6] == [
        "Rang",
        "Joueur",
        "Points de place",
        "Score total",
        "Total avec points de place",
        "Meilleure poule",
    ]
    assert [cell.value for cell in sheet[3]][2:5] == [90, 72, 162]

    # The next pool seated by the standings: the four best at table 1, the best first.
    dashboard = client.get(reverse("staff_tournament", args=[tournament.pk])).content.decode()
    assert "Placer selon le classement (les meilleurs à la table 1)" in dashboard
    response = client.post(reverse("staff_draw", args=[tournament.pk]), {"order": "standings"})
    assert response.status_code == 302
    table_1 = tournament.round_set.get(number=2).tables.get(number=1)
    seated = [s.entry_id for s in table_1.seats.order_by("position")]
    assert seated[:3] == [player(first, 0), player(second, 0), player(first, 2)]
    assert seated[3] in {player(second, 1), player(second, 2)}  # 45 each, the 4th place shared


def test_a_bonus_table_that_increases_is_refused(committee_client, club):
    changes = {"setting__place_points_use": "added", "table__place_points__4": "0, 30, 60, 90"}
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert response.status_code == 400
    form = response.context["form"]
    assert "Une place moins bonne" in " ".join(form.errors["table__place_points__4"])
    assert form["table__place_points__4"].value() == "0, 30, 60, 90"
    assert not GameRules.objects.filter(club=club).exists()


def test_place_points_added_need_their_table(committee_client, club):
    changes = {"setting__place_points_use": "added", "table__place_points__4": ""}
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert response.status_code == 400
    errors = " ".join(response.context["form"].errors["table__place_points__4"])
    assert "table de chaque taille" in errors
    changes["table__place_points__4"] = "90, 60, 30"
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert "Donnez 4 nombres" in " ".join(response.context["form"].errors["table__place_points__4"])
    assert not GameRules.objects.filter(club=club).exists()


def test_the_first_round_cannot_follow_standings(scorekeeper_client, make_tournament):
    tournament = make_tournament("double_king", players=8, rounds=2)
    url = reverse("staff_draw", args=[tournament.pk])
    response = scorekeeper_client.post(url, {"order": "standings"}, follow=True)
    assert "Seule une ronde après la première" in response.content.decode()
    assert not tournament.round_set.exists()


def test_double_king_seats_its_second_round_by_the_standings(
    scorekeeper_client, make_tournament, fill_round
):
    tournament = make_tournament("double_king", players=8, rounds=2)
    round_1 = drawing.draw_round(tournament, seed=3)
    drawing.start_round(round_1)
    fill_round(round_1)
    ranked = [r.entry_id for r in classification.tournament_standings(tournament)]
    url = reverse("staff_draw", args=[tournament.pk])
    assert scorekeeper_client.post(url, {"order": "standings"}).status_code == 302
    tables = tournament.round_set.get(number=2).tables.order_by("number")
    seated = [s.entry_id for t in tables for s in t.seats.order_by("position")]
    assert seated == ranked


# --------------------------------------------------------------------------- Double


def test_double_place_points_added_to_the_tokens(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("double", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    changes = {"setting__place_points_use": "added", "list__manches": "1"}
    response = client.post(rules_url(club, "double"), page_data(client, club, "double", **changes))
    assert response.status_code == 302, response.context["form"].errors

    table = drawing.draw_round(tournament, seed=2).tables.get()
    client.force_login(scorekeeper_user)
    data = {"version": str(table.version), "action": "save", "number": "1"}
    for seat in range(4):  # seat 0 bids the card and takes it; the others bid 0 and take 0
        data.update({f"b{seat}": str(int(seat == 0)), f"t{seat}": str(int(seat == 0))})
    assert post_deals(client, table, data).status_code == 302

    rows = {r.entry_id: r for r in classification.tournament_standings(tournament)}
    winner = rows[table.seats.get(position=0).entry_id]
    other = rows[table.seats.get(position=1).entry_id]
    assert (winner.score, winner.place_points, winner.total) == (21, 16, 37)
    assert (other.score, other.place_points, other.total) == (20, 8, 28)  # 12+8+4 shared
    page = client.get(reverse("tournament_standings", args=[tournament.pk])).content.decode()
    assert "Total avec points de place" in page and ">37<" in page
