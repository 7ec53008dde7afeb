"""Filling the ``uid`` of rows that existed before identities travelled
(docs/architecture.md#identities-that-travel): the migrations that add a ``uid`` use it.

A ``uid`` is added in three migrations, as Django's documentation says for a unique field on
existing rows: the column nullable, each row its own UUID (here), then unique and required.
"""

import uuid
from collections.abc import Callable
from typing import Any

#: Rows given their UUID per query (a club's years of deals are counted in hundreds of
#: thousands).
BATCH = 2000


def filler(app_label: str, *model_names: str) -> Callable[[Any, Any], None]:
    """A ``RunPython`` function giving each row of the models named a fresh UUID."""

    def fill(apps: Any, schema_editor: Any) -> None:
        alias = schema_editor.connection.alias
        for name in model_names:
            model = apps.get_model(app_label, name)
            rows = model.objects.using(alias).filter(uid__isnull=True).only("pk")
            batch = []
            for row in rows.iterator(chunk_size=BATCH):
                row.uid = uuid.uuid4()
                batch.append(row)
                if len(batch) == BATCH:
                    model.objects.using(alias).bulk_update(batch, ["uid"])
                    batch = []
            model.objects.using(alias).bulk_update(batch, ["uid"])

    return fill
