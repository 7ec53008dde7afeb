"""Whist's rotating sit-outs (RULES.md « Changes of 2026-11-28 »): each table stores who sits
out first, a fact of the draw. Existing tables get an empty order: they keep the rotation from
the seat before the first dealer that their sheets were played by."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_team_names_made_when_shown"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="sit_out_order",
            field=models.JSONField(blank=True, default=list, verbose_name="sit-out order"),
        ),
    ]
