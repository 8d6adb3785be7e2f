"""The build cache: output files kept by a digest of everything that made them (see store.py for
the layout on disk, keys.py for what a key covers, kits.py for what `pnp build` reuses).

Other parts of pnp (the `pnp serve` preview) use the same store for bytes of their own:

    store = Store(cache_root(Path("output")))
    key = digest("preview", code_version(), face, shape, symbols, dpi, asset_files(folder))
    png = store.remembered("previews", key, lambda: draw(face))
"""

from generator.cache.keys import Uncacheable, asset_files, code_version, digest
from generator.cache.store import Store, cache_root

__all__ = ["Store", "Uncacheable", "asset_files", "cache_root", "code_version", "digest"]
