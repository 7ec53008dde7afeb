"""Form fields that take an id, bounded by what the database's column holds.

Django looks one id up within the column's range (an id past it finds nothing), but a list of
ids (``pk__in``, a multiple choice) or a foreign key's id reaches the driver as sent: SQLite
refuses an integer past 64 bits with a server error (``OverflowError``). Every form field that
takes an id is one of these, so an id no column can hold is refused like an unknown one, before
any query.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.db import models


def holds_id(model: type[models.Model], value: object, field_name: str | None = None) -> bool:
    """Whether ``value`` is a valid value of ``model``'s id (or of ``field_name``), within the
    range of its database column (the model field's own validators say it)."""
    field = model._meta.get_field(field_name) if field_name else model._meta.pk
    assert field is not None
    try:
        number = field.to_python(value)
        for validator in field.validators:
            validator(number)
    except ValidationError:
        return False
    return True


class IdChoiceField(forms.ModelChoiceField):
    """A ``ModelChoiceField`` whose id is bounded before it is looked up."""

    def to_python(self, value):
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


class IdMultipleChoiceField(forms.ModelMultipleChoiceField):
    """A ``ModelMultipleChoiceField`` whose ids are each bounded before they are looked up."""

    def clean(self, value):
        if isinstance(value, list | tuple):  # other types: Django's own message
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

    def __init__(self, *, model: type[models.Model], **kwargs):
        super().__init__(min_value=1, **kwargs)
        self.model = model

    def validate(self, value):
        super().validate(value)
        if value not in self.empty_values and not holds_id(self.model, value):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
