"""The licences already imported get their holder (issue 35 §2): the player of the licence's
club whose site licence number equals the licence's (never by name). Going back leaves the
links (the column was there before): nothing is lost either way."""

from typing import Any

from django.db import migrations


def link_holders(apps: Any, schema_editor: Any) -> None:
    Licence = apps.get_model("federation", "Licence")
    Player = apps.get_model("club", "Player")
    unlinked = Licence.objects.filter(player__isnull=True)
    wanted = dict(unlinked.values_list("number", "club_id"))
    holders = Player.objects.filter(licence_number__in=list(wanted))
    for number, player_id, club_id in holders.values_list("licence_number", "pk", "clubs"):
        if wanted.get(number) == club_id:
            unlinked.filter(number=number, club_id=club_id).update(player_id=player_id)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0018_licence_unique_per_issuer"),
        ("federation", "0006_federation_rating_list"),
    ]

    operations = [migrations.RunPython(link_holders, migrations.RunPython.noop)]
