from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import Club, Membership, Player, Season


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "entry_fee", "membership_fee", "free_participations"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "email", "phone", "licence_number", "active"]
    list_filter = ["active", "clubs"]
    search_fields = ["last_name", "first_name", "email", "licence_number"]
    filter_horizontal = ["clubs"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "start", "end"]
    list_filter = ["club"]
    search_fields = ["name", "club__name"]
    date_hierarchy = "start"


class PaidFilter(admin.SimpleListFilter):
    title = _("paid")
    parameter_name = "paid"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("yes", _("Yes")), ("no", _("No"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(paid_on__isnull=False)
        if self.value() == "no":
            return queryset.filter(paid_on__isnull=True)
        return queryset


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["player", "season", "amount", "paid_on"]
    list_filter = [PaidFilter, "season__club", "season"]
    search_fields = ["player__last_name", "player__first_name"]
    autocomplete_fields = ["player"]
    list_select_related = ["player", "season__club"]
