"""RULES.md « Changes of 2026-11-28 », place points: 0 to 10,000 a place, so that a
leaderboard's « 1000 for the first » can be typed on the rules page; 10,001 is refused, in
French, on its field (what was typed kept, nothing saved)."""

import pytest
from django.urls import reverse
from form_data import form_data

from tournaments.forms import RulesForm
from tournaments.models import GameRules
from tournaments.selectors import rulebook

pytestmark = pytest.mark.django_db

FIELDS = [
    ("double_king", "list__place_points", "Points de place", 4),
    ("whist", "table__place_points__4", "Points de place à une table de 4", 4),
    ("double", "table__place_points__4", "Points de place à une table de 4", 4),
    ("whist", "table__place_points__5", "Points de place à une table de 5", 5),
]
ROWS = {4: "1000, 500, 250, 0", 5: "1000, 750, 500, 250, 0"}


def _data(game: str, **changes: str) -> dict[str, str]:
    data = form_data(RulesForm(game=game, rules={}))
    data.update(changes)
    return data


def _field_name(form: RulesForm, wanted: str) -> str:
    # whist names its table of 4 « place_points » and shows it as the first size
    return next(name for name in form.fields if name.startswith(wanted))


@pytest.mark.parametrize(("game", "name", "label", "size"), FIELDS)
def test_a_thousand_for_the_first_is_typed_and_stored(
    committee_client, club, game, name, label, size
):
    url = reverse("staff_rules", args=[club.slug, game])
    name = _field_name(RulesForm(game=game, rules={}), name)
    response = committee_client.post(url, _data(game, **{name: ROWS[size]}))
    assert response.status_code == 302, response.content.decode()[:2000]
    stored = rulebook.club_rules(club, game)["place_points"]
    row = stored if isinstance(stored, list) else stored[str(size)]
    assert row == [int(v) for v in ROWS[size].split(", ")]


@pytest.mark.parametrize(("game", "name", "label", "size"), FIELDS)
def test_ten_thousand_and_one_is_refused_in_french_on_its_field(
    committee_client, club, game, name, label, size
):
    url = reverse("staff_rules", args=[club.slug, game])
    name = _field_name(RulesForm(game=game, rules={}), name)
    typed = ROWS[size].replace("1000", "10001", 1)
    response = committee_client.post(url, _data(game, **{name: typed}))
    assert response.status_code == 400
    form = response.context["form"]
    assert "Saisissez des nombres entiers de 0 à 10000." in " ".join(form.errors[name])
    assert form[name].value() == typed, "what was typed is kept"
    assert label in str(form[name].label)
    page = response.content.decode()
    assert label in page
    assert not GameRules.objects.filter(club=club, game=game).exists()


def test_ten_thousand_is_the_bound(club):
    form = RulesForm(
        _data("double_king", list__place_points="10000, 0, 0, 0"), game="double_king", rules={}
    )
    assert form.is_valid(), form.errors
