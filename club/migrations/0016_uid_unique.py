"""Identities that travel, step 3 of 3: every row has its UUID, unique; new rows get one."""

import uuid

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("club", "0015_uid_fill")]

    operations = [
        migrations.AlterField(
            model_name="club",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="player",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="representedclub",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="season",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
    ]
