"""Identities that travel, step 2 of 3: each existing row its own UUID (``club.uids``)."""

from django.db import migrations

from club.uids import filler


class Migration(migrations.Migration):
    dependencies = [("club", "0014_uid_column")]

    operations = [
        migrations.RunPython(
            filler("club", "club", "player", "representedclub", "season"),
            migrations.RunPython.noop,
        ),
    ]
