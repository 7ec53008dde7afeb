"""What a browser posts back for an unchanged form: its initial values, checkboxes as « on »."""


def form_data(form) -> dict[str, str]:
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is True:
            data[name] = "on"
        elif value is not None and value is not False:
            data[name] = str(value)
    return data
