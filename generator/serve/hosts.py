"""Which Host headers the preview answers: only the names it is reachable as, so that a page of
another site whose DNS name was pointed at this machine (DNS rebinding) cannot read it."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
# A Host header: a name or dotted IPv4 address, or an IPv6 address in brackets; then a port.
HOST_HEADER = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[^:\[\]]+)(?::([0-9]{1,5}))?")
SHOWN_HOST_CHARS = 80  # how much of a refused Host header the refusal repeats

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class Hosts:
    """The names the preview answers to, each with or without its port; listening on every
    interface, also any IP address (a rebinding attack needs a DNS name)."""

    names: frozenset[str]
    port: int
    any_address: bool = False

    def allows(self, header: str | None) -> bool:
        """Whether a request's Host header names this preview."""
        found = HOST_HEADER.fullmatch(header or "")
        if found is None or found.group(2) not in (None, str(self.port)):
            return False
        name = found.group(1)
        return canonical(name) in self.names or (self.any_address and address_of(name) is not None)

    def refusal(self, header: str | None) -> str:
        """Why a request was refused: the Host names expected and the one found."""
        expected = ", ".join(f"{name}:{self.port}" for name in sorted(self.names))
        anywhere = " or any IP address" if self.any_address else ""
        found = header[:SHOWN_HOST_CHARS] if header else "none"
        return f"pnp serve: expected a Host header of {expected}{anywhere}, found {found}\n"


def served_hosts(host: str, address: str, port: int) -> Hosts:
    """The names a preview asked to listen on `host`, and bound to `address`:`port`, is
    reachable as: those two; for a loopback address the loopback names; for every interface
    (0.0.0.0, ::) localhost and any IP address."""
    bound = ipaddress.ip_address(address)
    names = {canonical(url_host(host)), canonical(url_host(address))}
    if bound.is_loopback:
        names.update(LOOPBACK_NAMES)
    if bound.is_unspecified:
        names.add("localhost")
    return Hosts(frozenset(names), port, any_address=bound.is_unspecified)


def url_host(host: str) -> str:
    """A host as a URL writes it: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


def address_of(name: str) -> Address | None:
    """The IP address a Host name spells (IPv6 only in brackets), or None for a DNS name."""
    bracketed = name.startswith("[") and name.endswith("]")
    try:
        address = ipaddress.ip_address(name[1:-1] if bracketed else name)
    except ValueError:
        return None
    return address if (address.version == 6) == bracketed else None


def canonical(name: str) -> str:
    """A Host name as compared: an IP address in its one standard spelling, a DNS name in
    lower case."""
    address = address_of(name)
    if address is None:
        return name.lower()
    return url_host(str(address))


class HostCheck:
    """Passes on only the requests whose Host names the preview, event streams included; any
    other gets a 400 saying which names it answers to. (Starlette's TrustedHostMiddleware does
    not look at the port and cannot answer any IP address while refusing DNS names.)"""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a request with no Host, two, or one that is not the preview's."""
        if scope["type"] == "http":
            found = [value for key, value in scope["headers"] if key == b"host"]
            header = found[0].decode("latin-1") if len(found) == 1 else None
            if not self.hosts.allows(header):
                refused = PlainTextResponse(self.hosts.refusal(header), status_code=400)
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)
