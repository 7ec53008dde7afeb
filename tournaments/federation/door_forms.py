"""The club's form for a tournament counting for a federation (issue 35 §3): every field is
labelled, a refusal names it."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament

from .door import counting_federations
from .models import Federation


class CountedForm(forms.Form):
    federation = forms.ModelChoiceField(
        label=_("Counts for the federation"),
        queryset=Federation.objects.none(),
        required=False,
        empty_label=_("— no federation —"),
        help_text=_(
            "The federations the club is a member of that rank this game; the season is the "
            "one holding the tournament's date."
        ),
        error_messages={
            "invalid_choice": _(
                "“Counts for the federation”: choose one of the federations listed."
            )
        },
    )
    unlicensed_may_play = forms.BooleanField(
        label=_("Players without a valid licence may play"), required=False, initial=True
    )
    unlicensed_results_count = forms.BooleanField(
        label=_("Their results count for the federation"), required=False
    )

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ids = [federation.pk for federation in counting_federations(tournament)]
        field = self.fields["federation"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Federation.objects.filter(pk__in=ids).order_by("name")
