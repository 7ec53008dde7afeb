import copy
from datetime import date as Date
from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import QuerySet
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from club.fields import IdChoiceField, IdMultipleChoiceField
from club.formatting import labelled
from club.forms import checked_spreadsheet
from club.models import Club, Player, RepresentedClub, Season
from club.selectors import club_player_named
from club.validators import MAX_FEE, PlainNameValidator
from scoring import GAMES, InvalidDeal
from scoring.ranking import CLUB_RANKING_BOUNDS

from .games import PLUGINS, playable_game_choices, plugin_for
from .games.rule_fields import CONTRACTS, COUNTERS, GAME_TABLE, GROUPS, SETTINGS, TABLES, RuleField
from .models import HOLDER_MAX_LENGTH, Entry, Round, Tournament
from .scoring_messages import bounds_help, rules_message
from .selectors.rulebook import club_rules, effective_rules
from .services import archive
from .services.archive import ArchiveRow


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%d", **kwargs)


def model_choices(form: forms.BaseForm, name: str) -> forms.ModelChoiceField[Any]:
    """The form's field ``name``, one choosing among a model's rows (single or multiple)."""
    field = form.fields[name]
    assert isinstance(field, forms.ModelChoiceField)  # declared so on the form
    return field


#: Settings a tournament may change from the club's rules before it starts (the plug-in
#: lists which of them its game has: ``GamePlugin.tournament_settings``; its
#: ``setting_labels`` name them in the game's words, e.g. whist's « Minutes per pool »).
TOURNAMENT_SETTINGS = ("target", "round_minutes", "pool_minutes")


class MoneyField(forms.DecimalField):
    """An amount in euros, as a person types it: « 3 », « 3,50 » — never « 1e3 »."""

    default_error_messages = {
        "exponent": _("Enter the amount in figures, e.g. 3,50 (no exponent such as 1e3)."),
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", Decimal("0"))
        kwargs.setdefault("max_value", MAX_FEE)
        kwargs.setdefault("max_digits", 6)
        kwargs.setdefault("decimal_places", 2)
        kwargs.setdefault("localize", True)
        kwargs.setdefault("help_text", _("From 0 to 1,000 €, at most 2 decimals."))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]  # as the stubs' DecimalField (typed an IntegerField's subclass)
        if isinstance(value, str) and any(c in value for c in "eE"):
            raise forms.ValidationError(self.error_messages["exponent"], code="exponent")
        return super().to_python(value)


class TournamentForm(forms.ModelForm[Tournament]):
    """A tournament's settings. Only the fields its game has are on the form (decided here,
    not by the page's script): a Double King tournament has no target and no clock, a team
    game no club classification; what is posted for another game's fields is ignored.

    The game is the tournament's, else the one posted, else ``game`` (the page's
    « ?game= »); without one, only the fields every game has."""

    target = forms.IntegerField(required=False)
    round_minutes = forms.IntegerField(required=False)
    pool_minutes = forms.IntegerField(required=False)
    entry_fee = MoneyField(label=capfirst(_("entry fee")))  # as a model field's label is

    class Meta:
        model = Tournament
        fields = [
            "club",
            "season",
            "game",
            "name",
            "date",
            "rounds",
            "entry_fee",
            "table_phones",
            "club_ranking_best",
        ]
        widgets = {"date": DateInput()}
        field_classes = {"club": IdChoiceField, "season": IdChoiceField}

    def __init__(
        self,
        *args: Any,
        clubs: QuerySet[Club] | None = None,
        game: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        game_field = self.fields["game"]
        assert isinstance(game_field, forms.ChoiceField)  # the model field has choices
        game_field.choices = [("", "—"), *playable_game_choices()]
        seasons = Season.objects.select_related("club")
        if clubs is not None:  # staff choose among their own clubs only
            model_choices(self, "club").queryset = clubs
            seasons = seasons.filter(club__in=clubs)
        model_choices(self, "season").queryset = seasons
        self.fields["rounds"].required = False
        self.fields["rounds"].help_text = _(
            "Rounds (pools) of the tournament, 1 to 20; empty: the game's default in the club's "
            "rules."
        )
        low, high = CLUB_RANKING_BOUNDS
        best = self.fields["club_ranking_best"]
        best.label = _("Club classification: best players counted per club")
        best.widget.attrs.update(min=low, max=high)
        best.error_messages["min_value"] = best.error_messages["max_value"] = _(
            "Enter a whole number from %(low)d to %(high)d, or leave it empty."
        ) % {"low": low, "high": high}
        if self.instance.pk and self.instance.is_started:
            for name in ("club", "game", "rounds"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Cannot change once the tournament has started.")
        self.game = self._chosen_game(game)
        if self.game is not None and not self.instance.pk:
            self.initial["game"] = self.game
        self._setup_settings()

    def _chosen_game(self, asked: str | None) -> str | None:
        if self.instance.pk:
            return self.instance.game
        posted = self.data.get("game") if self.is_bound else asked
        return posted if isinstance(posted, str) and posted in PLUGINS else None

    def _setup_settings(self) -> None:
        game = self.game
        plugin = PLUGINS[game] if game is not None else None
        keys = set(plugin.tournament_settings) if plugin else set()
        if plugin is None or plugin.lineup.unit != "entry":
            del self.fields["club_ranking_best"]
        current: dict[str, Any] = {}
        if game and self.instance.club_id:
            try:
                current = effective_rules(self.instance)
            except InvalidDeal:  # the club's stored rules need correcting (rules page)
                current = {}
        for name in TOURNAMENT_SETTINGS:
            if name not in keys:
                del self.fields[name]
                continue
            assert plugin is not None and game is not None
            low, high = GAMES[game].bounds[name]
            field = self.fields[name]
            assert isinstance(field, forms.IntegerField)  # declared on the form
            field.label = plugin.setting_labels.get(name, name)
            field.min_value, field.max_value = low, high
            field.validators += [MinValueValidator(low), MaxValueValidator(high)]
            field.widget.attrs.update(min=low, max=high)
            field.initial = current.get(name)
            if self.instance.pk and self.instance.is_started:
                field.disabled = True
                field.help_text = _("Cannot change once the tournament has started.")
            else:
                field.help_text = _("For this tournament only; empty: the club's rules.")
            field.help_text = f"{field.help_text} {bounds_help(low, high)}"

    def settings_values(self) -> dict[str, Any]:
        """The settings typed for this tournament (the ones its game has)."""
        game = self.cleaned_data.get("game") or self.instance.game
        keys = plugin_for(game).tournament_settings if game else ()
        return {
            k: self.cleaned_data.get(k)
            for k in keys
            if k in self.fields and self.cleaned_data.get(k) is not None
        }

    def save(self, commit: bool = True) -> Tournament:
        tournament = super().save(commit=False)
        if not tournament.is_started:
            tournament.rules = self.settings_values()
        if "club_ranking_best" not in self.fields:
            tournament.club_ranking_best = None
        if commit:
            tournament.save()
        return tournament

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
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
            rounds = plugin_for(game).default_rounds(club_rules(club, game)) or 5
            cleaned["rounds"] = rounds
        if self.instance.pk and rounds is not None and rounds < self.instance.round_set.count():
            self.add_error("rounds", _("Rounds already drawn cannot be removed."))
        return cleaned


class RegisterMemberForm(forms.Form):
    player = IdChoiceField(
        label=_("Member"),
        queryset=Player.objects.none(),
        error_messages={"invalid_choice": _("Choose a player of the club from the list.")},
    )
    substitute = forms.BooleanField(label=_("Substitute"), required=False)
    table_filler = forms.BooleanField(
        label=_("Host filling a table"),
        required=False,
        help_text=_("Left out of the rating for this tournament; his table counts for the others."),
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        model_choices(self, "player").queryset = Player.objects.filter(
            clubs=tournament.club, active=True
        )

    def clean_player(self) -> Player:
        player: Player = self.cleaned_data["player"]
        existing = Entry.objects.filter(tournament=self.tournament, player=player).first()
        if existing is not None and not existing.withdrawn:
            raise forms.ValidationError(_("%(player)s is already registered.") % {"player": player})
        return player


class TickMembersForm(forms.Form):
    """The members present this evening, ticked on one list (those not registered yet)."""

    players = IdMultipleChoiceField(
        label=_("Members present"),
        queryset=Player.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        error_messages={
            "required": _("Tick at least one member."),
            "invalid_choice": _("Choose players of the club from the list."),
            "invalid_pk_value": _("Choose players of the club from the list."),
        },
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        registered = Entry.objects.filter(tournament=tournament, withdrawn=False)
        model_choices(self, "players").queryset = (
            Player.objects.filter(clubs=tournament.club, active=True)
            .exclude(pk__in=registered.values("player_id"))
            .order_by("sort_key", "pk")
        )


class EntryClubForm(forms.Form):
    """The club an entry plays for in the club classification, from the organiser's list."""

    represented_club = IdChoiceField(
        label=_("Club"),
        queryset=RepresentedClub.objects.none(),
        required=False,
        empty_label="—",
        error_messages={"invalid_choice": _("Choose a club from the organiser’s list.")},
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        model_choices(self, "represented_club").queryset = RepresentedClub.objects.filter(
            club_id=tournament.club_id
        ).order_by("name")


class WalkInForm(forms.Form):
    """A walk-in: his licence number (matched at once to its holder), or his names."""

    licence_number = forms.CharField(
        label=_("Licence number"),
        max_length=30,
        required=False,
        help_text=_("If he has one: the player holding it is registered, wherever he plays."),
    )
    first_name = forms.CharField(
        label=_("First name"),
        max_length=80,
        required=False,
        validators=[PlainNameValidator(_("First name"))],
    )
    last_name = forms.CharField(
        label=_("Last name"),
        max_length=80,
        required=False,
        validators=[PlainNameValidator(_("Last name"))],
    )
    substitute = forms.BooleanField(label=_("Substitute"), required=False)
    table_filler = forms.BooleanField(
        label=_("Host filling a table"),
        required=False,
        help_text=_("Left out of the rating for this tournament; his table counts for the others."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        first, last = cleaned.get("first_name", "").strip(), cleaned.get("last_name", "").strip()
        if cleaned.get("licence_number", "").strip() or self.errors:
            return cleaned
        for name, value in (("first_name", first), ("last_name", last)):
            if not value:
                self.add_error(
                    name,
                    _("“%(field)s” is required, unless a licence number is typed.")
                    % {"field": self.fields[name].label},
                )
        if first and last and club_player_named(self.club, first, last) is not None:
            raise forms.ValidationError(
                _("%(name)s is already a player of the club: register him from the members list.")
                % {"name": f"{first} {last}"}
            )
        return cleaned


class EntryChoiceField(IdChoiceField[Entry]):
    """A registered player, listed by his name."""

    def label_from_instance(self, obj: Entry) -> str:
        return obj.player.full_name


class TwoPlayersForm(forms.Form):
    """Two different registered players (``first``, ``second``), chosen from ``entries``."""

    def set_entries(self, entries: QuerySet[Entry]) -> None:
        entries = entries.select_related("player").order_by(
            "player__last_name", "player__first_name"
        )
        for name in ("first", "second"):
            model_choices(self, name).queryset = entries

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            self.add_error("second", _("Choose two different players."))
        return cleaned


class SwapForm(TwoPlayersForm):
    first = EntryChoiceField(label=_("Player"), queryset=Entry.objects.none())
    second = EntryChoiceField(label=_("swaps with"), queryset=Entry.objects.none())

    def __init__(self, *args: Any, round_: Round, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_entries(Entry.objects.filter(seats__round=round_))


def _stored_rules(game: str, rules: dict[str, Any] | None) -> dict[str, Any]:
    """The club's full ruleset; one stored before the bounds existed (e.g. 99999999 minutes)
    is shown as stored, over the defaults, so that the club can correct it here."""
    spec = GAMES[game]
    try:
        return spec.validate_rules(rules or None)
    except InvalidDeal:
        defaults = spec.default_rules()
        return {**defaults, **{k: v for k, v in (rules or {}).items() if k in defaults}}


class RulesForm(forms.Form):
    """A club's ruleset as a form: the inputs its game's plug-in gives (``rule_fields``),
    grouped as the page shows them. The game's ``validate_rules`` has the last word."""

    def __init__(self, *args: Any, game: str, rules: dict[str, Any] | None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.plugin = plugin_for(game)
        self.base = _stored_rules(game, rules)
        self.rules: dict[str, Any] = {}
        self.rule_fields: list[RuleField] = self.plugin.rule_fields(self.base)
        for rule_field in self.rule_fields:
            self.fields[rule_field.name] = rule_field.field
        # The page's groups (templates/tournaments/staff/rules.html), each a list of names.
        groups = {g: [f.name for f in self.rule_fields if f.group == g] for g in GROUPS}
        self.contract_fields, self.counter_fields = groups[CONTRACTS], groups[COUNTERS]
        self.table_fields, self.setting_fields = groups[TABLES], groups[SETTINGS]
        self.contract_rows = self._rows(CONTRACTS)
        self.game_rows = self._rows(GAME_TABLE)
        self.counter_rows = self._rows(COUNTERS)
        self.table_rows = self._rows(TABLES)
        self.setting_rows = self._rows(SETTINGS)

    def _rows(self, group: str) -> list[tuple[object, list[forms.BoundField]]]:
        """A group's inputs as the page shows them: (row's name or None, bound fields), one
        row per contract of a table, the others alone."""
        rows: list[tuple[object, list[forms.BoundField]]] = []
        for rule_field in self.rule_fields:
            if rule_field.group != group:
                continue
            if rule_field.row is not None and rows and rows[-1][0] == rule_field.row:
                rows[-1][1].append(self[rule_field.name])
            else:
                rows.append((rule_field.row, [self[rule_field.name]]))
        return rows

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        rules = copy.deepcopy(self.base)
        for rule_field in self.rule_fields:
            if rule_field.name in cleaned:
                rule_field.write(rules, cleaned[rule_field.name])
        problems = self.plugin.finish_rules(rules) or self.plugin.rule_problems(rules)
        for key, message in problems.items():
            self._add_rule_error(key, message)
        if problems:
            return cleaned
        try:
            self.rules = self.plugin.spec.validate_rules(rules)
            self.plugin.spec.bye_line(self.rules)
        except InvalidDeal as error:
            self._add_rule_error(str(error.params.get("key", "")), rules_message(error))
        return cleaned

    def _add_rule_error(self, key: str, message: str) -> None:
        """On the input of the ruleset key named, or above the form (a row of a table:
        ``contracts[3].points``, named in the message)."""
        if "[" in key:
            self.add_error(None, labelled(key, message))
            return
        names = [f.name for f in self.rule_fields if f.key == key]
        # A table's error (``negative_quotas``) on its first input (``negative_quotas.tricks``).
        names = names or [f.name for f in self.rule_fields if (f.key or "").startswith(f"{key}.")]
        self.add_error(names[0] if names else None, message)


class TeamForm(TwoPlayersForm):
    """Two registered players without a partner, paired into a team."""

    first = EntryChoiceField(
        label=_("Player"),
        queryset=Entry.objects.none(),
        error_messages={"required": _("Choose the first player of the team.")},
    )
    second = EntryChoiceField(
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

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_entries(
            Entry.objects.filter(tournament=tournament, team__isnull=True, withdrawn=False)
        )


class ArchiveSettingsForm(forms.Form):
    """What every archived evening of a page or a file shares: season, game, rounds."""

    season = IdChoiceField(label=_("Season"), queryset=Season.objects.none())
    game = forms.ChoiceField(label=_("Game"), choices=())
    rounds = forms.IntegerField(
        label=_("Rounds (pools) each player played"),
        initial=1,
        min_value=1,
        max_value=20,
        help_text=_("Shown in the season's standings; the points are those of the evening."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        seasons = Season.objects.filter(club=club).order_by("-start")
        model_choices(self, "season").queryset = seasons
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)  # declared on the form
        game.choices = archive.archive_game_choices()
        season = seasons.first()
        if season is not None and not self.is_bound:
            self.initial.setdefault("season", season.pk)


class ArchiveImportForm(ArchiveSettingsForm):
    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "An .xlsx or .csv file whose first row names the columns: Date, Joueur (or Nom and "
            "Prénom), Points, and optionally Licence, Points de place and Rang. One evening "
            "per date."
        ),
    )

    def clean_file(self) -> object:
        return checked_spreadsheet(self.cleaned_data["file"])


class ArchiveConfirmForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput)
    create_players = forms.BooleanField(
        label=_("Add the new players listed above to the club's members"), required=False
    )


class ArchiveEveningForm(ArchiveSettingsForm):
    """One archived evening typed on a page: its date, then each member's points (blank:
    absent) and place points (optional). Every problem is named on its field; nothing is
    saved while one remains."""

    date = forms.DateField(label=_("Date"), widget=DateInput())

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, club=club, **kwargs)
        self.members = list(
            Player.objects.filter(clubs=club)
            .order_by("sort_key", "pk")
            .only("first_name", "last_name", "licence_number", "sort_key")
        )
        for player in self.members:
            self.fields[f"points_{player.pk}"] = forms.CharField(
                label=_("Points of %(player)s") % {"player": player.full_name},
                required=False,
                max_length=12,
            )
            self.fields[f"place_{player.pk}"] = forms.CharField(
                label=_("Place points of %(player)s") % {"player": player.full_name},
                required=False,
                max_length=12,
            )
            self.fields[f"rank_{player.pk}"] = forms.CharField(
                label=_("Rank of %(player)s") % {"player": player.full_name},
                required=False,
                max_length=12,
            )
        self.rows: list[ArchiveRow] = []

    def member_lines(
        self,
    ) -> list[tuple[Player, forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [
            (p, self[f"points_{p.pk}"], self[f"place_{p.pk}"], self[f"rank_{p.pk}"])
            for p in self.members
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        day: Date | None = data.get("date")
        season, game = data.get("season"), data.get("game")
        rows: list[ArchiveRow] = []
        for player in self.members:
            points = (data.get(f"points_{player.pk}") or "").strip()
            place = (data.get(f"place_{player.pk}") or "").strip()
            rank = (data.get(f"rank_{player.pk}") or "").strip()
            if not points and not place and not rank:
                continue
            rows.append(
                ArchiveRow(
                    line=player.pk,
                    date=day.strftime("%d/%m/%Y") if day else "",
                    player=player.full_name,
                    licence_number=player.licence_number,
                    member_id=player.pk,
                    points=points,
                    place_points=place,
                    rank=rank,
                )
            )
        if not rows:
            raise forms.ValidationError(
                _("Enter the points of at least one player present that evening.")
            )
        if day is None or season is None or not game:
            return data
        archive.check_rows(self.club, season, game, rows)
        columns = {"date": "date", "player": "points_{}", "points": "points_{}"}
        columns["place_points"] = "place_{}"
        columns["rank"] = "rank_{}"
        for row in rows:
            for column, error in zip(row.error_fields, row.errors, strict=True):
                name = columns[column].format(row.line)
                if error not in self.errors.get(name, []):
                    self.add_error(name, error)
        self.rows = rows
        return data


class HoldForm(forms.Form):
    """« Emporter la soirée »: the name of the laptop that takes the tournament."""

    holder = forms.CharField(
        label=_("Laptop’s name"),
        max_length=HOLDER_MAX_LENGTH,
        help_text=_("As the laptop is known at the club (“Portable du bar”)."),
        error_messages={
            "required": _("Laptop’s name: name the laptop that takes the evening."),
            "max_length": _("Laptop’s name: at most %(limit_value)d characters."),
        },
    )
