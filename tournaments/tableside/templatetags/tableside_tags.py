"""The phones' part of the staff desk's pages: a round's table links as QR codes."""

from django import template

from tournaments.site import site_root

from .. import qr

register = template.Library()


@register.simple_tag(takes_context=True)
def round_codes(context, round_) -> dict:
    """The round's printed links by table id (issued first when the tournament has phones at
    the tables); empty for tables without one."""
    return qr.round_codes(round_, site_root(context["request"]))


@register.filter
def code_of(codes: dict, table) -> qr.TableCode | None:
    return codes.get(table.pk)
