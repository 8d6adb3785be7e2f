"""`python -m generator` runs the `pnp` command line."""

from generator.cli import main

main()
