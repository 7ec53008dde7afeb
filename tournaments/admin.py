from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from club.admin import ClubScopedMixin
from scoring import GAMES, InvalidDeal

from .models import Entry, GameRules, ResultChange, Round, Tournament
from .services import rulesets


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
    list_display = ["club", "game", "version"]
    list_filter = ["club", "game"]

    def get_readonly_fields(self, request, obj=None):
        # A ruleset belongs to its club and game: a change is a new version of it.
        return ["club", "game", "version"] if obj is not None else ["version"]

    def save_model(self, request, obj, form, change):
        """Saved as the rules page saves it: a new version, with who saved it."""
        saved = rulesets.save_club_rules(obj.club, game=obj.game, rules=obj.rules, by=request.user)
        obj.pk, obj.version = saved.pk, saved.version


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
