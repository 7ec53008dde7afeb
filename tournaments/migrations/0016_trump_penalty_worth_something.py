"""A Double King trump penalty of [0, 0] is refused since the rules of 2026-11-25 (a line of
four zeros names no offender: docs/rules/double_king.md). A ruleset or a tournament's copy that
held it, which the rules page used to accept, would no longer open: it gets the default,
[-6, 2]. A finished tournament's stored results stay as they are until ``manage.py recompute``
(which reports every difference first with ``--dry-run``)."""

from django.db import migrations

DEFAULT = [-6, 2]


def forward(apps, schema_editor):
    for name in ("GameRules", "Tournament"):
        model = apps.get_model("tournaments", name)
        for row in model.objects.filter(game="double_king").only("pk", "rules"):
            rules = row.rules or {}
            if isinstance(rules, dict) and rules.get("trump_penalty") == [0, 0]:
                row.rules = {**rules, "trump_penalty": DEFAULT}
                row.save(update_fields=["rules"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_move_to_apps")]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
