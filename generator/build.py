"""The build pipeline: load -> check -> render -> impose -> write, each stage an inspectable object."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.check import check_game
from generator.errors import DataError
from generator.findings import Finding, Report
from generator.load.game import LoadedGame
from generator.render.faces import DeckFaces, deck_faces
from generator.units import size_name
from generator.write.calibration import calibration_pdf
from generator.write.exports import png_files, tts_files
from generator.write.output import Kit, OutputFile
from generator.write.printshop import print_shop_pdf
from generator.write.sheets import PrintOptions, card_sheets

PARTS = ("cards", "png", "tts")


@dataclass(frozen=True)
class BuildOptions:
    """What to build and how it will be printed."""

    paper: str
    printing: PrintOptions
    only: frozenset[str] = field(default_factory=lambda: frozenset(PARTS))
    dpi: int = 300


def checked_game(folder: Path) -> tuple[LoadedGame, list[Finding]]:
    """Load and check a game, raising DataError when it has error-level findings."""
    loaded, report = check_game(folder)
    if report.errors or loaded is None:
        raise DataError(report.sorted())
    return loaded, report.sorted()


def rendered_decks(loaded: LoadedGame) -> list[DeckFaces]:
    """Every deck's faces; text that does not fit (or art that is missing) stops the build."""
    report = Report()
    decks = [deck_faces(loaded, loaded.piece_files[deck.id], report) for deck in loaded.game.decks]
    if report.errors:
        raise DataError(report.sorted())
    return decks


def plan_kit(loaded: LoadedGame, options: BuildOptions) -> Kit:
    """Render and impose a whole game in memory; nothing is written yet."""
    decks = rendered_decks(loaded)
    files = tuple(_files(loaded, decks, options))
    placed = {deck.deck.id: deck.cards for deck in decks} if "cards" in options.only else {}
    return Kit(loaded.game.id, loaded.game.title, files, _components(loaded, placed))


def _files(
    loaded: LoadedGame, decks: list[DeckFaces], options: BuildOptions
) -> Iterator[OutputFile]:
    by_size: dict[str, list[DeckFaces]] = defaultdict(list)
    for deck in decks:
        by_size[size_name(deck.size)].append(deck)
    game, folder = loaded.game, loaded.folder
    for name, group in by_size.items():
        size = [round(group[0].size.width, 3), round(group[0].size.height, 3)]
        if "cards" in options.only:
            sheets = card_sheets(
                f"{game.title} — cards", group, options.printing, game.symbols, folder
            )
            yield OutputFile(
                f"cards-{name}.pdf",
                "cards",
                sheets.data,
                sheets.pages,
                options.paper,
                {
                    "card_size_mm": size,
                    "cards": sheets.cards,
                    "decks": sheets.placed,
                    "format": "sheets",
                    "duplex": options.printing.duplex,
                },
            )
            shop = print_shop_pdf(f"{game.title} — print shop", group, game.symbols, folder)
            yield OutputFile(
                f"printshop-{name}.pdf",
                "cards",
                shop.data,
                shop.pages,
                "card",
                {
                    "card_size_mm": size,
                    "cards": shop.cards,
                    "decks": shop.placed,
                    "format": "print-shop",
                },
            )
        if "png" in options.only:
            yield from png_files(game.title, group, game.symbols, folder, options.dpi)
        if "tts" in options.only:
            yield from tts_files(game.title, group, game.symbols, folder)
    if (
        "cards" in options.only
        and options.printing.duplex in ("long", "short")
        and any(d.backs for d in decks)
    ):
        data = calibration_pdf(options.printing)
        yield OutputFile(
            "calibration.pdf",
            "calibration",
            data,
            2,
            options.paper,
            {"duplex": options.printing.duplex},
        )


def _components(loaded: LoadedGame, placed: dict[str, int]) -> tuple[dict, ...]:
    """How many of each printable inventory component the kit contains, counted from placements.

    A component printed by nothing itself (a total such as "66 building tokens") counts what
    its parts printed.
    """
    components = loaded.game.components
    parent_of = {c.id: c.part_of for c in components}
    counts = {c.id: placed.get(c.provided_by or "", 0) for c in components}
    totals = {c.id for c in components if c.provided_by is None}
    for component in sorted(components, key=lambda c: -_depth(c.id, parent_of)):
        if component.part_of in totals:
            counts[component.part_of] += counts[component.id]
    return tuple(
        {"id": c.id, "kind": c.kind, "count": counts[c.id]} for c in components if c.provided
    )


def _depth(ident: str, parent_of: dict[str, str | None]) -> int:
    """How many `part_of` steps lie above a component (cycles stop at the inventory size)."""
    depth = 0
    while (ident := parent_of.get(ident)) and depth < len(parent_of):
        depth += 1
    return depth
