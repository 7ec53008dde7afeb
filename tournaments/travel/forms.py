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
