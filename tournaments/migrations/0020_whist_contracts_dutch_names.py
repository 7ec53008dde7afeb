"""The whist contracts get their Dutch names (issue 28): every saved whist ruleset — a club's
current one, each of its saved versions and each tournament's copy — gives a contract of the
default table its ``name_nl`` where it has none, so that the club's table shows a Dutch column
filled in, which the club can then edit. A name the club already gave in Dutch stays; a
contract the club made itself (its own code) is left alone.

The words are frozen here, not read from ``scoring/game_words.csv``: a migration must do
the same thing whenever it runs, whatever the file says later."""

from django.db import migrations

GAME = "whist"
DUTCH = {
    "emballage_8": "Samen 8",
    "emballage_9": "Samen 9",
    "emballage_10": "Samen 10",
    "emballage_11": "Samen 11",
    "emballage_12": "Samen 12",
    "emballage_13": "Samen 13",
    "solo_6": "Alleen 6",
    "solo_7": "Alleen 7",
    "solo_8": "Alleen 8",
    "trou": "Troel",
    "trou_royal": "Troela",
    "petite_misere": "Kleine miserie",
    "piccolo": "Piccolo",
    "abondance_9": "Abondance 9",
    "abondance_10": "Abondance 10",
    "abondance_11": "Abondance 11",
    "grande_misere": "Grote miserie",
    "grande_misere_table": "Open miserie",
    "petit_schlem": "Kleine solo slim",
    "grand_schlem": "Solo slim",
}
#: The models whose ``rules`` hold a whist ruleset (``game`` says which game's).
MODELS = ("GameRules", "GameRulesVersion", "Tournament")


def with_dutch(rules):
    """``rules`` with a ``name_nl`` for each known contract lacking one, else ``None`` (nothing
    to change, or not a ruleset this migration understands)."""
    if not isinstance(rules, dict) or not isinstance(rules.get("contracts"), list):
        return None
    changed = False
    contracts = []
    for row in rules["contracts"]:
        if isinstance(row, dict) and row.get("code") in DUTCH and not row.get("name_nl"):
            row = {**row, "name_nl": DUTCH[row["code"]]}
            changed = True
        contracts.append(row)
    return {**rules, "contracts": contracts} if changed else None


def forward(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("tournaments", name)
        for stored in model.objects.filter(game=GAME).only("pk", "rules").iterator():
            rules = with_dutch(stored.rules)
            if rules is not None:
                model.objects.filter(pk=stored.pk).update(rules=rules)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0019_rules_versions")]

    # Going back keeps the Dutch names: an older release reads them as any other name.
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
