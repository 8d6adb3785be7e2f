"""Card paragraphs broken into lines as ReportLab breaks them, without its general breaker's costs.

ReportLab's `Paragraph.breakLines` serves hyphenation, bidi, shaping, split words and bullets;
for each word it measures a space and looks up the font's ascent again, and for each line so far
it counts the spaces again. Fitting a big deck's text spends a quarter of its time there. A card
paragraph uses none of those features, so `wrapped` runs the same greedy rule with the measures
cached: the same lines, words, styles and widths, float for float. Anything that uses one of
those features, or a ReportLab release this was not compared with, goes to ReportLab's `wrap`.

Rulebook paragraphs (`write/book_paragraphs.py`) are broken here too. Their style may split a
word wider than the column; while no word is that wide, splitting never happens and the rule
is the same, so only a paragraph holding such a word goes to ReportLab.
"""

from __future__ import annotations

from functools import lru_cache
from string import whitespace

import reportlab
from reportlab.lib.rl_accel import sameFrag
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.platypus import Paragraph
from reportlab.rl_config import _FUZZ

FOLLOWED = ("4.5.1",)  # ReportLab releases whose breakLines this follows (the tests compare)
try:
    from reportlab.platypus.paragraph import (
        _FK_APPEND,
        _FK_BREAK,
        _FK_IMG,
        _FK_TEXT,
        FragLine,
        ParaLines,
        _HSFrag,
        _InjectedFrag,
        _processed_frags,
        lstrip,
        split,
    )
except ImportError:  # another ReportLab's internals: its own wrap serves
    FOLLOWED = ()
FOLLOWS = reportlab.Version in FOLLOWED
SOFT_HYPHEN = "\xad"  # ReportLab may break a word at one: its own breaker handles it


def wrapped(paragraph: Paragraph, width: float, height: float) -> tuple[float, float]:
    """What `Paragraph.wrap(paragraph, width, height)` returns, leaving the paragraph as it
    leaves it (ReportLab's own wrap, not a subclass's, so a subclass's wrap can call this)."""
    if not FOLLOWS or width < _FUZZ or not _plain(paragraph):
        return Paragraph.wrap(paragraph, width, height)
    style = paragraph.style
    first = width - (style.leftIndent + style.firstLineIndent) - style.rightIndent
    widths = [first, width - style.leftIndent - style.rightIndent]
    taken = _frag_words(paragraph.frags, first)
    if style.splitLongWords and any(word[0] > min(widths) for word in taken):
        return Paragraph.wrap(paragraph, width, height)  # it may split a word: ReportLab's rule
    paragraph.width = width
    paragraph._wrapWidths = widths
    paragraph.blPara = _break_lines(paragraph, widths, taken)
    paragraph.height = len(paragraph.blPara.lines) * style.leading
    return paragraph.width, paragraph.height


def _plain(paragraph: Paragraph) -> bool:
    """Whether ReportLab would break the paragraph by its many-styles rule with nothing else:
    no hyphenation, bidi, shaping, word splitting, bullet, end dots or automatic leading."""
    style, frags = paragraph.style, paragraph.frags
    auto = getattr(paragraph, "autoLeading", getattr(style, "autoLeading", ""))
    if (
        style.wordWrap
        or style.shaping
        or getattr(style, "hyphenationLang", "")
        or style.uriWasteReduce
        or style.embeddedHyphenation
        or style.endDots
        or paragraph.bulletText
        or auto not in ("", "off")
        or not frags
        or _processed_frags(frags)
    ):
        return False
    single = len(frags) == 1 and not (hasattr(frags[0], "cbDefn") or hasattr(frags[0], "backColor"))
    return not single and not any(SOFT_HYPHEN in getattr(f, "text", "") for f in frags)


@lru_cache(maxsize=1024)
def _space(font: str, size: float) -> float:
    """The width of a space, as ReportLab measures it between words."""
    return stringWidth(" ", font, size)


@lru_cache(maxsize=8192)
def _width(word: str, font: str, size: float) -> float:
    """A word's width: a deck's texts repeat their words card after card (a font name stands
    for one font file, see `generator.fonts.family_faces`)."""
    return stringWidth(word, font, size)


@lru_cache(maxsize=1024)
def _bounds(font: str, size: float) -> tuple[float, float]:
    """A font's ascent and descent at a size."""
    return getAscentDescent(font, size)


def _clone(frag):
    """`frag.clone()`: the same class and attributes, in the same order."""
    copy = object.__new__(type(frag))
    copy.__dict__.update(frag.__dict__)
    return copy


def _same(source, run, frag) -> bool:
    """`sameFrag(run, frag)`, where `run` was cloned from `source`: a run goes on with the
    very fragment it came from unless that is an icon or a break, which never joins."""
    if source is frag:
        return "cbDefn" not in frag.__dict__ and "lineBreak" not in frag.__dict__
    return bool(sameFrag(run, frag))


def _shrink(words: list, space: float, shrinkage: float) -> float:
    """How far a line may overrun by squeezing its spaces, summed in ReportLab's order."""
    shrink = space
    for word in words:
        if word._fkind == _FK_TEXT:
            count = word.text.count(" ")
            if count:
                shrink += count * _space(word.fontName, word.fontSize)
    return shrink * shrinkage


def _break_lines(paragraph: Paragraph, widths: list[float], taken: list[list]) -> ParaLines:
    """ReportLab's `breakLines` for many styles, step for step, hyphenation and splitting
    left out (the paragraph uses neither)."""
    paragraph._width_max = 0
    paragraph.height = lineno = 0
    last = len(widths) - 1
    style = paragraph.style
    shrinkage = style.spaceShrinkage
    keep_breaks = not style.justifyBreaks
    paragraph._splitLongWordCount = paragraph._hyphenations = 0
    max_width = widths[0]
    lines: list[FragLine] = []
    words: list = []
    first_taken = 0
    g = source = None
    n = space = current = 0
    max_size = max_ascent = min_descent = 0.0
    for index, w in enumerate(taken):
        f = w[-1][0]
        font, size = f.fontName, f.fontSize
        if not words:
            n = space = current = 0
            max_size = size
            max_ascent, min_descent = _bounds(font, size)
        word_width = w[0]
        f = w[1][0]
        new_width = current + space + word_width if word_width > 0 else current
        line_break = f._fkind == _FK_BREAK
        limit = max_width
        if shrinkage:
            limit += _shrink(words, space, shrinkage)
        if not ((new_width > limit and n > 0) or line_break):
            text = w[1][1]
            if text:
                n += 1
            size = f.fontSize
            ascent, descent = _bounds(f.fontName, size)
            max_size, max_ascent = max(max_size, size), max(max_ascent, ascent)
            min_descent = min(min_descent, descent)
            if not words:
                g, source = _clone(f), f
                words = [g]
                g.text = text
            elif not _same(source, g, f):
                if space:
                    _space_after(words)
                g, source = _clone(f), f
                words.append(g)
                g.text = text
            elif space and not g.text.endswith(" "):
                g.text += " " + text
            else:
                g.text += text
            space = _space(font, size) if isinstance(w, _HSFrag) else 0
            real = 0
            for part in w[2:]:
                g, source = _clone(part[0]), part[0]
                g.text = part[1]
                if g.text:
                    real = 1
                words.append(g)
                size = g.fontSize
                ascent, descent = _bounds(g.fontName, size)
                max_size, max_ascent = max(max_size, size), max(max_ascent, ascent)
                min_descent = min(min_descent, descent)
            if not text and real:
                n += 1
            current = new_width
            continue
        if line_break:
            words.append(_clone(f))
            ends_break = keep_breaks and not isinstance(w, _InjectedFrag)
        else:
            ends_break = False
        paragraph._width_max = max(paragraph._width_max, current)
        bounds = (max_size, max_ascent, min_descent)
        lines.append(_line(max_width, current, n, ends_break, words, bounds, first_taken))
        first_taken = index
        lineno += 1
        max_width = widths[min(last, lineno)]
        if line_break:
            words = []
            continue
        space = _space(font, size) if isinstance(w, _HSFrag) else 0
        current = word_width
        n = 1
        g, source = _clone(f), f
        max_size = g.fontSize
        max_ascent, min_descent = _bounds(g.fontName, max_size)
        words = [g]
        g.text = w[1][1]
        for part in w[2:]:
            g, source = _clone(part[0]), part[0]
            g.text = part[1]
            words.append(g)
            size = g.fontSize
            ascent, descent = _bounds(g.fontName, size)
            max_size, max_ascent = max(max_size, size), max(max_ascent, ascent)
            min_descent = min(min_descent, descent)
    if words:
        paragraph._width_max = max(paragraph._width_max, current)
        bounds = (max_size, max_ascent, min_descent)
        lines.append(_line(max_width, current, n, False, words, bounds, first_taken))
    paragraph.frags = taken
    return ParaLines(kind=1, lines=lines)


def _space_after(words: list) -> None:
    """End the line's last text run with a space before a run of another style follows."""
    for word in reversed(words):
        if word._fkind == _FK_TEXT:
            if not word.text.endswith(" "):
                word.text += " "
            return


def _line(
    width: float, used: float, count: int, ends_break: bool, words: list, bounds: tuple, first: int
) -> FragLine:
    """A finished line, its attributes set in ReportLab's order."""
    size, ascent, descent = bounds
    return FragLine(
        extraSpace=width - used,
        wordCount=count,
        lineBreak=ends_break,
        words=words,
        fontSize=size,
        ascent=ascent,
        descent=descent,
        maxWidth=width,
        sFW=first,
    )


def _frag_words(frags: list, max_width: float) -> list[list]:
    """ReportLab's `_getFragWords` for fragments without soft hyphens, words measured once
    a deck: [width, (fragment, text), ...] for each word, an `_HSFrag` when a space follows."""
    found: list[list] = []
    word: list = []
    n = 0
    strip_hanging = True
    for f in frags:
        text = f.text
        if text != "":
            f._fkind = _FK_TEXT
            if strip_hanging:
                text = lstrip(text)
                if not text:
                    continue
                strip_hanging = False
            parts = split(text)
            if text[0] in whitespace or not parts:
                if word:
                    word.insert(0, n)
                    found.append(word)
                    spaced, word, n = False, [], 0
                else:
                    spaced = found and isinstance(found[-1], _HSFrag)
                if not spaced:
                    parts.insert(0, "")
                elif not parts:
                    continue
            for part in parts[:-1]:
                word.append((f, part))
                n += _width(part, f.fontName, f.fontSize)
                word.insert(0, n)
                found.append(_HSFrag(word))
                word, n = [], 0
            part = parts[-1]
            word.append((f, part))
            n += _width(part, f.fontName, f.fontSize)
            if text and text[-1] in whitespace:
                word.insert(0, n)
                found.append(_HSFrag(word))
                word, n = [], 0
        elif hasattr(f, "cbDefn"):
            wide = getattr(f.cbDefn, "width", 0)
            if wide:
                if hasattr(wide, "normalizedValue"):
                    wide._normalizer = max_width
                    wide = wide.normalizedValue(max_width)
                if word:
                    word.insert(0, n)
                    found.append(word)
                    word, n = [], 0
                f._fkind = _FK_IMG
                found.append([wide, (f, "")])
                strip_hanging = False
            else:
                f._fkind = _FK_APPEND
                if not word and found and isinstance(found[-1], _HSFrag):
                    found[-1].append((f, ""))
                else:
                    word.append((f, ""))
        elif hasattr(f, "lineBreak"):
            if word:
                word.insert(0, n)
                found.append(word)
                word, n = [], 0
            f._fkind = _FK_BREAK
            found.append([0, (f, "")])
            strip_hanging = True
    if word:
        word.insert(0, n)
        found.append(word)
    if not found and frags:
        frags[0]._fkind = _FK_TEXT
        found = [[0, (frags[0], "")]]
    return found
