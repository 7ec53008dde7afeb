"""A tournament imported from the site that hosts its club (issue 35 §5): that site's name;
read-only here."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0027_entry_table_filler'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='imported_from',
            field=models.CharField(blank=True, editable=False, max_length=120, verbose_name='imported from the site'),
        ),
    ]
