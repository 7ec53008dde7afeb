"""The form renderer writes selects and inputs in Python: the very markup of Django's widget
templates, so a score sheet looks and posts exactly as before, only faster."""

import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.test import override_settings
from django.urls import reverse

from club.renderers import FastWidgetRenderer, select, text_input
from tournaments.models import Table

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def page_with(renderer: str, client, url: str) -> str:
    """The page rendered with ``renderer`` as the site's form renderer (CSRF tokens masked:
    each render masks the secret anew)."""
    get_default_renderer.cache_clear()
    try:
        with override_settings(FORM_RENDERER=renderer):
            response = client.get(url)
    finally:
        get_default_renderer.cache_clear()
    assert response.status_code == 200
    return CSRF.sub("csrf", response.content.decode())


def test_the_site_renders_forms_with_the_fast_renderer():
    assert isinstance(get_default_renderer(), FastWidgetRenderer)


def test_a_filled_double_king_sheet_is_the_same_page(played_tournament, scorekeeper_client):
    table = Table.objects.filter(round__tournament=played_tournament).first()
    url = reverse("staff_sheet", args=[table.pk])
    fast = page_with("club.renderers.FastWidgetRenderer", scorekeeper_client, url)
    django = page_with("django.forms.renderers.DjangoTemplates", scorekeeper_client, url)
    assert fast == django
    assert "selected>" in fast and '<input type="text"' in fast


def test_a_whist_sheet_is_the_same_page(whist_table, scorekeeper_client):
    url = reverse("staff_deals", args=[whist_table.pk])
    fast = page_with("club.renderers.FastWidgetRenderer", scorekeeper_client, url)
    django = page_with("django.forms.renderers.DjangoTemplates", scorekeeper_client, url)
    assert fast == django


class Awkward(forms.Form):
    """Widgets with what a template escapes or leaves out: markup in labels and values,
    boolean attributes, groups of options, a value of 0, an unknown widget."""

    grouped = forms.ChoiceField(
        choices=[("", "—"), ("Nord <&>", [("a", 'A "1"'), ("b", "B & <b>")]), ("c", "C")],
        widget=forms.Select(attrs={"required": True, "disabled": False, "data-x": '"<x>"'}),
    )
    many = forms.MultipleChoiceField(choices=[(1, 1), (2, "deux")])
    count = forms.IntegerField(widget=forms.NumberInput(attrs={"min": 0, "max": 13}))
    name = forms.CharField(widget=forms.TextInput(attrs={"autofocus": True}))
    secret = forms.CharField(widget=forms.HiddenInput)
    agree = forms.BooleanField()
    note = forms.CharField(widget=forms.Textarea)


@pytest.mark.parametrize(
    "data",
    [
        None,
        {
            "grouped": "b",
            "many": ["1", "2"],
            "count": "0",
            "name": '"><script>x</script>',
            "secret": "a&b",
            "agree": "on",
            "note": "<i>",
        },
    ],
)
def test_every_widget_is_written_as_its_template_writes_it(data):
    fast = Awkward(data, renderer=FastWidgetRenderer())
    django = Awkward(data, renderer=DjangoTemplates())
    for name in Awkward.base_fields:
        assert str(fast[name]) == str(django[name]), name


class Cells(forms.Form):
    plain = forms.IntegerField(required=False, widget=forms.TextInput(attrs={"size": 3}))
    marked = forms.CharField(required=False, widget=forms.TextInput(attrs={"data-x": "<&>"}))
    required = forms.CharField(widget=forms.TextInput(attrs={"class": "c"}))
    helped = forms.CharField(required=False, help_text="help")
    number = forms.IntegerField(required=False)
    game = forms.ChoiceField(
        required=False,
        choices=[("", "—"), ("a", "A & <b>"), (0, "zéro")],
        widget=forms.Select(attrs={"aria-label": 'Jeu "1"'}),
    )
    chosen = forms.ChoiceField(choices=[("x", "X")])
    grouped = forms.ChoiceField(required=False, choices=[("G", [("g", "g")]), ("h", "h")])

    def clean(self):
        self.add_error("plain", "")  # a cell shown red without a message of its own
        return self.cleaned_data


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"plain": "0", "marked": '"><b>', "number": "x", "game": "a", "grouped": "g"},
        {"plain": "abc", "game": "0", "chosen": "x"},
        {"game": "zz"},
    ],
)
def test_an_input_or_select_written_directly_is_its_template(data):
    fast = Cells(data, renderer=FastWidgetRenderer(), initial={"plain": 0, "marked": "a&b"})
    django = Cells(data, renderer=DjangoTemplates(), initial={"plain": 0, "marked": "a&b"})
    if data is not None:
        assert not fast.is_valid() and not django.is_valid()
    for name in Cells.base_fields:
        assert text_input(fast[name]) == str(django[name]), name
        assert select(fast[name]) == str(django[name]), name
