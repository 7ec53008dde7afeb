"""Identities that travel, step 3 of 3: every row has its UUID, unique; new rows get one."""

import uuid

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0022_uid_fill")]

    operations = [
        migrations.AlterField(
            model_name="deal",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="entry",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="gamerulesversion",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="resultchange",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="round",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="seat",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="team",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identifier"
            ),
        ),
    ]
