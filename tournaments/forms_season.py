"""The season page's forms: the period a ranking covers (a visitor's GET form) and the club's
attendance threshold (the committee's)."""

import datetime
import re
from typing import Any

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from club.models import Season

from .forms import DateInput
from .selectors.season_totals import Period


class PeriodForm(forms.Form):
    """A month (« mois=2026-03 », the page's links) or a date range (« du », « au »), inside
    the season. Bound to the page's query: a bad value is named on its field, the page still
    shows the season's rankings."""

    mois = forms.CharField(required=False, widget=forms.HiddenInput)
    du = forms.DateField(
        label=_("From"),
        required=False,
        widget=DateInput(),  # type: ignore[no-untyped-call]  # tournaments.forms: not typed yet
        error_messages={"invalid": _("The date “From” is not a date (write it as 31/01/2026).")},
    )
    au = forms.DateField(
        label=_("To"),
        required=False,
        widget=DateInput(),  # type: ignore[no-untyped-call]  # tournaments.forms: not typed yet
        error_messages={"invalid": _("The date “To” is not a date (write it as 31/01/2026).")},
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.season = season

    def clean_mois(self) -> Period | None:
        text = self.cleaned_data["mois"].strip()
        if not text:
            return None
        match = re.fullmatch(r"(\d{4})-(\d{1,2})", text)
        if not match or not 1 <= int(match[2]) <= 12:
            raise forms.ValidationError(_("Choose a month among the season's links."))
        return Period.of_month(int(match[1]), int(match[2]))

    def _inside(self, name: str, day: datetime.date) -> None:
        season = self.season
        if not season.start <= day <= season.end:
            self.add_error(
                name,
                _("The date %(date)s is outside the season (%(start)s – %(end)s).")
                % {
                    "date": date_format(day, "SHORT_DATE_FORMAT"),
                    "start": date_format(season.start, "SHORT_DATE_FORMAT"),
                    "end": date_format(season.end, "SHORT_DATE_FORMAT"),
                },
            )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        start, end = data.get("du"), data.get("au")
        typed = {name: (self.data.get(name) or "").strip() for name in ("du", "au")}
        if typed["du"] and not typed["au"]:
            self.add_error("au", _("Give the last day of the period too."))
        if typed["au"] and not typed["du"]:
            self.add_error("du", _("Give the first day of the period too."))
        if start and end and end < start:
            self.add_error("au", _("The last day of the period is before its first day."))
        for name, day in (("du", start), ("au", end)):
            if day and name not in self.errors:
                self._inside(name, day)
        return data

    def period(self) -> Period | None:
        """The period asked for (a range before a month), or None: none, or in error."""
        if not self.is_bound or not self.is_valid():
            return None
        start, end = self.cleaned_data.get("du"), self.cleaned_data.get("au")
        if start and end:
            return Period(start, end)
        return self.cleaned_data.get("mois")


class AttendanceThresholdForm(forms.ModelForm[Season]):
    """The committee's « repas offert après 15 soirées » (empty: no threshold)."""

    class Meta:
        model = Season
        fields = ["attendance_threshold"]
        labels = {"attendance_threshold": _("Evenings for the attendance reward")}
        help_texts = {
            "attendance_threshold": _(
                "A meal offered after 15 evenings: type 15. Empty: no threshold."
            )
        }
        error_messages = {
            "attendance_threshold": {
                "invalid": _("The number of evenings must be a whole number, from 1 to 366."),
                "min_value": _("The number of evenings must be a whole number, from 1 to 366."),
                "max_value": _("The number of evenings must be a whole number, from 1 to 366."),
            }
        }
        widgets = {"attendance_threshold": forms.NumberInput(attrs={"min": 1, "max": 366})}
