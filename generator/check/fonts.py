"""Rules about fonts: every family named exists with the faces asked for, and font files read."""

from __future__ import annotations

from generator.check.registry import rule
from generator.findings import Position, Report
from generator.fonts import FontError, resolve_family
from generator.fonts.families import game_families
from generator.load.game import LoadedGame
from generator.model.layout import FieldsElement, TextElement


@rule(
    "font",
    "error",
    "A font family that is not installed or in the game folder, a face it lacks, a font file "
    "that is not a font, or a character the chosen font cannot draw.",
)
def fonts_resolve(loaded: LoadedGame, report: Report) -> None:
    _, problems = game_families(loaded.folder)
    for path, problem in problems:
        report.error("font", Position(path), problem)
    game = loaded.game
    named = [(game.font_family, None, loaded.source.at("font_family"))]
    for key in ("font_family", "heading_font_family"):
        named.append((getattr(game.rulebook, key), None, loaded.source.at("rulebook", key)))
    for name, layout in loaded.layouts.items():
        where = loaded.layout_positions[name]
        named.append((layout.font_family, None, where))
        inherited = layout.font_family or game.font_family
        for element in layout.elements:
            if isinstance(element, TextElement | FieldsElement):
                named.append((element.font_family or inherited, element.font, where))
    reported: set[str] = set()
    for family_name, style, where in dict.fromkeys(named):
        if family_name:
            _family_has(loaded, family_name, style, where, reported, report)


def _family_has(
    loaded: LoadedGame,
    name: str,
    style: str | None,
    where: Position,
    reported: set[str],
    report: Report,
) -> None:
    """Report a family that cannot be found (once per place), or that lacks an element's face."""
    try:
        family = resolve_family(name, loaded.folder)
        if style:
            family.face(style)
    except FontError as exc:
        message = str(exc)
        if f"{where}{message}" not in reported:
            reported.add(f"{where}{message}")
            report.error("font", where, message)
