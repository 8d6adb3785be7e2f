"""Print-and-play generator: board-game data in, print-ready kits out."""

from generator.regex_cache import keep_compiled_patterns

keep_compiled_patterns()  # before anything compiles a pattern
