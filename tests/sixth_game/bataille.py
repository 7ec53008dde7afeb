"""« Bataille » by pairs, a sixth game that lives only in the tests: proof that a game costs
one folder (issue 11). Nothing outside ``tests/`` knows it.

Rules: two teams of two (seats 0 and 2 against 1 and 3); each deal's 13 tricks are shared
between the teams; one point per trick; a match is played to a target (40 by default), with
the team games' shared match settings (tie rule, bye, tie-breaks) from ``scoring.match``.
A record is ``{"tricks": [team 0, team 1], "dealer": seat}``.
"""

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy

from scoring import InvalidDeal, match
from scoring.common import merge_rules
from tournaments.games import register, unregister
from tournaments.games.matches import MatchDealForm, MatchPlugin, count_input

KEY = "bataille"
TRICKS = 13
DEFAULT_RULES = match.match_defaults(40)


# --------------------------------------------------------------------------- scoring (pure)


def default_rules() -> dict:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in DEFAULT_RULES.items()}


def _merged(rules) -> dict:
    return merge_rules(DEFAULT_RULES, rules, match.RETIRED)


def match_rules(rules) -> match.MatchRules:
    return match.MatchRules.parse(_merged(rules))


def validate_rules(rules) -> dict:
    match_rules(rules)
    return _merged(rules)


def score_deal(record, rules=None) -> list[int]:
    tricks = record.get("tricks") if isinstance(record, dict) else None
    if (
        not isinstance(tricks, list)
        or len(tricks) != 2
        or not all(isinstance(t, int) and 0 <= t <= TRICKS for t in tricks)
    ):
        raise InvalidDeal("bad_count", "tricks", got=repr(tricks))
    if sum(tricks) != TRICKS:
        raise InvalidDeal("wrong_total", "tricks", expected=TRICKS, got=sum(tricks))
    return list(tricks)


def table_result(records: Sequence[dict], rules=None, *, first_dealer=0, n_seats=4):
    return match.match_result(
        records,
        lambda record: score_deal(record, rules),
        match_rules(rules),
        first_dealer=first_dealer,
        n_seats=n_seats,
    )


SPEC = match.match_spec(
    globals(),
    key=KEY,
    # Its own words (language → name): no row of scoring/game_words.csv needed.
    names={"fr": "Bataille", "en": "War", "nl": "Oorlog"},
    match_rules=match_rules,
)


# --------------------------------------------------------------------------- the plug-in


class BatailleDealForm(MatchDealForm):
    """One deal: the tricks of each team (enter one, the other follows)."""

    game_key = KEY

    def add_fields(self) -> None:
        for team in range(2):
            self.fields[f"tricks{team}"] = forms.IntegerField(
                label=gettext_lazy("Tricks"),
                required=False,
                min_value=0,
                max_value=TRICKS,
                widget=count_input(TRICKS, "id_tricks0" if team else ""),
            )

    def team_rows(self):
        return self.team_pairs("tricks")

    def initial_from(self, record: dict) -> dict[str, object]:
        return {f"tricks{team}": n for team, n in enumerate(record.get("tricks", [])[:2])}

    def clean(self):
        cleaned = super().clean()
        self.record = None
        if self.errors:
            return cleaned
        tricks = self.other_team(cleaned, "tricks", TRICKS, lambda _team: "plis d'une équipe ?")
        if tricks is not None:
            self.finish({"tricks": tricks}, {"tricks": ["tricks0", "tricks1"]})
        return cleaned


def sheet_cells(record: dict, names: Sequence[str], rules=None) -> dict[str, object]:
    return {"tricks": list(record.get("tricks") or ["", ""])}


def describe(record: dict, names: Sequence[str], rules=None) -> str:
    tricks = record.get("tricks") or ["?", "?"]
    return f"plis {tricks[0]}/{tricks[1]}"


class BataillePlugin(MatchPlugin):
    spec = SPEC
    sheet_form = BatailleDealForm
    sheet_template = "bataille/deal_form.html"
    pdf_sheet_template = "bataille/sheet.html"
    describe = staticmethod(describe)
    sheet_cells = staticmethod(sheet_cells)


PLUGIN = BataillePlugin()


def install() -> None:
    register(PLUGIN)


def uninstall() -> None:
    unregister(KEY)
