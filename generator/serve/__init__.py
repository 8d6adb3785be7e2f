"""`pnp serve`: a live preview of games in the browser, drawn by the build's own pipeline."""
