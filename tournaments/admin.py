from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club.admin import ClubScopedMixin
from scoring import GAMES, InvalidDeal

from .models import Entry, GameRules, ResultChange, Round, Tournament
from .services import holds, rulesets
from .services.errors import TournamentHeld


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


def _tournament_id(obj: Model | None) -> int | None:
    """The tournament a row belongs to (a tournament is its own; an inline's ``obj`` is its
    parent's tournament)."""
    if isinstance(obj, Tournament):
        return obj.pk
    return getattr(obj, "tournament_id", None)


class HeldReadOnly:
    """While a laptop holds a tournament (« Emporter la soirée »), the admin changes none of its
    rows: their pages read only. Mixed into the model admins and inlines of a tournament's rows
    (``super()`` is the admin class, which mypy cannot see: each call to it is marked
    ``type: ignore[misc]``); the pages only read the hold (``holds.held_refusal``)."""

    def held(self, obj: Model | None) -> TournamentHeld | None:
        tournament_id = _tournament_id(obj)
        return None if tournament_id is None else holds.held_refusal(tournament_id)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        # An inline's ``obj`` (the tournament) comes as the one positional argument.
        allowed: bool = super().has_add_permission(request, *args)  # type: ignore[misc]
        return allowed and not (args and self.held(args[0]))

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed: bool = super().has_change_permission(request, obj)  # type: ignore[misc]
        return allowed and self.held(obj) is None

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        allowed: bool = super().has_delete_permission(request, obj)  # type: ignore[misc]
        return allowed and self.held(obj) is None


class HoldGuarded(HeldReadOnly):
    """A model admin of a tournament's rows: read only while held, with the hold's message; a
    change or a deletion sent anyway (a page loaded before the hold, « delete selected ») is
    refused with it and nothing is written. The write passes the services' guard
    (``holds.ensure_writable``, which locks the tournament's row: a hold taken meanwhile is
    seen)."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        tournament_id = _tournament_id(obj)  # None: a new tournament, held by nobody
        if tournament_id is not None:
            holds.ensure_writable(tournament_id)
        super().save_model(request, obj, form, change)  # type: ignore[misc]

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        holds.ensure_writable(_tournament_id(obj) or 0)
        super().delete_model(request, obj)  # type: ignore[misc]

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        holds.ensure_none_held({_tournament_id(obj) or 0 for obj in queryset})
        super().delete_queryset(request, queryset)  # type: ignore[misc]

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        # « Delete selected », or one: refused with the hold's message, not a bare 403 (a
        # held tournament's rows may not be deleted).
        for tournament_id in sorted({_tournament_id(obj) or 0 for obj in objs}):
            refusal = holds.held_refusal(tournament_id)
            if refusal is not None:
                raise refusal
        return super().get_deleted_objects(objs, request)  # type: ignore[misc]

    def _refused(
        self, request: HttpRequest, refusal: TournamentHeld, object_id: str
    ) -> HttpResponse:
        messages.error(request, str(refusal))
        opts = self.opts  # type: ignore[attr-defined]
        url = f"admin:{opts.app_label}_{opts.model_name}_change"
        return HttpResponseRedirect(reverse(url, args=[object_id]))

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        refusal = self.held(self.get_object(request, object_id)) if object_id else None  # type: ignore[attr-defined]
        if refusal is not None and object_id is not None:
            if request.method == "POST":  # a page loaded before the hold: not Django's bare 403
                return self._refused(request, refusal, object_id)
            messages.error(request, str(refusal))
        try:
            response: HttpResponse = super().changeform_view(  # type: ignore[misc]
                request, object_id, form_url, extra_context
            )
        except TournamentHeld as held:  # held meanwhile: the admin's transaction rolled back
            if object_id is None:
                messages.error(request, str(held))
                return HttpResponseRedirect(request.get_full_path())
            return self._refused(request, held, object_id)
        return response

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        refusal = self.held(self.get_object(request, object_id))  # type: ignore[attr-defined]
        if refusal is not None:
            return self._refused(request, refusal, object_id)
        try:
            response: HttpResponse = super().delete_view(request, object_id, extra_context)  # type: ignore[misc]
        except TournamentHeld as held:
            return self._refused(request, held, object_id)
        return response

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        # « Delete selected »: its history lines undone with its deletions when one of the
        # rows' tournaments is held.
        try:
            with transaction.atomic():
                response: HttpResponse = super().changelist_view(request, extra_context)  # type: ignore[misc]
        except TournamentHeld as held:
            messages.error(request, str(held))
            return HttpResponseRedirect(request.get_full_path())
        return response


class EntryInline(HeldReadOnly, ClubScopedMixin, admin.TabularInline[Entry, Tournament]):
    model = Entry
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "present", "paid", "substitute", "table_filler", "withdrawn"]


@admin.register(Tournament)
class TournamentAdmin(HoldGuarded, ClubScopedMixin, admin.ModelAdmin[Tournament]):
    list_display = ["name", "date", "game", "club", "season", "status", "published"]
    list_filter = ["club", "season", "game", "status", "published"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [EntryInline]
    readonly_fields = ["rules", "status"]


@admin.register(Round)
class RoundAdmin(HoldGuarded, ClubScopedMixin, admin.ModelAdmin[Round]):
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
