"""Drawing the deck report: per deck and game field a table of copies per value and a vector bar
chart, then the deck's write-in blanks with the reason the source leaves each one open."""

from __future__ import annotations

import io
import itertools
import math
from xml.sax.saxutils import escape

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Table, TableStyle

from generator.fonts import BODY, BOLD
from generator.render.distributions import (
    DeckDistributions,
    FieldDistribution,
    Number,
    PlaceholderNote,
)
from generator.units import Size
from generator.write.rulebook import INK, MARGIN_MM, styles

BAR = HexColor("#3f6f9f")
GRID = HexColor("#bbbbbb")
CHART_HEIGHT_MM = 58.0
PLOT_LEFT_MM, PLOT_RIGHT_MM, PLOT_BOTTOM_MM, PLOT_TOP_MM = 16.0, 6.0, 12.0, 12.0
TITLE_SIZE = 9.0
BAR_SLOT_MM, MIN_PLOT_MM = 12.0, 36.0
TABLE_WIDTH_MM, CHART_GAP_MM = 40.0, 10.0
UPRIGHT_LABELS = 10  # more categories than this and the value labels are slanted
SLANT_ROOM_MM = 4.0  # extra depth below the plot that slanted labels need
INTRO = (
    "For every deck and token sheet, each numeric game field (one its cards print, or one a "
    "cost rule names): how many copies (quantities counted) carry each value. Copies whose "
    "value is a placeholder (the source does not give it) are counted apart and left out of "
    "the chart. After the charts, the deck's placeholders: the cards printed as write-in "
    "blanks and the reason the source leaves them open."
)
PLACEHOLDER_COLUMNS_MM = (48.0, 14.0)  # card, copies; the reason takes the rest


def report_pdf(title: str, decks: tuple[DeckDistributions, ...], page: Size) -> tuple[bytes, int]:
    """The deck report on `page` and its page count; fonts are the embedded body faces."""
    style = styles()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=(page.width * mm, page.height * mm),
        invariant=1,
        title=f"{title} — deck report",
        creator="pnp print-and-play generator",
        leftMargin=MARGIN_MM * mm,
        rightMargin=MARGIN_MM * mm,
        topMargin=MARGIN_MM * mm,
        bottomMargin=MARGIN_MM * mm,
        initialFontName=BODY,
    )
    heading = Paragraph(f"{escape(title)}: deck report", style["h1"])
    story = [heading, Paragraph(INTRO, style["body"])]
    for deck in decks:
        story.extend(_deck(deck, style, document.width))
    footer = _footer(title)
    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue(), document.page


def _deck(deck: DeckDistributions, style: dict, width: float) -> list:
    """A deck's heading, then one block per numeric field (or a line saying it has none)."""
    kind = deck.kind[0].upper() + deck.kind[1:]
    copies = _counted(deck.copies, deck.noun)
    heading = Paragraph(f"{kind}: {escape(deck.name)} ({copies})", style["h2"])
    notes = _placeholders(deck, style, width) if deck.placeholders else []
    if not deck.fields:
        return [KeepTogether([heading, Paragraph("No numeric field.", style["body"])]), *notes]
    first, *others = (_field(deck, field, style, width) for field in deck.fields)
    return [KeepTogether([heading, *first]), *(KeepTogether(b) for b in others), *notes]


def _placeholders(deck: DeckDistributions, style: dict, width: float) -> list:
    """The deck's write-in blanks: one row per design with its id, copies and the reason."""
    count = sum(note.copies for note in deck.placeholders)
    title = f"Placeholders in {escape(deck.name)}: {_counted(count, deck.noun)} printed as write-in blanks"
    cell = style["cell"]
    rows = [
        [Paragraph(f"<b>{h}</b>", cell) for h in ("card (id)", "copies", "reason")],
        *[_placeholder_row(note, cell) for note in deck.placeholders],
    ]
    widths = [w * mm for w in PLACEHOLDER_COLUMNS_MM]
    table = Table(rows, colWidths=[*widths, width - sum(widths)], repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), BODY, 8),  # else the table's own Helvetica
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, INK),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID),
                ("LEFTPADDING", (0, 0), (0, -1), 0),
            ]
        )
    )
    return [Paragraph(title, style["h3"]), table]


def _placeholder_row(note: PlaceholderNote, cell) -> list:
    """A design's name and id, its copies, and the source's reason with the fields left open."""
    reason = escape(note.reason)
    if note.fields:
        reason += f" <i>(open: {escape(', '.join(note.fields))})</i>"
    card = f"{escape(note.name)} ({escape(note.id)})"
    return [Paragraph(card, cell), Paragraph(str(note.copies), cell), Paragraph(reason, cell)]


def _field(deck: DeckDistributions, field: FieldDistribution, style: dict, width: float) -> list:
    """The field's table of copies per value beside its titled chart, then the gap note."""
    rows = [["value", "copies"], *[[_label(v), str(c)] for v, c in field.counts]]
    table = Table(rows, colWidths=[TABLE_WIDTH_MM / 2 * mm] * 2, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), BODY, 8),
                ("FONT", (0, 0), (-1, 0), BOLD, 8),
                ("TEXTCOLOR", (0, 0), (-1, -1), INK),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, INK),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, GRID),
            ]
        )
    )
    room = width - (TABLE_WIDTH_MM + CHART_GAP_MM) * mm
    chart = field_chart(f"{deck.name} — {field.field}", field, room)
    side_by_side = Table(
        [[table, chart]],
        colWidths=[TABLE_WIDTH_MM * mm, width - TABLE_WIDTH_MM * mm],
        style=[
            ("FONT", (0, 0), (-1, -1), BODY, 8),  # a table sets its own font, else Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("LEFTPADDING", (1, 0), (1, 0), CHART_GAP_MM * mm),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ],
        hAlign="LEFT",
    )
    return [side_by_side, Paragraph(_note(deck, field), style["body"])]


def _note(deck: DeckDistributions, field: FieldDistribution) -> str:
    """How many copies have a value, and how many have none (placeholder, or no such field)."""
    note = (
        f"{_counted(deck.copies, deck.noun)}: {field.valued} with a value, "
        f"{field.placeholders} with no value (placeholder)"
    )
    if field.without:
        note += f", {field.without} without a number in this field"
    return note + "."


def field_chart(title: str, field: FieldDistribution, room: float) -> Drawing:
    """A vector bar chart of copies per value, titled, with both axes labelled, at most `room` wide."""
    slots = len(field.counts) * BAR_SLOT_MM * mm
    plot_width = min(max(slots, MIN_PLOT_MM * mm), room - (PLOT_LEFT_MM + PLOT_RIGHT_MM) * mm)
    slanted = len(field.counts) > UPRIGHT_LABELS
    bottom = (PLOT_BOTTOM_MM + (SLANT_ROOM_MM if slanted else 0)) * mm
    plot_height = CHART_HEIGHT_MM * mm - bottom - PLOT_TOP_MM * mm
    title_size = min(TITLE_SIZE, TITLE_SIZE * room / stringWidth(title, BOLD, TITLE_SIZE))
    width = max(
        plot_width + (PLOT_LEFT_MM + PLOT_RIGHT_MM) * mm, stringWidth(title, BOLD, title_size)
    )
    drawing = Drawing(width, CHART_HEIGHT_MM * mm, initialFontName=BODY, initialFontSize=7)
    chart = _bars(field, plot_width, plot_height, slanted)
    chart.x, chart.y = PLOT_LEFT_MM * mm, bottom
    drawing.add(chart)
    top = CHART_HEIGHT_MM * mm - 4 * mm
    drawing.add(String(0, top, title, **_font(BOLD, title_size, "start")))
    axis_title = String(chart.x + plot_width / 2, 3 * mm, field.field, **_font(BODY, 7.5))
    drawing.add(axis_title)
    copies = String(0, 0, "copies", **_font(BODY, 7.5))
    drawing.add(_turned(copies, 5 * mm, chart.y + plot_height / 2))
    return drawing


def _bars(field: FieldDistribution, width: float, height: float, slanted: bool) -> VerticalBarChart:
    """The plot: one bar per value from a zero baseline, counts on top, whole-number gridlines."""
    values = [copies for _, copies in field.counts]
    chart = VerticalBarChart()
    chart.width, chart.height = width, height
    chart.data = [values]
    chart.bars[0].fillColor, chart.bars[0].strokeColor = BAR, None
    chart.barWidth, chart.groupSpacing = 10, 8
    chart.barLabelFormat = "%d"
    chart.barLabels.fontName, chart.barLabels.fontSize, chart.barLabels.nudge = BODY, 7, 6
    step = _step(max(values))
    axis = chart.valueAxis
    axis.valueMin, axis.valueStep = 0, step
    axis.valueMax = step * math.ceil(max(values) / step)
    axis.labels.fontName, axis.labels.fontSize = BODY, 7
    axis.labelTextFormat = "%d"
    axis.visibleGrid, axis.gridStrokeColor, axis.gridStrokeWidth = 1, GRID, 0.25
    categories = chart.categoryAxis
    categories.categoryNames = [_label(v) for v, _ in field.counts]
    categories.labels.fontName, categories.labels.fontSize = BODY, 7
    if slanted:
        categories.labels.angle, categories.labels.boxAnchor = 45, "ne"
    return chart


def _turned(label: String, x: float, y: float) -> Group:
    """A label turned a quarter anticlockwise about (x, y), for the vertical axis."""
    group = Group(label)
    group.translate(x, y)
    group.rotate(90)
    return group


def _font(name: str, size: float, anchor: str = "middle") -> dict:
    """Chart text in one of the embedded faces, centred unless told otherwise."""
    return {"fontName": name, "fontSize": size, "fillColor": INK, "textAnchor": anchor}


def _step(highest: int) -> int:
    """A whole-number gridline step (1, 2, 5, 10, 20, ...) giving at most five gridlines."""
    steps = (m * 10**e for e in itertools.count() for m in (1, 2, 5))
    return next(step for step in steps if highest <= 5 * step)


def _counted(count: int, noun: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _label(value: Number) -> str:
    """A value as printed: whole numbers without a decimal point."""
    return f"{value:g}"


def _footer(title: str):
    """Page furniture: the game and report name on the left, the page number on the right."""

    def draw(canvas, document) -> None:
        canvas.saveState()
        canvas.setFont(BODY, 7.5)
        canvas.setFillColor(INK)
        y = MARGIN_MM * mm / 2
        canvas.drawString(document.leftMargin, y, f"{title} — deck report")
        right = document.pagesize[0] - document.rightMargin
        canvas.drawRightString(right, y, f"page {document.page}")
        canvas.restoreState()

    return draw
