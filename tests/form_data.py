"""What a browser posts back for an unchanged form: its initial values, checkboxes as « on »."""

from django.urls import reverse


def form_data(form) -> dict[str, str]:
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is True:
            data[name] = "on"
        elif value is not None and value is not False:
            data[name] = str(value)
    return data


def rules_url(club, game: str = "whist") -> str:
    return reverse("staff_rules", args=[club.slug, game])


def rules_page_data(client, club, game: str = "whist", **changes: object) -> dict[str, str]:
    """The club's rules page of ``game`` as a browser posts it back, with ``changes``."""
    data = form_data(client.get(rules_url(club, game)).context["form"])
    data.update({k: str(v) for k, v in changes.items()})
    return data
