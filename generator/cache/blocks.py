"""A rulebook's blocks kept in the build's cache store, by a digest of the Markdown they are made
from: a rebuild whose rulebook text did not change (a changed card it does not quote) turns no
Markdown into blocks, neither in its check nor in its build.

`rulebook_blocks` reads only its arguments (the Markdown after Jinja, the title and the glossary
terms); with pnp's version they make the key.
"""

from __future__ import annotations

import pickle

from generator.cache.keys import code_version, digest
from generator.cache.rules import active_store
from generator.render.rulebook import Rulebook, rulebook_blocks

BLOCKS = "blocks"


def stored_blocks(text: str, title: str, terms: tuple[str, ...] = ()) -> Rulebook:
    """`rulebook_blocks(text, title, terms)`, from the build's store when it holds them (and
    kept there when it does not); without a store, made as ever."""
    store = active_store()
    if store is None:
        return rulebook_blocks(text, title, terms)
    key = digest(BLOCKS, code_version(), text, title, terms)
    found = store.unpickled(BLOCKS, key)
    if isinstance(found, Rulebook):
        return found
    book = rulebook_blocks(text, title, terms)
    store.keep_bytes(BLOCKS, key, pickle.dumps(book, protocol=pickle.HIGHEST_PROTOCOL))
    return book
