"""The build pipeline: load -> check -> render -> impose -> write, each stage an inspectable object."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from generator.check import check_game
from generator.errors import DataError
from generator.findings import Finding
from generator.load.game import LoadedGame
from generator.render.faces import DeckFaces, deck_faces
from generator.units import PAPERS, size_name
from generator.write.output import Kit, OutputFile
from generator.write.pdf import card_sheets


def checked_game(folder: Path) -> tuple[LoadedGame, list[Finding]]:
    """Load and check a game, raising DataError when it has error-level findings."""
    loaded, report = check_game(folder)
    if report.errors or loaded is None:
        raise DataError(report.sorted())
    return loaded, report.sorted()


def plan_kit(loaded: LoadedGame, paper: str) -> Kit:
    """Render and impose a whole game in memory."""
    decks = [deck_faces(loaded, loaded.piece_files[deck.id]) for deck in loaded.game.decks]
    files = tuple(_card_files(loaded, decks, paper))
    placed = {deck.deck.id: len(deck.faces) for deck in decks}
    return Kit(loaded.game.id, loaded.game.title, files, _components(loaded, placed))


def _card_files(loaded: LoadedGame, decks: list[DeckFaces], paper: str):
    """One card-sheet PDF per trim size, so every file has one card size."""
    by_size: dict[str, list[DeckFaces]] = defaultdict(list)
    for deck in decks:
        by_size[size_name(deck.size)].append(deck)
    for name, group in by_size.items():
        pdf = card_sheets(f"{loaded.game.title} — cards", group, PAPERS[paper])
        size = group[0].size
        yield OutputFile(
            f"cards-{name}.pdf",
            "cards",
            pdf.data,
            pdf.pages,
            paper,
            {
                "card_size_mm": [round(size.width, 3), round(size.height, 3)],
                "cards": pdf.cards,
                "decks": pdf.placed,
            },
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
