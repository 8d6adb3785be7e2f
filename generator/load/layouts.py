"""Layouts: shared ones from templates/layouts/, the game's own, and `extends` resolved."""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from generator.findings import Position, Report
from generator.load.schema import report_schema_errors
from generator.load.sources import SourceError, read_yaml
from generator.model import Layout

SHARED_LAYOUTS = Path(__file__).resolve().parents[2] / "templates" / "layouts"
_LAYOUTS = TypeAdapter(dict[str, Layout])


def shared_layouts(
    report: Report, folder: Path = SHARED_LAYOUTS
) -> dict[str, tuple[Layout, Position]]:
    """Every layout defined in the shared template files, with where it is defined."""
    found: dict[str, tuple[Layout, Position]] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            raw, source = read_yaml(path, report)
            layouts = _LAYOUTS.validate_python(raw or {})
        except SourceError as exc:
            report.error(exc.code, exc.position, exc.message)
            continue
        except ValidationError as exc:
            report_schema_errors(exc, source, (), report)
            continue
        found.update({name: (layout, source.key_at(name)) for name, layout in layouts.items()})
    return found


def resolve_layouts(
    defined: dict[str, tuple[Layout, Position]], report: Report
) -> dict[str, Layout]:
    """Flatten `extends` chains; an unknown parent or a cycle is reported where it is named."""
    resolved: dict[str, Layout] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> Layout | None:
        if name in resolved:
            return resolved[name]
        layout, position = defined[name]
        parent_name = layout.extends
        if parent_name is None:
            resolved[name] = layout
            return layout
        if parent_name in chain or parent_name not in defined:
            problem = (
                "a cycle through " + " -> ".join((*chain, name, parent_name))
                if parent_name in chain
                else f"'{parent_name}'"
            )
            report.error(
                "unknown-reference",
                position,
                f"layout '{name}' extends {problem}; expected a layout it can build on ({', '.join(sorted(defined))})",
            )
            return None
        parent = resolve(parent_name, (*chain, name))
        if parent is None:
            return None
        resolved[name] = merge(parent, layout)
        return resolved[name]

    for name in defined:
        resolve(name, ())
    return resolved


def merge(parent: Layout, child: Layout) -> Layout:
    """The child's set keys over the parent's; a named child element replaces the parent's."""
    updates = {
        key: getattr(child, key)
        for key in child.model_fields_set
        if key not in ("extends", "elements")
    }
    elements = list(parent.elements)
    positions = {element.name: i for i, element in enumerate(elements) if element.name}
    for element in child.elements:
        if element.name in positions:
            elements[positions[element.name]] = element
        else:
            elements.append(element)
    return parent.model_copy(update={**updates, "elements": elements, "extends": None})
