"""The demo's evening in progress, played from phones (``signals.demo_evening``): the open
round's tables get their links, and at the tables the demo names two players' phones take
their seats; one enters the next deals, the other confirms them, but the evening's last deal
is left waiting for its confirmation (the phones' page and the table's phone show it)."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from tournaments.models import Round, Table, Tournament
from tournaments.selectors.scoresheet import table_seats

from . import table_entry


def demo_device(table: Table, seat: int) -> str:
    """A demo phone's device (what a phone's cookie gives), the same at every build."""
    return table_entry.device_digest(f"demo-phone-{table.pk}-{seat}")


def play_from_phones(
    tournament: Tournament,
    phone_deals: Mapping[int, Sequence[dict[str, Any]]],
    user: User | None,
) -> int:
    """Links for the open rounds' tables, then ``phone_deals`` (records by table id) entered
    from phones; the last record of all waits for its confirmation. How many were entered."""
    if not tournament.table_phones:
        return 0
    for round_ in tournament.round_set.exclude(status=Round.Status.CLOSED):
        table_entry.issue_round_links(round_, user=user)
    tables = {t.pk: t for t in Table.objects.filter(pk__in=list(phone_deals))}
    last_table = list(phone_deals)[-1] if phone_deals else None
    entered = 0
    for table_pk, records in phone_deals.items():
        table = tables[table_pk]
        link = table_entry.live_links(table.round)[table.pk]
        seats = table_seats(table)
        writer, checker = seats[0], seats[1]
        # The demo's tables are full: both phones' seats have their player.
        assert writer.entry is not None and checker.entry_id is not None
        for seat, entry_id in ((writer, writer.entry.pk), (checker, checker.entry_id)):
            table_entry.claim_seat(
                link, entry_id=entry_id, device=demo_device(table, seat.position)
            )
        for index, record in enumerate(records):
            table.refresh_from_db()
            deal = table_entry.enter_deal(
                table,
                entry=writer.entry,
                side=writer.position,
                record=dict(record),
                version=table.version,
                key=f"demo-{table.pk}-{index}",
                device=demo_device(table, writer.position),
            )
            entered += 1
            if table_pk == last_table and index == len(records) - 1:
                break  # waiting for its confirmation
            table_entry.confirm_deal(
                table,
                deal.pk,
                entry=checker.entry,
                side=checker.position,
                device=demo_device(table, checker.position),
            )
    return entered
