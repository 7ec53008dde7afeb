"""Model instances from rows read by plain SQL, where composing the ORM's query would cost more
than running it (a page's key, read at every request)."""

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.models import DEFERRED, Model

M = TypeVar("M", bound=Model)

#: The largest key a row may have (a signed 64-bit column: SQLite's INTEGER, PostgreSQL's
#: bigint); a URL's larger number would overflow a plain query's parameter, where the ORM's
#: lookups answer that no row has it.
LARGEST_KEY = 2**63 - 1


def from_row(model: type[M], values: Mapping[str, Any]) -> M:
    """A ``model`` row from its fields' ``values`` (by field name), loaded as the ORM loads one
    (``Model.from_db``): each value made Python's by its field (``to_python``: a UUID read
    as text on SQLite, a 0 or 1 as a boolean), the fields not read deferred (read at their
    first use)."""
    fields = model._meta.concrete_fields
    return model.from_db(
        connection.alias,
        [field.attname for field in fields],
        [
            field.to_python(values[field.name]) if field.name in values else DEFERRED
            for field in fields
        ],
    )


def columns(model: type[Model], alias: str, names: Sequence[str]) -> str:
    """The SQL of ``names``' columns of ``model`` (table alias ``alias``), comma-separated."""
    column = {field.name: field.column for field in model._meta.concrete_fields}
    return ", ".join(f'{alias}."{column[name]}"' for name in names)
