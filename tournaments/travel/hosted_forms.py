"""The federation's form for a club hosted on another Atout site (issue 35 §5)."""

from django import forms
from django.utils.translation import gettext_lazy

from club.validators import PlainNameValidator

from .hosted import HostedError, clean_public_key


class HostedClubForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Club's name"),
        max_length=120,
        validators=[PlainNameValidator(gettext_lazy("Club's name"))],
        help_text=gettext_lazy("As its site writes it: its bundles must bear this name."),
    )
    site_label = forms.CharField(
        label=gettext_lazy("Its site"),
        max_length=120,
        help_text=gettext_lazy("The address of the Atout site that hosts the club."),
    )
    public_key = forms.CharField(
        label=gettext_lazy("Its site's public bundle key"),
        max_length=200,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}
        ),
        help_text=gettext_lazy(
            "64 hexadecimal digits, as « manage.py bundle_key » prints it there."
        ),
    )

    def clean_public_key(self) -> str:
        try:
            return clean_public_key(self.cleaned_data["public_key"])
        except HostedError as error:
            raise forms.ValidationError(error.message, code="invalid_key") from error
