"""The Host headers `pnp serve` answers for each address it may listen on: the names it is
reachable as, with or without its port; on every interface, also any IP address, never another
DNS name (a DNS rebinding attack needs one)."""

from __future__ import annotations

import pytest

from generator.serve.hosts import served_hosts

ALWAYS_REFUSED = [
    "evil.example",
    "evil.example:8000",
    "127.0.0.1.nip.io:8000",
    "localhost.:8000",
    "",
    None,
    ":8000",
    "localhost:8000:8000",
    "localhost:80000",
    "localhost:08000",
    "localhost:9000",
    "[127.0.0.1]:8000",
    "::1",
    "[::1",
    "127.0.0.1 :8000",
]
LOOPBACK = ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:8000", "[::1]", "[::1]:8000"]


@pytest.mark.parametrize(
    ("host", "address", "answered", "refused"),
    [
        (
            "127.0.0.1",
            "127.0.0.1",
            [*LOOPBACK, "[0:0:0:0:0:0:0:1]:8000"],
            ["127.0.0.2:8000", "192.168.1.5:8000", "[fe80::1]:8000", "mybox.lan:8000"],
        ),
        ("localhost", "127.0.0.1", LOOPBACK, ["192.168.1.5:8000", "mybox.lan:8000"]),
        ("127.0.0.2", "127.0.0.2", [*LOOPBACK, "127.0.0.2:8000"], ["192.168.1.5:8000"]),
        ("::1", "::1", LOOPBACK, ["[fe80::1]:8000", "mybox.lan:8000"]),
        (
            "0.0.0.0",
            "0.0.0.0",
            [*LOOPBACK, "0.0.0.0:8000", "192.168.1.5", "192.168.1.5:8000", "[fe80::1]:8000"],
            ["mybox.lan:8000", "mybox:8000"],
        ),
        ("::", "::", ["localhost:8000", "10.0.0.7:8000", "[2001:db8::7]:8000"], ["mybox:8000"]),
        (
            "mybox.lan",
            "192.168.1.5",
            ["mybox.lan:8000", "MyBox.LAN", "192.168.1.5:8000"],
            ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "10.0.0.7:8000", "mybox:8000"],
        ),
    ],
)
def test_the_preview_answers_the_names_it_is_reachable_as_and_no_other(
    host, address, answered, refused
):
    hosts = served_hosts(host, address, 8000)
    assert [h for h in answered if not hosts.allows(h)] == []
    assert [h for h in [*refused, *ALWAYS_REFUSED] if hosts.allows(h)] == []


def test_a_refusal_says_which_names_the_preview_answers_to():
    local, everywhere = served_hosts("localhost", "127.0.0.1", 8000), served_hosts("::", "::", 80)
    assert local.refusal("evil.example") == (
        "pnp serve: expected a Host header of 127.0.0.1:8000, [::1]:8000, localhost:8000, "
        "found evil.example\n"
    )
    assert everywhere.refusal(None) == (
        "pnp serve: expected a Host header of [::]:80, localhost:80 or any IP address, found none\n"
    )
    assert local.refusal("x" * 1000).endswith(", found " + "x" * 80 + "\n")
