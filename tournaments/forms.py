from decimal import Decimal

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from club.models import Club, Player, Season
from club.selectors import club_player_named
from club.validators import MAX_FEE, PlainNameValidator

from .games import playable_game_choices
from .models import Entry, Tournament
from .scoring_messages import bounds_help, rules_message


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


#: Settings a tournament may change from the club's rules before it starts (the plug-in
#: lists which of them its game has: ``GamePlugin.tournament_settings``).
TOURNAMENT_SETTINGS = {
    "target": _("Target (points to win a match)"),
    "round_minutes": _("Minutes per round (0: no clock)"),
}


class MoneyField(forms.DecimalField):
    """An amount in euros, as a person types it: « 3 », « 3,50 » — never « 1e3 »."""

    default_error_messages = {
        "exponent": _("Enter the amount in figures, e.g. 3,50 (no exponent such as 1e3)."),
    }

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", Decimal("0"))
        kwargs.setdefault("max_value", MAX_FEE)
        kwargs.setdefault("max_digits", 6)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("localize", True)
        kwargs.setdefault("help_text", _("From 0 to 1,000 €, at most 2 decimals."))
        super().__init__(**kwargs)

    def to_python(self, value):
        if isinstance(value, str) and any(c in value for c in "eE"):
            raise forms.ValidationError(self.error_messages["exponent"], code="exponent")
        return super().to_python(value)


class TournamentForm(forms.ModelForm):
    target = forms.IntegerField(required=False)
    round_minutes = forms.IntegerField(required=False)
    entry_fee = MoneyField(label=_("entry fee"))

    class Meta:
        model = Tournament
        fields = ["club", "season", "game", "name", "date", "rounds", "entry_fee"]
        widgets = {"date": DateInput()}

    def __init__(self, *args, clubs=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "—"), *playable_game_choices()]
        self.fields["season"].queryset = Season.objects.select_related("club")
        if clubs is not None:  # staff choose among their own clubs only
            self.fields["club"].queryset = clubs
            self.fields["season"].queryset = self.fields["season"].queryset.filter(club__in=clubs)
        self.fields["rounds"].required = False
        self.fields["rounds"].help_text = _(
            "Rounds (pools) of the tournament, 1 to 20; empty: the game's default in the club's "
            "rules."
        )
        if self.instance.pk and self.instance.is_started:
            for name in ("club", "game", "rounds"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Cannot change once the tournament has started.")
        self._setup_settings()

    def _setup_settings(self) -> None:
        from .games import PLUGINS

        game = self.instance.game if self.instance.pk else None
        keys = (
            set(PLUGINS[game].tournament_settings)
            if game in PLUGINS
            else {k for p in PLUGINS.values() for k in p.tournament_settings}
        )
        current = {}
        if game and self.instance.club_id:
            from scoring import InvalidDeal

            from .selectors.rulebook import effective_rules

            try:
                current = effective_rules(self.instance)
            except InvalidDeal:  # the club's stored rules need correcting (rules page)
                current = {}
        for name, label in TOURNAMENT_SETTINGS.items():
            if name not in keys:
                del self.fields[name]
                continue
            low, high = _setting_bounds(game, name)
            field = self.fields[name]
            field.label = label
            field.min_value, field.max_value = low, high
            field.validators += [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update(min=low, max=high)
            field.initial = current.get(name)
            if game is None:
                field.help_text = _("Team games only; empty: the club's rules.")
            elif self.instance.is_started:
                field.disabled = True
                field.help_text = _("Cannot change once the tournament has started.")
            else:
                field.help_text = _("For this tournament only; empty: the club's rules.")
            field.help_text = f"{field.help_text} {bounds_help(low, high)}"

    def settings_values(self) -> dict:
        """The settings typed for this tournament (the ones its game has)."""
        from .games import plugin_for

        game = self.cleaned_data.get("game") or self.instance.game
        keys = plugin_for(game).tournament_settings if game else ()
        return {
            k: self.cleaned_data.get(k)
            for k in keys
            if k in self.fields and self.cleaned_data.get(k) is not None
        }

    def save(self, commit=True):
        tournament = super().save(commit=False)
        if not tournament.is_started:
            tournament.rules = self.settings_values()
        if commit:
            tournament.save()
        return tournament

    def clean(self):
        cleaned = super().clean()
        club, season = cleaned.get("club"), cleaned.get("season")
        if club and season and season.club_id != club.pk:
            self.add_error("season", _("This season belongs to another club."))
        date = cleaned.get("date")
        if season and date and not season.start <= date <= season.end:
            self.add_error(
                "date",
                _("The date must fall within the season (%(start)s – %(end)s).")
                % {
                    "start": season.start.strftime("%d/%m/%Y"),
                    "end": season.end.strftime("%d/%m/%Y"),
                },
            )
        rounds = cleaned.get("rounds")
        game = cleaned.get("game") or self.instance.game
        if rounds is None and game and club:
            from .games import plugin_for
            from .selectors.rulebook import club_rules

            rounds = plugin_for(game).default_rounds(club_rules(club, game)) or 5
            cleaned["rounds"] = rounds
        if self.instance.pk and rounds is not None and rounds < self.instance.round_set.count():
            self.add_error("rounds", _("Rounds already drawn cannot be removed."))
        return cleaned


def _setting_bounds(game: str | None, name: str) -> tuple[int, int]:
    """The bounds of a tournament setting: its game's, or any game's that has it."""
    from scoring import GAMES

    specs = [GAMES[game]] if game in GAMES else list(GAMES.values())
    return next(spec.bounds[name] for spec in specs if name in spec.bounds)


class RegisterMemberForm(forms.Form):
    player = forms.ModelChoiceField(
        label=_("Member"),
        queryset=Player.objects.none(),
        error_messages={"invalid_choice": _("Choose a player of the club from the list.")},
    )
    substitute = forms.BooleanField(label=_("Substitute"), required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["player"].queryset = Player.objects.filter(clubs=tournament.club, active=True)

    def clean_player(self):
        player = self.cleaned_data["player"]
        existing = Entry.objects.filter(tournament=self.tournament, player=player).first()
        if existing is not None and not existing.withdrawn:
            raise forms.ValidationError(_("%(player)s is already registered.") % {"player": player})
        return player


class WalkInForm(forms.Form):
    first_name = forms.CharField(
        label=_("First name"), max_length=80, validators=[PlainNameValidator(_("First name"))]
    )
    last_name = forms.CharField(
        label=_("Last name"), max_length=80, validators=[PlainNameValidator(_("Last name"))]
    )
    substitute = forms.BooleanField(label=_("Substitute"), required=False)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club

    def clean(self):
        cleaned = super().clean()
        first, last = cleaned.get("first_name", "").strip(), cleaned.get("last_name", "").strip()
        if first and last and club_player_named(self.club, first, last) is not None:
            raise forms.ValidationError(
                _("%(name)s is already a player of the club: register him from the members list.")
                % {"name": f"{first} {last}"}
            )
        return cleaned


class TwoPlayersForm(forms.Form):
    """Two different registered players (``first``, ``second``), chosen from ``entries``."""

    def set_entries(self, entries) -> None:
        entries = entries.select_related("player").order_by(
            "player__last_name", "player__first_name"
        )
        for name in ("first", "second"):
            self.fields[name].queryset = entries
            self.fields[name].label_from_instance = lambda e: e.player.sort_name

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            self.add_error("second", _("Choose two different players."))
        return cleaned


class SwapForm(TwoPlayersForm):
    first = forms.ModelChoiceField(label=_("Player"), queryset=Entry.objects.none())
    second = forms.ModelChoiceField(label=_("swaps with"), queryset=Entry.objects.none())

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        self.set_entries(Entry.objects.filter(seats__round=round_))


SETTING_LABELS = {
    "pools": _("Pools per tournament"),
    "deals_per_pool": _("Deals per pool"),
    "pool_minutes": _("Minutes per pool"),
    "tables_of_five": _("Tables of 5 allowed (the dealer sits out each deal)"),
    "annual_ranking": _("Annual ranking"),
    "annual_best_n": _("Best N tournaments (annual ranking « best N »)"),
    "target": _("Target (points to win a match)"),
    "tie_rule": _("Both teams over the target with equal totals"),
    "bye_won": _("A bye counts as a match won"),
    "bye_against": _("Points against credited for a bye"),
    "round_minutes": _("Minutes per round (0: no clock)"),
    "start_points": _("Points of tokens at the start"),
    "exact_bonus": _("Bonus for an exact bid"),
    "manches": _("Cards dealt in each manche"),
}
TIE_RULE_CHOICES = [
    ("higher_total", _("Another deal is played")),
    ("draw", _("The match is drawn")),
]
ANNUAL_CHOICES = [
    ("sum_points", _("Sum of the tournament points")),
    ("sum_place_points", _("Sum of the place points")),
    ("best_n", _("Sum of the best N tournaments")),
]


PLACE_POINTS_HELP = _(
    "From the first to the last, separated by commas: 0 to 100 each, never more for a worse place."
)
#: Help for the settings that are lists of numbers.
LIST_HELP = {
    "place_points": PLACE_POINTS_HELP,
    "trump_penalty": _(
        "The offender, then each other player, separated by commas: the offender pays three "
        "times what each other player receives (0 to 100)."
    ),
    "manches": _("Cards dealt in each manche, separated by commas: 1 to 30 manches of 1 to 5."),
}


def _stored_rules(game: str, rules: dict) -> dict:
    """The club's full ruleset; one stored before the bounds existed (e.g. 99999999 minutes)
    is shown as stored, over the defaults, so that the club can correct it here."""
    from scoring import GAMES, InvalidDeal

    spec = GAMES[game]
    try:
        return spec.validate_rules(rules or None)
    except InvalidDeal:
        defaults = spec.default_rules()
        return {**defaults, **{k: v for k, v in (rules or {}).items() if k in defaults}}


def _bounded_field(label, bounds: tuple[int, int], initial) -> forms.IntegerField:
    """A whole number within the game's bounds, which its help text states."""
    low, high = bounds
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=initial,
        help_text=bounds_help(low, high),
    )


def _int_list(text: str) -> list[int] | None:
    try:
        return [int(part) for part in str(text).replace(";", ",").split(",") if part.strip()]
    except ValueError:
        return None


class RulesForm(forms.Form):
    """A club's ruleset as a form: the points of every contract and counter of its table, then
    its simple settings. The game's ``validate_rules`` has the last word."""

    def __init__(self, *args, game: str, rules: dict, **kwargs):
        from scoring import GAMES

        super().__init__(*args, **kwargs)
        self.game = game
        self.base = _stored_rules(game, rules)
        bounds = GAMES[game].bounds
        points = bounds.get("points", (0, 1000))
        self.rules: dict = {}
        self.contract_fields: list[str] = []
        self.counter_fields: list[str] = []
        self.setting_fields: list[str] = []
        names = {}
        for row in self.base.get("contracts") or []:
            if isinstance(row, dict) and "code" in row and "points" in row:
                name = f"contract__{row['code']}"
                names[row["code"]] = row.get("name_fr") or row["code"]
                self.fields[name] = _bounded_field(names[row["code"]], points, row["points"])
                self.contract_fields.append(name)
        for row in self.base.get("counters") or []:
            if isinstance(row, dict) and {"contract", "against", "points"} <= set(row):
                name = f"counter__{row['contract']}__{row['against']}"
                label = _("%(contract)s against %(against)s") % {
                    "contract": names.get(row["contract"], row["contract"]),
                    "against": names.get(row["against"], row["against"]),
                }
                self.fields[name] = _bounded_field(label, points, row["points"])
                self.counter_fields.append(name)
        self.table_fields: list[str] = []
        for key, value in self.base.items():
            label = SETTING_LABELS.get(key, key)
            if isinstance(value, dict) and all(isinstance(v, list) for v in value.values()):
                # A table per size (Double's place points for 3, 4, 5 and 6 players).
                for size, row in value.items():
                    name = f"table__{key}__{size}"
                    self.fields[name] = forms.CharField(
                        label=_("Place points at a table of %(n)s") % {"n": size},
                        initial=", ".join(str(v) for v in row),
                        help_text=PLACE_POINTS_HELP,
                    )
                    self.table_fields.append(name)
                continue
            if key == "tie_rule":
                field = forms.ChoiceField(label=label, choices=TIE_RULE_CHOICES, initial=value)
                self.fields[f"setting__{key}"] = field
                self.setting_fields.append(f"setting__{key}")
                continue
            if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
                name = f"list__{key}"
                self.fields[name] = forms.CharField(
                    label=label,
                    initial=", ".join(str(v) for v in value),
                    help_text=LIST_HELP.get(key, _("Separated by commas.")),
                )
                self.table_fields.append(name)
                continue
            if key == "annual_ranking":
                field = forms.ChoiceField(label=label, choices=ANNUAL_CHOICES, initial=value)
            elif isinstance(value, bool):
                field = forms.BooleanField(label=label, required=False, initial=value)
            elif key in bounds and (value is None or isinstance(value, int)):
                field = _bounded_field(label, bounds[key], value)
                field.required = key != "annual_best_n"  # empty unless « best N »
            else:
                continue
            self.fields[f"setting__{key}"] = field
            self.setting_fields.append(f"setting__{key}")

    def clean(self):
        import copy

        from scoring import GAMES, InvalidDeal

        cleaned = super().clean()
        if self.errors:
            return cleaned
        rules = copy.deepcopy(self.base)
        for row in rules.get("contracts") or []:
            name = f"contract__{row.get('code')}"
            if name in cleaned:
                row["points"] = cleaned[name]
        for row in rules.get("counters") or []:
            name = f"counter__{row.get('contract')}__{row.get('against')}"
            if name in cleaned:
                row["points"] = cleaned[name]
        for name in self.setting_fields:
            rules[name.removeprefix("setting__")] = cleaned.get(name)
        for name in self.table_fields:
            numbers = _int_list(cleaned.get(name, ""))
            if numbers is None:
                self.add_error(name, _("Enter whole numbers separated by commas."))
                return cleaned
            parts = name.split("__")
            if parts[0] == "table":
                rules[parts[1]] = {**rules[parts[1]], parts[2]: numbers}
            else:
                rules[parts[1]] = numbers
        if rules.get("annual_ranking") == "best_n" and not rules.get("annual_best_n"):
            self.add_error("setting__annual_best_n", _("Give N for the « best N » ranking."))
            return cleaned
        try:
            self.rules = GAMES[self.game].validate_rules(rules)
            GAMES[self.game].bye_line(self.rules)
        except InvalidDeal as error:
            key = str(error.params.get("key", ""))
            message = rules_message(error)
            tables = [n for n in self.table_fields if n.split("__")[1] == key]
            if key.startswith("contracts[") or key.startswith("counters["):
                self.add_error(None, f"{key} : {message}")
            elif f"setting__{key}" in self.fields:
                self.add_error(f"setting__{key}", message)
            elif tables:
                self.add_error(tables[0], message)
            else:
                self.add_error(None, message)
        return cleaned


class TeamForm(TwoPlayersForm):
    """Two registered players without a partner, paired into a team."""

    first = forms.ModelChoiceField(
        label=_("Player"),
        queryset=Entry.objects.none(),
        error_messages={"required": _("Choose the first player of the team.")},
    )
    second = forms.ModelChoiceField(
        label=_("Partner"),
        queryset=Entry.objects.none(),
        error_messages={"required": _("Choose his partner.")},
    )
    name = forms.CharField(
        label=_("Team name"),
        max_length=120,
        required=False,
        validators=[PlainNameValidator(_("Team name"))],
        help_text=_("Empty: the players' last names."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.set_entries(
            Entry.objects.filter(tournament=tournament, team__isnull=True, withdrawn=False)
        )
