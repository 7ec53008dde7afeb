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

from .models import Federation


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
