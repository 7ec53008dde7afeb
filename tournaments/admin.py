from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from club.admin import ClubScopedMixin
from scoring import GAMES, InvalidDeal

from .models import Entry, GameRules, ResultChange, Round, Tournament


class GameRulesForm(forms.ModelForm):
    class Meta:
        model = GameRules
        fields = ["club", "game", "rules"]

    def clean(self):
        cleaned = super().clean()
        game, rules = cleaned.get("game"), cleaned.get("rules")
        if game in GAMES:
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
class GameRulesAdmin(ClubScopedMixin, admin.ModelAdmin):
    form = GameRulesForm
    list_display = ["club", "game"]
    list_filter = ["club", "game"]


class EntryInline(ClubScopedMixin, admin.TabularInline):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "present", "paid", "substitute", "withdrawn"]


@admin.register(Tournament)
class TournamentAdmin(ClubScopedMixin, admin.ModelAdmin):
    list_display = ["name", "date", "game", "club", "season", "status", "published"]
    list_filter = ["club", "season", "game", "status", "published"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [EntryInline]
    readonly_fields = ["rules", "status"]


@admin.register(Round)
class RoundAdmin(ClubScopedMixin, admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "repeats", "lower_bound"]
    list_filter = ["status", "tournament__club"]
    readonly_fields = ["repeats", "lower_bound", "seed"]


@admin.register(ResultChange)
class ResultChangeAdmin(ClubScopedMixin, admin.ModelAdmin):
    """The results history is evidence: it can be read here, never edited."""

    list_display = ["table", "version", "user", "at"]
    list_filter = ["user"]
    readonly_fields = ["table", "version", "user", "at", "before", "after"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
