from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from scoring import GAMES, InvalidDeal

from .models import GameRules


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
class GameRulesAdmin(admin.ModelAdmin):
    form = GameRulesForm
    list_display = ["club", "game"]
    list_filter = ["club", "game"]
