import unicodedata
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.files.uploadedfile import UploadedFile
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

from .fields import IdField
from .models import Club, Player, PublicName, RepresentedClub, Season, StaffMembership
from .services import LINK, PASSWORD
from .spreadsheet_limits import limits, too_large_message
from .usernames import TAKEN, lookalike_of
from .validators import PlainNameValidator


def checked_spreadsheet(upload: UploadedFile) -> UploadedFile:
    """An uploaded .xlsx or .csv of a club's import (members, archived evenings), refused
    before a byte of it is parsed when it is of another kind or too large."""
    if not (upload.name or "").lower().endswith((".xlsx", ".csv")):
        raise forms.ValidationError(_("Choose an .xlsx or .csv file."))
    if (upload.size or 0) > limits().max_bytes:  # Django sets an upload's size
        raise forms.ValidationError(too_large_message(), code="too_large")
    return upload


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "An .xlsx or .csv file whose first row names the columns: Nom, Prénom, "
            "and optionally E-mail, Téléphone, Licence."
        ),
    )

    def clean_file(self) -> UploadedFile:
        return checked_spreadsheet(self.cleaned_data["file"])


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        # Django's UsernameField, its max_length set by the form (the user model's).
        assert isinstance(field, forms.CharField) and field.max_length is not None
        field.validators.append(MaxLengthValidator(field.max_length))


class AccountForm(forms.Form):
    """A new staff account: who, and how he gets in (a one-time link, or a password that the
    page shows once, to hand over)."""

    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("Letters, digits and @ . + - _ only; what he types to log in."),
    )
    first_name = forms.CharField(
        label=_("First name"), max_length=80, validators=[PlainNameValidator(_("first name"))]
    )
    last_name = forms.CharField(
        label=_("Last name"), max_length=80, validators=[PlainNameValidator(_("last name"))]
    )
    email = forms.EmailField(label=_("E-mail"), required=False)
    handover = forms.ChoiceField(
        label=_("How he gets in"),
        choices=[
            (LINK, _("A one-time link to set his own password (valid 3 days)")),
            (PASSWORD, _("A password shown once, to hand over")),
        ],
        initial=LINK,
        widget=forms.RadioSelect,
    )

    def clean_username(self) -> str:
        # Stored as Django stores it (NFKC); compared case folded too, so that no look-alike
        # of another's name is created (login stays Django's: NFKC, then exact).
        username = unicodedata.normalize("NFKC", self.cleaned_data["username"])
        if lookalike_of(username) is not None:
            raise forms.ValidationError(TAKEN)
        return username

    def account(self) -> dict[str, str]:
        return {name: self.cleaned_data[name] for name in ACCOUNT_FIELDS}


ACCOUNT_FIELDS = ("username", "first_name", "last_name", "email", "handover")


class ClubCreateForm(AccountForm):
    """The site's administrator: a new club and its first committee member."""

    name = forms.CharField(
        label=_("Club name"), max_length=120, validators=[PlainNameValidator(_("name"))]
    )
    slug = forms.SlugField(
        label=_("Address of the club's page"),
        max_length=60,
        help_text=_("Lower-case letters, digits and hyphens: /club/<address>/."),
    )
    field_order = ["name", "slug", *ACCOUNT_FIELDS]

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if Club.objects.filter(name__iexact=name).exists():
            raise forms.ValidationError(_("A club with this name already exists."))
        return name

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data["slug"]
        if Club.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("This address is already another club's."))
        return slug


class StaffInviteForm(AccountForm):
    role = forms.ChoiceField(label=_("Role"), choices=StaffMembership.Role.choices)
    field_order = ["role", *ACCOUNT_FIELDS]


class RoleForm(forms.Form):
    user = IdField(model=get_user_model(), widget=forms.HiddenInput)
    role = forms.ChoiceField(label=_("Role"), choices=StaffMembership.Role.choices)


class ClubNamesForm(forms.ModelForm[Club]):
    """The club's settings: how names are written (« Guy Henrard » or « Henrard Guy »), the
    language of its pages, sheets and exports, and whether a timed round's clock starts with
    the round."""

    class Meta:
        model = Club
        fields = ["name_order", "language", "clock_with_round"]
        widgets = {"name_order": forms.RadioSelect}
        error_messages = {
            "name_order": {
                "required": _("Players' names: choose how they are written."),
                "invalid_choice": _("Players' names: choose one of the two orders."),
            },
            "language": {
                "required": _("Language: choose the language of the club's pages."),
                "invalid_choice": _("Language: choose one of the site's languages."),
            },
        }


class SeasonForm(forms.ModelForm[Season]):
    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if Season.objects.filter(club_id=self.instance.club_id, name__iexact=name).exists():
            raise forms.ValidationError(_("This club already has a season with this name."))
        return name


class PlayerPrivacyForm(forms.ModelForm[Player]):
    """How a player shows on the public pages (chosen by the club with him)."""

    class Meta:
        model = Player
        fields = ["public_name", "pseudonym"]

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        default = dict(PublicName.choices)[club.default_public_name]
        field = self.fields["public_name"]
        assert isinstance(field, forms.ChoiceField)  # a model field with choices
        field.choices = [
            ("", _("As the club sets (%(mode)s)") % {"mode": default}),
            *PublicName.choices,
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("public_name") == PublicName.PSEUDONYM and not data.get("pseudonym"):
            self.add_error("pseudonym", _("Type the pseudonym the player chose."))
        return data


class ClubPrivacyForm(forms.ModelForm[Club]):
    """The club's privacy settings: default public names, its notice, search engines."""

    class Meta:
        model = Club
        fields = ["default_public_name", "privacy_notice", "hide_from_search_engines"]
        widgets = {"privacy_notice": forms.Textarea(attrs={"rows": 12})}


class EraseConfirmForm(forms.Form):
    """The committee types « EFFACER » (or its language's word): an erasure cannot be undone."""

    confirm = forms.CharField(label=_("Type ERASE to confirm"), max_length=20)

    def clean_confirm(self) -> str:
        typed: str = self.cleaned_data["confirm"].strip()
        if typed.casefold() != str(_("ERASE")).casefold():
            raise forms.ValidationError(
                _("Type %(word)s in capitals to confirm the erasure.") % {"word": _("ERASE")}
            )
        return typed


class RepresentedClubForm(forms.ModelForm[RepresentedClub]):
    """A club of the organiser's list (the club classification of its open tournaments)."""

    class Meta:
        model = RepresentedClub
        fields = ["name"]
        labels = {"name": _("Club name")}
        help_texts = {"name": _("As the standings write it, e.g. « Whist Club Namur ».")}

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        taken = RepresentedClub.objects.filter(club_id=self.instance.club_id, name__iexact=name)
        if taken.exists():
            raise forms.ValidationError(_("This club is already in the list."))
        return name
