"""What a service refuses, for the user."""

from dataclasses import dataclass
from typing import Any

from ..models import (
    ResultChange,
)


class TournamentError(Exception):
    """A request the tournament's state does not allow; the message is for the user."""


@dataclass
class StaleSheet(Exception):
    """Someone saved the sheet after the version the user started from."""

    current_version: int
    changes: list[ResultChange]
    saved_records: list[dict[str, Any]]
