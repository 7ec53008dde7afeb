from django import template

register = template.Library()


@register.filter
def get(mapping, key):
    """``{{ mapping|get:key }}`` for dicts and lists (None when missing)."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None
