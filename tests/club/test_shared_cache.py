"""The workers' shared cache keeps its folder bounded, counting its files now and then."""

from club.cache import SharedFileCache


def files(folder) -> int:
    return sum(1 for path in folder.iterdir() if path.suffix == ".djcache")


def test_the_shared_cache_culls_superseded_pages_past_its_bound(tmp_path):
    cache = SharedFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 30, "CULL_FREQUENCY": 3}})
    every = SharedFileCache.CULL_EVERY
    for n in range(every - 1):
        cache.set(f"page:{n}", "x" * 100)
    # Not counted yet: past the bound by fewer than CULL_EVERY entries.
    assert files(tmp_path) == every - 1 > 30
    cache.set("page:last", "x")
    assert files(tmp_path) < every - 1  # a third culled at the count
    assert cache.get("page:last") == "x"
