"""Print-and-play generator: board-game data in, print-ready kits out."""
