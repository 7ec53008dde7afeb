"""The desk's import form: one file, bounded before it is read."""

from django import forms
from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class BundleUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Tournament's bundle (.json.gz)"),
        help_text=gettext_lazy("The file « Export the tournament » gave, on this site or another."),
    )

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        limit = settings.ATOUT_BUNDLE_MAX_BYTES
        if upload.size is not None and upload.size > limit:
            raise forms.ValidationError(
                _("The file is larger than %(size)s: it is not a tournament's bundle.")
                % {"size": filesizeformat(limit)},
                code="too_large",
            )
        return upload


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
