"""Table links: the token is derived (HMAC of SECRET_KEY, the table, a salt), no longer kept;
the tournament's « phones at the tables » setting; the guessing limit's rows; the address a
queued PDF's QR codes link to.

A link issued before has no salt to derive its token from: it is revoked (the scorekeeper
issues new ones on the round's phones page).
"""

import secrets

from django.db import migrations, models
from django.utils import timezone


def revoke_stored_tokens(apps, schema_editor):
    TableLink = apps.get_model("tournaments", "TableLink")
    now = timezone.now()
    for link in TableLink.objects.all():
        link.salt = secrets.token_urlsafe(16)
        link.revoked_at = link.revoked_at or now
        link.save(update_fields=["salt", "revoked_at"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0012_tabledeal_several_waiting"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablelink",
            name="salt",
            field=models.CharField(default="", max_length=32),
            preserve_default=False,
        ),
        migrations.RunPython(revoke_stored_tokens, migrations.RunPython.noop),
        migrations.RemoveField(model_name="tablelink", name="token"),
        migrations.AddField(
            model_name="tournament",
            name="table_phones",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Each table's sheet carries a QR code: the players enter their deals on a "
                    "phone and the other side confirms them."
                ),
                verbose_name="scores entered on phones at the tables",
            ),
        ),
        migrations.AddField(
            model_name="pdfexport",
            name="base_url",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.CreateModel(
            name="LinkMiss",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("address", models.CharField(max_length=45)),
                ("window", models.PositiveBigIntegerField()),
                ("count", models.PositiveIntegerField(default=0)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("address", "window"), name="linkmiss_one_per_window"
                    )
                ],
            },
        ),
    ]
