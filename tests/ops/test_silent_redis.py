"""Issue 32, §5 and §7.6: a Redis that accepts connections but never answers. Each cache call
gives up after a fraction of a second (connect and read timeouts), the page is served as a
miss, and ``/healthz`` answers 200 naming the cache as degraded (a balancer keeps the site:
only the database stops pages). The time a page takes is measured in ``bench/silent_redis.py``.
"""

import socket
import threading

import pytest
from django.test import Client
from django.urls import reverse

from club import cache_faults
from club.settings.base import cache_from_env

pytestmark = pytest.mark.django_db

#: The fake server lets go of its connections after this long, so that a cache without
#: timeouts makes the test fail (``released``) instead of hanging it for ever.
GUARD_SECONDS = 60


class MuteServer:
    """A TCP server on 127.0.0.1 that accepts every connection and never answers a byte."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        self.released = False
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()
        self.guard = threading.Timer(GUARD_SECONDS, self.release)
        self.guard.daemon = True
        self.guard.start()

    def serve(self) -> None:
        self.listener.settimeout(0.1)
        while not self.stop.is_set():
            try:
                connection, _address = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.held.append(connection)

    def release(self) -> None:
        self.released = True
        for connection in self.held:
            connection.close()

    def close(self) -> None:
        self.guard.cancel()
        self.stop.set()
        self.thread.join(5)
        self.listener.close()
        for connection in self.held:
            connection.close()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"


@pytest.fixture
def mute_redis():
    server = MuteServer()
    yield server
    server.close()


@pytest.fixture(autouse=True)
def _faults_forgotten():
    cache_faults.forget()
    yield
    cache_faults.forget()


def test_the_redis_cache_gives_up_connecting_and_reading_within_half_a_second():
    options = cache_from_env("redis://cache.example.org/0", "")["default"]["OPTIONS"]
    assert 0 < options["socket_connect_timeout"] <= 0.5
    assert 0 < options["socket_timeout"] <= 0.5
    # a socket path and TLS take the same bounds
    assert cache_from_env("unix:///run/redis.sock?db=0", "")["default"]["OPTIONS"] == options
    assert cache_from_env("rediss://cache.example.org:6380/0", "")["default"]["OPTIONS"] == options


def test_a_redis_that_never_answers_serves_the_pages_and_healthz_says_degraded(
    mute_redis, settings, played_tournament
):
    settings.CACHES = cache_from_env(mute_redis.url, "")
    client = Client()
    for name in ("tournament_standings", "tournament_rounds"):
        page = client.get(reverse(name, args=[played_tournament.pk]))
        assert page.status_code == 200 and b"<h1" in page.content
    health = client.get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "degraded", "database": "ok", "cache": "degraded"}
    assert mute_redis.held, "the cache never reached the fake server"
    assert not mute_redis.released, "a cache call waited for the server to let go"
