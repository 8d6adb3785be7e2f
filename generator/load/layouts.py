"""Layouts: shared ones from templates/layouts/, the game's own, and `extends` resolved."""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from generator.findings import Position, Report
from generator.load.schema import listed, report_schema_errors
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
    """Flatten `extends` chains (walked, not recursed, so any length resolves); an unknown
    parent or a cycle is reported once, where it is named, and the layouts built on it are
    left out without further findings."""
    resolved: dict[str, Layout] = {}
    broken: set[str] = set()
    for start in defined:
        chain: list[str] = []
        on_chain: set[str] = set()
        name: str | None = start
        while name is not None and name not in resolved and name not in broken:
            if name in on_chain or name not in defined:
                report.error(
                    "unknown-reference",
                    defined[chain[-1]][1],
                    _unbuildable(chain, name, defined),
                )
                broken.add(name)
                break
            chain.append(name)
            on_chain.add(name)
            name = defined[name][0].extends
        if name in broken:
            broken.update(chain)
            continue
        base = resolved.get(name) if name is not None else None
        for link in reversed(chain):
            layout = defined[link][0]
            base = resolved[link] = layout if base is None else merge(base, layout)
    return resolved


def _unbuildable(chain: list[str], parent: str, defined: dict[str, tuple[Layout, Position]]) -> str:
    """Why the chain's last layout cannot extend `parent`: a cycle back, or nothing by that name."""
    name = chain[-1]
    if parent in chain:
        cycle = " -> ".join((*chain[chain.index(parent) :], parent))
        return (
            f"layout '{name}' extends '{parent}', which leads back to it ({cycle}); "
            "expected a chain of `extends` that ends at a layout extending nothing"
        )
    return (
        f"layout '{name}' extends '{parent}'; expected a layout it can build on ({listed(defined)})"
    )


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
