"""SVG shapes as PDF-ready paths: cubic curves, colours with alpha, stroke style and clips."""

from __future__ import annotations

import importlib.util
import math
import re
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING
from xml.etree import ElementTree

from generator.limits import MAX_SVG_COORDINATE

if TYPE_CHECKING:
    import svgelements as se

Operation = tuple[str, tuple[float, ...]]  # M x y, L x y, C x1 y1 x2 y2 x y, Z
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "miter-clip": 0, "arcs": 0, "round": 1, "bevel": 2}
URL = re.compile(r"url\(\s*['\"]?#([^)'\"]+)['\"]?\s*\)\s*(.*)")
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
MAX_GRADIENT_LINKS = 10
CONVERSION_ERRORS = (ValueError, ArithmeticError, IndexError, TypeError, AttributeError)


def _on_first_use(name: str) -> ModuleType:
    """The module, loaded when first read from: a game without SVG art never pays its import."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.loader is not None, name
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


se = _on_first_use("svgelements")


@dataclass(frozen=True)
class Paint:
    """A colour with its opacity, each from 0 to 1."""

    red: float
    green: float
    blue: float
    alpha: float


@dataclass(frozen=True)
class Outline:
    """How a path is stroked: paint, width in the art's units, caps, joins and dashes."""

    paint: Paint
    width: float
    cap: int
    join: int
    miter: float
    dashes: tuple[float, ...]


@dataclass(frozen=True)
class Clip:
    """A region drawing is limited to."""

    operations: tuple[Operation, ...]
    even_odd: bool


@dataclass(frozen=True)
class VectorPath:
    """One filled and/or stroked path of an SVG, inside the clips of its groups."""

    operations: tuple[Operation, ...]
    fill: Paint | None
    even_odd: bool
    stroke: Outline | None
    clips: tuple[Clip, ...]

    def points(self) -> list[tuple[float, float]]:
        """Every point the path's operations name (curve handles included)."""
        return [
            (values[i], values[i + 1])
            for _, values in self.operations
            for i in range(0, len(values), 2)
        ]


def shape_path(
    shape: se.Shape, clips: tuple[Clip, ...], servers: dict, notes: list[str]
) -> VectorPath | None:
    """A shape as a path with its paint; None when it draws nothing the PDF can show."""
    values = shape.values
    for key, note in (
        ("filter", "its filters (blur, shadow) are not drawn"),
        ("mask", "its masks are not applied"),
        ("marker-start", "its markers (arrowheads) are not drawn"),
        ("marker-end", "its markers (arrowheads) are not drawn"),
    ):
        if str(values.get(key, "")).startswith("url("):
            notes.append(note)
    fill = _paint(shape, "fill", servers, notes)
    stroke_paint = _paint(shape, "stroke", servers, notes)
    width = float(shape.implicit_stroke_width or 0.0)
    stroke = None
    if stroke_paint is not None and width > 0 and _bounded(width):
        stroke = _outline(values, stroke_paint, width)
    if fill is None and stroke is None:
        return None
    try:
        steps = path_operations(shape)
    except CONVERSION_ERRORS:
        notes.append("a shape it could not convert is left out")
        return None
    if not steps:
        return None
    return VectorPath(steps, fill, values.get("fill-rule") == "evenodd", stroke, clips)


def path_operations(shape: se.Shape, matrix: se.Matrix | None = None) -> tuple[Operation, ...]:
    """The shape's outline as move, line, cubic curve and close operations; () if not finite."""
    path = se.Path(shape)
    if matrix is not None:
        path = path * matrix
        path.reify()
    steps: list[Operation] = []
    for segment in path.segments():
        if isinstance(segment, se.Move):
            steps.append(("M", (segment.end.x, segment.end.y)))
        elif isinstance(segment, se.Close):
            steps.append(("Z", ()))
        elif isinstance(segment, se.Line):
            steps.append(("L", (segment.end.x, segment.end.y)))
        elif isinstance(segment, se.CubicBezier):
            steps.append(("C", _cubic(segment.control1, segment.control2, segment.end)))
        elif isinstance(segment, se.QuadraticBezier):
            start, handle, end = segment.start, segment.control, segment.end
            first = start + (handle - start) * (2 / 3)
            second = end + (handle - end) * (2 / 3)
            steps.append(("C", _cubic(first, second, end)))
        elif isinstance(segment, se.Arc):
            steps.extend(
                ("C", _cubic(c.control1, c.control2, c.end)) for c in segment.as_cubic_curves()
            )
    finite = all(_bounded(v) for _, values in steps for v in values)
    return tuple(steps) if finite and any(kind != "M" for kind, _ in steps) else ()


def _cubic(first, second, end) -> tuple[float, ...]:
    return (first.x, first.y, second.x, second.y, end.x, end.y)


def _paint(shape: se.Shape, key: str, servers: dict, notes: list[str]) -> Paint | None:
    """A fill or stroke colour, times the element's opacity; gradients in one average colour."""
    raw = str(shape.values.get(key) or "").strip()
    opacity = _fraction(shape.values.get("opacity"))
    link = URL.match(raw)
    if link:
        server = servers.get(link[1])
        if server is None:
            colour = se.Color(link[2]) if link[2] and link[2] != "none" else None
            return _from_colour(colour, opacity)
        average = _server_colour(server, servers, notes)
        if average is None:
            return None
        own = _fraction(shape.values.get(f"{key}-opacity"))
        return Paint(average.red, average.green, average.blue, average.alpha * own * opacity)
    return _from_colour(shape.fill if key == "fill" else shape.stroke, opacity)


def _from_colour(colour: se.Color | None, opacity: float) -> Paint | None:
    if colour is None or colour.value is None or colour.alpha == 0 or opacity <= 0:
        return None
    return Paint(
        colour.red / 255, colour.green / 255, colour.blue / 255, colour.alpha / 255 * opacity
    )


def _server_colour(server: ElementTree.Element, servers: dict, notes: list[str]) -> Paint | None:
    """A gradient's stops averaged into one colour (the PDF gets no gradient); patterns: none."""
    if server.tag.endswith("pattern"):
        notes.append("its pattern fills are not drawn")
        return None
    notes.append("its gradients are drawn in one colour, the average of their stops")
    for _ in range(MAX_GRADIENT_LINKS):
        stops = [_stop(node) for node in server if str(node.tag).endswith("stop")]
        if stops:
            count = len(stops)
            channels = [sum(stop[i] for stop in stops) / count for i in range(4)]
            return Paint(*channels) if channels[3] > 0 else None
        href = server.get("{http://www.w3.org/1999/xlink}href") or server.get("href") or ""
        server = servers.get(href[1:]) if href.startswith("#") else None
        if server is None:
            return None
    return None


def _stop(node: ElementTree.Element) -> tuple[float, float, float, float]:
    """A gradient stop's red, green, blue and opacity, from attributes or its style."""
    style = dict(
        (part.split(":", 1)[0].strip(), part.split(":", 1)[1].strip())
        for part in node.get("style", "").split(";")
        if ":" in part
    )
    colour = se.Color(style.get("stop-color") or node.get("stop-color") or "black")
    opacity = _fraction(style.get("stop-opacity") or node.get("stop-opacity"))
    if colour.value is None:
        return (0.0, 0.0, 0.0, 0.0)
    return (colour.red / 255, colour.green / 255, colour.blue / 255, colour.alpha / 255 * opacity)


def _outline(values: dict, paint: Paint, width: float) -> Outline:
    """Stroke style; dash lengths scaled like the width, by the element's transform."""
    scale = math.sqrt(abs(se.Matrix(values.get("transform", "")).determinant)) or 1.0
    dashes = [float(n) for n in NUMBER.findall(str(values.get("stroke-dasharray") or ""))]
    if any(d < 0 or not _bounded(d * scale) for d in dashes) or not any(dashes):
        dashes = []
    elif len(dashes) % 2:
        dashes *= 2
    return Outline(
        paint,
        width,
        CAPS.get(str(values.get("stroke-linecap", "butt")), 0),
        JOINS.get(str(values.get("stroke-linejoin", "miter")), 0),
        max(1.0, _number(values.get("stroke-miterlimit"), 4.0)),
        tuple(d * scale for d in dashes),
    )


def _fraction(value: object) -> float:
    """An opacity attribute, kept between 0 and 1 as SVG viewers keep it."""
    return min(1.0, max(0.0, _number(value, 1.0)))


def _bounded(value: float) -> bool:
    """A number the PDF can hold as a coordinate or width."""
    return math.isfinite(value) and abs(value) <= MAX_SVG_COORDINATE


def _number(value: object, default: float) -> float:
    """A number from an attribute (a percentage as a fraction), else `default`."""
    text = str(value).strip() if value is not None else ""
    match = NUMBER.match(text)
    if not match:
        return default
    number = float(match[0]) / (100 if text.endswith("%") else 1)
    return number if math.isfinite(number) else default
