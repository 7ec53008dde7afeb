"""The cache the gunicorn workers share: Django's file cache, culled less often, with a lock
that holds across the workers."""

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache.backends.filebased import FileBasedCache


class SharedFileCache(FileBasedCache):
    """Django's ``FileBasedCache`` lists its whole folder on every write to decide whether to
    cull (2–5 ms at 2,000 entries, for every page or part stored after a save). Here a process
    counts at most once every ``CULL_EVERY`` writes: the folder may hold that many more entries
    a worker than ``MAX_ENTRIES`` before a third of them go, which the keys' versions make
    harmless (an entry is never stale, only superseded)."""

    CULL_EVERY = 50
    #: Lock files: names share one when their digests do (rarely: a short wait, no harm).
    LOCK_STRIPES = 256

    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._writes = 0

    def _cull(self) -> None:
        # Racy by design between threads: a count missed or repeated only moves the next cull.
        self._writes += 1
        if self._writes % self.CULL_EVERY == 0:
            super()._cull()

    @contextmanager
    def exclusive(self, name: str) -> Iterator[None]:
        """Held by one thread of one worker at a time for ``name`` (``flock``: the kernel lets
        it go if the holder dies). Never nest two: they could share a lock file."""
        stripe = int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) % self.LOCK_STRIPES
        folder = os.path.join(self._dir, "locks")  # not *.djcache: never culled nor cleared
        os.makedirs(folder, exist_ok=True)
        fd = os.open(os.path.join(folder, f"{stripe}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the lock
