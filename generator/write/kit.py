"""The card files of one trim size: imposed sheets and the print-shop PDF, with manifest details."""

from __future__ import annotations

from pathlib import Path

from generator.model import Symbol
from generator.render.faces import PieceFaces
from generator.write.output import OutputFile
from generator.write.printshop import print_shop_pdf
from generator.write.sheets import PrintOptions, card_sheets


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
