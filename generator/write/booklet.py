"""Impose half-sheet rulebook pages two-up for saddle stitching: print duplex (short edge), fold, staple.

Each page becomes a form XObject that the sides draw in place: its content stream is copied as it
is, never parsed and rewritten (merging pages took most of a one-card rebuild's booklet job).
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
)

from generator.impose.booklet import saddle_stitch


def booklet_pdf(pages_pdf: bytes, title: str) -> tuple[bytes, int]:
    """Each side of each sheet carries two pages in saddle-stitch order; blanks pad to four."""
    reader = PdfReader(io.BytesIO(pages_pdf))
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    writer = PdfWriter()
    forms = [_form(writer, page) for page in pages]
    placed: dict[int, tuple[PageObject, float]] = {}  # a page: its side and where it starts
    for left, right in saddle_stitch(len(pages)):
        side = writer.add_blank_page(width=2 * width, height=height)
        slots = {
            index: slot * width for slot, index in ((0, left), (1, right)) if index < len(pages)
        }
        _draw(writer, side, {index: (forms[index], x) for index, x in slots.items()})
        placed |= {index: (side, x) for index, x in slots.items()}
    _carry_links(writer, pages, placed)
    writer.add_metadata(
        {
            "/Title": str(reader.metadata.title or "") + " (booklet)"
            if reader.metadata
            else "booklet"
        }
    )
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)


def _form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """The page as a form XObject in `writer`: its content bytes as they are, its resources, and
    its crop box as the clip, as merging a page clips it."""
    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else ArrayObject()
    if isinstance(contents, ArrayObject):  # none, or several streams: one form of their content
        form = DecodedStreamObject()
        form.set_data(b"\n".join(part.get_object().get_data() for part in contents))
    else:
        form = contents.clone(writer)
    box = page.cropbox
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = ArrayObject(
        FloatObject(value) for value in (box.left, box.bottom, box.right, box.top)
    )
    form[NameObject("/Resources")] = page.get("/Resources", DictionaryObject()).clone(writer)
    return writer._add_object(form)


def _draw(
    writer: PdfWriter, side: PageObject, forms: dict[int, tuple[IndirectObject, float]]
) -> None:
    """The side's content: each page's form drawn `x` points from the left edge."""
    if not forms:
        return
    names = {NameObject(f"/P{index}"): form for index, (form, _) in forms.items()}
    side[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/XObject"): DictionaryObject(names)}
    )
    stream = DecodedStreamObject()
    stream.set_data(
        "\n".join(
            f"q 1 0 0 1 {x!r} 0 cm /P{index} Do Q" for index, (_, x) in forms.items()
        ).encode()
    )
    side[NameObject("/Contents")] = writer._add_object(stream)


def _carry_links(
    writer: PdfWriter, pages: list[PageObject], placed: dict[int, tuple[PageObject, float]]
) -> None:
    """Each page's links moved onto its side where the page went, a link to a page of the book
    leading to where that page went."""
    sides = {page.indirect_reference: placed[index] for index, page in enumerate(pages)}
    for index, page in enumerate(pages):
        side, x = placed[index]
        for annotation in page.get("/Annots", ArrayObject()):
            moved = _moved_link(writer, annotation.get_object(), x, sides)
            if moved is not None:
                side.setdefault(NameObject("/Annots"), ArrayObject()).append(
                    writer._add_object(moved)
                )


def _moved_link(
    writer: PdfWriter, annotation: DictionaryObject, x: float, sides: dict
) -> DictionaryObject | None:
    """A link annotation shifted `x` points right: one to a page of the book leads to the side
    that page went to, one to a web address is kept as it is; None for other annotations
    (ReportLab makes none) and other links."""
    if annotation.get("/Subtype") != "/Link":
        return None
    dest, action = annotation.get("/Dest"), annotation.get("/A")
    target = sides.get(dest[0]) if isinstance(dest, ArrayObject) and dest else None
    web = dest is None and action is not None and action.get_object().get("/S") == "/URI"
    if target is None and not web:
        return None
    left, bottom, right, top = (float(value) for value in annotation["/Rect"])
    kept = {key: value for key, value in annotation.items() if key not in ("/Dest", "/Rect", "/P")}
    moved = DictionaryObject(kept).clone(writer)
    moved[NameObject("/Rect")] = ArrayObject(
        FloatObject(value) for value in (left + x, bottom, right + x, top)
    )
    if target is not None:
        side, shift = target
        at = list(dest[2:])
        if dest[1] == "/XYZ" and at and isinstance(at[0], (int, float)):  # its left, on the side
            at[0] = FloatObject(at[0] + shift)
        moved[NameObject("/Dest")] = ArrayObject([side.indirect_reference, dest[1], *at])
    return moved
