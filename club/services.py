"""Writes for the club app; each one is a single transaction."""

from django.db import transaction

from .models import Club, Player
from .player_import import ImportRow


@transaction.atomic
def import_players(club: Club, rows: list[ImportRow]) -> int:
    """Create (or attach to the club) the valid rows; invalid rows are skipped. All or nothing."""
    count = 0
    for row in rows:
        if not row.is_valid:
            continue
        if row.existing_player_id is not None:
            player = Player.objects.select_for_update().get(pk=row.existing_player_id)
        else:
            player = Player.objects.create(
                first_name=row.first_name,
                last_name=row.last_name,
                email=row.email,
                phone=row.phone,
                licence_number=row.licence_number,
            )
        player.clubs.add(club)
        count += 1
    return count
