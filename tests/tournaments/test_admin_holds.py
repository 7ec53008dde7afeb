"""A held tournament (« Emporter la soirée ») is not changed through Django's admin either:
its pages and its rows' read only, with the hold's French message; a change or a deletion
sent anyway (a page loaded before the laptop took the evening) is refused with that message
and nothing changes. A tournament no laptop holds is changed and deleted as before."""

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth.models import User
from django.urls import reverse

from tournaments.models import Round, Tournament
from tournaments.services import drawing, holds

pytestmark = pytest.mark.django_db

HOLDER = "Portable du bar"
SAID = "est tenu par l’ordinateur « Portable du bar »"


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("admin", password="secret-pass-123"))
    return client


@pytest.fixture
def drawn(make_tournament):
    tournament = make_tournament("whist", players=4, rounds=2)
    return tournament, drawing.draw_round(tournament, seed=1)


def _change_url(obj) -> str:
    return reverse(f"admin:tournaments_{obj._meta.model_name}_change", args=[obj.pk])


def _posted(response) -> dict[str, str]:
    """What the admin's change page posts back unchanged: its form and its inlines'."""
    forms = [response.context["adminform"].form]
    for inline in response.context["inline_admin_formsets"]:
        forms += [inline.formset.management_form, *inline.formset.forms]
    data = {}
    for form in forms:
        for name in form.fields:
            value = form[name].value()
            if value is True:
                data[form.add_prefix(name)] = "on"
            elif value not in (None, False):
                data[form.add_prefix(name)] = str(value)
    return data


def _messages(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_a_held_tournaments_pages_read_only_and_say_why(admin_client, drawn):
    tournament, round_ = drawn
    holds.hold_tournament(tournament=tournament, holder=HOLDER)
    for obj in (tournament, round_):
        response = admin_client.get(_change_url(obj))
        assert response.status_code == 200
        assert SAID in _messages(response)
        assert 'name="_save"' not in response.content.decode()  # nothing to save


def test_a_change_sent_after_the_hold_is_refused_and_nothing_changes(admin_client, drawn):
    tournament, round_ = drawn
    pages = {obj: _posted(admin_client.get(_change_url(obj))) for obj in (tournament, round_)}
    pages[tournament]["name"] = "Renamed"
    pages[tournament]["entries-0-paid"] = "on"
    pages[round_]["status"] = Round.Status.STARTED
    holds.hold_tournament(tournament=tournament, holder=HOLDER)
    for obj, data in pages.items():
        response = admin_client.post(_change_url(obj), data, follow=True)
        assert response.redirect_chain[-1][0] == _change_url(obj)
        assert SAID in _messages(response)
    tournament.refresh_from_db()
    round_.refresh_from_db()
    assert tournament.name != "Renamed" and round_.status == Round.Status.DRAWN
    assert not tournament.entries.filter(paid=True).exists()


def test_deletions_are_refused_one_or_selected(admin_client, drawn):
    tournament, round_ = drawn
    holds.hold_tournament(tournament=tournament, holder=HOLDER)
    for obj in (tournament, round_):
        url = reverse(f"admin:tournaments_{obj._meta.model_name}_delete", args=[obj.pk])
        response = admin_client.post(url, {"post": "yes"}, follow=True)
        assert SAID in _messages(response)
    selected = {"action": "delete_selected", "_selected_action": [round_.pk], "post": "yes"}
    url = reverse("admin:tournaments_round_changelist")
    assert SAID in _messages(admin_client.post(url, selected, follow=True))
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    assert Round.objects.filter(pk=round_.pk).exists()
    assert not LogEntry.objects.filter(action_flag=DELETION).exists()


def test_a_selection_of_rows_one_of_them_held_deletes_none(admin_client, drawn, make_tournament):
    tournament, round_ = drawn
    other = make_tournament("whist", players=4, rounds=1)
    free = drawing.draw_round(other, seed=1)
    selected = {"action": "delete_selected", "_selected_action": [round_.pk, free.pk]}
    url = reverse("admin:tournaments_round_changelist")
    assert admin_client.post(url, selected).status_code == 200  # « are you sure? »
    holds.hold_tournament(tournament=tournament, holder=HOLDER)
    response = admin_client.post(url, {**selected, "post": "yes"}, follow=True)
    assert SAID in _messages(response)
    assert Round.objects.filter(pk__in=[round_.pk, free.pk]).count() == 2
    assert not LogEntry.objects.filter(action_flag=DELETION).exists()


def test_a_tournament_no_laptop_holds_is_changed_and_deleted(admin_client, drawn):
    tournament, round_ = drawn
    data = _posted(admin_client.get(_change_url(tournament)))
    data["name"] = "Renamed"
    response = admin_client.post(_change_url(tournament), data)
    assert response.status_code == 302, response.context and response.context["errors"]
    tournament.refresh_from_db()
    assert tournament.name == "Renamed"
    url = reverse("admin:tournaments_round_delete", args=[round_.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not Round.objects.filter(pk=round_.pk).exists()
