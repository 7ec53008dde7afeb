"""The client's address for login throttling, through the configured trusted reverse proxies."""

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        return None


def _trusted(address: str) -> bool:
    ip = _ip(address)
    return ip is not None and any(
        ip in ipaddress.ip_network(net, strict=False) for net in settings.TRUSTED_PROXIES
    )


def client_ip(request: HttpRequest) -> str:
    """The connection's address; when it is a trusted proxy, the last address of its
    X-Forwarded-For that is not itself a trusted proxy (the ones before it can be forged).

    Without trusted proxies the header is ignored: anyone can send it.
    """
    address: str = request.META.get("REMOTE_ADDR", "")
    if not _trusted(address):
        return address
    forwarded: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
    for hop in reversed([h.strip() for h in forwarded.split(",") if h.strip()]):
        if not _trusted(hop):
            return hop if _ip(hop) else address
    return address
