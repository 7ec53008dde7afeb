"""Every URL pattern of the site, from the resolver (not a hand-written list), and URLs built
from them with candidate values: the one walk of tests/sweeps/ and the Dutch walk use it."""

import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404

from club.roles import RoleRequiredMixin

PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>|\(\?P<(?P<group>\w+)>[^)]*\)")


@dataclass(frozen=True)
class Route:
    pattern: str  # the full route, e.g. "saisie/tables/<int:pk>/"
    callback: object
    name: str | None
    namespace: str | None

    @property
    def parameters(self) -> list[str]:
        return [m["name"] or m["group"] for m in PARAMETER.finditer(self.pattern)]

    @property
    def is_admin(self) -> bool:
        return self.namespace == "admin"

    @property
    def is_staff(self) -> bool:
        """Pages reserved to a role: the admin and every view behind ``RoleRequiredMixin``."""
        view_class = getattr(self.callback, "view_class", None)
        return self.is_admin or (
            isinstance(view_class, type) and issubclass(view_class, RoleRequiredMixin)
        )

    @property
    def is_logout(self) -> bool:
        return bool(self.name and self.name.endswith("logout"))

    def url(self, values: dict[str, str]) -> str | None:
        """The URL with ``values`` put in, if the resolver sends it back to this very pattern."""
        text = self.pattern.lstrip("^").rstrip("$")
        text = PARAMETER.sub(lambda m: values[m["name"] or m["group"]], text)
        url = "/" + text.replace("^", "")
        try:
            match = resolve(url)
        except Resolver404:
            return None
        return url if match.func is self.callback else None


def routes() -> list[Route]:
    def walk(patterns, prefix: str, namespace: str | None) -> Iterator[Route]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(
                    pattern.url_patterns,
                    prefix + str(pattern.pattern),
                    pattern.namespace or namespace,
                )
            elif isinstance(pattern, URLPattern):
                yield Route(
                    prefix + str(pattern.pattern), pattern.callback, pattern.name, namespace
                )

    return list(walk(get_resolver().url_patterns, "", None))


def readable_text(response) -> str:
    """What a reader of the response sees: the page, the JSON, or the cells of a workbook."""
    content = getattr(response, "content", b"")
    if content[:2] == b"PK":  # xlsx: zipped XML
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return " ".join(
                archive.read(name).decode("utf-8", "replace") for name in archive.namelist()
            )
    return content.decode("utf-8", "replace")
