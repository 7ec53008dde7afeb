"""Login throttling is shared by every worker (stored in the database) and sees the real
client behind the trusted reverse proxies, never a forged X-Forwarded-For.

A user name is locked from one address (the hall's Wi-Fi is one address for every player);
a higher ceiling per address stops a flood of guesses across names."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings as django_settings
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils.timezone import localtime

pytestmark = pytest.mark.django_db

RIGHT = "secret-pass-123"
HALL = "192.0.2.50"


@pytest.fixture
def ceiling(settings) -> int:
    """A smaller per-address ceiling keeps the flood tests short; the default is the README's."""
    settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS = 12
    return 12


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
    # Two clients, one address: as two gunicorn workers would see one attacker.
    first = Client(REMOTE_ADDR="192.0.2.1")
    second = Client(REMOTE_ADDR="192.0.2.1")
    for _ in range(3):
        login(first, "bureau")
    another_worker()
    for _ in range(2):
        login(second, "bureau")
    another_worker()
    third = Client(REMOTE_ADDR="192.0.2.1")
    response = login(third, "bureau", RIGHT)
    assert not logged_in(response, third)
    assert "Trop de tentatives" in response.content.decode()


def test_five_wrong_passwords_from_the_hall_do_not_lock_another_scorekeeper(
    committee_user, scorekeeper_user
):
    hall = Client(REMOTE_ADDR=HALL)
    for _ in range(5):
        login(hall, "bureau")
        another_worker()
    # The user name is locked from the hall...
    assert not logged_in(login(Client(REMOTE_ADDR=HALL), "bureau", RIGHT), hall)
    # ...but the other scorekeeper at the next table logs in from the same Wi-Fi,
    colleague = Client(REMOTE_ADDR=HALL)
    assert logged_in(login(colleague, "saisie", RIGHT), colleague)
    # and the locked user from home.
    home = Client(REMOTE_ADDR="198.51.100.7")
    assert logged_in(login(home, "bureau", RIGHT), home)


def test_a_flood_across_names_from_one_address_is_still_stopped(scorekeeper_user, ceiling):
    flood = Client(REMOTE_ADDR="192.0.2.9")
    for n in range(ceiling - 1):
        login(flood, f"nom{n}")  # one guess per name: no name reaches its own limit
        another_worker()
    # Below the ceiling the address still works for a right password...
    below = Client(REMOTE_ADDR="192.0.2.9")
    assert logged_in(login(below, "saisie", RIGHT), below)
    # ...one more wrong guess reaches it: every name is refused from there, for a while.
    login(flood, "dernier")
    same_address = Client(REMOTE_ADDR="192.0.2.9")
    response = login(same_address, "saisie", RIGHT)
    assert not logged_in(response, same_address)
    assert response.status_code == 429
    # It ends when enough of the address's failures are older than the cool-off: here when
    # the first one is (then fewer than the ceiling are left).
    first = AccessAttempt.objects.filter(ip_address="192.0.2.9").order_by("attempt_time")[0]
    ends = localtime(first.attempt_time + django_settings.AXES_COOLOFF_TIME)
    assert f"à partir de {ends:%H:%M}" in response.content.decode()
    elsewhere = Client(REMOTE_ADDR="192.0.2.10")
    assert logged_in(login(elsewhere, "saisie", RIGHT), elsewhere)


def test_the_lockout_page_says_when_the_lock_ends(committee_user):
    client = Client(REMOTE_ADDR=HALL)
    for _ in range(4):
        login(client, "bureau")
    response = login(client, "bureau")
    assert response.status_code == 429
    last = AccessAttempt.objects.get(username="bureau", ip_address=HALL).attempt_time
    ends = localtime(last + django_settings.AXES_COOLOFF_TIME)
    page = response.content.decode()
    assert "Trop de tentatives" in page
    assert f"Vous pourrez réessayer à partir de {ends:%H:%M}" in page


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
    settings, committee_user, scorekeeper_user, ceiling
):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    proxy = {"REMOTE_ADDR": "10.0.0.5"}
    attacker = Client(HTTP_X_FORWARDED_FOR="203.0.113.7", **proxy)
    for n in range(ceiling):
        login(attacker, f"nom{n}")
    # The attacker is locked out, even with a forged address in front of the real one...
    forged = Client(HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7", **proxy)
    assert not logged_in(login(forged, "saisie", RIGHT), forged)
    # ...but everybody else behind the same proxy still logs in.
    member = Client(HTTP_X_FORWARDED_FOR="198.51.100.20", **proxy)
    assert logged_in(login(member, "saisie", RIGHT), member)


def test_an_untrusted_forwarded_header_is_ignored(settings, scorekeeper_user, ceiling):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    attacker = "192.0.2.66"
    for n in range(ceiling):
        # a new forged address each time: it must not give a fresh counter
        login(Client(REMOTE_ADDR=attacker, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}"), f"nom{n}")
    again = Client(REMOTE_ADDR=attacker, HTTP_X_FORWARDED_FOR="198.51.100.99")
    assert not logged_in(login(again, "saisie", RIGHT), again)
    someone = Client(REMOTE_ADDR="192.0.2.67", HTTP_X_FORWARDED_FOR=attacker)
    assert logged_in(login(someone, "saisie", RIGHT), someone)
