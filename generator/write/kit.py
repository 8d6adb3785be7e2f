"""Output files with their manifest details: card sheets, the print-shop PDF, tokens and boards."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from generator.model import Board, Symbol
from generator.render.faces import Face, PieceFaces
from generator.write.boards import boards_pdf
from generator.write.output import OutputFile
from generator.write.printshop import print_shop_pdf
from generator.write.sheets import PrintOptions, card_sheets
from generator.write.tokens import token_sheets


def card_files(
    title: str,
    size_name: str,
    group: list[PieceFaces],
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    printing: PrintOptions,
) -> list[OutputFile]:
    """`cards-<size>.pdf` for home printing and `printshop-<size>.pdf` for print services."""
    size = [round(group[0].size.width, 3), round(group[0].size.height, 3)]
    sheets = card_sheets(f"{title} — cards", group, printing, symbols, folder)
    shop = print_shop_pdf(f"{title} — print shop", group, symbols, folder)
    details = {"card_size_mm": size}
    return [
        OutputFile(
            f"cards-{size_name}.pdf",
            "cards",
            sheets.data,
            sheets.pages,
            paper,
            {
                **details,
                "cards": sheets.cards,
                "decks": sheets.placed,
                "format": "sheets",
                "duplex": printing.duplex,
            },
        ),
        OutputFile(
            f"printshop-{size_name}.pdf",
            "cards",
            shop.data,
            shop.pages,
            "card",
            {**details, "cards": shop.cards, "decks": shop.placed, "format": "print-shop"},
        ),
    ]


def token_file(
    title: str,
    sheets: list[PieceFaces],
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    printing: PrintOptions,
) -> OutputFile:
    """`tokens.pdf`: every token sheet packed together, counts taken from the placements."""
    pdf, plan = token_sheets(f"{title} — tokens", sheets, printing, symbols, folder)
    placed = Counter(sheets[spot.design[0]].owner.id for spot in plan.spots)
    details = {
        "tokens": len(plan.spots),
        "sheets": dict(sorted(placed.items())),
        "duplex": printing.duplex,
    }
    return OutputFile("tokens.pdf", "tokens", pdf.data, pdf.pages, paper, details)


def board_file(
    title: str,
    boards: list[tuple[Board, Face]],
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    printing: PrintOptions,
) -> OutputFile:
    """`boards.pdf`: small boards placed together, large ones tiled with an assembly page."""
    pdf, placed = boards_pdf(f"{title} — boards", boards, printing, symbols, folder)
    return OutputFile("boards.pdf", "boards", pdf.data, pdf.pages, paper, {"boards": placed})
