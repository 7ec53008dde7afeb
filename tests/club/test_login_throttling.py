"""Login throttling is shared by every worker (stored in the database) and sees the real
client behind the trusted reverse proxies, never a forged X-Forwarded-For."""

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

RIGHT = "secret-pass-123"


def login(client: Client, username: str, password: str = "wrong", **headers: str):
    return client.post(reverse("login"), {"username": username, "password": password}, **headers)


def another_worker() -> None:
    """The next request is served by another gunicorn worker: nothing kept in a process's
    memory (its local cache) is there."""
    for cache in caches.all(initialized_only=True):
        cache.clear()


def logged_in(response, client: Client) -> bool:
    return response.status_code == 302 and "_auth_user_id" in client.session


def test_failures_from_two_workers_add_up_for_one_user_name(committee_user):
    # Two clients, two addresses: as two gunicorn workers would see two attackers.
    first = Client(REMOTE_ADDR="192.0.2.1")
    second = Client(REMOTE_ADDR="192.0.2.2")
    for _ in range(3):
        login(first, "bureau")
    another_worker()
    for _ in range(2):
        login(second, "bureau")
    another_worker()
    third = Client(REMOTE_ADDR="192.0.2.3")
    response = login(third, "bureau", RIGHT)
    assert not logged_in(response, third)
    assert "Trop de tentatives" in response.content.decode()


def test_failures_from_one_address_lock_it_for_every_user_name(committee_user, scorekeeper_user):
    first = Client(REMOTE_ADDR="192.0.2.9")
    for name in ("alice", "bob", "carol", "dave", "eve"):
        login(first, name)
        another_worker()
    same_address = Client(REMOTE_ADDR="192.0.2.9")
    assert not logged_in(login(same_address, "saisie", RIGHT), same_address)
    elsewhere = Client(REMOTE_ADDR="192.0.2.10")
    assert logged_in(login(elsewhere, "saisie", RIGHT), elsewhere)


def test_a_success_before_the_limit_clears_the_failures(committee_user):
    client = Client()
    for _ in range(4):
        login(client, "bureau")
    assert logged_in(login(client, "bureau", RIGHT), client)
    client.logout()
    for _ in range(4):
        login(client, "bureau")
    assert logged_in(login(client, "bureau", RIGHT), client)


def test_behind_a_trusted_proxy_the_forwarded_client_is_counted(
    settings, committee_user, scorekeeper_user
):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    proxy = {"REMOTE_ADDR": "10.0.0.5"}
    attacker = Client(HTTP_X_FORWARDED_FOR="203.0.113.7", **proxy)
    for name in ("alice", "bob", "carol", "dave", "eve"):
        login(attacker, name)
    # The attacker is locked out, even with a forged address in front of the real one...
    forged = Client(HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7", **proxy)
    assert not logged_in(login(forged, "saisie", RIGHT), forged)
    # ...but everybody else behind the same proxy still logs in.
    member = Client(HTTP_X_FORWARDED_FOR="198.51.100.20", **proxy)
    assert logged_in(login(member, "saisie", RIGHT), member)


def test_an_untrusted_forwarded_header_is_ignored(settings, scorekeeper_user):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    attacker = "192.0.2.66"
    for n, name in enumerate(("alice", "bob", "carol", "dave", "eve")):
        # a new forged address each time: it must not give a fresh counter
        login(Client(REMOTE_ADDR=attacker, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}"), name)
    again = Client(REMOTE_ADDR=attacker, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert not logged_in(login(again, "saisie", RIGHT), again)
    someone = Client(REMOTE_ADDR="192.0.2.67", HTTP_X_FORWARDED_FOR=attacker)
    assert logged_in(login(someone, "saisie", RIGHT), someone)
