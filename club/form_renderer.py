"""The site's form renderer: the widgets drawn from Django's own Jinja2 copies of its widget
templates (``TEMPLATES``), and each field with its label, help and errors by
``club/jinja2/includes/field.html``, Jinja2 too (a page writes ``{{ field.as_field_group }}``):
the rules page's 393 fields drawn without the Django engine's include at each."""

from django.forms.renderers import TemplatesSetting


class FormRenderer(TemplatesSetting):
    field_template_name = "includes/field.html"
