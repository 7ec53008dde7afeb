"""The limit on guessing table links: unknown tokens an address may send per window.

Counted in the database (``LinkMiss``), so the limit holds for the whole server, whatever the
number of gunicorn workers (Django's cache here is per process). A token cannot be found by
guessing anyway (256 bits); this keeps the guessing from costing the server much.
"""

import time

from django.db import IntegrityError, transaction
from django.db.models import F, Sum

from tournaments.tableside.models import LinkMiss

#: Unknown tokens an address may send over the current and the previous window.
MISSES_ALLOWED = 30
#: Seconds of a window.
MISS_WINDOW = 600


def _window() -> int:
    return int(time.time()) // MISS_WINDOW


def refused(address: str) -> bool:
    """Whether ``address`` sent too many unknown tokens lately (this window and the last)."""
    window = _window()
    recent = LinkMiss.objects.filter(address=address[:45], window__gte=window - 1)
    return (recent.aggregate(n=Sum("count"))["n"] or 0) >= MISSES_ALLOWED


def record_miss(address: str) -> None:
    """Count one unknown token from ``address``: one atomic ``UPDATE … count + 1`` (exact
    however many workers count at once); the window's first miss creates its row and
    deletes the windows that no longer count."""
    address, window = address[:45], _window()
    row = LinkMiss.objects.filter(address=address, window=window)
    if row.update(count=F("count") + 1):
        return
    try:
        with transaction.atomic():
            LinkMiss.objects.create(address=address, window=window, count=1)
    except IntegrityError:  # another worker created it meanwhile
        row.update(count=F("count") + 1)
        return
    LinkMiss.objects.filter(window__lt=window - 1).delete()
