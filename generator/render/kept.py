"""A fitted paragraph as a big deck holds it until its sheet is drawn: a few hundred bytes.

A build keeps every card's fitted text from the check until the last sheet is drawn. ReportLab's
laid-out paragraph gives each word its own copy of a dozen style attributes (6 KB a card); what
differs from card to card is only the words' text and where the lines end. So a kept paragraph
holds, per line, its shape, spare space and its words' styles in one flat tuple, all its words'
text in one string, and each distinct style (font, size, colour, icon...) once for the whole
build. It is unpacked into the same ReportLab lines, word for word, when it is drawn or measured.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from reportlab.lib.abag import ABag
from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import FragLine, ParaLines
from reportlab.platypus.paraparser import ParaFrag

from generator.render.markup import MARKERS

Shared = tuple[type, dict[str, Any]]  # a class and the attributes many objects have alike
_SHARED: dict[tuple, Shared] = {}  # every distinct style, line shape and paragraph setting
SHARED_AT_MOST = 20_000  # beyond this many, a paragraph is held as it is (bounded memory)
_SEQUENCES: dict[tuple[int, ...], tuple[Shared, ...]] = {}  # the styles of a line's words
_STYLES: dict[tuple, tuple[Shared | None, tuple]] = {}  # word styles by their values' ids
PER_LINE = ("extraSpace", "wordCount", "words")  # what differs from line to line
JOIN = "\x00"  # between the words of a line, kept as one string (no word holds it)
LINE = "\x01"  # between the lines' words (no word holds it either)
PER_KEPT_LINE = 4  # shape, spare space, word count and word styles, flat in `lines`
ICON_SOURCE = 'src="data:image/png;base64,'
ICON_URI = re.compile(r"(?<=src=\")data:image/png;base64,[A-Za-z0-9+/=]+(?=\")")
SHORT = "\x00"  # a number after it stands for an icon's data URI (markup never holds it)
SHORT_ICON = re.compile(r"\x00([0-9]+)")
_URIS: dict[str, int] = {}  # each icon's data URI, numbered
SCALARS = (str, int, float, bool)  # values compared as they are, with their type
PER_PARAGRAPH = ("text", "style", "width", "height", "_width_max", "blPara", "frags", "canv")


class KeptParagraph:
    """A laid-out paragraph held as shared styles and its words' text; `unpacked` draws it."""

    __slots__ = (
        "height",
        "layout",
        "lines",
        "markup",
        "setting",
        "style",
        "widest",
        "width",
        "words",
    )

    def __init__(
        self, paragraph: Paragraph, setting: Shared, layout: Shared, lines: tuple, words: str
    ):
        self.markup, self.style = _short_icons(paragraph.text), paragraph.style
        self.width, self.height = paragraph.width, paragraph.height
        self.widest = paragraph._width_max
        self.setting, self.layout, self.lines, self.words = setting, layout, lines, words

    def __getstate__(self) -> tuple:
        """Pickled with its icons' data URIs written out: their numbers belong to this process."""
        parts = (self.height, self.layout, self.lines, self.setting, self.style, self.widest)
        return (*parts, self.width, self.text, self.words)

    def __setstate__(self, state: tuple) -> None:
        """Unpickled with its icons numbered, and its styles shared, as this process does."""
        self.height, layout, lines, setting, self.style, self.widest, self.width, text, words = (
            state
        )
        self.markup, self.setting, self.layout = _short_icons(text), _again(setting), _again(layout)
        self.words = words
        self.lines = tuple(
            part
            for shape, space, count, styles in _grouped(lines)
            for part in (_again(shape), space, count, tuple(map(_again, styles)))
        )

    def spare_spaces(self) -> tuple[float, ...]:
        """The room each line leaves (points), as its ReportLab lines' `extraSpace`."""
        return self.lines[1::PER_KEPT_LINE]

    @property
    def text(self) -> str:
        """The paragraph's markup, as ReportLab's paragraph keeps it."""
        return _long_icons(self.markup)

    def unpacked(self) -> Paragraph:
        """The paragraph as ReportLab laid it out (its lines rebuilt when first read)."""
        paragraph = _Unpacked.__new__(_Unpacked)
        vars(paragraph).update(self.setting[1])
        paragraph.text, paragraph.style = self.text, self.style
        paragraph.width, paragraph.height = self.width, self.height
        paragraph._width_max, paragraph.kept = self.widest, self
        return paragraph


class _Unpacked(Paragraph):
    """A kept paragraph back as ReportLab's, its lines rebuilt only when something reads them."""

    kept: KeptParagraph

    @cached_property
    def blPara(self) -> ABag:
        """The laid-out lines, word for word as ReportLab made them."""
        cls, attributes = self.kept.layout
        layout = object.__new__(cls)
        vars(layout).update(attributes)
        texts = self.kept.words.split(LINE)
        layout.lines = [_line(*line, texts[i]) for i, line in enumerate(_grouped(self.kept.lines))]
        return layout


def kept(paragraph: Paragraph) -> Paragraph | KeptParagraph:
    """The paragraph to hold: kept compactly when all its parts can be shared, else as it is."""
    layout = paragraph.blPara
    if layout.kind != 1:
        return paragraph  # one style throughout: its lines are plain strings already
    setting = _shared(paragraph, PER_PARAGRAPH)
    shape = _shared(layout, ("lines",))
    lines = [_kept_line(line) for line in layout.lines]
    if setting is None or shape is None or None in lines or SHORT in paragraph.text:
        return paragraph
    flat = tuple(part for line in lines for part in line[:PER_KEPT_LINE])  # type: ignore[index]
    words = LINE.join(line[PER_KEPT_LINE] for line in lines)  # type: ignore[index]
    return KeptParagraph(paragraph, setting, shape, flat, words)


def _kept_line(line: FragLine) -> tuple | None:
    """A line as (its shape, spare space, word count, its words' styles, their text joined)."""
    if type(line) not in (FragLine, ParaLines):
        return None
    shape = _shared(line, PER_LINE)
    styles = tuple([_style(word) if type(word) is ParaFrag else None for word in line.words])
    joined = JOIN.join([word.text for word in line.words])
    if (
        shape is None
        or None in styles
        or LINE in joined
        or (JOIN in joined and joined.count(JOIN) >= len(styles))
    ):
        return None  # a word holding JOIN or LINE could not be told apart again
    if len(_SEQUENCES) < SHARED_AT_MOST:
        styles = _SEQUENCES.setdefault(tuple(map(id, styles)), styles)
    return shape, line.extraSpace, line.wordCount, styles, joined


def _grouped(lines: tuple) -> list[tuple]:
    """A kept paragraph's flat `lines` as (shape, spare space, word count, styles), a line each."""
    return [lines[i : i + PER_KEPT_LINE] for i in range(0, len(lines), PER_KEPT_LINE)]


def _line(shape: Shared, space: float, count: int, styles: tuple, texts: str) -> FragLine:
    """A line rebuilt from what `_kept_line` kept."""
    cls, attributes = shape
    line = object.__new__(cls)
    vars(line).update(attributes)
    line.extraSpace, line.wordCount = space, count
    line.words = [
        _word(style, text) for style, text in zip(styles, texts.split(JOIN), strict=False)
    ]
    return line


def _word(style: Shared, text: str) -> ParaFrag:
    """A word with its style's attributes (shared values: ReportLab only reads them)."""
    cls, attributes = style
    word = object.__new__(cls)
    vars(word).update(attributes)
    word.text = text
    return word


def _short_icons(markup: str) -> str:
    """The markup with each icon's data URI (about 150 characters) as a short number."""
    if ICON_SOURCE not in markup:
        return markup
    return ICON_URI.sub(lambda match: f"{SHORT}{_URIS.setdefault(match[0], len(_URIS))}", markup)


def _long_icons(markup: str) -> str:
    """The markup with its icons' data URIs back."""
    if SHORT not in markup:
        return markup
    uris = list(_URIS)
    return SHORT_ICON.sub(lambda match: uris[int(match[1])], markup)


def _style(word: ParaFrag) -> Shared | None:
    """A word's shared style: looked up by its values' identities first, which the card
    parser makes the same for every word of one style (`paragraphs.settled`)."""
    values = vars(word).copy()
    values.pop("text", None)
    quick = (*values, *map(id, values.values()))
    found = _STYLES.get(quick)
    if found is None:
        found = (_shared(word, ("text",)), tuple(values.values()))  # keeps those ids taken
        if len(_STYLES) < SHARED_AT_MOST:
            _STYLES[quick] = found
    return found[0]


def _shared(thing: Any, own: tuple[str, ...]) -> Shared | None:
    """The one shared (class, attributes) equal to `thing`'s but for its `own` ones; None when
    some value cannot be compared safely."""
    attributes = vars(thing).copy()
    for name in own:
        attributes.pop(name, None)
    key = _key(type(thing), attributes)
    if key is None or (key not in _SHARED and len(_SHARED) >= SHARED_AT_MOST):
        return None
    return _SHARED.setdefault(key, (type(thing), attributes))


def _again(shared: Shared) -> Shared:
    """A style, line shape or setting from another process as this process shares it."""
    key = _key(*shared)
    if key is None or (key not in _SHARED and len(_SHARED) >= SHARED_AT_MOST):
        return shared
    return _SHARED.setdefault(key, shared)


def _key(cls: type, attributes: dict[str, Any]) -> tuple | None:
    parts: list[Any] = [cls]
    for name, value in attributes.items():
        kind = type(value)
        token = (kind, value) if kind in SCALARS or value is None else _token(value)
        if token is None:
            return None
        parts.append((name, token))
    return tuple(parts)


def _token(value: Any) -> Any:
    """A hashable stand-in equal only for values that draw alike; None when unsure."""
    kind = type(value)
    if value is None or kind in SCALARS:
        return (kind, value)
    if kind in (list, tuple):
        tokens = tuple(_token(item) for item in value)
        return None if None in tokens else (kind, tokens)
    if isinstance(value, Color):
        return (kind, *sorted(vars(value).items()))
    if kind is ABag:
        return _key(kind, vars(value))
    if kind is ImageReader and MARKERS.get(getattr(value, "fileName", None)) is value:
        return (kind, value.fileName)  # an icon's marker: one per symbol, for the whole process
    return None
