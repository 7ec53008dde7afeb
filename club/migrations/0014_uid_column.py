"""Identities that travel (docs/architecture.md#identities-that-travel), step 1 of 3: the
column, empty."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("club", "0013_language")]

    operations = [
        migrations.AddField(
            model_name="club",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="player",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="representedclub",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="season",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
    ]
