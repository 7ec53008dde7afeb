"""Counting rows per key in one query."""

from typing import Any

from django.db.models import Count, Model, QuerySet


def count_by(queryset: QuerySet[Any], key: str) -> dict[Any, int]:
    """How many rows of ``queryset`` each value of ``key`` has (one GROUP BY query)."""
    counted: QuerySet[Model, tuple[Any, int]] = (
        queryset.values(key).annotate(n=Count("id")).values_list(key, "n").order_by()
    )
    return dict(counted)
