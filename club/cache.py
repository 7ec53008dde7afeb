"""The cache the gunicorn workers share: Django's file cache, culled less often."""

from django.core.cache.backends.filebased import FileBasedCache


class SharedFileCache(FileBasedCache):
    """Django's ``FileBasedCache`` lists its whole folder on every write to decide whether to
    cull (2–5 ms at 2,000 entries, for every page or part stored after a save). Here a process
    counts at most once every ``CULL_EVERY`` writes: the folder may hold that many more entries
    a worker than ``MAX_ENTRIES`` before a third of them go, which the keys' versions make
    harmless (an entry is never stale, only superseded)."""

    CULL_EVERY = 50

    def __init__(self, dir, params):
        super().__init__(dir, params)
        self._writes = 0

    def _cull(self) -> None:
        # Racy by design between threads: a count missed or repeated only moves the next cull.
        self._writes += 1
        if self._writes % self.CULL_EVERY == 0:
            super()._cull()
