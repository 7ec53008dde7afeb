"""Identities that travel (docs/architecture.md#identities-that-travel), step 1 of 3: the
column, empty."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tableside", "0002_phone_seats")]

    operations = [
        migrations.AddField(
            model_name="tabledeal",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
        migrations.AddField(
            model_name="tableevent",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identifier"),
        ),
    ]
