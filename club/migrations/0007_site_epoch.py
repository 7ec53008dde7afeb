"""The database's cache epoch: one row, its random token in every cache key."""

import secrets

from django.db import migrations, models

import club.models


def create_epoch(apps, schema_editor):
    apps.get_model("club", "SiteEpoch").objects.create(pk=1, token=secrets.token_hex(16))


class Migration(migrations.Migration):
    dependencies = [("club", "0006_player_sort_key")]

    operations = [
        migrations.CreateModel(
            name="SiteEpoch",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "token",
                    models.CharField(
                        default=club.models.new_epoch_token, editable=False, max_length=64
                    ),
                ),
            ],
            options={"verbose_name": "cache epoch", "verbose_name_plural": "cache epochs"},
        ),
        migrations.RunPython(create_epoch, migrations.RunPython.noop),
    ]
