"""Identities that travel (docs/architecture.md#identities-that-travel), step 1 of 3: the
column, empty."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0020_whist_contracts_dutch_names")]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="entry",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="gamerulesversion",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="resultchange",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="round",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="seat",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="table",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="team",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
    ]
