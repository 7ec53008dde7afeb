"""The form renderer: Django's templates, with the commonest widgets written in Python.

A score sheet has hundreds of inputs and selects; Django renders each through its widget
template, each option of a select through another one (``{% include %}`` per option): most of
a sheet page's time. These functions write the very markup of Django's templates
(``django/forms/widgets/select.html``, ``select_option.html``, ``input.html``, ``attrs.html``),
escaped the same way; any other template, or an option with its own template, goes to Django.
"""

import html
from functools import lru_cache

from django.forms import BoundField, Select, TextInput
from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape

WIDGETS = "django/forms/widgets/"
OPTION_TEMPLATE = WIDGETS + "select_option.html"


def _escape(value) -> str:
    """``conditional_escape``, without its per-call checks for the plain strings and
    integers that make most of a sheet's markup (thousands a page): the same text."""
    kind = type(value)
    if kind is str:
        return html.escape(value)
    if kind is int:
        return str(value)
    return conditional_escape(value)


def _label(label) -> str:
    """An option's label as ``{{ widget.label }}`` writes it (localised, escaped)."""
    return html.escape(label) if type(label) is str else conditional_escape(localize(label))


@lru_cache(maxsize=256)
def _attr_name(name: str) -> str:
    """An attribute's name, escaped once a process: a site's forms use a few dozen names
    (at most 256 kept: some kilobytes), a sheet writes them hundreds of times a page."""
    return f" {html.escape(name)}"


def _attrs(attrs: dict) -> str:
    """``attrs.html``: ``name="value"``, a bare name for True, nothing for False."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        out.append(_attr_name(name) if type(name) is str else f" {_escape(name)}")
        if value is not True:
            out.append(f'="{_escape(value)}"')
    return "".join(out)


def _input(widget: dict) -> str:
    """``input.html`` (and the templates that only include it: text, number, hidden...)."""
    value = widget["value"]
    shown = "" if value is None else f' value="{_escape(value)}"'
    return (
        f'<input type="{_escape(widget["type"])}" '
        f'name="{_escape(widget["name"])}"{shown}{_attrs(widget["attrs"])}>'
    )


SELECTED = {"selected": True}


def _option_html(value, label, attrs: dict) -> str:
    """``select_option.html``."""
    return (
        f'\n  <option value="{_escape(value)}"{_attrs(attrs)}>{_label(label)}'
        "</option>\n"  # the end of line of the option's template
    )


@lru_cache(maxsize=4096)
def _option(value: str | int, label: str, selected: bool) -> str:
    """An option of plain text, written once per process (a sheet's selects repeat them)."""
    return _option_html(value, label, SELECTED if selected else {})


def _select(widget: dict) -> str | None:
    """``select.html`` with its options; None if an option has a template of its own."""
    out = [f'<select name="{_escape(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            out.append(f'\n  <optgroup label="{_escape(group_name)}">')
        for option in options:
            if option["template_name"] != OPTION_TEMPLATE:
                return None
            value, label, attrs = option["value"], option["label"], option["attrs"]
            if type(value) in (str, int) and type(label) is str and attrs in ({}, SELECTED):
                out.append(_option(value, label, bool(attrs)))  # the same in every row
            else:
                out.append(_option_html(value, label, attrs))
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


FAST = {
    WIDGETS + "select.html": _select,
    **{
        f"{WIDGETS}{kind}.html": _input
        for kind in ("input", "text", "number", "hidden", "email", "password", "url", "tel")
    },
}


class FastWidgetRenderer(DjangoTemplates):
    """Django's template renderer, writing selects and inputs without their templates."""

    def render(self, template_name, context, request=None):
        fast = FAST.get(template_name)
        if fast is not None and "widget" in context:
            html = fast(context["widget"])
            if html is not None:
                return html
        return super().render(template_name, context, request)


def _plain(bound: BoundField, kind: type, template: str) -> bool:
    """A field whose widget is exactly ``kind`` with its own template, nothing that
    ``as_widget`` would add besides the error's attributes and the id (not required, no
    help text, not localised...), rendered by this renderer."""
    field = bound.field
    widget = field.widget
    return not (
        type(widget) is not kind
        or widget.template_name != WIDGETS + template
        or not isinstance(bound.form.renderer, FastWidgetRenderer)
        or field.required
        or field.disabled
        or field.localize
        or widget.is_localized
        or field.help_text
        or not bound.auto_id
        or "id" in widget.attrs
        or "aria-describedby" in widget.attrs
    )


def _plain_attrs(bound: BoundField) -> dict:
    """The attributes in Django's order: the widget's, ``aria-invalid`` and
    ``aria-describedby`` on an error, the id."""
    attrs = dict(bound.field.widget.attrs)
    if bound.errors:
        attrs["aria-invalid"] = "true"
        attrs["aria-describedby"] = f"{bound.auto_id}_error"
    attrs["id"] = bound.auto_id
    return attrs


def text_input(bound: BoundField) -> str:
    """``str(bound)`` for a plain text input (a score sheet's cells: a hundred a page),
    without the bound field's and the widget's context building. Anything else (required,
    help text, localised...) is rendered by Django."""
    if not _plain(bound, TextInput, "text.html"):
        return str(bound)
    attrs = _plain_attrs(bound)
    value = bound.value()
    shown = None if value == "" or value is None else str(value)
    return _input({"type": "text", "name": bound.html_name, "value": shown, "attrs": attrs})


def select(bound: BoundField) -> str:
    """``str(bound)`` for a plain select of one value (a score sheet's games), the same
    way as ``text_input``."""
    widget = bound.field.widget
    if not _plain(bound, Select, "select.html") or widget.option_template_name != OPTION_TEMPLATE:
        return str(bound)
    name = bound.html_name
    html = _select(
        {
            "name": name,
            "attrs": _plain_attrs(bound),
            "optgroups": widget.optgroups(name, widget.format_value(bound.value()), None),
        }
    )
    return str(bound) if html is None else html
