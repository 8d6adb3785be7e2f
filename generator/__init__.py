"""Print-and-play generator: board-game data in, print-ready kits out."""

from generator.slow_patterns import defer_web_address_pattern

defer_web_address_pattern()  # before any module imports ReportLab's platypus
