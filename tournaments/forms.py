from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Club, Player, Season

from .games import playable_game_choices
from .models import Entry, Tournament


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = ["club", "season", "game", "name", "date", "rounds", "entry_fee"]
        widgets = {"date": DateInput()}
        localized_fields = ["entry_fee"]  # "3,00" as a French user types it

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "—"), *playable_game_choices()]
        self.fields["season"].queryset = Season.objects.select_related("club")
        if self.instance.pk and self.instance.is_started:
            for name in ("club", "game", "rounds"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Cannot change once the tournament has started.")

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
        if self.instance.pk and rounds is not None and rounds < self.instance.round_set.count():
            self.add_error("rounds", _("Rounds already drawn cannot be removed."))
        return cleaned


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
    first_name = forms.CharField(label=_("First name"), max_length=80)
    last_name = forms.CharField(label=_("Last name"), max_length=80)
    substitute = forms.BooleanField(label=_("Substitute"), required=False)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club

    def clean(self):
        cleaned = super().clean()
        first, last = cleaned.get("first_name", "").strip(), cleaned.get("last_name", "").strip()
        if (
            first
            and last
            and Player.objects.filter(
                clubs=self.club, first_name__iexact=first, last_name__iexact=last
            ).exists()
        ):
            raise forms.ValidationError(
                _("%(name)s is already a player of the club: register him from the members list.")
                % {"name": f"{first} {last}"}
            )
        return cleaned


class SwapForm(forms.Form):
    first = forms.ModelChoiceField(label=_("Player"), queryset=Entry.objects.none())
    second = forms.ModelChoiceField(label=_("swaps with"), queryset=Entry.objects.none())

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        entries = (
            Entry.objects.filter(seats__round=round_)
            .select_related("player")
            .order_by("player__last_name", "player__first_name")
        )
        for name in ("first", "second"):
            self.fields[name].queryset = entries
            self.fields[name].label_from_instance = lambda e: e.player.sort_name

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("first") and cleaned.get("first") == cleaned.get("second"):
            self.add_error("second", _("Choose two different players."))
        return cleaned
