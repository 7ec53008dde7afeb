"""Who sat out how many deals so far in a tournament (whist at tables of 5 and 6).

Read from the draws' facts: each earlier table's seats, first dealer and stored
``sit_out_order``, and its deals: those recorded once its round is closed, else the pool's
planned count (a pool still in play when the next round is drawn counts whole). The draw
stores each new table's rotation from it (``services.drawing``), so a table's sit-outs never
change once drawn (RULES.md « Changes of 2026-11-28 », rotating sit-outs).
"""

from collections import Counter

from django.db.models import Count

from ..games import plugin_for
from ..models import Round, Seat, Table, Tournament


def deals_sat_out(tournament: Tournament, *, before: int) -> Counter[int]:
    """Deals each entry (by id) sat out in the rounds numbered below ``before``. Two queries."""
    plugin = plugin_for(tournament.game)
    rules = tournament.rules or None
    planned = plugin.deals_per_round(rules) or 0
    tables = list(
        Table.objects.filter(round__tournament=tournament, round__number__lt=before, bye=False)
        .select_related("round")
        .annotate(recorded=Count("deals"))
    )
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table__in=tables, entry__isnull=False).order_by("position"):
        seats.setdefault(seat.table_id, []).append(seat)
    counts: Counter[int] = Counter()
    for table in tables:
        at = seats.get(table.pk, [])
        first = next((s.position for s in at if s.first_dealer), 0)
        order = tuple(table.sit_out_order or ())
        closed = table.round.status == Round.Status.CLOSED
        deals = table.recorded if closed else max(table.recorded, planned)
        for turn in range(deals):
            for position in plugin.deal_seats(rules, len(at), first, turn, order)[1]:
                if position < len(at):
                    counts[at[position].entry_id or 0] += 1
    return counts
