"""A season's own settings, set by its club's committee."""

from club.models import Season


def set_attendance_threshold(season: Season, threshold: int | None) -> None:
    """The evenings a player must play in the season for the club's reward (None: none)."""
    season.attendance_threshold = threshold
    season.save(update_fields=["attendance_threshold"])
