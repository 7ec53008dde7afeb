"""Ranking helpers, the GAMES registry, the error codes, and the package's shape."""

from __future__ import annotations

import ast
import json
import pickle
import re
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

import scoring
from scoring import (
    ERROR_CODES,
    GAMES,
    GameSpec,
    InvalidDeal,
    SeasonLine,
    game_words,
    register,
    score_deal,
    unregister,
)
from scoring.errors import MESSAGES
from scoring.ranking import (
    RoundLine,
    TournamentLine,
    annual_ranking_key,
    place_points,
    shared_places,
)

PACKAGE = Path(scoring.__file__).parent
#: Its processes import the scoring package alone, no database (not rerun on PostgreSQL).
pytestmark = pytest.mark.processes_apart


# --------------------------------------------------------------------------- ranking


@pytest.mark.parametrize(
    ("scores", "table", "expected"),
    [
        ([3, 2, 1], (12, 8, 4), ["12", "8", "4"]),
        ([1, 1, 1], (12, 8, 4), ["8", "8", "8"]),
        ([0, 5, 5, 1], (90, 60, 30, 0), ["0", "75", "75", "30"]),
        ([7, 7, 7, 0, 0], (16, 13, 10, 7, 4), ["13", "13", "13", "11/2", "11/2"]),
        ([1, 2, 2, 2, 2, 3], (16, 14, 11, 9, 6, 4), ["4", "10", "10", "10", "10", "16"]),
        ([4, 4, 4, 4, 4, 4], (1, 0, 0, 0, 0, 0), ["1/6"] * 6),
    ],
)
def test_place_points_any_table(
    scores: list[int], table: tuple[int, ...], expected: list[str]
) -> None:
    result = place_points(scores, table)
    assert result == [Fraction(e) for e in expected]
    assert all(isinstance(p, Fraction) for p in result)
    assert sum(result) == sum(table)


def test_place_points_table_must_fit() -> None:
    with pytest.raises(InvalidDeal) as info:
        place_points([1, 2, 3], (16, 12, 8, 4))
    assert info.value.params == {"expected": 3, "got": 4}


def test_shared_places() -> None:
    assert shared_places([]) == []
    keys = [
        (Fraction(20), 10, 5),
        (Fraction(20), 10, 5),
        (Fraction(22), -3, 1),
        (Fraction(20), 11, 0),
    ]
    assert shared_places(keys) == [3, 3, 1, 2]


def test_annual_ranking_rules() -> None:
    lines = [
        TournamentLine(10, Fraction(5)),
        TournamentLine(30, Fraction(1)),
        TournamentLine(20, Fraction(7, 2)),
    ]
    assert annual_ranking_key(lines) == (60,)
    assert annual_ranking_key(lines, "sum_place_points") == (Fraction(19, 2),)
    assert annual_ranking_key(lines, "best_n", best_n=1) == (30,)
    assert annual_ranking_key(lines, "best_n", best_n=5) == (60,)
    assert annual_ranking_key([], "best_n", best_n=3) == (0,)
    with pytest.raises(InvalidDeal):
        annual_ranking_key(lines, "best_n")
    with pytest.raises(InvalidDeal) as info:
        annual_ranking_key(lines, "average")
    assert info.value.code == "unknown_rule"


# --------------------------------------------------------------------------- registry


def test_registry_entries() -> None:
    assert list(GAMES) == ["double_king", "whist", "quarante", "plonk", "double"]
    dk, wh, qu, pl, do = (GAMES[k] for k in GAMES)
    assert (dk.table_sizes, dk.teams, dk.deals_per_round, dk.players_at(4)) == (
        (4,),
        None,
        20,
        4,
    )
    assert (wh.table_sizes, wh.teams, wh.deals_per_round) == ((4, 5, 6), None, 12)
    assert (qu.deals_per_round, qu.default_rules()["target"], qu.players_at(2)) == (None, 150, 4)
    assert (pl.default_rules()["target"], pl.teams) == (500, ((0, 2), (1, 3)))
    assert (do.table_sizes, do.deals_per_round) == ((3, 4, 5, 6), 10)
    for key, spec in GAMES.items():
        assert isinstance(spec, GameSpec)
        # every built-in game is named in every language of the words table
        assert spec.key == key and set(spec.names) == set(game_words.languages())
        assert all(spec.name(language) for language in spec.names)
    with pytest.raises(TypeError):
        GAMES["chess"] = dk  # type: ignore[index]


def test_register_adds_a_game_and_refuses_a_known_key() -> None:
    spec = replace(GAMES["double_king"], key="double_king_bis")
    register(spec)
    try:
        assert GAMES["double_king_bis"] is spec and list(GAMES)[-1] == "double_king_bis"
        with pytest.raises(ValueError, match="already registered"):
            register(spec)
    finally:
        unregister("double_king_bis")
    assert "double_king_bis" not in GAMES


def test_season_key_follows_the_rulesets_tiebreaks() -> None:
    a = SeasonLine(place_points=Fraction(40), score=10, best_round=30)
    b = SeasonLine(place_points=Fraction(40), score=20, best_round=5)
    dk = GAMES["double_king"]
    assert dk.season_classifier()(b) > dk.season_classifier()(a)  # total score first
    best_first = dk.season_classifier({"tiebreaks": ["best_round", "total_score"]})
    assert best_first(a) > best_first(b)
    teams = GAMES["quarante"].season_classifier({"tiebreaks": ["points_difference"]})
    won = SeasonLine(Fraction(0), score=300, best_round=0, wins=Fraction(3, 2), against=350)
    assert teams(won) == (Fraction(3, 2), -50)


@pytest.mark.parametrize("key", list(GAMES))
def test_default_rules_are_json_and_valid(key: str) -> None:
    spec = GAMES[key]
    rules = spec.default_rules()
    assert json.loads(json.dumps(rules)) == rules
    assert spec.validate_rules(rules) == rules
    assert spec.validate_rules(None) == rules
    assert spec.table_result([], rules).per_deal == []
    assert spec.classification_key([], rules)
    rules["nonsense"] = 1
    with pytest.raises(InvalidDeal) as info:
        spec.validate_rules(rules)
    assert (info.value.code, info.value.field) == ("invalid_rules", "nonsense")


def test_registry_table_result_is_uniform() -> None:
    one = {
        "double_king": {"game": "trump", "taken": [13, 0, 0, 0]},
        "whist": {"contract": "emballage_8", "declarers": [0, 2], "tricks": 8},
        "quarante": {"kings": [2, 2], "queens": [2, 2], "jacks": [2, 2]},
        "plonk": {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]},
        "double": {"cards": 1, "bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]},
    }
    for key, spec in GAMES.items():
        result = spec.table_result([one[key]], None, first_dealer=0, n_seats=4)
        assert result.per_deal == [spec.score_deal(one[key])]
        assert result.per_deal == [score_deal(key, one[key])]
        assert result.scores == [
            a + b
            for a, b in zip(
                [15] * 4 if key == "double" else [0] * len(result.scores),
                result.per_deal[0],
                strict=True,
            )
        ]
        assert not result.complete
        json.dumps(result.pending)
        with pytest.raises(InvalidDeal) as info:
            spec.table_result([one[key], {"bogus": 1}], first_dealer=0, n_seats=4)
        assert info.value.params["deal"] == 1


def test_unknown_game() -> None:
    with pytest.raises(InvalidDeal) as info:
        score_deal("bridge", {})
    assert (info.value.code, info.value.field, info.value.params) == (
        "unknown_game",
        "game",
        {"got": "'bridge'"},
    )


def test_rules_keyword_only() -> None:
    assert score_deal(
        "plonk",
        {"tricks": [7, 6], "dead": [12, 9], "live_points": [150, 140]},
        rules={"target": 300},
    ) == [138, 131]
    with pytest.raises(TypeError):
        score_deal("plonk", {}, {})  # type: ignore[misc]


def test_round_line_defaults() -> None:
    assert RoundLine(3) == RoundLine(3, None, None, None)


# --------------------------------------------------------------------------- errors


def _codes_used_in_source() -> set[str]:
    used: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name == "seating.py":
            continue
        used |= set(re.findall(r'InvalidDeal\(\s*"([a-z_]+)"', path.read_text()))
    return used


def test_every_code_is_described_and_has_a_message() -> None:
    used = _codes_used_in_source()
    assert used, "no code found"
    assert used <= set(ERROR_CODES)
    assert set(MESSAGES) == set(ERROR_CODES)
    for code, text in ERROR_CODES.items():
        assert text and "\n" not in text and text[0].isupper(), code
    assert set(ERROR_CODES) - used <= {"invalid_rules"}  # raised through InvalidRules


def test_error_is_a_value_error_and_pickles() -> None:
    err = InvalidDeal("wrong_total", "taken", expected=13, got=12).with_params(deal=3)
    assert isinstance(err, ValueError)
    clone = pickle.loads(pickle.dumps(err))
    assert (clone.code, clone.field, clone.params) == (
        "wrong_total",
        "taken",
        {"expected": 13, "got": 12, "deal": 3},
    )
    assert str(clone) == "taken: the values must total 13, got 12"
    assert "InvalidDeal('wrong_total'" in repr(err)


# --------------------------------------------------------------------------- shape


def _modules() -> list[str]:
    return sorted(f"scoring.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem != "__init__")


def test_no_module_imports_django() -> None:
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "django" for n in names), path.name
    code = (
        "import importlib, sys\n"
        f"for name in {['scoring', *_modules()]!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django')\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent, timeout=60)


def test_package_does_not_import_seating() -> None:
    code = "import sys, scoring; assert 'scoring.seating' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=PACKAGE.parent, timeout=60)


def test_typed_package_and_docstrings() -> None:
    assert (PACKAGE / "py.typed").exists()
    for name in ["scoring", *_modules()]:
        if name == "scoring.seating" or name.rsplit(".", 1)[-1].startswith("_"):
            continue  # seating documents its own vocabulary; private helpers need none
        module = __import__(name, fromlist=["_"])
        assert (module.__doc__ and "Vocabulary" in module.__doc__) or name in {
            "scoring",
            "scoring.registry",
        }, name
        assert ">>>" in (module.__doc__ or "") or name == "scoring.common", name
    assert "float" not in (PACKAGE / "ranking.py").read_text()
