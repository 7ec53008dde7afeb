"""Query sets compiled to SQL once per process.

Django compiles a query set to SQL at every evaluation: for the one-row reads every public
page starts with (a tournament with its club and season, a table up to its tournament) the
compiling costs five times the query itself (about 0.8 ms of CPU against 0.15 ms). A
``CompiledRead`` compiles its query set once, with sentinels in place of the values that
vary, then runs that SQL with the values and builds the objects as Django's own iterator
does (``select_related`` objects included).
"""

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import (  # type: ignore[attr-defined]
    FlatValuesListIterable,
    ModelIterable,
    ValuesListIterable,
    get_related_populators,
)

T = TypeVar("T")

# Values no key takes, nor any game's name: their positions among the compiled query's
# parameters are where the real values go.
SENTINEL = -7_340_032_117


def sentinel(index: int, kind: type) -> Any:
    return SENTINEL - index if kind is int else f"\x00compiled-{index}"


class CompiledRead(Generic[T]):
    """``build(*values)``'s rows (model instances, or a ``values_list``'s rows), its SQL
    compiled on the first call only. ``build`` must use each value once, as a query
    parameter (a filter on a key); ``kinds``: the values' types (int or str)."""

    def __init__(
        self, build: Callable[..., QuerySet[Any, Any]], kinds: tuple[type, ...] = (int,)
    ) -> None:
        self.build = build
        self.kinds = kinds
        self.lock = threading.Lock()
        self.compiled: tuple[Any, ...] | None = None

    def compile(self) -> tuple[Any, ...]:
        sentinels = [sentinel(i, kind) for i, kind in enumerate(self.kinds)]
        queryset = self.build(*sentinels)
        db = queryset.db
        compiler = queryset.query.get_compiler(using=db)
        sql, params = compiler.as_sql()
        at = []
        for value in sentinels:
            found = [i for i, p in enumerate(params) if type(p) is type(value) and p == value]
            if len(found) != 1:
                raise ValueError("each value must be one parameter of the query")
            at.append(found[0])
        select = compiler.select
        converters = compiler.get_converters([s[0] for s in select])
        iterable = queryset._iterable_class
        if issubclass(iterable, ModelIterable):
            klass_info = compiler.klass_info
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            init_list = [f[0].target.attname for f in select[start:end]]
            populators = get_related_populators(klass_info, select, db)
            model = (klass_info["model"], start, end, init_list, populators)
        elif iterable in (ValuesListIterable, FlatValuesListIterable):
            model = None
        else:
            raise ValueError("model instances or a values_list only")
        flat = iterable is FlatValuesListIterable
        return db, sql, list(params), at, converters, model, flat

    def all(self, *values: Any) -> list[T]:
        """The objects (or rows) the query set gives for ``values`` (one query)."""
        if self.compiled is None:
            with self.lock:
                if self.compiled is None:
                    self.compiled = self.compile()
        db, sql, params, at, converters, model, flat = self.compiled
        params = params.copy()
        for position, value in zip(at, values, strict=True):
            params[position] = value
        connection = connections[db]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if converters:  # as the compiler's apply_converters, with this thread's connection
            converted = []
            for row in rows:
                row = list(row)
                for position, (functions, expression) in converters.items():
                    cell = row[position]
                    for function in functions:
                        cell = function(cell, expression, connection)
                    row[position] = cell
                converted.append(tuple(row))
            rows = converted
        if model is None:
            return [row[0] for row in rows] if flat else rows
        model_class, start, end, init_list, populators = model
        objects = []
        for row in rows:
            obj = model_class.from_db(db, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            objects.append(obj)
        return objects

    def first(self, *values: Any) -> T | None:
        found = self.all(*values)
        return found[0] if found else None
