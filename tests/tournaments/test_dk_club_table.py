"""Double King's own table on the club's rules page (issue 24 §1): each game's points, which
games are played and how many times; the Turkish King « Rıfkı » typed by the committee and a
round played with it; what the page refuses (in French, on the field, nothing saved, what was
typed kept); every label and help of the page in French."""

from functools import partial

import form_data
import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.forms import RulesForm
from tournaments.models import GameRules
from tournaments.selectors import rulebook
from tournaments.services import drawing

pytestmark = pytest.mark.django_db


rules_url = partial(form_data.rules_url, game="double_king")
page_data = partial(form_data.rules_page_data, game="double_king")


#: The Turkish King « Rıfkı » as the committee types it: -50 a trick (« el »), -30 a heart
#: (« kupa »), -100 a queen (« kız »), -60 a jack or king (« erkek »), -320 the king of
#: hearts (« rıfkı »), -180 each of the last two tricks (« son iki »), +50 a trump trick.
RIFKI = {
    "value__tricks": -50,
    "value__hearts": -30,
    "value__queens": -100,
    "value__jacks_kings": -60,
    "value__king_of_hearts": -320,
    "value__seventh": -180,
    "value__last": -180,
    "value__trump": 50,
}
UNIT = {"tricks": -50, "hearts": -30, "queens": -100, "jacks_kings": -60, "trump": 50}

#: Each dealer's five choices, by his place after the first dealer: 3 negative games and 2
#: trump games each, every negative game twice.
PLAN = [
    ["tricks", "hearts", "queens", "trump", "trump"],
    ["jacks_kings", "king_of_hearts", "seventh_last", "trump", "trump"],
    ["trump", "tricks", "trump", "hearts", "queens"],
    ["trump", "trump", "jacks_kings", "king_of_hearts", "seventh_last"],
]


def rotated(counts, k):
    return counts[-(k % 4) :] + counts[: -(k % 4)] if k % 4 else list(counts)


def rifki_points(game, k):
    """The four cells of game ``k`` as a Turkish scorer writes them."""
    if game == "king_of_hearts":
        return [-320 if s == k % 4 else 0 for s in range(4)]
    if game == "seventh_last":
        return [-180 if s in ((k + 1) % 4, (k + 2) % 4) else 0 for s in range(4)]
    counts = {"tricks": [4, 3, 3, 3], "hearts": [13, 0, 0, 0], "trump": [5, 4, 2, 2]}
    counts.update(queens=[1, 1, 1, 1], jacks_kings=[2, 3, 1, 2])
    return [UNIT[game] * n for n in rotated(counts[game], k)]


def test_the_rifki_table_typed_on_the_rules_page_scores_a_round(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("double_king", players=4, rounds=1)
    club = tournament.club
    client.force_login(committee_user)
    page = client.get(rules_url(club)).content.decode()
    assert "Points par pli pris" in page and "Nombre de parties dans une ronde" in page
    response = client.post(rules_url(club), page_data(client, club, **RIFKI))
    assert response.status_code == 302, response.context["form"].errors
    values = rulebook.club_rules(club, "double_king")["game_values"]
    assert values == {key.removeprefix("value__"): v for key, v in RIFKI.items()}
    # The page shows the table back as typed.
    form = client.get(rules_url(club)).context["form"]
    assert form["value__king_of_hearts"].value() == -320

    table = drawing.draw_round(tournament, seed=1).tables.get()  # started: the rules copied
    first = table.seats.get(first_dealer=True).position
    data = {"version": "0"}
    typed = []
    for k in range(20):
        game = PLAN[k % 4][k // 4]
        points = rifki_points(game, k)
        typed.append(points)
        data[f"g{k + 1}"] = game
        data.update({f"c{k + 1}_{s}": str(p) for s, p in enumerate(points)})
    client.force_login(scorekeeper_user)
    response = client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    # Each seat's round is what its column adds up to; the round sums to 0 (-5200 + 5200).
    columns = [sum(line[s] for line in typed) for s in range(4)]
    assert sum(columns) == 0 and sum(p for line in typed for p in line if p > 0) == 5200
    scores = {seat.position: seat.score for seat in table.seats.all()}
    assert [scores[s] for s in range(4)] == columns
    # The first dealer chose game 1 (« Pas de plis »): his records say so.
    deals = [d.record for d in table.deals.order_by("number")]
    assert deals[0] == {"game": "tricks", "taken": [4, 3, 3, 3], "dealer": first}
    # The standings rank by place points from these scores: the best column is first.
    standings = client.get(reverse("staff_tournament", args=[tournament.pk]))
    assert standings.status_code == 200


def test_a_default_cell_is_refused_under_the_rifki_table(
    client, committee_user, scorekeeper_user, make_tournament
):
    tournament = make_tournament("double_king", players=4, rounds=1)
    client.force_login(committee_user)
    client.post(rules_url(tournament.club), page_data(client, tournament.club, **RIFKI))
    table = drawing.draw_round(tournament, seed=1).tables.get()
    client.force_login(scorekeeper_user)
    data = {"version": "0", "g1": "queens", "c1_0": "-2", "c1_1": "-2", "c1_2": "-2"}
    data["c1_3"] = "-2"
    response = client.post(reverse("staff_sheet", args=[table.pk]), data)
    assert response.status_code == 400
    errors = " ".join(response.context["form"].errors["c1_0"])
    assert "Jeu 1 : -2 est impossible dans ce jeu (0, -100, -200, -300, -400)" in errors
    assert not table.deals.exists()


@pytest.mark.parametrize(
    ("changes", "field", "french"),
    [
        # The trump games bring 50 × 13 × 8 = 5200 but the negative games cost 5200 - ...
        (
            {**RIFKI, "value__trump": 49},
            "value__trump",
            "Une ronde complète doit totaliser 0 : ses jeux à la charge coûtent 5200 points, "
            "ses 8 parties d’atout en rapportent 5096.",
        ),
        # Ten negative games where the four players choose twelve.
        (
            {"quota__queens": 1, "quota__jacks_kings": 1},
            "quota__tricks",
            "Les jeux à la charge doivent être joués 12 fois dans une ronde (3 par joueur) : "
            "ces nombres totalisent 10.",
        ),
        # 3 negative and 3 trump games: six deals where each player has five.
        ({"setting__trump_per_seat": 3}, "setting__trump_per_seat", "totaliser 5 (ici 6)"),
        ({"value__queens": "deux"}, "value__queens", "Saisissez un nombre entier."),
        ({"value__queens": 2}, "value__queens", "inférieure ou égale à -1"),
        ({"quota__hearts": 21}, "quota__hearts", "inférieure ou égale à 20"),
    ],
    ids=["not_zero_sum", "quotas_short", "seat_quotas", "not_a_number", "positive", "quota"],
)
def test_a_table_the_engine_refuses_is_refused_on_its_field(
    committee_client, club, changes, field, french
):
    response = committee_client.post(rules_url(club), page_data(committee_client, club, **changes))
    assert response.status_code == 400
    form = response.context["form"]
    assert french in " ".join(form.errors[field])
    # What was typed is kept, nothing is saved.
    assert {name: str(form[name].value()) for name in changes} == {
        name: str(value) for name, value in changes.items()
    }
    assert not GameRules.objects.filter(club=club).exists()


def test_a_game_the_club_does_not_play_leaves_the_sheet(
    client, committee_user, scorekeeper_user, club, make_tournament
):
    # No « 7th and last »: « Pas de dames » and « Pas de valets/rois » three times each, the
    # king of hearts at -2 so that the round still sums to 0 (-26 -26 -24 -24 -4 = -104).
    changes = {"quota__seventh_last": 0, "quota__queens": 3, "quota__jacks_kings": 3}
    changes["value__king_of_hearts"] = -2
    client.force_login(committee_user)
    response = client.post(rules_url(club), page_data(client, club, **changes))
    assert response.status_code == 302, response.context["form"].errors
    tournament = make_tournament("double_king", players=4, rounds=1)
    table = drawing.draw_round(tournament, seed=1).tables.get()
    client.force_login(scorekeeper_user)
    page = client.get(reverse("staff_sheet", args=[table.pk]))
    choices = dict(page.context["form"].fields["g1"].choices)
    assert "seventh_last" not in choices and "queens" in choices
    assert "Pas de roi de cœur (−2)" in page.content.decode()


def test_every_label_and_help_of_the_double_king_page_is_french(committee_client, club):
    page = committee_client.get(rules_url(club))
    assert page.status_code == 200
    french = page.context["form"]
    with translation.override("en"):
        english = RulesForm(game="double_king", rules=rulebook.club_rules(club, "double_king"))
        english_texts = {
            name: (str(f.label), str(f.help_text or "")) for name, f in english.fields.items()
        }
    for name, field in french.fields.items():
        label, help_text = english_texts[name]
        assert str(field.label) != label, name
        if help_text:
            assert str(field.help_text) != help_text, name
    # No ruleset key (« place_points », « trump_penalty », « game_values »...) as a label.
    assert [str(f.label) for f in french.fields.values() if "_" in str(f.label)] == []
