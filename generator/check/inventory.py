"""Rules about the box inventory: what prints each component, and how sub-counts add up."""

from __future__ import annotations

from collections import defaultdict

from generator.check.registry import rule
from generator.findings import Report
from generator.load.game import LoadedGame
from generator.model import Component


def _parts(loaded: LoadedGame) -> dict[str, list[Component]]:
    """Each component's parts: the components that name it in `part_of`."""
    parts: dict[str, list[Component]] = defaultdict(list)
    for component in loaded.game.components:
        if component.part_of is not None:
            parts[component.part_of].append(component)
    return parts


@rule(
    "inventory-provider",
    "error",
    "A provided component that no deck, token sheet or board prints, directly or through its parts.",
)
def provided_components_print(loaded: LoadedGame, report: Report) -> None:
    """A provided component needs a printer, or parts that are all provided (each checked itself)."""
    parts = _parts(loaded)
    for index, component in enumerate(loaded.game.components):
        if not component.provided or component.provided_by is not None:
            continue
        mine = parts.get(component.id, [])
        unprovided = [f"'{part.id}'" for part in mine if not part.provided]
        if mine and not unprovided:
            continue
        found = f"parts not provided ({', '.join(unprovided)})" if unprovided else "neither"
        report.error(
            "inventory-provider",
            loaded.source.at("components", index),
            f"component '{component.id}' is provided, so expected provided_by naming a deck, "
            f"token sheet or board, or parts (part_of: {component.id}) that are all provided; "
            f"found {found}",
        )


@rule(
    "inventory-missing",
    "error",
    "A deck, token sheet or board that no component of the inventory names in `provided_by`.",
)
def printed_things_are_in_the_inventory(loaded: LoadedGame, report: Report) -> None:
    """The inventory is the box list players read, so anything printed must appear on it."""
    named = {component.provided_by for component in loaded.game.components}
    for group, kind in (("decks", "deck"), ("token_sheets", "token sheet"), ("boards", "board")):
        for index, item in enumerate(getattr(loaded.game, group)):
            if item.id not in named:
                report.error(
                    "inventory-missing",
                    loaded.source.at(group, index),
                    f"{kind} '{item.id}' ({item.name}) prints pieces the inventory does not "
                    f"list: expected a component with provided_by: {item.id}, found none",
                )


@rule(
    "sub-count",
    "error",
    "The counts of the components that are part of another do not add up to its count.",
)
def sub_counts_add_up(loaded: LoadedGame, report: Report) -> None:
    """A total and its breakdown are stated apart in the source, so they can disagree."""
    parts = _parts(loaded)
    for index, component in enumerate(loaded.game.components):
        mine = parts.get(component.id)
        if not mine or component.count is None or any(part.count is None for part in mine):
            continue
        total = sum(part.count or 0 for part in mine)
        if total != component.count:
            terms = " + ".join(f"{part.id} {part.count}" for part in mine)
            report.error(
                "sub-count",
                loaded.source.at("components", index, "count"),
                f"component '{component.id}' counts {component.count}, so expected its parts "
                f"(part_of: {component.id}) to add up to {component.count}, found {total} "
                f"({terms})",
            )
