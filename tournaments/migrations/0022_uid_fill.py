"""Identities that travel, step 2 of 3: each existing row its own UUID (``club.uids``)."""

from django.db import migrations

from club.uids import filler


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0021_uid_column")]

    operations = [
        migrations.RunPython(
            filler("tournaments", "deal", "entry", "gamerulesversion", "resultchange", "round", "seat", "table", "team", "tournament"),
            migrations.RunPython.noop,
        ),
    ]
