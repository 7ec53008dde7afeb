"""A tournament held by a laptop (issue 33 §5): who holds it, since when, who put it out."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0016_uid_unique'),
        ('tournaments', '0025_table_sit_out_order'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='held_by',
            field=models.CharField(blank=True, editable=False, max_length=80, verbose_name='held by the laptop'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='held_put_out_by',
            field=models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='put out by'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='held_since',
            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name='held since'),
        ),
        migrations.AddConstraint(
            model_name='tournament',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('held_by', ''), ('held_since__isnull', True)), models.Q(models.Q(('held_by', ''), _negated=True), ('held_since__isnull', False)), _connector='OR'), name='tournament_held_with_its_time'),
        ),
    ]
