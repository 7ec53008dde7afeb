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


def test_a_page_missed_by_several_workers_at_once_is_rendered_by_one(tmp_path, monkeypatch):
    """Threads that all miss a page after a save wait for the one rendering it, and then read
    it (across workers too: next test)."""
    import threading
    import time

    from tournaments.publishing import page_cache

    monkeypatch.setattr(page_cache, "cache", SharedFileCache(str(tmp_path), {}))
    renders = []

    def render() -> bytes:
        renders.append(1)
        time.sleep(0.2)  # long enough for every other thread to miss it too
        return b"<html>standings</html>"

    pages = []

    def visit() -> None:
        pages.append(page_cache.built_once("page:standings:v2", render))

    threads = [threading.Thread(target=visit) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert pages == [b"<html>standings</html>"] * 6
    assert len(renders) == 1


def test_the_workers_lock_holds_across_cache_objects_and_frees_on_release(tmp_path):
    import threading

    first, second = (SharedFileCache(str(tmp_path), {}) for _ in range(2))
    entered = threading.Event()

    def wait_for_the_lock() -> None:
        with second.exclusive("page:x"):
            entered.set()

    with first.exclusive("page:x"):
        waiter = threading.Thread(target=wait_for_the_lock)
        waiter.start()
        assert not entered.wait(0.2)  # blocked while the first worker holds it
    assert entered.wait(2)
    waiter.join()
