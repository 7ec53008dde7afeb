"""The desk's import form: one file, bounded before it is read."""

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy

from .services.document import BundleError, read_limited


class BundleUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Tournament's bundle (.json.gz)"),
        help_text=gettext_lazy("The file « Export the tournament » gave, on this site or another."),
    )

    def clean_file(self) -> bytes:
        """The file's bytes, refused past ``ATOUT_BUNDLE_MAX_BYTES`` before the rest is read."""
        upload: UploadedFile = self.cleaned_data["file"]
        try:
            return read_limited(upload)
        except BundleError as error:
            raise forms.ValidationError(str(error), code="too_large") from error

    def refused_status(self) -> int:
        """The status of the page showing this form's errors: 413 for a file too large."""
        return 413 if self.has_error("file", "too_large") else 400


class BundleConfirmForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput)


class ReturnForm(forms.Form):
    """« Rapporter la soirée »: a safety copy, or the evening's last bundle (its import on the
    site releases the hold)."""

    COPY = "copy"
    FINAL = "final"
    kind = forms.ChoiceField(
        label=gettext_lazy("Which bundle"),
        choices=[
            (COPY, gettext_lazy("A safety copy (the evening goes on)")),
            (FINAL, gettext_lazy("The evening's last version (its import ends the lease)")),
        ],
        widget=forms.RadioSelect,
        error_messages={"required": gettext_lazy("Choose which bundle: a copy or the last one.")},
    )
