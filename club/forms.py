from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
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


class LoginForm(AuthenticationForm):
    """Django's login form, with the user name's length checked.

    Django sets the field's ``max_length`` after building it, so no validator comes with it:
    a 1 MB « user name » reached ``authenticate``, and django-axes, recording the failure,
    wrote it to a 255-character column (a server error on PostgreSQL).
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))
