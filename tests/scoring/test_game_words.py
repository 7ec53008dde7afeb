"""The games' words table (issue 28): one lookup, language → word, with its fallbacks, and a
file that says where it is wrong."""

import csv

import pytest

from scoring import GAMES, InvalidRules, game_words
from scoring.double_king import KINDS
from scoring.game_words import GameWordsError, read_words
from scoring.whist import default_rules


def write(tmp_path, text: str):
    path = tmp_path / "words.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_word_in_its_language_then_its_base_language_then_french_then_its_key(tmp_path):
    table = read_words(
        write(
            tmp_path,
            "key,fr,en,nl,nl-be\n"
            "contract.trou,Trou,Trou,Troel,Troel (Gent)\n"
            "dk.hearts,Pas de cœurs,,Geen harten,\n",
        )
    )
    assert table.languages == ("fr", "en", "nl", "nl-be")
    assert table.word("contract.trou", "nl-be") == "Troel (Gent)"  # its own column first
    assert table.word("dk.hearts", "nl-BE") == "Geen harten"  # an empty cell: its base
    assert table.word("dk.hearts", "nl_be") == "Geen harten"
    assert table.word("dk.hearts", "en") == "Pas de cœurs"  # no English word: French
    assert table.word("dk.hearts", "de") == "Pas de cœurs"  # no German column: French
    assert table.word("dk.spades", "nl") == "dk.spades"  # unknown: the key
    assert table.names("dk.hearts") == {"fr": "Pas de cœurs", "nl": "Geen harten"}
    assert table.names("dk.spades") == {}


def test_a_plug_ins_own_names_take_the_same_fallbacks():
    names = {"fr": "Bataille", "en": "War"}
    assert game_words.pick(names, "EN-gb", "bataille") == "War"
    assert game_words.pick(names, "nl", "bataille") == "Bataille"
    assert game_words.pick(names, "nl", "bataille", fallback=False) == "bataille"
    assert game_words.pick({}, "fr", "bataille") == "bataille"


def test_the_projects_table_names_every_game_dk_game_and_default_contract_in_every_language():
    languages = game_words.languages()
    assert languages[:3] == ("fr", "en", "nl")
    keys = [f"game.{key}" for key in GAMES] + [f"dk.{code}" for code in KINDS]
    keys += [f"contract.{row['code']}" for row in default_rules()["contracts"]]
    for key in keys:
        assert set(game_words.names(key)) == set(languages), key
    assert game_words.word("contract.emballage_8", "nl") == "Samen 8"
    assert game_words.word("contract.petite_misere", "nl") == "Kleine miserie"
    assert game_words.word("game.double", "nl") == "Dubbel"


def test_the_default_whist_contracts_carry_a_name_in_every_language_of_the_table():
    trou = next(row for row in default_rules()["contracts"] if row["code"] == "trou")
    assert {k: v for k, v in trou.items() if k.startswith("name_")} == {
        "name_fr": "Trou",
        "name_en": "Trou",
        "name_nl": "Troel",
    }
    assert KINDS["trump"].names == {"fr": "Atout", "en": "Trump", "nl": "Troef"}
    assert KINDS["trump"].name("nl-be") == "Troef"


def test_a_ruleset_takes_a_contract_name_in_each_language_a_column_may_have():
    rules = default_rules()
    rules["contracts"][0].update({"name_de": "Zusammen 8", "name_nl-be": "Samen acht"})
    validated = GAMES["whist"].validate_rules(rules)
    assert validated["contracts"][0]["name_nl-be"] == "Samen acht"
    rules["contracts"][0]["name_Deutsch"] = "Zusammen 8"
    with pytest.raises(InvalidRules, match="unknown keys: name_Deutsch"):
        GAMES["whist"].validate_rules(rules)


def test_every_row_of_the_projects_table_has_its_french_word():
    with game_words.WORDS_FILE.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert rows and all(row["fr"].strip() for row in rows)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("word,fr,en\n", "header"),
        ("key,en,nl\n", "header"),
        ("key,fr,Deutsch\n", "'Deutsch' is not a language code"),
        ("key,fr,en,fr\n", "named twice"),
        ("key,fr,en\ngame.whist,Whist\n", ":2: 2 cells, 3 columns"),
        ("key,fr,en\nwhist,Whist,Whist\n", ":2: 'whist' is not a key"),
        ("key,fr,en\ngame.whist,Whist,Whist\n\ngame.whist,W,W\n", ":4: 'game.whist' is already"),
    ],
)
def test_a_bad_file_is_refused_with_where_and_why(tmp_path, text, says):
    with pytest.raises(GameWordsError, match=says.replace("(", r"\(")):
        read_words(write(tmp_path, text))
