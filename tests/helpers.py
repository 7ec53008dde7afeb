"""Helpers the tests share (the test folders are on ``sys.path``, as for ``form_data``)."""

from django.test import Client
from django.urls import reverse
from django.utils import translation


def fr(message: str, **params: object) -> str:
    """The French text of an English source message, with its ``%(name)s`` filled."""
    with translation.override("fr"):
        text = translation.gettext(message)
    return text % params if params else text


def post_deals(client: Client, table, data: dict[str, str]):
    """Send the deal-by-deal entry form of a table (save, or delete with ``action``)."""
    return client.post(reverse("staff_deals", args=[table.pk]), data)


def table_phone(link, entry_id: int) -> Client:
    """A phone at a table (its private link) that said who holds it."""
    client = Client()
    response = client.post(
        reverse("table_page", args=[link.token]), {"action": "who", "entry": str(entry_id)}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return client
