from django import forms
from django.utils.translation import gettext_lazy as _

from .player_import import MAX_BYTES, too_large_message


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "An .xlsx or .csv file whose first row names the columns: Nom, Prénom, "
            "and optionally E-mail, Téléphone, Licence."
        ),
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if not upload.name.lower().endswith((".xlsx", ".csv")):
            raise forms.ValidationError(_("Choose an .xlsx or .csv file."))
        if upload.size > MAX_BYTES:  # refused before a byte of it is parsed
            raise forms.ValidationError(too_large_message(), code="too_large")
        return upload


class PlayerImportConfirmForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput)
    skip_invalid = forms.BooleanField(
        label=_("Import only the valid rows and leave out the rows in error"), required=False
    )
