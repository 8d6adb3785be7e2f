"""What a build works out from a game's files and keeps in its cache store, so the next build of
the game reads it instead: SVG art parsed (golden-age's 12 files took ~0.2 s of a rebuild) and
rulebook templates compiled (60-90 ms for each bundled rulebook, ~0.1 ms to load).

Kept only while a build checks and renders a game (its store is active, see cache/rules.py
`kept_rules`); `pnp check`, the preview and a --no-cache build work it out each time. A kept
value is keyed by its inputs and pnp's version, and an entry that does not decode is a miss.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any, TypeVar

from generator.cache.keys import code_version, digest
from generator.cache.rules import active_store

Value = TypeVar("Value")
# What a damaged entry raises when decoded (pickle and marshal): it is then made again.
DAMAGED = (
    pickle.UnpicklingError,
    ValueError,
    EOFError,
    TypeError,
    AttributeError,
    ImportError,
    IndexError,
    KeyError,
)


def derived(
    kind: str,
    inputs: tuple[Any, ...],
    make: Callable[[], Value],
    encode: Callable[[Value], bytes],
    decode: Callable[[bytes], Value],
) -> Value:
    """`make()`, a pure function of `inputs`: as the build's store kept it under `kind`, else
    made now and kept at the build's flush."""
    store = active_store()
    if store is None:
        return make()
    key = digest(kind, code_version(), *inputs)
    data = store.get(kind, key)
    if data is not None:
        try:
            return decode(data)
        except DAMAGED:
            pass
    value = make()
    store.keep_bytes(kind, key, encode(value))
    return value
