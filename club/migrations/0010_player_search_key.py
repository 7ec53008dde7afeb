"""The member search's key (``Player.search_key``): the name without accents, case,
apostrophes or hyphens, filled in for every player already there."""

from django.db import migrations, models

from club.names import search_key


def fill_search_keys(apps, schema_editor):
    Player = apps.get_model("club", "Player")
    players = list(Player.objects.only("first_name", "last_name"))
    for player in players:
        player.search_key = search_key(f"{player.last_name} {player.first_name}")
    Player.objects.bulk_update(players, ["search_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0009_represented_club"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_key",
            field=models.CharField(default="", editable=False, max_length=161),
        ),
        migrations.RunPython(fill_search_keys, migrations.RunPython.noop),
    ]
