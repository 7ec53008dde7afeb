"""The phones' part of the staff desk's pages: a round's table links as QR codes."""

from django import template
from django.template import Context

from tournaments.models import Round, Table
from tournaments.site import site_root

from .. import qr

register = template.Library()


@register.simple_tag(takes_context=True)
def round_codes(context: Context, round_: Round) -> dict[int, qr.TableCode]:
    """The round's printed links by table id (issued first when the tournament has phones at
    the tables); empty for tables without one."""
    return qr.round_codes(round_, site_root(context["request"]))


@register.filter
def code_of(codes: dict[int, qr.TableCode], table: Table) -> qr.TableCode | None:
    return codes.get(table.pk)
