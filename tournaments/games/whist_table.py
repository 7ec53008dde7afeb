"""The whist contract table on the club's rules page: every column ``scoring.whist`` knows.

Each contract is a row of inputs (``contract__<code>__<column>``; its points keep the name
``contract__<code>``), with « remove »; blank rows add contracts (``new_contract__<n>__...``),
which get a code from their name. The club types a one-declarer contract's values as its own
table writes them (``contract_values``): the declarer's total (divisible by 3, each opponent
paying a third), or what each opponent pays (stored as three times that). The counters
(« contres ») are rows too, removable, plus a blank one.

The inputs write into a copy of the ruleset; :func:`finish` then removes, adds and converts,
and names the problems by the inputs' keys (``contract:<code>:<column>``), so that each
message lands on the input the club typed. ``scoring.whist.validate_rules`` has the last word.
"""

from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.whist import NAME_MAX, POINTS_MAX, TRICKS
from scoring.whist_models import (
    DEFAULT_MODEL,
    INDEPENDENT,
    ON_FAILURE,
    OPPONENT_VALUES,
    ZERO_SUM,
    shared_values,
)

from ..language import contract_name
from .rule_fields import CONTRACTS, COUNTERS, RuleField, set_key

#: Blank rows offered for new contracts and for a new counter.
NEW_CONTRACTS = 2
NEW = "__new"
#: Where the mode writer keeps the way the page showed the values (until ``finish``).
SHOWN = "__shown_values"
#: A new contract's place: the code of the contract it follows (empty: at the end).
AFTER = "after"
#: Values a one-declarer contract's opponents share (typed per opponent or as the total).
SHARED = ("points", "points_failed", "overtrick", "undertrick", "capo_bonus")
#: The columns a row of exactly the tricks bid leaves at their neutral value (no over- or
#: undertricks, no capo: docs/rules/whist.md).
EXACT_NEUTRAL = {"overtrick": 0, "undertrick": 0, "capo_bonus": 0, "capo_multiplier": 1}
OPPONENTS = 3

VALUE_CHOICES = [
    ("total", gettext_lazy("The declarer's total (a one-declarer contract's divides by 3)")),
    ("opponent", gettext_lazy("What each opponent pays (« Solo 13 » is the declarer's 39)")),
]
MODEL_CHOICES = [
    (
        ZERO_SUM,
        gettext_lazy(
            "Zero-sum (default): the opponents pay what the declarers win and receive what "
            "they lose"
        ),
    ),
    (
        ON_FAILURE,
        gettext_lazy(
            "Opponents paid on failure: a made contract pays its declarers only, a failed "
            "one pays the opponents"
        ),
    ),
    (
        INDEPENDENT,
        gettext_lazy(
            "Opponents paid independently: each contract gives what each opponent pays when "
            "it is made and receives when it fails"
        ),
    ),
]
PAYOUT_CHOICES = [
    ("alone", gettext_lazy("Each declarer alone against the others")),
    ("pair", gettext_lazy("Two declarers as partners")),
]


def languages() -> list[tuple[str, Any]]:
    """The site's languages, its own first: a contract has a name in each."""
    codes = [(code, name) for code, name in settings.LANGUAGES]
    return sorted(codes, key=lambda item: item[0] != settings.LANGUAGE_CODE)


def _int(label: Any, low: int, high: int, initial: Any, help_text: Any = "") -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=initial,
        required=False,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


def _columns(
    row: dict[str, Any], per_opponent: bool, model: str = DEFAULT_MODEL
) -> list[tuple[str, forms.Field]]:
    """The inputs of one contract row, with the row's values (``row`` may be blank); each
    opponent's values in the ``independent`` model (or when a row holds some: shown, refused)."""
    alone = row.get("payout", "alone") == "alone"

    def shown(key: str, default: int | None = 0) -> int | None:
        value = row.get(key, default)
        if value is not None and alone and per_opponent and key in SHARED:
            return int(value) // OPPONENTS
        return value

    low, high = row.get("declarers", [1, 1])
    fields: list[tuple[str, forms.Field]] = []
    for code, language in languages():
        fields.append(
            (
                f"name_{code}",
                forms.CharField(
                    label=_("Name (%(language)s)") % {"language": language},
                    max_length=NAME_MAX,
                    required=False,
                    initial=row.get(f"name_{code}", ""),
                    help_text=""
                    if code == settings.LANGUAGE_CODE
                    else _("Empty: the usual word in this language, else the first name."),
                ),
            )
        )
    fields += [
        ("points", _int(_("Points made"), 0, POINTS_MAX, shown("points", None))),
        (
            "points_failed",
            _int(
                _("Points failed"),
                0,
                POINTS_MAX,
                shown("points_failed", None),
                _("Empty: the same as made."),
            ),
        ),
        ("tricks", _int(_("Tricks to make"), 0, TRICKS, row.get("tricks"))),
        ("declarers_min", _int(_("Fewest declarers"), 1, 4, low)),
        ("declarers_max", _int(_("Most declarers"), 1, 4, high)),
        (
            "payout",
            forms.ChoiceField(
                label=_("Declarers"), choices=PAYOUT_CHOICES, initial=row.get("payout", "alone")
            ),
        ),
        (
            "exact",
            forms.BooleanField(
                label=_("Exactly the tricks bid (misère, piccolo)"),
                required=False,
                initial=row.get("exact", False),
            ),
        ),
        (
            "tricks_per_declarer",
            forms.BooleanField(
                label=_("Each declarer's tricks counted apart"),
                required=False,
                initial=row.get("tricks_per_declarer", False),
            ),
        ),
    ]
    if model == INDEPENDENT or any(row.get(c) for c in OPPONENT_VALUES):
        fields += _opponent_columns(row)
    if row.get("exact") and all(row.get(c, v) == v for c, v in EXACT_NEUTRAL.items()):
        # A row of exactly the tricks bid has no over- or undertricks and no capo
        # (docs/rules/whist.md#the-clubs-own-table-on-its-rules-page): nothing to offer
        # (unless a value is stored there: then it is shown, refused, to be corrected).
        return [*fields, ("overtrick_cap", _cap_field(row))]
    return [
        *fields,
        ("overtrick", _int(_("Each overtrick"), 0, POINTS_MAX, shown("overtrick"))),
        ("overtrick_cap", _cap_field(row)),
        ("undertrick", _int(_("Each undertrick"), 0, POINTS_MAX, shown("undertrick"))),
        ("capo_bonus", _int(_("Capo bonus"), 0, POINTS_MAX, shown("capo_bonus"))),
        ("capo_multiplier", _int(_("Capo multiplier"), 1, 10, row.get("capo_multiplier", 1))),
    ]


def _opponent_columns(row: dict[str, Any]) -> list[tuple[str, forms.Field]]:
    """Each opponent's values as the club's table writes them (« solo 6, failed at 5: −15,
    +10 each »: docs/rules/whist.md#scoring-model)."""
    empty = _("Empty: as in the zero-sum model (a third of the declarer's, rounded down).")
    return [
        (
            "opponent_points",
            _int(
                _("Each opponent pays (made)"),
                0,
                POINTS_MAX,
                row.get("opponent_points"),
                empty,
            ),
        ),
        (
            "opponent_points_failed",
            _int(
                _("Each opponent receives (failed)"),
                0,
                POINTS_MAX,
                row.get("opponent_points_failed"),
                empty,
            ),
        ),
    ]


def _cap_field(row: dict[str, Any]) -> forms.IntegerField:
    return _int(
        _("The deal stops at (tricks)"),
        0,
        TRICKS,
        row.get("overtrick_cap", TRICKS),
        _("More tricks are refused (a solo at 8)."),
    )


def _mode_writer(rules: dict[str, Any], value: Any) -> None:
    """The values are read as the page showed them; the next page shows them ``value``'s way."""
    rules[SHOWN] = rules.get("contract_values", "total")
    rules["contract_values"] = value


def _row_of(rules: dict[str, Any], code: str, *, create: bool = False) -> dict[str, Any] | None:
    for row in rules.get("contracts") or []:
        if row.get("code") == code:
            found: dict[str, Any] = row
            return found
    if not create:
        return None
    row = {"code": code}
    rules.setdefault("contracts", []).append(row)
    return row


def _column_writer(code: str, column: str, *, create: bool = False) -> Callable[..., None]:
    """Writes one input into its contract's row (``create``: a new contract's row)."""

    def write(rules: dict[str, Any], value: Any) -> None:
        row = _row_of(rules, code, create=create)
        if row is None:  # removed
            return
        if column.startswith("declarers_"):
            declarers = list(row.get("declarers") or [1, 1])
            declarers[0 if column == "declarers_min" else 1] = value
            row["declarers"] = declarers
        elif column.startswith("name_"):
            if value:
                row[column] = value
            else:
                row.pop(column, None)
        else:
            row[column] = value

    return write


def _remove_writer(code: str) -> Callable[..., None]:
    def write(rules: dict[str, Any], value: Any) -> None:
        if value:
            rules["contracts"] = [r for r in rules["contracts"] if r.get("code") != code]

    return write


def contract_table_fields(rules: dict[str, Any]) -> list[RuleField]:
    """The table's inputs: how values are typed, each contract's row, blank rows, counters."""
    per_opponent = rules.get("contract_values") == "opponent"
    model_now = rules.get("scoring_model", DEFAULT_MODEL)
    mode = forms.ChoiceField(
        label=_("The club's table gives a one-declarer contract's values as"),
        choices=VALUE_CHOICES,
        initial=rules.get("contract_values", "total"),
        widget=forms.RadioSelect,
        help_text=_(
            "A contract played alone is paid by the three opponents, a third each: its total "
            "divides by 3. Partners' contracts give each declarer's points either way. "
            "Changed, it shows the same table the other way once saved."
        ),
    )
    model = forms.ChoiceField(
        label=_("Scoring model"),
        choices=MODEL_CHOICES,
        initial=rules.get("scoring_model", DEFAULT_MODEL),
        widget=forms.RadioSelect,
        help_text=_(
            "Zero-sum: every deal sums to zero, so a one-declarer contract's every value "
            "divides by 3. Opponents paid on failure: a made contract gives its declarers "
            "their points and the opponents 0; a failed one is paid to the opponents as in "
            "the zero-sum model (a third each against a declarer alone), so only the points "
            "failed and the undertricks divide by 3. The standings, the Excel file and the "
            "printed sheets say which model counted."
        )
        + " "
        + _(
            "Opponents paid independently: each contract row gives each opponent's value, "
            "made and failed, as typed; nothing divides by 3 and a deal need not sum to "
            "zero. Once the model is saved, the rows show those columns."
        ),
    )
    fields = [
        RuleField(
            "setting__scoring_model", model, CONTRACTS, "scoring_model", set_key("scoring_model")
        ),
        RuleField("setting__contract_values", mode, CONTRACTS, "contract_values", _mode_writer),
    ]
    names: dict[str, str] = {}
    for row in rules.get("contracts") or []:
        code = row["code"]
        names[code] = contract_name(row)
        for column, field in _columns(row, per_opponent, model_now):
            if column in ("points", "tricks", "declarers_min", "declarers_max"):
                field.required = True
            name = f"contract__{code}" if column == "points" else f"contract__{code}__{column}"
            key = f"contract:{code}:{column}"
            fields.append(
                RuleField(name, field, CONTRACTS, key, _column_writer(code, column), names[code])
            )
        remove = forms.BooleanField(label=_("Remove this contract"), required=False)
        fields.append(
            RuleField(
                f"contract__{code}__remove",
                remove,
                CONTRACTS,
                f"contract:{code}:remove",
                _remove_writer(code),
                names[code],
            )
        )
    for n in range(1, NEW_CONTRACTS + 1):
        code = f"{NEW}{n}"
        legend = _("New contract %(number)s") % {"number": n}
        position = forms.ChoiceField(
            label=_("Place in the table"),
            choices=[("", _("At the end"))]
            + [(c, _("After %(contract)s") % {"contract": name}) for c, name in names.items()],
            required=False,
            help_text=_("The table goes from the weakest contract to the strongest."),
        )
        for column, field in [*_columns({}, per_opponent, model_now), (AFTER, position)]:
            fields.append(
                RuleField(
                    f"new_contract__{n}__{column}",
                    field,
                    CONTRACTS,
                    f"contract:{code}:{column}",
                    _column_writer(code, column, create=True),
                    legend,
                )
            )
    return fields + _counter_fields(rules, names)


def _counter_fields(rules: dict[str, Any], names: dict[str, str]) -> list[RuleField]:
    fields: list[RuleField] = []
    per_opponent = rules.get("contract_values") == "opponent"
    alone = {r["code"] for r in rules.get("contracts") or [] if r.get("payout") == "alone"}
    for index, row in enumerate(rules.get("counters") or []):
        contract, against = row["contract"], row["against"]
        points = row["points"]
        if per_opponent and contract in alone:
            points //= OPPONENTS
        label = _("%(contract)s against %(against)s") % {
            "contract": names.get(contract, contract),
            "against": names.get(against, against),
        }
        key = f"counter:{contract}:{against}"
        field = forms.IntegerField(label=label, min_value=0, max_value=POINTS_MAX, initial=points)
        field.help_text = _("From %(min)s to %(max)s.") % {"min": 0, "max": POINTS_MAX}
        fields.append(
            RuleField(
                f"counter__{contract}__{against}",
                field,
                COUNTERS,
                key,
                _counter_writer(index, "points"),
                label,
            )
        )
        remove = forms.BooleanField(label=_("Remove this counter"), required=False)
        fields.append(
            RuleField(
                f"counter__{contract}__{against}__remove",
                remove,
                COUNTERS,
                f"{key}:remove",
                _counter_writer(index, "remove"),
                label,
            )
        )
    choices = [("", "—"), *names.items()]
    legend = _("New counter")
    new: list[tuple[str, forms.Field]] = [
        ("contract", forms.ChoiceField(label=_("Contract"), choices=choices, required=False)),
        ("against", forms.ChoiceField(label=_("Against"), choices=choices, required=False)),
        ("points", _int(_("Points"), 0, POINTS_MAX, None)),
    ]
    for column, input_ in new:
        fields.append(
            RuleField(
                f"new_counter__{column}",
                input_,
                COUNTERS,
                f"counter:{NEW}:{column}",
                _new_counter_writer(column),
                legend,
            )
        )
    return fields


def _counter_writer(index: int, column: str) -> Callable[..., None]:
    def write(rules: dict[str, Any], value: Any) -> None:
        row = rules["counters"][index]
        if column == "remove":
            if value:
                row["__remove"] = True
        else:
            row[column] = value

    return write


def _new_counter_writer(column: str) -> Callable[..., None]:
    def write(rules: dict[str, Any], value: Any) -> None:
        rules.setdefault("__new_counter", {})[column] = value

    return write


def _new_code(name: str, taken: set[str]) -> str:
    base = slugify(name).replace("-", "_") or "contract"
    code, n = base, 2
    while code in taken:
        code, n = f"{base}_{n}", n + 1
    return code


def finish(rules: dict[str, Any]) -> dict[str, str]:
    """Completes the ruleset the inputs wrote (new rows coded, removed rows gone, values
    typed per opponent turned into totals); the problems, keyed as the inputs are."""
    problems: dict[str, str] = {}
    per_opponent = rules.pop(SHOWN, rules.get("contract_values")) == "opponent"
    model = rules.get("scoring_model", DEFAULT_MODEL)
    own = f"name_{settings.LANGUAGE_CODE}"
    rows = []
    after: dict[int, str] = {}
    for row in rules.get("contracts") or []:
        code = row["code"]
        after[id(row)] = row.pop(AFTER, "") or ""
        if code.startswith(NEW):
            if not any(row.get(f"name_{c}") for c, _n in languages()) and row.get("points") is None:
                continue  # a blank row: nothing added
            if not row.get(own):
                problems[f"contract:{code}:{own}"] = _("Give the contract a name.")
            for column in ("points", "tricks"):
                if row.get(column) is None:
                    problems[f"contract:{code}:{column}"] = _("This field is required.")
        for column, default in (
            ("overtrick", 0),
            ("undertrick", 0),
            ("capo_bonus", 0),
            ("overtrick_cap", TRICKS),
            ("capo_multiplier", 1),
        ):
            if row.get(column) is None:
                row[column] = default
        row.setdefault("points_failed", None)
        row.setdefault("exact", False)
        row.setdefault("tricks_per_declarer", False)
        problems.update(_row_problems(row, per_opponent, model))
        problems.update(_opponent_problems(row, model))
        rows.append(row)
    if problems:
        return problems
    taken = {row["code"] for row in rows}
    for row in rows:
        if row["code"].startswith(NEW):
            row["code"] = _new_code(row[own], taken)
            taken.add(row["code"])
        if per_opponent and row["payout"] == "alone":
            for column in SHARED:
                if row.get(column) is not None:
                    row[column] *= OPPONENTS
        _opponent_values(row, model)
    rules["contracts"] = _placed(rows, after)
    alone = {row["code"] for row in rows if row["payout"] == "alone"}
    names = {row["code"]: _contract_name(row) for row in rows}
    problems = _finish_counters(rules, names, alone, per_opponent, model)
    if not problems and rules.get("contract_values") == "opponent":
        problems.update(_not_shown_per_opponent(rows, rules["counters"], alone))
    return problems


def _opponent_problems(row: dict[str, Any], model: str) -> dict[str, str]:
    """Each opponent's own values count only with opponents paid independently: another
    model refuses them on their field (nothing typed is silently ignored)."""
    if model == INDEPENDENT:
        return {}
    return {
        f"contract:{row['code']}:{column}": _(
            "%(contract)s: each opponent's own value counts only with opponents paid "
            "independently: leave it empty or choose that model."
        )
        % {"contract": _contract_name(row)}
        for column in OPPONENT_VALUES
        if row.get(column)
    }


def _opponent_values(row: dict[str, Any], model: str) -> None:
    """Opponents paid independently: an empty opponent's value is the zero-sum model's (a
    third of the declarer's against a declarer alone, rounded down; a defender of partners
    the declarer's), so that choosing the model changes no figure until the club types its
    own. Another model stores none."""
    if model != INDEPENDENT:
        for column in OPPONENT_VALUES:
            row.pop(column, None)
        return
    share = OPPONENTS if row["payout"] == "alone" else 1
    made = row["points"]
    failed = made if row.get("points_failed") is None else row["points_failed"]
    for column, value in zip(OPPONENT_VALUES, (made, failed), strict=True):
        if row.get(column) is None:
            row[column] = value // share


def _contract_name(row: dict[str, Any]) -> str:
    """The contract's name in the page's language (a new row unnamed yet: « the new
    contract »), for the messages."""
    if row["code"].startswith(NEW) and not any(row.get(f"name_{c}") for c, _n in languages()):
        return _("The new contract")
    return contract_name(row)


def _not_shown_per_opponent(
    rows: list[dict[str, Any]], counters: list[dict[str, Any]], alone: set[str]
) -> dict[str, str]:
    """A total that does not divide by 3 (a made contract's, with opponents paid on failure)
    cannot be shown per opponent: the page would show, then save, a third rounded down."""
    names = {row["code"]: _contract_name(row) for row in rows}
    values = [
        (row["code"], row.get(column)) for row in rows if row["code"] in alone for column in SHARED
    ]
    values += [(c["contract"], c["points"]) for c in counters if c["contract"] in alone]
    for code, value in values:
        if value is not None and value % OPPONENTS:
            return {
                "contract_values": _(
                    "%(contract)s: %(value)s does not divide by 3, so the table cannot be "
                    "shown per opponent: keep the declarer's total."
                )
                % {"contract": names[code], "value": value}
            }
    return {}


def _placed(rows: list[dict[str, Any]], after: dict[int, str]) -> list[dict[str, Any]]:
    """The table with each new contract after the one the club chose (else at the end)."""
    ordered = [row for row in rows if not after.get(id(row))]
    for row in rows:
        target = after.get(id(row))
        if not target:
            continue
        codes = [r["code"] for r in ordered]
        ordered.insert(codes.index(target) + 1 if target in codes else len(ordered), row)
    return ordered


def _row_problems(row: dict[str, Any], per_opponent: bool, model: str) -> dict[str, str]:
    problems: dict[str, str] = {}
    key = f"contract:{row['code']}"
    name = _contract_name(row)
    low, high = row.get("declarers") or [1, 1]
    if low is not None and high is not None and low > high:
        problems[f"{key}:declarers_max"] = _("No fewer than the fewest declarers.")
    if row.get("payout") == "pair" and ([low, high] != [2, 2] or row["tricks_per_declarer"]):
        problems[f"{key}:payout"] = _("Partners are exactly 2 declarers with one count of tricks.")
    if row.get("payout") == "alone" and [low, high] != [1, 1] and not row["tricks_per_declarer"]:
        problems[f"{key}:tricks_per_declarer"] = _(
            "Several declarers each alone: count each declarer's tricks apart."
        )
    if row.get("exact"):
        for column, neutral in EXACT_NEUTRAL.items():
            if row.get(column, neutral) != neutral:
                problems[f"{key}:{column}"] = _(
                    "%(contract)s: a contract of exactly the tricks bid has no overtricks, "
                    "undertricks or capo: leave %(neutral)s."
                ) % {"contract": name, "neutral": neutral}
    if row.get("payout") != "alone":
        return problems
    shared = set(shared_values(model))
    if row.get("points_failed") is None and "points_failed" in shared:
        shared.add("points")  # failed: the same as made
    for column in SHARED:
        problem = _shared_problem(row.get(column), per_opponent, model, name, column in shared)
        if problem:
            problems[f"{key}:{column}"] = problem
    return problems


def _shared_problem(
    value: int | None, per_opponent: bool, model: str, contract: str, shared: bool = True
) -> str | None:
    """What is wrong with a value of a one-declarer ``contract`` (``shared``: its three
    opponents share it, a third each, in the ``model``)."""
    if value is None:
        return None
    if per_opponent and value * OPPONENTS > POINTS_MAX:
        return _("At most %(max)s per opponent: the declarer's total stays within %(total)s.") % {
            "max": POINTS_MAX // OPPONENTS,
            "total": POINTS_MAX,
        }
    if not per_opponent and shared and value % OPPONENTS:
        lower = value - value % OPPONENTS
        numbers = {"contract": contract, "lower": lower, "higher": lower + OPPONENTS}
        if model == ON_FAILURE:
            return (
                _(
                    "%(contract)s: when it fails, each of its three opponents receives a third of "
                    "what the declarer pays: enter a number that divides by 3 (%(lower)s or "
                    "%(higher)s), or type the table per opponent."
                )
                % numbers
            )
        return (
            _(
                "%(contract)s: in the zero-sum model each of its three opponents pays a third of "
                "the declarer's total: enter a number that divides by 3 (%(lower)s or "
                "%(higher)s), or type the table per opponent."
            )
            % numbers
        )
    return None


def _finish_counters(
    rules: dict[str, Any],
    names: dict[str, str],
    alone: set[str],
    per_opponent: bool,
    model: str,
) -> dict[str, str]:
    """The counters kept, added and converted (typed per opponent: stored as totals); the
    problems keyed as their inputs are."""
    problems: dict[str, str] = {}
    kept = []

    def problem_of(row: dict[str, Any]) -> str | None:
        """A one-declarer counter's points: within the bounds, and shared by its opponents
        in the model (with opponents paid on failure, only when they are also its failed)."""
        shared = model == ZERO_SUM or (model == ON_FAILURE and row.get("points_failed") is None)
        name = _("%(contract)s against %(against)s") % {
            "contract": names.get(row["contract"], row["contract"]),
            "against": names.get(row["against"], row["against"]),
        }
        return _shared_problem(row["points"], per_opponent, model, name, shared)

    for row in rules.get("counters") or []:
        if row.pop("__remove", False):
            continue
        key = f"counter:{row['contract']}:{row['against']}"
        if row["contract"] not in names or row["against"] not in names:
            problems[f"{key}:remove"] = _(
                "This counter names a contract removed from the table: remove it too."
            )
        elif row["contract"] in alone:
            problem = problem_of(row)
            if problem:
                problems[key] = problem
            elif per_opponent:
                row["points"] *= OPPONENTS
        kept.append(row)
    new = rules.pop("__new_counter", {})
    if any(v not in (None, "") for v in new.values()):
        missing = {}
        for column in ("contract", "against", "points"):
            if new.get(column) in (None, ""):
                missing[f"counter:{NEW}:{column}"] = _("This field is required.")
        pair = (new.get("contract"), new.get("against"))
        if pair in {(r["contract"], r["against"]) for r in kept}:
            missing[f"counter:{NEW}:against"] = _("This counter is already in the table.")
        row = {"contract": pair[0], "against": pair[1], "points": new.get("points")}
        if not missing and pair[0] in alone:
            problem = problem_of(row)
            if problem:
                missing[f"counter:{NEW}:points"] = problem
            elif per_opponent:
                row["points"] *= OPPONENTS
        problems.update(missing)
        if not problems:
            kept.append(row)
    rules["counters"] = kept
    return problems
