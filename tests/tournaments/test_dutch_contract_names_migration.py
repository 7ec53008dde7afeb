"""Migration 0020 (issue 28): the whist rulesets saved before the Dutch words — a club's current
ruleset, its saved versions, a tournament's copy — get each default contract's Dutch name; what
a club named itself stays as it is; other games and default rulesets are not touched."""

import copy

import pytest
from django.utils import translation
from helpers import latest, migrate

from scoring.whist import default_rules
from tournaments.games.whist import contract_names

BEFORE = [("tournaments", "0019_rules_versions")]


def saved_before_the_dutch_words() -> dict:
    """A whist ruleset as the site saved it before: French names only; the club renamed its
    Emballage 8 in Dutch already and added a Solo 5 of its own."""
    rules = default_rules()
    for row in rules["contracts"]:
        for key in [k for k in row if k.startswith("name_") and k != "name_fr"]:
            del row[key]
    rules["contracts"][0]["name_nl"] = "Vragen 8"
    solo_5 = {**copy.deepcopy(rules["contracts"][2]), "code": "solo_5", "name_fr": "Solo 5"}
    solo_5.update(points=6, tricks=5, overtrick=6, undertrick=6)
    rules["contracts"].insert(2, solo_5)
    return rules


@pytest.mark.django_db(transaction=True)
def test_saved_whist_rulesets_get_the_dutch_names_and_keep_the_clubs_own(club, season):
    # The rows written as the site wrote them then: the models of that schema.
    then = migrate(BEFORE).loader.project_state(BEFORE).apps
    rules_then, versions_then, tournaments_then = (
        then.get_model("tournaments", name)
        for name in ("GameRules", "GameRulesVersion", "Tournament")
    )
    old = saved_before_the_dutch_words()
    current = rules_then.objects.create(club_id=club.pk, game="whist", rules=old, version=1)
    version = versions_then.objects.create(club_id=club.pk, game="whist", number=1, rules=old)
    copied, defaults = (
        tournaments_then.objects.create(
            club_id=club.pk,
            season_id=season.pk,
            game="whist",
            name=name,
            date="2026-03-14",
            rules=rules,
        )
        for name, rules in (("Tournoi", old), ("Défaut", {}))
    )
    king = {"rounds": 5, "contracts": [{"code": "trou"}]}  # not whist: never read as whist
    other = rules_then.objects.create(club_id=club.pk, game="double_king", rules=king)

    migrate(latest())

    for stored in (current, version, copied):
        stored.refresh_from_db()
        rows = {row["code"]: row for row in stored.rules["contracts"]}
        assert rows["trou"]["name_nl"] == "Troel"
        assert rows["petite_misere"]["name_nl"] == "Kleine miserie"
        assert rows["grand_schlem"]["name_nl"] == "Solo slim"
        assert rows["emballage_8"]["name_nl"] == "Vragen 8"  # the club's Dutch kept
        assert "name_nl" not in rows["solo_5"]  # the club's own contract: no word guessed
        assert [row["name_fr"] for row in stored.rules["contracts"]] == [
            row["name_fr"] for row in old["contracts"]
        ]
        assert {k: v for k, v in stored.rules.items() if k != "contracts"} == {
            k: v for k, v in old.items() if k != "contracts"
        }
    with translation.override("nl"):
        names = contract_names(copied.rules)
    assert (names["emballage_8"], names["solo_5"], names["trou_royal"]) == (
        "Vragen 8",
        "Solo 5",
        "Troela",
    )
    defaults.refresh_from_db()
    other.refresh_from_db()
    assert (defaults.rules, other.rules) == ({}, king)

    # Back and forward again: the names stay, nothing is added twice.
    migrate(BEFORE)
    current.refresh_from_db()
    assert current.rules["contracts"][3]["name_nl"] == "Alleen 6"
    migrate(latest())
    current.refresh_from_db()
    assert current.rules == version.rules
