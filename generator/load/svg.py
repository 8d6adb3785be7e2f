"""SVG art read safely into plain vector paths, with the parts a print PDF cannot show named."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from xml.etree import ElementTree

from generator.limits import (
    MAX_SVG_ASPECT,
    MAX_SVG_BYTES,
    MAX_SVG_COORDINATE,
    MAX_SVG_DEPTH,
    MAX_SVG_ENTITY_BYTES,
    active,
    megabytes,
    raise_hint,
)
from generator.load.svg_paint import Clip, VectorPath, path_operations, se, shape_path

SVG_NS = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# Attributes that hold the coordinates of paths and polygons.
PATH_DATA = ("d", "points")
ENTITY = re.compile(rb"<!ENTITY\s+(%\s*)?([^\s>]+)\s*(\"[^\"]*\"|'[^']*'|[^>]*)>")
# Elements whose content is drawn only where something refers to it; moved into <defs>.
REFERENCED = ("mask", "marker", "symbol")
# Parse failures svgelements may raise on content it does not expect.
PARSE_ERRORS = (ValueError, ArithmeticError, IndexError, KeyError, TypeError, AttributeError)


class SvgError(ValueError):
    """An SVG the renderer cannot draw; the message says what was expected and found."""


@dataclass(frozen=True)
class VectorArt:
    """An SVG as paths in its own units (y down), its natural box, and what was left out."""

    x: float
    y: float
    width: float
    height: float
    paths: tuple[VectorPath, ...]
    notes: tuple[str, ...]


def read_svg(data: bytes) -> VectorArt:
    """The drawable content of an SVG file; SvgError when there is none or the file is unsafe."""
    root = _safe_tree(data)
    _count_elements(root)
    _count_path_numbers(root)
    tidy = ElementTree.tostring(_with_references_in_defs(root))
    try:
        document = se.SVG.parse(io.BytesIO(tidy), reify=True)
    except (*PARSE_ERRORS, RecursionError, ElementTree.ParseError) as exc:
        raise SvgError(f"expected an SVG the renderer can read, found {exc!s}") from exc
    declared = _declared_size(root, document)
    notes = _outside_references(root)
    paths = list(_walk(document, (), _paint_servers(root), notes))
    if not paths:
        found = "only text (convert text to paths in the editor)" if _has_text(root) else "none"
        raise SvgError(f"expected an SVG with shapes to draw, found {found}")
    x, y, width, height = (0.0, 0.0, *declared) if declared else _bounds(paths)
    _check_size(width, height)
    return VectorArt(x, y, width, height, tuple(paths), tuple(dict.fromkeys(notes)))


def too_big(size: int) -> str:
    """The finding for an SVG file larger than the limit."""
    return f"expected an SVG of at most {megabytes(MAX_SVG_BYTES)}, found {megabytes(size)}"


def _safe_tree(data: bytes) -> ElementTree.Element:
    """The XML tree, refusing huge files, entity bombs and documents that are not SVG."""
    if len(data) > MAX_SVG_BYTES:
        raise SvgError(too_big(len(data)))
    _check_entities(data)
    try:
        root = ElementTree.fromstring(data)
    except (ElementTree.ParseError, LookupError, ValueError) as exc:
        raise SvgError(f"expected an SVG file, found {_not_xml(data, exc)}") from exc
    if root.tag not in (f"{SVG_NS}svg", "svg"):
        raise SvgError(
            f"expected an SVG file, found an XML document whose root is <{_local(root)}>"
        )
    return root


def _check_entities(data: bytes) -> None:
    """Declared entities may only be plain text, and may not expand the file past a bound."""
    expanded = 0
    for match in ENTITY.finditer(data):
        parameter, name, value = match.groups()
        declared = match[0].decode("utf-8", "replace")
        if parameter or value[:1] not in (b'"', b"'"):
            raise SvgError(
                f"expected an SVG without external or parameter XML entities, found {declared}"
            )
        if b"&" in value or b"%" in value:
            raise SvgError(
                f"expected XML entities that do not refer to other entities, found {declared}"
            )
        expanded += (len(value) - 2) * data.count(b"&" + name + b";")
    if expanded > MAX_SVG_ENTITY_BYTES:
        raise SvgError(
            f"expected XML entities expanding to at most {MAX_SVG_ENTITY_BYTES:,} bytes, "
            f"found {expanded:,}"
        )


def _not_xml(data: bytes, exc: Exception) -> str:
    """What a file that does not parse as XML looks like: another kind of image, or broken XML."""
    for magic, kind in ((b"\x89PNG", "a PNG image"), (b"\xff\xd8", "a JPEG image")):
        if data.startswith(magic):
            return f"{kind} (name it with the matching extension)"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a WebP image (name it with the matching extension)"
    return "an empty file" if not data.strip() else f"malformed XML: {exc}"


def _local(element: ElementTree.Element) -> str:
    return str(element.tag).rsplit("}", 1)[-1]


def _count_elements(root: ElementTree.Element) -> None:
    """Refuse cycles of <use>, deep nesting, and more elements than a drawing needs."""
    by_id = {node.get("id"): node for node in root.iter() if node.get("id")}
    counted: dict[int, int] = {}
    open_now: set[int] = set()
    most = active().svg_elements

    def count(node: ElementTree.Element, depth: int) -> int:
        if depth > MAX_SVG_DEPTH:
            raise SvgError(
                f"expected an SVG nested at most {MAX_SVG_DEPTH} levels deep, found more"
            )
        key = id(node)
        if key in counted:
            return counted[key]
        if key in open_now:
            raise SvgError(
                f"expected <use> references without a cycle, found one through '#{node.get('id')}'"
            )
        open_now.add(key)
        total = 1 + sum(count(child, depth + 1) for child in node)
        href = node.get(XLINK_HREF) or node.get("href") or ""
        if _local(node) == "use" and href.startswith("#") and href[1:] in by_id:
            total += count(by_id[href[1:]], depth + 1)
        open_now.discard(key)
        counted[key] = total
        if total > most:
            raise SvgError(
                f"expected an SVG of at most {most:,} elements, each <use> copy "
                f"counted{raise_hint('svg_elements')}, found more"
            )
        return total

    count(root, 0)


def _count_path_numbers(root: ElementTree.Element) -> None:
    """Refuse more path coordinates than a drawing needs, before any path is parsed."""
    found, most = 0, active().svg_path_numbers
    for node in root.iter():
        for name in PATH_DATA:
            found += sum(1 for _ in NUMBER.finditer(node.get(name, "")))
        if found > most:
            raise SvgError(
                f"expected an SVG with at most {most:,} numbers in its path data"
                f"{raise_hint('svg_path_numbers')}, found more"
            )


def _outside_references(root: ElementTree.Element) -> list[str]:
    """Notes naming links to files or addresses outside the SVG, which are never opened."""
    outside = []
    for node in root.iter():
        href = node.get(XLINK_HREF) or node.get("href") or ""
        if href and not href.startswith(("#", "data:")):
            outside.append(href)
    if not outside:
        return []
    shown = ", ".join(f"'{href[:80]}'" for href in dict.fromkeys(outside[:3]))
    return [f"it links to files outside it ({shown}), which are not read"]


def _with_references_in_defs(root: ElementTree.Element) -> ElementTree.Element:
    """Masks, markers and symbols moved into <defs> (drawn only where used) and styles first."""
    defs = ElementTree.Element(f"{SVG_NS}defs")
    styles = []
    for parent in list(root.iter()):
        if _local(parent) == "defs":
            continue
        for child in list(parent):
            if _local(child) in REFERENCED or _local(child) == "style":
                parent.remove(child)
                (styles if _local(child) == "style" else defs).append(child)
    for index, element in enumerate([*styles, defs]):
        root.insert(index, element)
    return root


def _paint_servers(root: ElementTree.Element) -> dict[str, ElementTree.Element]:
    """Gradients and patterns by id, for fills and strokes written as url(#id)."""
    kinds = ("linearGradient", "radialGradient", "pattern")
    return {node.get("id", ""): node for node in root.iter() if _local(node) in kinds}


def _has_text(root: ElementTree.Element) -> bool:
    return any(_local(node) == "text" for node in root.iter())


def _walk(node, clips: tuple[Clip, ...], servers: dict, notes: list[str]):
    """Every drawable shape below `node`, in painting order, inside its groups' clips."""
    for child in node:
        if isinstance(child, se.Group | se.Use):
            yield from _walk(child, clips + _own_clip(child, notes), servers, notes)
        elif isinstance(child, se.Shape):
            if child.values.get("visibility") in ("hidden", "collapse"):
                continue
            path = shape_path(child, clips + _own_clip(child, notes), servers, notes)
            if path is not None:
                yield path
        elif isinstance(child, se.Text) and child.text and child.text.strip():
            notes.append("its text is not drawn; convert text to paths in the editor")
        elif isinstance(child, se.Image):
            notes.append("its embedded images are not drawn")


def _own_clip(element, notes: list[str]) -> tuple[Clip, ...]:
    """The clip path an element names, mapped into the element's own coordinates."""
    clip = getattr(element, "clip_path", None)
    if clip is None:
        return ()
    if clip.values.get("clipPathUnits") == "objectBoundingBox":
        notes.append("clip paths in objectBoundingBox units are not applied")
        return ()
    into = ~se.Matrix(clip.values.get("transform", "")) * se.Matrix(
        element.values.get("transform", "")
    )
    shapes = list(_clip_shapes(clip))
    if not shapes:
        return ()
    steps = tuple(step for shape in shapes for step in path_operations(shape, into))
    return (Clip(steps, shapes[0].values.get("clip-rule") == "evenodd"),)


def _clip_shapes(node):
    for child in node:
        if isinstance(child, se.Group | se.Use):
            yield from _clip_shapes(child)
        elif isinstance(child, se.Shape):
            yield child


def _declared_size(root: ElementTree.Element, document) -> tuple[float, float] | None:
    """The size the file declares (its viewBox, else a width and height), checked; None if neither."""
    lengths = root.get("width", "") + root.get("height", "")
    if not root.get("viewBox") and not (
        root.get("width") and root.get("height") and "%" not in lengths
    ):
        return None
    size = (float(getattr(document, "width", 0) or 0), float(getattr(document, "height", 0) or 0))
    _check_size(*size)
    return size


def _bounds(paths: list[VectorPath]) -> tuple[float, float, float, float]:
    """The box the shapes cover, for an SVG that declares no size."""
    points = [point for path in paths for point in path.points()]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _check_size(width: float, height: float) -> None:
    if not (0 < width <= MAX_SVG_COORDINATE and 0 < height <= MAX_SVG_COORDINATE):
        raise SvgError(
            f"expected an SVG with a positive width and height of at most {MAX_SVG_COORDINATE:,}, "
            f"found {width:g}x{height:g}"
        )
    if max(width / height, height / width) > MAX_SVG_ASPECT:
        raise SvgError(
            f"expected an SVG whose width and height are within {MAX_SVG_ASPECT:,} times of each "
            f"other, found {width:g}x{height:g}"
        )
