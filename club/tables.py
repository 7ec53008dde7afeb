"""The club's staff lists (django-tables2)."""

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Club, Player
from .privacy import public_mode_label


class MembersTable(tables.Table):
    """The club's players, with how each shows in public and a link to his privacy page."""

    name = tables.Column(accessor="full_name", order_by=("sort_key",), verbose_name=_("Player"))
    licence_number = tables.Column(verbose_name=_("Licence"), default="—")
    public = tables.Column(
        accessor="public_name",
        orderable=False,
        empty_values=(),  # "" is « as the club sets »: rendered too
        verbose_name=_("Name in public"),
    )

    class Meta:
        model = Player
        fields = ("name", "licence_number", "public")
        attrs = {"class": "table", "id": "members"}
        empty_text = _("No member yet.")

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def render_name(self, record: Player, value: str) -> str:
        url = reverse("club_member", args=[self.club.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_public(self, record: Player) -> str:
        return public_mode_label(record, self.club)
