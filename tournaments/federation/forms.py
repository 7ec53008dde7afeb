"""The federation's forms: created by the site's administrator, its committee, a club's
request to join. Every field is labelled: a refusal names it."""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from club.forms import checked_spreadsheet
from club.language import language_choices
from club.validators import PlainNameValidator
from tournaments.models import game_choices

from .models import RULE_FIELDS, Federation


class FederationCreateForm(forms.Form):
    """The site's administrator: a new federation."""

    name = forms.CharField(
        label=_("Federation name"), max_length=120, validators=[PlainNameValidator(_("name"))]
    )
    slug = forms.SlugField(
        label=_("Address of the federation's page"),
        max_length=60,
        help_text=_("Lower-case letters, digits and hyphens: /federation/<address>/."),
    )
    games = forms.MultipleChoiceField(
        label=_("Games it ranks"), choices=game_choices, widget=forms.CheckboxSelectMultiple
    )
    language = forms.ChoiceField(
        label=_("Language of its pages"), choices=language_choices, initial=settings.LANGUAGE_CODE
    )

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if Federation.objects.filter(name__iexact=name).exists():
            raise forms.ValidationError(_("A federation with this name already exists."))
        return name

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data["slug"]
        if Federation.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("This address is already another federation's."))
        return slug


class GrantForm(forms.Form):
    """A user joins the federation's committee: an account that exists, by its user name."""

    username = forms.CharField(label=_("User name"), max_length=150)

    def clean_username(self) -> Any:
        username: str = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError(_("No account has this user name."))
        return user


class JoinForm(forms.Form):
    """A club's committee: the federation the club asks to join."""

    federation = forms.ModelChoiceField(
        label=_("Federation"),
        queryset=Federation.objects.none(),
        empty_label=None,
        error_messages={"invalid_choice": _("Choose a federation from the list.")},
    )

    def __init__(self, *args: Any, federations: QuerySet[Federation], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["federation"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = federations


class LicenceImportForm(forms.Form):
    """The federation's licence list: an .xlsx or .csv file."""

    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "An .xlsx or .csv file whose first row names the columns: Licence, Nom, Prénom, "
            "Club, Valable du, Valable jusqu’au, and optionally Statut (valide or suspendue)."
        ),
    )

    def clean_file(self) -> object:
        return checked_spreadsheet(self.cleaned_data["file"])


class LicenceConfirmForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput)


class RuleForm(forms.ModelForm[Federation]):
    """The federation's ranking rule (docs/rules/federation.md), within its bounds: the
    service asks ``scoring.federation.check_rule``, the judge, before anything is saved."""

    class Meta:
        model = Federation
        fields = RULE_FIELDS
        help_texts = {
            "step": _("A place p among n entries earns this × (n − p + 1) points."),
            "decay_percent": _(
                "The tournaments of earlier seasons count at their points × (1 − decay) per "
                "season gone by; 0: each season alone."
            ),
            "club_ranking": _("The win percentage applies to team games played as matches."),
        }
        decay = _("The yearly decay is a percentage from 0 up to (not including) 100.")
        error_messages = {
            "decay_percent": {"max_value": decay, "min_value": decay},
            "step": {
                "min_value": _("A better place must earn more points: at least 1 point per place.")
            },
            "best_n": {"min_value": _("At least one tournament counts for each player.")},
            "best_m": {"min_value": _("At least one player counts for each club.")},
        }


class SeasonForm(forms.Form):
    """A federation's season: its name, its dates."""

    name = forms.CharField(
        label=_("Season name"), max_length=60, validators=[PlainNameValidator(_("name"))]
    )
    starts_on = forms.DateField(
        label=_("Starts on"), widget=forms.DateInput(attrs={"type": "date"})
    )
    ends_on = forms.DateField(label=_("Ends on"), widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("starts_on"), cleaned.get("ends_on")
        if start and end and end <= start:
            self.add_error("ends_on", _("The season must end after it starts."))
        return cleaned
