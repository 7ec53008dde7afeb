"""The committee's form merging two records of one person (issue 35 §2)."""

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from club.models import Player


def _label(player: Player) -> str:
    clubs = ", ".join(club.name for club in player.clubs.all())
    return f"{player.full_name} — {clubs}"


class MergeForm(forms.Form):
    """Two players of the federation's clubs, by their ids: one outside them answers 404 (the
    view looks them up among the federation's own)."""

    kept = forms.IntegerField(
        label=_("The record kept"),
        widget=forms.Select,
        error_messages={
            "required": _("“The record kept”: choose a player."),
            "invalid": _("“The record kept”: choose a player."),
        },
    )
    absorbed = forms.IntegerField(
        label=_("The record merged into it"),
        widget=forms.Select,
        help_text=_("Its results, memberships, clubs and licences move to the record kept."),
        error_messages={
            "required": _("“The record merged into it”: choose a player."),
            "invalid": _("“The record merged into it”: choose a player."),
        },
    )

    def __init__(self, *args: Any, players: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(p.pk, _label(p)) for p in players.prefetch_related("clubs")]
        for name in ("kept", "absorbed"):
            widget = self.fields[name].widget
            assert isinstance(widget, forms.Select)
            widget.choices = choices

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("kept") is not None and cleaned.get("kept") == cleaned.get("absorbed"):
            self.add_error(
                "absorbed",
                _("“The record merged into it”: choose another player than the kept one."),
            )
        return cleaned
