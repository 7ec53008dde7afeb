"""Settings within sane bounds (forms, database) and the Double King sheet's penalty lines."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from form_data import form_data

from club.models import Club
from scoring import GAMES, InvalidDeal
from tournaments.forms import RulesForm
from tournaments.games.double_king import DoubleKingSheet
from tournaments.models import GameRules, Round, Tournament
from tournaments.scoring_messages import message_for
from tournaments.selectors import rulebook
from tournaments.services import deal_entry, drawing, rulesets

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- the rules form


def rules_data(game: str, **changes: str) -> dict[str, str]:
    """The rules form as the page fills it (the club's current rules), with ``changes``."""
    data = form_data(RulesForm(game=game, rules={}))
    data.update(changes)
    return data


BAD_SETTINGS = [
    ("whist", "setting__pool_minutes", "99999999", "Assurez-vous que cette valeur"),
    ("whist", "setting__pool_minutes", "0", "Assurez-vous que cette valeur"),
    ("whist", "contract__emballage_8", str(10**12), "Assurez-vous que cette valeur"),
    ("whist", "counter__solo_8__piccolo", "1001", "Assurez-vous que cette valeur"),
    ("whist", "setting__deals_per_pool", "31", "Assurez-vous que cette valeur"),
    ("quarante", "setting__target", "9", "Assurez-vous que cette valeur"),
    ("plonk", "setting__round_minutes", "601", "Assurez-vous que cette valeur"),
    ("double_king", "setting__rounds", "21", "Assurez-vous que cette valeur"),
    ("double_king", "list__place_points", f"{10**20}, 12, 8, 4", "nombres entiers de 0 à 100"),
    ("double_king", "list__place_points", "16, 12, 8, -4", "nombres entiers de 0 à 10000"),
    ("double_king", "list__place_points", "4, 8, 12, 16", "Une place moins bonne"),
    ("double_king", "list__trump_penalty", "-6, 3", "trois fois"),
    ("double", "list__manches", ", ".join(["1"] * 10_000), "de 1 à 30 manches"),
    ("double", "table__place_points__3", "16, 10, 10001", "nombres entiers de 0 à 10000"),
    ("double", "setting__start_points", "101", "Assurez-vous que cette valeur"),
]


@pytest.mark.parametrize(("game", "name", "value", "french"), BAD_SETTINGS)
def test_a_setting_out_of_bounds_is_refused_on_its_field(game, name, value, french, club):
    form = RulesForm(rules_data(game, **{name: value}), game=game, rules={})
    assert not form.is_valid()
    assert french in " ".join(form.errors[name])
    assert form[name].value() == value, "what was typed is kept"


GOOD_SETTINGS = [
    ("whist", {"setting__pool_minutes": "600", "contract__emballage_8": "1000"}),
    ("whist", {"setting__pool_minutes": "1", "counter__solo_8__piccolo": "0"}),
    ("quarante", {"setting__target": "10", "setting__round_minutes": "600"}),
    ("plonk", {"setting__target": "10000", "setting__round_minutes": "0"}),
    ("double_king", {"setting__rounds": "20", "list__place_points": "100, 100, 0, 0"}),
    ("double", {"list__manches": ", ".join(["5"] * 30), "setting__start_points": "100"}),
]


@pytest.mark.parametrize(("game", "changes"), GOOD_SETTINGS)
def test_a_setting_at_its_bound_is_accepted(game, changes, club):
    form = RulesForm(rules_data(game, **changes), game=game, rules={})
    assert form.is_valid(), form.errors


def test_the_rules_page_states_the_bounds_and_stores_nothing_refused(committee_client, club):
    url = reverse("staff_rules", args=[club.slug, "whist"])
    page = committee_client.get(url).content.decode()
    assert "De 1 à 600." in page  # minutes per pool
    response = committee_client.post(url, rules_data("whist", setting__pool_minutes="99999999"))
    assert response.status_code == 400
    assert "Assurez-vous que cette valeur est inférieure ou égale à 600" in (
        response.content.decode()
    )
    assert not GameRules.objects.filter(club=club, game="whist").exists()


def test_a_ruleset_stored_out_of_bounds_can_be_corrected(committee_client, club):
    GameRules.objects.create(club=club, game="whist", rules={"pool_minutes": 99999999})
    url = reverse("staff_rules", args=[club.slug, "whist"])
    page = committee_client.get(url)
    assert page.status_code == 200
    form = page.context["form"]
    assert form["setting__pool_minutes"].value() == 99999999
    data = form_data(form)
    response = committee_client.post(url, data)
    assert response.status_code == 400
    assert "inférieure ou égale à 600" in " ".join(
        response.context["form"].errors["setting__pool_minutes"]
    )
    assert committee_client.post(url, {**data, "setting__pool_minutes": "90"}).status_code == 302
    assert rulebook.club_rules(club, "whist")["pool_minutes"] == 90


def test_the_renege_multiplier_is_no_longer_a_setting(club):
    # An old stored ruleset with the key still loads, and the form does not offer it.
    GameRules.objects.create(club=club, game="whist", rules={"renege_multiplier": 2})
    rules = rulebook.club_rules(club, "whist")
    form = RulesForm(game="whist", rules=rules)
    assert "setting__renege_multiplier" not in form.fields
    assert "renege_multiplier" not in form.base


def test_the_whist_fee_settings_are_retired(committee_client, club):
    # Nothing read them: the club's fields and the tournament's entry fee are the fees.
    old = {"entry_fee_cents": 300, "membership_fee_cents": 700, "membership_from_participation": 3}
    GameRules.objects.create(club=club, game="whist", rules={**old, "pools": 4})
    rules = rulebook.club_rules(club, "whist")
    loaded = GAMES["whist"].validate_rules(rules)
    assert loaded["pools"] == 4 and not old.keys() & loaded.keys()
    form = RulesForm(game="whist", rules=rules)
    assert not {f"setting__{key}" for key in old} & set(form.fields)
    page = committee_client.get(reverse("staff_rules", args=[club.slug, "whist"]))
    assert page.status_code == 200
    assert "Cotisation annuelle (centimes)" not in page.content.decode()


# --------------------------------------------------------------------------- tournament form


@pytest.fixture
def create_data(club, season):
    return {
        "club": club.pk,
        "season": season.pk,
        "game": "quarante",
        "name": "Tournoi d’hiver",
        "date": "2026-01-15",
        "rounds": "5",
        "entry_fee": "3,00",
    }


@pytest.mark.parametrize(
    ("field", "value", "french"),
    [
        ("entry_fee", "1e3", "sans exposant"),
        ("entry_fee", "1000,01", "inférieure ou égale à 1000"),
        ("entry_fee", "-1", "supérieure ou égale à 0"),
        ("entry_fee", "3,505", "2 chiffres après la virgule"),
        ("rounds", "21", "inférieure ou égale à 20"),
        ("target", "10001", "inférieure ou égale à 10000"),
        ("target", "9", "supérieure ou égale à 10"),
        ("round_minutes", "99999999", "inférieure ou égale à 600"),
    ],
)
def test_tournament_fields_out_of_bounds_are_refused(
    scorekeeper_client, create_data, field, value, french
):
    create_data[field] = value
    response = scorekeeper_client.post(reverse("staff_tournament_create"), create_data)
    assert response.status_code == 200
    form = response.context["form"]
    assert french in " ".join(form.errors[field])
    assert form[field].value() == value
    assert not Tournament.objects.exists()


def test_tournament_fields_at_their_bounds_are_accepted(scorekeeper_client, create_data):
    create_data.update(entry_fee="1000", rounds="20", target="10000", round_minutes="600")
    response = scorekeeper_client.post(reverse("staff_tournament_create"), create_data)
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.entry_fee == Decimal("1000")
    assert tournament.rules == {"target": 10000, "round_minutes": 600}
    page = scorekeeper_client.get(
        reverse("staff_tournament_create"), {"game": "quarante"}
    ).content.decode()
    assert "De 0 à 1 000 €, 2 décimales au plus." in page
    assert "De 10 à 10000." in page


@pytest.mark.parametrize(
    ("field", "value", "french"),
    [
        ("entry_fee", Decimal("1e3"), "sans exposant"),
        ("membership_fee", Decimal("1000.01"), "inférieure ou égale à 1000"),
        ("free_participations", 101, "inférieure ou égale à 100"),
    ],
)
def test_club_fields_out_of_bounds_are_refused(club, field, value, french):
    from django.core.exceptions import ValidationError

    setattr(club, field, value)
    with pytest.raises(ValidationError) as info:
        club.full_clean()
    assert french in " ".join(info.value.message_dict[field])


def test_club_fields_at_their_bounds_are_accepted(club):
    club.entry_fee, club.membership_fee, club.free_participations = (
        Decimal("1000"),
        Decimal("0"),
        100,
    )
    club.full_clean()
    club.save()


@pytest.mark.parametrize(
    ("model", "changes"),
    [
        ("club", {"entry_fee": Decimal("1000.01")}),
        ("club", {"membership_fee": Decimal("5000")}),
        ("club", {"free_participations": 101}),
        ("tournament", {"entry_fee": Decimal("1000.01")}),
        ("round", {"clock_minutes": 601}),
        ("round", {"clock_minutes": 0}),
    ],
)
def test_the_database_refuses_values_out_of_bounds(model, changes, make_tournament):
    tournament = make_tournament(players=4, rounds=1)
    round_ = drawing.draw_round(tournament, seed=1)
    queryset = {
        "club": Club.objects.filter(pk=tournament.club_id),
        "tournament": Tournament.objects.filter(pk=tournament.pk),
        "round": Round.objects.filter(pk=round_.pk),
    }[model]
    with pytest.raises(IntegrityError), transaction.atomic():
        queryset.update(**changes)


# --------------------------------------------------------------------------- Double King sheet


def _names(table):
    return [s.entry.player.full_name for s in table.seats.order_by("position")]


def _penalty_line(line: int, before: int, game: str, points: list[int]) -> dict[str, str]:
    data = {f"pb{line}": str(before), f"pg{line}": game}
    data.update({f"pp{line}_{s}": str(p) for s, p in enumerate(points)})
    return data


def _sheet_rows(f):
    """Row 1: trump by the first dealer; row 2: two penalties, then « hearts » (in points, as
    on paper; the penalty lines under the rows, as on paper)."""
    data = {"g1": "trump", "c1_0": "4", "c1_1": "3", "c1_2": "3", "c1_3": "3"}
    queens = [-8 if s == (f + 2) % 4 else 0 for s in range(4)]
    tricks = [-13 if s == (f + 3) % 4 else 0 for s in range(4)]
    data.update(_penalty_line(1, 2, "queens", queens))
    data.update(_penalty_line(2, 2, "tricks", tricks))
    data.update({"g2": "hearts", "c2_0": "-13", "c2_1": "0", "c2_2": "0", "c2_3": "0"})
    return data


@pytest.fixture
def dk_table(make_tournament, club):
    def make(counts: bool):
        rulesets.save_club_rules(club, game="double_king", rules={"penalty_counts_as_game": counts})
        tournament = make_tournament(players=4, rounds=1)
        return drawing.draw_round(tournament, seed=1).tables.get()

    return make


@pytest.mark.parametrize("counts", [False, True])
def test_a_sheet_row_carries_two_penalties(scorekeeper_client, dk_table, counts):
    table = dk_table(counts)
    f = table.seats.get(first_dealer=True).position
    url = reverse("staff_sheet", args=[table.pk])
    response = scorekeeper_client.post(url, {"version": "0", **_sheet_rows(f)})
    assert response.status_code == 302, response.content.decode()[:2000]
    records = [d.record for d in table.deals.order_by("number")]
    # Without the setting the penalties do not move the deal: row 2 is dealt by f + 1. With
    # it, each penalty line takes a turn (f + 1, f + 2) and row 2's game is dealt by f + 3.
    penalty_dealers = [(f + 1) % 4, (f + 2) % 4] if counts else [(f + 1) % 4] * 2
    game_dealer = (f + 3) % 4 if counts else (f + 1) % 4
    assert records[1:] == [
        {"game": "queens", "penalty": (f + 2) % 4, "dealer": penalty_dealers[0]},
        {"game": "tricks", "penalty": (f + 3) % 4, "dealer": penalty_dealers[1]},
        {"game": "hearts", "taken": [13, 0, 0, 0], "dealer": game_dealer},
    ]
    seats = {s.position: s.score for s in table.seats.all()}
    expected = [4 - 13, 3, 3, 3]
    expected[(f + 2) % 4] -= 8
    expected[(f + 3) % 4] -= 13
    assert [seats[p] for p in range(4)] == expected
    # The page shows the dealer the rotation gives after the penalties, and keeps them.
    page = scorekeeper_client.get(url)
    rows = list(page.context["form"].rows_for_template())
    names = _names(table)
    assert rows[1].dealer_name == names[game_dealer]
    assert rows[2].dealer_name == names[(game_dealer + 1) % 4]
    assert page.context["form"].penalty_rows() == {2: [1, 2]}
    lines = page.context["form"].penalty_lines_for_template()
    assert [line.dealer_name for line in lines[:2]] == [names[d] for d in penalty_dealers]
    assert [line.used for line in lines] == [True, True, False, False, False]


def test_with_the_setting_the_next_rows_are_dealt_after_the_penalties(dk_table):
    table = dk_table(True)
    f = table.seats.get(first_dealer=True).position
    form = DoubleKingSheet(
        _sheet_rows(f),
        seat_names=_names(table),
        first_dealer=f,
        rules=table.round.tournament.rules,
    )
    assert form.is_valid(), form.errors
    assert [form.dealer(row) for row in (1, 2, 3, 4)] == [f, (f + 3) % 4, f, (f + 1) % 4]
    # 2 penalty lines take 2 of the 20 turns: the PDF prints 18 game rows
    from tournaments.printing.pdf import build_sheet

    seats = list(table.seats.all())
    deal_entry.save_sheet(table, records=form.records, version=0, user=None)
    sheet = build_sheet(
        table.round.tournament,
        table.round,
        table,
        seats,
        rows=20,
        deals=list(table.deals.order_by("number")),
        rules=table.round.tournament.rules,
    )
    assert len(sheet.rows) == 18
    assert sheet.rows[1].dealer == (f + 3) % 4
    assert [p.dealer_name for p in sheet.penalties[:2]] == [
        _names(table)[(f + 1) % 4],
        _names(table)[(f + 2) % 4],
    ]


def test_a_dealer_at_fault_without_trump_left_may_choose_a_negative_game(dk_table):
    table = dk_table(False)
    f = table.seats.get(first_dealer=True).position
    rows = ["trump", "tricks", "hearts", "queens", "trump", "jacks_kings", "king_of_hearts"]
    rows += ["seventh_last"]
    records = []
    for row, game in enumerate(rows):
        record = {"game": game, "dealer": (f + row) % 4}
        if game == "king_of_hearts":
            record["taker"] = 1
        elif game == "seventh_last":
            record.update(seventh=1, last=2)
        else:
            units = {"trump": 13, "tricks": 13, "hearts": 13, "queens": 4, "jacks_kings": 8}
            record["taken"] = [units[game], 0, 0, 0]
        records.append(record)
    # The first dealer, who played both his trump games, is penalised while dealing game 9.
    records += [
        {"game": "hearts", "penalty": f, "dealer": f},
        {"game": "hearts", "taken": [0, 13, 0, 0], "dealer": f},
    ]
    deal_entry.save_sheet(table, records=records, version=0, user=None)
    assert table.deals.count() == 10


def test_too_many_cards_has_a_french_message():
    error = InvalidDeal("too_many_cards", "cliques", seat=1, max=8, got=11)
    text = message_for(error, seat_names=["Anne", "Bruno", "Carla", "Denis"])
    assert text == "Bruno annonce 11 cartes de cliques mais n’en a que 8"


@pytest.mark.parametrize("counts", [False, True])
def test_the_printed_sheet_warns_when_penalties_take_a_turn(scorekeeper_client, dk_table, counts):
    from io import BytesIO

    from pypdf import PdfReader

    table = dk_table(counts)
    response = scorekeeper_client.get(reverse("round_sheets_pdf", args=[table.round.pk]))
    text = " ".join(PdfReader(BytesIO(response.content)).pages[0].extract_text().split())
    assert ("chaque ligne de pénalité prend un tour de donne" in text) is counts


def test_penalty_lines_are_offered_folded_under_the_rows(scorekeeper_client, dk_table):
    table = dk_table(False)
    url = reverse("staff_sheet", args=[table.pk])
    blank = scorekeeper_client.get(url).content.decode()
    assert blank.count('class="penalty-line unused"') == 3
    assert "+ pénalité" in blank
    f = table.seats.get(first_dealer=True).position
    assert scorekeeper_client.post(url, {"version": "0", **_sheet_rows(f)}).status_code == 302
    filled = scorekeeper_client.get(url).content.decode()
    # The two stored penalty lines, shown with what was typed, and three blank ones.
    assert filled.count('class="penalty-line"') == 2
    assert filled.count('class="penalty-line unused"') == 3
    assert f'name="pp1_{(f + 2) % 4}" value="-8"' in filled


def test_a_penalty_line_must_show_the_penalty_of_its_game(scorekeeper_client, dk_table):
    table = dk_table(False)
    url = reverse("staff_sheet", args=[table.pk])
    data = {"version": "0", "g1": "trump", "c1_0": "4", "c1_1": "3", "c1_2": "3", "c1_3": "3"}
    # A trump penalty is -6 for the offender and +2 for each other player, not -13.
    data.update(_penalty_line(1, 2, "trump", [-13, 0, 0, 0]))
    data.update(_penalty_line(2, 2, "queens", [0, 0, 0, 0]))
    data.update({"pp3_0": "-8"})
    response = scorekeeper_client.post(url, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Pénalité avant le jeu 2 : -13 est impossible dans ce jeu (2, -6)" in page
    assert "Pénalité avant le jeu 2 : les points doivent totaliser -8" in page
    assert "Pénalité 3 : indiquez avant quel jeu elle a eu lieu" in page
    assert "Pénalité 3 : choisissez le jeu joué" in page
    assert not table.deals.exists()
