from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from club.admin import ClubScopedMixin
from scoring import GAMES, InvalidDeal

from .models import Entry, GameRules, ResultChange, Round, Tournament
from .services import rulesets


class GameRulesForm(forms.ModelForm[GameRules]):
    class Meta:
        model = GameRules
        fields = ["club", "game", "rules"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        game: str | None = cleaned.get("game")
        rules = cleaned.get("rules")
        if game is not None and game in GAMES:
            try:
                cleaned["rules"] = GAMES[game].validate_rules(rules or None)
            except InvalidDeal as error:
                self.add_error(
                    "rules",
                    _("These rules are not valid: %(key)s %(reason)s")
                    % {
                        "key": error.params.get("key", ""),
                        "reason": error.params.get("reason", ""),
                    },
                )
        return cleaned


@admin.register(GameRules)
class GameRulesAdmin(ClubScopedMixin, admin.ModelAdmin[GameRules]):
    form = GameRulesForm
    list_display = ["club", "game", "version"]
    list_filter = ["club", "game"]

    def get_readonly_fields(self, request: HttpRequest, obj: GameRules | None = None) -> list[str]:
        # A ruleset belongs to its club and game: a change is a new version of it.
        return ["club", "game", "version"] if obj is not None else ["version"]

    def save_model(
        self, request: HttpRequest, obj: GameRules, form: GameRulesForm, change: bool
    ) -> None:
        """Saved as the rules page saves it: a new version, with who saved it."""
        saved = rulesets.save_club_rules(obj.club, game=obj.game, rules=obj.rules, by=request.user)
        obj.pk, obj.version = saved.pk, saved.version


class EntryInline(ClubScopedMixin, admin.TabularInline[Entry, Tournament]):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "present", "paid", "substitute", "table_filler", "withdrawn"]


@admin.register(Tournament)
class TournamentAdmin(ClubScopedMixin, admin.ModelAdmin[Tournament]):
    list_display = ["name", "date", "game", "club", "season", "status", "published"]
    list_filter = ["club", "season", "game", "status", "published"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [EntryInline]
    readonly_fields = ["rules", "status"]


@admin.register(Round)
class RoundAdmin(ClubScopedMixin, admin.ModelAdmin[Round]):
    list_display = ["tournament", "number", "status", "repeats", "lower_bound"]
    list_filter = ["status", "tournament__club"]
    readonly_fields = ["repeats", "lower_bound", "seed"]


@admin.register(ResultChange)
class ResultChangeAdmin(ClubScopedMixin, admin.ModelAdmin[ResultChange]):
    """The results history is evidence: it can be read here, never edited."""

    list_display = ["table", "version", "user", "at"]
    list_filter = ["user"]
    readonly_fields = ["table", "version", "user", "at", "before", "after"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ResultChange | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ResultChange | None = None) -> bool:
        return False
