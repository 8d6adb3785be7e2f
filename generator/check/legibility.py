"""Rules about text a player reads without a second look: type at or above the legible floor,
and no two texts printed over each other on one face. Both measure the fitted text."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

if TYPE_CHECKING:
    from generator.build import Rendered

from generator.check.registry import rendered_rule
from generator.findings import Position, Report
from generator.load.game import LoadedGame, PieceFile
from generator.model import TokenSheet
from generator.render.faces import Face, PieceFaces
from generator.render.fit import LEGIBLE_PT
from generator.render.items import IconItem, Rect, TextItem
from generator.render.markup import glyph_size

OVERLAP_MM = 0.1  # overlaps thinner than this are rounding, not overprinting


@dataclass
class Seen:
    """One text element (or pair of them) found at fault on some pieces: reported once."""

    where: Position
    first: str
    size: float
    pieces: set[str] = field(default_factory=set)

    def add(self, piece: str, size: float) -> None:
        """Count one more piece, keeping the smallest size seen."""
        self.pieces.add(piece)
        self.size = min(self.size, size)


@rendered_rule(
    "text-too-small",
    "warning",
    "Text on a card, token or board (or the letter inside a symbol drawn there) prints below "
    "the legible floor of 6 pt, and its layout element does not opt in with `allow_small: true`.",
)
@rendered_rule(
    "text-overlap",
    "warning",
    "Two texts printed on the same face overlap, measured on the fitted text.",
)
def legible_faces(loaded: LoadedGame, rendered: Rendered, report: Report) -> None:
    glyphs = _glyphs(loaded)
    for faces in (*rendered.decks, *rendered.token_sheets):
        _legible(_set_faces(loaded, faces), glyphs, report)
    _legible(_board_faces(loaded, rendered), glyphs, report)


def _legible(
    faces: Iterable[tuple[str, Position, Face]],
    glyphs: dict[str, tuple[str, Position]],
    report: Report,
) -> None:
    """Report text too small and texts overlapping on the faces, each (kind, owner, element)
    once for all the pieces it is found on."""
    small: dict[tuple[str, ...], Seen] = {}
    overlaps: dict[tuple[str, ...], Seen] = {}
    letters: dict[tuple[str, ...], Seen] = {}
    for owner, where, face in faces:
        texts = [item for item in face.items if isinstance(item, TextItem)]
        for item in texts:
            if _too_small(item):
                key = (owner, face.side, _name(item))
                small.setdefault(key, Seen(where, face.card, item.fitted.size)).add(
                    face.card, item.fitted.size
                )
        for key, size in _small_letters(face, glyphs):
            letters.setdefault((*key, owner), Seen(glyphs[key[0]][1], face.card, size)).add(
                face.card, size
            )
        for first, second in _overlapping(texts):
            key = (owner, face.side, _name(first), _name(second))
            overlaps.setdefault(key, Seen(where, face.card, 0)).add(face.card, 0)
    for (owner, side, name), seen in small.items():
        report.warning(
            "text-too-small",
            seen.where,
            f"{owner}, {side}, text '{name}' prints at {seen.size:g} pt on {_pieces(seen)}; "
            f"expected at least {LEGIBLE_PT:g} pt (a larger box or size), or `allow_small: true` "
            "on the element where small type is deliberate",
        )
    for (symbol, where, owner), seen in letters.items():
        report.warning(
            "text-too-small",
            seen.where,
            f"symbol '{symbol}': its letter '{glyphs[symbol][0]}' prints at {seen.size:.2g} pt in "
            f"{where} of {owner} on {_pieces(seen)}; expected at least {LEGIBLE_PT:g} pt (a "
            "larger text or icon, a one-character glyph, or `allow_small: true` on the element)",
        )
    for (owner, side, one, other), seen in overlaps.items():
        report.warning(
            "text-overlap",
            seen.where,
            f"{owner}, {side}: text '{one}' and text '{other}' print over each other on "
            f"{_pieces(seen)}; expected text boxes apart (move or shrink one, or show them "
            "under different `when:` fields)",
        )


def _set_faces(loaded: LoadedGame, faces: PieceFaces) -> list[tuple[str, Position, Face]]:
    """Every face of a deck or token sheet, with the place of its design's row."""
    pieces = loaded.piece_files[faces.owner.id]
    sides = [*enumerate(faces.fronts), *enumerate(faces.backs or ())]
    return [(_owner(pieces), pieces.position(index), face) for index, face in sides]


def _owner(pieces: PieceFile) -> str:
    """A deck or token sheet as findings name it."""
    kind = "token sheet" if isinstance(pieces.owner, TokenSheet) else "deck"
    return f"{kind} '{pieces.owner.id}'"


def _board_faces(loaded: LoadedGame, rendered: Rendered) -> Iterator[tuple[str, Position, Face]]:
    """Every board's face, with the place of its entry."""
    for index, (board, face) in enumerate(rendered.boards):
        yield f"board '{board.id}'", loaded.source.at("boards", index), face


def _glyphs(loaded: LoadedGame) -> dict[str, tuple[str, Position]]:
    """The letter each drawn symbol prints inside its shape, and the symbol's line."""
    return {
        symbol.key: (symbol.drawing.glyph, loaded.source.at("symbols", index))
        for index, symbol in enumerate(loaded.game.symbols)
        if symbol.drawing.glyph and not symbol.drawing.image
    }


def _small_letters(
    face: Face, glyphs: dict[str, tuple[str, Position]]
) -> Iterator[tuple[tuple[str, str], float]]:
    """(symbol, where) and the size of each symbol letter on a face printed below the floor by
    an element that did not opt in: icons inline in text and icon elements."""
    if not glyphs:
        return  # no symbol prints a letter: nothing to measure (nor any markup to read)
    for item in face.items:
        if isinstance(item, TextItem):
            if getattr(item.style, "allow_small", False):
                continue
            for icon in item.fitted.icons():
                if icon.icon not in glyphs:
                    continue
                size = glyph_size(glyphs[icon.icon][0], icon.size)
                if size < LEGIBLE_PT - 1e-6:
                    yield (icon.icon, f"text '{_name(item)}'"), size
        elif isinstance(item, IconItem) and item.symbol in glyphs:
            size = glyph_size(glyphs[item.symbol][0], min(item.box.width, item.box.height) * mm)
            if size < LEGIBLE_PT - 1e-6:
                yield (item.symbol, "an icon"), size


def _too_small(item: TextItem) -> bool:
    """Printed below the floor, by an element that did not opt in (labels cannot)."""
    allowed = getattr(item.style, "allow_small", False)
    return item.fitted.size < LEGIBLE_PT - 1e-6 and not allowed


def _name(item: TextItem) -> str:
    """A layout element's name (or field); the generator's own labels by their text."""
    style = item.style
    named = getattr(style, "name", None) or getattr(style, "field", None)
    if named:
        return str(named)
    text = item.fitted.text or getattr(item.style, "type", "text")
    return text if len(text) <= 40 else text[:37] + "..."


def _pieces(seen: Seen) -> str:
    """Which pieces show the problem: the first, and how many more."""
    more = len(seen.pieces) - 1
    return f"'{seen.first}'" + (f" and {more} more" if more > 0 else "")


def _overlapping(texts: list[TextItem]) -> Iterator[tuple[TextItem, TextItem]]:
    """Pairs of texts on one face whose inked extents cross by more than a rounding error, in
    the face's order. Swept from the left, a text is compared only with those starting before
    it ends (a map holds hundreds of texts)."""
    extents = [ink_extent(item) for item in texts]
    order = sorted(range(len(extents)), key=lambda index: extents[index].x)
    pairs = []
    for at, i in enumerate(order):
        one = extents[i]
        for j in order[at + 1 :]:
            other = extents[j]
            if one.x + one.width - other.x <= OVERLAP_MM:
                break  # it and all after it start too far right to cross `one` by enough
            if _crossing(one, other):
                pairs.append((min(i, j), max(i, j)))
    for i, j in sorted(pairs):
        yield texts[i], texts[j]


def _crossing(one: Rect, other: Rect) -> bool:
    """Whether two extents cross by more than a rounding error both ways."""
    across = min(one.x + one.width, other.x + other.width) - max(one.x, other.x)
    down = min(one.y + one.height, other.y + other.height) - max(one.y, other.y)
    return across > OVERLAP_MM and down > OVERLAP_MM


def ink_extent(item: TextItem) -> Rect:
    """Where fitted text actually prints inside its box: its used width and height placed by
    its alignment (a turned text keeps its whole box)."""
    box, style, fitted = item.box, item.style, item.fitted
    if item.rotate:
        return box
    width = min(box.width, _used_width(item))
    height = min(box.height, fitted.height / mm)
    x = {"center": box.x + (box.width - width) / 2, "right": box.x + box.width - width}.get(
        style.align, box.x
    )
    y = {"middle": box.y + (box.height - height) / 2, "bottom": box.y + box.height - height}.get(
        style.valign, box.y
    )
    return Rect(x, y, width, height)


def _used_width(item: TextItem) -> float:
    """The widest line of the fitted text in mm (a justified text's lines fill the box)."""
    if item.style.align == "justify":
        return item.box.width
    return item.fitted.widest(item.box.width * mm) / mm
