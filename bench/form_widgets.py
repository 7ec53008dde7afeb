"""Benchmark: the form widgets drawn by Django's template engine and by Jinja2 (the site's
``FORM_RENDERER``), on the largest form of the site: the whist rules page (393 inputs).

    .venv/bin/python bench/form_widgets.py [--runs 20]

Renders every field of the whist ``RulesForm`` (bound to invalid data, as a refused POST shows
it) with each renderer and prints the median milliseconds of CPU, the markup's size and whether
both renderers give the same inputs (tags and attributes; Jinja2's copies differ from Django's
templates only in white space).
"""

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings.test"
    import django

    django.setup()
    from django.forms.renderers import DjangoTemplates, get_default_renderer
    from django.template import Context, Engine

    from tournaments.forms import RulesForm

    def draw(renderer: object) -> str:
        form = RulesForm({"x": "1"}, game="whist", rules=None, renderer=renderer)
        return "".join(str(field) for field in form)

    tags = re.compile(r"<[^>]+>")
    drawn = {}
    for name, renderer in (
        ("Django templates", DjangoTemplates()),
        ("Jinja2 (the site's)", get_default_renderer()),
    ):
        html = draw(renderer)
        times = []
        for _run in range(args.runs):
            start = time.process_time()
            draw(renderer)
            times.append((time.process_time() - start) * 1000)
        drawn[name] = tags.findall(html)
        print(f"{name:22} {statistics.median(times):7.1f} ms CPU  {len(html):7} characters")
    first, second = drawn.values()
    print("same inputs and attributes:", first == second)

    # Each field with its label, help and errors around its widget: the Django engine's include
    # at each field (the site's way until 2026-11-30, its template kept here as it was)
    # against the form renderer's field template, Jinja2 (``{{ field.as_field_group }}``).
    engine = Engine(
        loaders=[("django.template.loaders.locmem.Loader", {"field.html": DJANGO_FIELD})]
    )
    page = engine.from_string('{% for field in form %}{% include "field.html" %}{% endfor %}')
    spaces = re.compile(r"\s+")
    groups = {}
    for name, group in (
        ("Django include", lambda form: page.render(Context({"form": form}))),
        ("Jinja2 field group", lambda form: "".join(f.as_field_group() for f in form)),
    ):
        html = group(RulesForm({"x": "1"}, game="whist", rules=None))
        times = []
        for _run in range(args.runs):
            form = RulesForm({"x": "1"}, game="whist", rules=None)
            start = time.process_time()
            group(form)
            times.append((time.process_time() - start) * 1000)
        groups[name] = spaces.sub(" ", html).replace("> <", "><").strip()
        print(f"{name:22} {statistics.median(times):7.1f} ms CPU  {len(html):7} characters")
    first, second = groups.values()
    print("same markup (white space aside):", first == second)


#: ``templates/includes/field.html`` as the Django engine drew it (the baseline).
DJANGO_FIELD = """<div class="field{% if field.errors %} has-error{% endif %}">
  {% if field.field.widget.input_type == "checkbox" %}
    <label>{{ field }} {{ field.label }}</label>
  {% else %}
    <label for="{{ field.id_for_label }}">{{ field.label }}{% if field.field.required %} \
<span aria-hidden="true">*</span>{% endif %}</label>
    {{ field }}
  {% endif %}
  {% if field.help_text %}<small class="help">{{ field.help_text }}</small>{% endif %}
  {% for error in field.errors %}<p class="field-error" role="alert">{{ error }}</p>{% endfor %}
</div>"""


if __name__ == "__main__":
    main()
