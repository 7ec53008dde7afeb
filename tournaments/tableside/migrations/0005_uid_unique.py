"""Identities that travel, step 3 of 3: every row has its UUID, unique; new rows get one."""

import uuid

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tableside", "0004_uid_fill")]

    operations = [
        migrations.AlterField(
            model_name="tabledeal",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="tableevent",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
    ]
