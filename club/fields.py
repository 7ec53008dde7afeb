"""Form fields that take an id, bounded by what the database's column holds.

Django looks one id up within the column's range (an id past it finds nothing), but a list of
ids (``pk__in``, a multiple choice) or a foreign key's id reaches the driver as sent: SQLite
refuses an integer past 64 bits with a server error (``OverflowError``). Every form field that
takes an id is one of these, so an id no column can hold is refused like an unknown one, before
any query.
"""

from typing import Any, TypeVar

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

_M = TypeVar("_M", bound=models.Model)


def holds_id(model: type[models.Model], value: object, field_name: str | None = None) -> bool:
    """Whether ``value`` is a valid value of ``model``'s id (or of ``field_name``), within the
    range of its database column (the model field's own validators say it)."""
    field = model._meta.get_field(field_name) if field_name else model._meta.pk
    # An id, or the column a choice field looks its rows up by: a concrete field.
    assert isinstance(field, models.Field)
    try:
        number = field.to_python(value)
        for validator in field.validators:
            validator(number)
    except ValidationError:
        return False
    return True


class IdChoiceField(forms.ModelChoiceField[_M]):
    """A ``ModelChoiceField`` whose id is bounded before it is looked up."""

    def to_python(self, value: Any) -> _M | None:
        assert self.queryset is not None  # given by the form before it cleans
        model = self.queryset.model
        if (
            value not in self.empty_values
            and not isinstance(value, model)  # a disabled field's initial object
            and not holds_id(model, value, self.to_field_name)
        ):
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return super().to_python(value)


class IdMultipleChoiceField(forms.ModelMultipleChoiceField[_M]):
    """A ``ModelMultipleChoiceField`` whose ids are each bounded before they are looked up."""

    def clean(self, value: Any) -> models.QuerySet[_M]:
        if isinstance(value, list | tuple):  # other types: Django's own message
            assert self.queryset is not None  # given by the form before it cleans
            for pk in value:
                if pk not in self.empty_values and not holds_id(
                    self.queryset.model, pk, self.to_field_name
                ):
                    raise ValidationError(
                        self.error_messages["invalid_pk_value"],
                        code="invalid_pk_value",
                        params={"pk": pk},
                    )
        return super().clean(value)


class IdField(forms.IntegerField):
    """An integer that names a ``model``'s row (e.g. a hidden ``user``): from 1 to the largest
    id its column holds."""

    def __init__(self, *, model: type[models.Model], **kwargs: Any) -> None:
        super().__init__(min_value=1, **kwargs)
        self.model = model

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value not in self.empty_values and not holds_id(self.model, value):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
