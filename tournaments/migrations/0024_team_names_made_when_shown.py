"""A team named from its players is named when shown (issue 32 §1): the names the site made
from its players' last names (« Quackenbush – Hermans », « Delvaux – Delhaye (2) ») are
blanked, so that each player's public name and erasure apply to them; a name the club typed
stays.

A stored name was made by the site when it reads as its players' last names joined by « – »,
in either order, with or without a « (2) », accents and case aside; a player erased since has
an anonymous last name, so his part is any one name. Undone, the names are made again from
the last names (numbered where two would read alike).

The rule is frozen here: a migration must do the same thing whenever it runs."""

import re
import unicodedata
from itertools import permutations

from django.db import migrations, models

import club.validators

SEPARATOR = " – "
NUMBERED = re.compile(r"^(?P<base>.*) \((?P<n>\d+)\)$")


def _key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).casefold().split())


def _players(Entry, team) -> list:
    return [
        e.player for e in Entry.objects.filter(team=team).select_related("player").order_by("pk")
    ]


def _made_from(name: str, players: list) -> bool:
    """Whether ``name`` is what the site made from ``players``' last names."""
    numbered = NUMBERED.match(name)
    parts = (numbered.group("base") if numbered else name).split(SEPARATOR)
    if not players or len(parts) != len(players):
        return False
    for order in permutations(players):
        if all(
            part.strip() and (p.erased_at is not None or _key(part) == _key(p.last_name))
            for part, p in zip(parts, order, strict=True)
        ):
            return True
    return False


def blank_made_names(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    Entry = apps.get_model("tournaments", "Entry")
    for team in Team.objects.exclude(name="").iterator():
        if _made_from(team.name, _players(Entry, team)):
            Team.objects.filter(pk=team.pk).update(name="")


def make_names_again(apps, schema_editor):
    Team = apps.get_model("tournaments", "Team")
    Entry = apps.get_model("tournaments", "Entry")
    for team in Team.objects.filter(name="").order_by("pk"):
        base = SEPARATOR.join(p.last_name for p in _players(Entry, team)) or f"?{team.pk}"
        name, n = base, 2
        while Team.objects.filter(tournament_id=team.tournament_id, name=name).exists():
            name = f"{base} ({n})"
            n += 1
        Team.objects.filter(pk=team.pk).update(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0016_uid_unique"),  # its players read with their uid (the graph orders both)
        ("tournaments", "0023_uid_unique"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="team",
            options={
                "ordering": ["name", "pk"],
                "verbose_name": "team",
                "verbose_name_plural": "teams",
            },
        ),
        migrations.RemoveConstraint(model_name="team", name="team_unique_name"),
        migrations.AlterField(
            model_name="team",
            name="name",
            field=models.CharField(
                blank=True,
                max_length=120,
                validators=[club.validators.PlainNameValidator("name")],
                verbose_name="name",
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                condition=models.Q(("name", ""), _negated=True),
                fields=("tournament", "name"),
                name="team_unique_name",
            ),
        ),
        migrations.RunPython(blank_made_names, make_names_again),
    ]
