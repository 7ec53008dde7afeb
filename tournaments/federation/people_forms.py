"""The committee's forms merging two records of one person (issue 35 §2): a search among the
federation's players (by name or licence number, no list of all of them), then the two
records picked among its matches."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from club.models import Player

#: The shortest and longest search typed.
SEARCH_LENGTH = (2, 80)


def player_label(player: Player) -> str:
    clubs = ", ".join(club.name for club in player.clubs.all())
    return f"{player.full_name} — {clubs}"


class PlayerSearchForm(forms.Form):
    """What the committee types to find the two records (a GET form: no JavaScript)."""

    q = forms.CharField(
        label=_("Search a player"),
        min_length=SEARCH_LENGTH[0],
        max_length=SEARCH_LENGTH[1],
        help_text=_(
            "A part of the name common to both records, or a licence number; 20 matches at most."
        ),
        error_messages={
            "required": _("“Search a player”: type a part of a name or a licence number."),
            "min_length": _("“Search a player”: type at least %(limit_value)d characters."),
            "max_length": _("“Search a player”: %(limit_value)d characters at most."),
        },
    )

    def clean_q(self) -> str:
        typed = " ".join(
            "".join(c if c.isprintable() else " " for c in self.cleaned_data["q"]).split()
        )
        if len(typed) < SEARCH_LENGTH[0]:
            raise forms.ValidationError(
                _("“Search a player”: type at least %(limit_value)d characters.")
                % {"limit_value": SEARCH_LENGTH[0]}
            )
        return typed


class MergeForm(forms.Form):
    """Two players of the federation's clubs, by their ids (picked among a search's matches):
    one outside them answers 404 (the view looks them up among the federation's own)."""

    kept = forms.IntegerField(
        label=_("The record kept"),
        error_messages={
            "required": _("“The record kept”: choose a player."),
            "invalid": _("“The record kept”: choose a player."),
        },
    )
    absorbed = forms.IntegerField(
        label=_("The record merged into it"),
        help_text=_("Its results, memberships, clubs and licences move to the record kept."),
        error_messages={
            "required": _("“The record merged into it”: choose a player."),
            "invalid": _("“The record merged into it”: choose a player."),
        },
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("kept") is not None and cleaned.get("kept") == cleaned.get("absorbed"):
            self.add_error(
                "absorbed",
                _("“The record merged into it”: choose another player than the kept one."),
            )
        return cleaned
