"""Output files with their manifest details: card sheets, the print-shop PDF, tokens, boards,
the rulebook and the deck report."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from generator.cache.books import BookPages
from generator.fonts import Family
from generator.impose.booklet import padded
from generator.model import Board, Guide, RulebookSettings, Symbol
from generator.render.distributions import DeckDistributions
from generator.render.faces import Face, PieceFaces
from generator.render.rulebook import BOOKLET_RULEBOOK, Rulebook
from generator.render.typefaces import text_family
from generator.units import PAPERS, Size
from generator.write.output import OutputFile
from generator.write.printshop import print_shop_pdf
from generator.write.sheets import PrintOptions, card_sheets

# The writers of tokens, boards, books (pypdf for the booklet) and the deck report are imported
# where they are used: a job process that makes card files alone does not load them.


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
            {
                **details,
                "cards": shop.cards,
                "decks": shop.placed,
                "format": "print-shop",
                "copies": [quantity for deck in group for quantity in deck.quantities],
            },
        ),
    ]


def token_file(
    title: str,
    sheets: list[PieceFaces],
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    printing: PrintOptions,
    name: str = "tokens.pdf",
) -> OutputFile:
    """`tokens.pdf`: every token sheet packed together, counts taken from the placements."""
    from generator.write.tokens import token_sheets

    pdf, plan = token_sheets(f"{title} — tokens", sheets, printing, symbols, folder)
    placed = Counter(sheets[spot.design[0]].owner.id for spot in plan.spots)
    details = {
        "tokens": len(plan.spots),
        "sheets": dict(sorted(placed.items())),
        "duplex": printing.duplex,
    }
    return OutputFile(name, "tokens", pdf.data, pdf.pages, paper, details)


def board_file(
    title: str,
    boards: list[tuple[Board, Face]],
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    printing: PrintOptions,
) -> OutputFile:
    """`boards.pdf`: small boards placed together, large ones tiled with an assembly page."""
    from generator.write.boards import boards_pdf

    pdf, placed = boards_pdf(f"{title} — boards", boards, printing, symbols, folder)
    return OutputFile("boards.pdf", "boards", pdf.data, pdf.pages, paper, {"boards": placed})


def report_file(title: str, decks: tuple[DeckDistributions, ...], paper: str) -> OutputFile:
    """`deck-report.pdf`: how the copies of each deck and token sheet spread over field values."""
    from generator.write.report import report_pdf

    data, pages = report_pdf(title, decks, PAPERS[paper])
    charts = sum(len(deck.fields) for deck in decks)
    return OutputFile("deck-report.pdf", "report", data, pages, paper, {"charts": charts})


def guide_file(
    guide: Guide,
    book: Rulebook,
    settings: RulebookSettings,
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    shown: dict,
    pages: BookPages | None = None,
) -> OutputFile:
    """`<id>.pdf`: a further booklet, typeset like the rulebook (its faces too) on the paper."""
    from generator.write.rulebook import rulebook_pdf

    faces = book_families(settings, folder)
    pdf = rulebook_pdf(
        book,
        PAPERS[paper],
        guide.columns,
        symbols,
        folder,
        guide.subtitle,
        shown,
        guide.front_matter,
        *faces,
        pages,
    )
    details = {"title": guide.title, "booklets": {guide.id: 1}}
    return OutputFile(f"{guide.id}.pdf", "guide", pdf.data, pdf.pages, paper, details)


def rulebook_file(
    book: Rulebook,
    settings: RulebookSettings,
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    shown: dict,
    pages: BookPages | None = None,
) -> OutputFile:
    """`rulebook.pdf` on the paper (its headings' pages kept in `pages`, when given)."""
    from generator.write.rulebook import rulebook_pdf

    book_args = (symbols, folder, settings.subtitle, shown, True, *book_families(settings, folder))
    full = rulebook_pdf(book, PAPERS[paper], settings.columns, *book_args, pages)
    details = {"format": "full", "columns": settings.columns, "booklets": {BOOKLET_RULEBOOK: 1}}
    return OutputFile("rulebook.pdf", "rulebook", full.data, full.pages, paper, details)


def rulebook_booklet_file(
    book: Rulebook,
    settings: RulebookSettings,
    symbols: list[Symbol],
    folder: Path,
    paper: str,
    shown: dict,
    pages: BookPages | None = None,
) -> OutputFile:
    """`rulebook-booklet.pdf`: half-sheet pages imposed for saddle stitching (typeset on their
    own, so the build can set it beside `rulebook.pdf` on another core)."""
    from generator.write.rulebook import rulebook_pdf

    sheet = PAPERS[paper]
    book_args = (symbols, folder, settings.subtitle, shown, True, *book_families(settings, folder))
    half = rulebook_pdf(book, Size(sheet.height / 2, sheet.width), 1, *book_args, pages, True)
    sides = padded(half.pages) // 2
    details = {"format": "booklet", "booklet_pages": padded(half.pages)}
    return OutputFile("rulebook-booklet.pdf", "rulebook", half.data, sides, paper, details)


def book_families(settings: RulebookSettings, folder: Path) -> tuple[Family | None, Family | None]:
    """The rulebook's text family and its display family for headings (None: the defaults)."""
    text, heading = settings.font_family, settings.heading_font_family
    return (
        text_family(text, folder) if text else None,
        text_family(heading, folder) if heading else None,
    )
