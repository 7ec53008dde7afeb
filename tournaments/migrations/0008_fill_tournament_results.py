from django.db import migrations


def fill(apps, schema_editor):
    """Store every started tournament's per-player results (the code ``services`` runs)."""
    from tournaments.results import result_rows

    Entry = apps.get_model("tournaments", "Entry")
    Seat = apps.get_model("tournaments", "Seat")
    Tournament = apps.get_model("tournaments", "Tournament")
    TournamentResult = apps.get_model("tournaments", "TournamentResult")
    for tournament in Tournament.objects.exclude(status="registration").iterator():
        TournamentResult.objects.bulk_create(
            TournamentResult(**row) for row in result_rows(tournament, Seat, Entry)
        )


def empty(apps, schema_editor):
    apps.get_model("tournaments", "TournamentResult").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_tournament_results")]

    operations = [migrations.RunPython(fill, empty)]
