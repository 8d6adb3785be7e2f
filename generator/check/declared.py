"""Rules the designer declares in game.yaml: what setup hands out, and invariants of the data."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from generator.check.expressions import ExpressionError, data_context, evaluate, shown
from generator.check.registry import rule
from generator.check.structure import unknown
from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.model import Component, Invariant, SetupEntry


@rule(
    "setup-supply",
    "error",
    "Setup hands out more of a component than the box holds, or a setup amount does not evaluate.",
)
def setup_supply(loaded: LoadedGame, report: Report) -> None:
    """Sum each component's setup amounts for every player count and compare with the box."""
    _setup_supply(loaded, data_context(loaded), report)


def _setup_supply(loaded: LoadedGame, context: dict[str, Any], report: Report) -> None:
    game, source = loaded.game, loaded.source
    components = {component.id: component for component in game.components}
    player_counts = range(game.players.min, game.players.max + 1)
    entries: dict[str, list[tuple[int, dict[int, float]]]] = defaultdict(list)
    for index, entry in enumerate(game.setup):
        if entry.component not in components:
            report.error(
                "unknown-reference",
                source.at("setup", index, "component"),
                unknown("component", entry.component, components),
            )
            continue
        amounts = _amounts(entry, context, player_counts)
        if isinstance(amounts, str):
            report.error("setup-supply", source.at("setup", index, "amount"), amounts)
        else:
            entries[entry.component].append((index, amounts))
    for ident, given in entries.items():
        _compare_with_box(loaded, components[ident], given, report)


def _compare_with_box(
    loaded: LoadedGame,
    component: Component,
    given: list[tuple[int, dict[int, float]]],
    report: Report,
) -> None:
    """Report the largest player count whose setup takes more than the box holds, if any."""
    if component.count is None:  # a placeholder count proves nothing; it is reported already
        return
    for players in sorted(given[0][1], reverse=True):
        parts = [amounts[players] for _, amounts in given]
        if sum(parts) > component.count:
            report.error(
                "setup-supply",
                loaded.source.at("setup", given[0][0]),
                f"setup hands out {_number(sum(parts))} of '{component.id}'{_sum(parts)} with "
                f"{players} players, but the box holds {component.count}",
            )
            return


def _amounts(
    entry: SetupEntry, context: dict[str, Any], player_counts: range
) -> dict[int, float] | str:
    """The entry's amount for each player count, or a message saying why it has none."""
    if isinstance(entry.amount, int):
        return dict.fromkeys(player_counts, entry.amount)
    label = f"setup amount '{shown(entry.amount)}' for '{entry.component}'"
    amounts = {}
    for players in player_counts:
        try:
            value = evaluate(entry.amount, {**context, "players": players})
        except ExpressionError as exc:
            return f"{label}: expected a number with {players} players, found {exc}"
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{label}: expected a number with {players} players, found {value!r}"
        amounts[players] = value
    return amounts


def _number(value: float) -> str:
    """A count as a designer writes it: 6, not 6.0."""
    return f"{value:g}"


def _sum(parts: list[float]) -> str:
    """How a total is made up, when more than one setup entry adds to it."""
    if len(parts) < 2:
        return ""
    return f" ({' + '.join(_number(part) for part in parts)} over {len(parts)} setup entries)"


@rule("invariant", "error", "A declared invariant of the data is false or does not evaluate.")
def invariants(loaded: LoadedGame, report: Report) -> None:
    """Evaluate every invariant once over the whole game's data."""
    context = data_context(loaded)
    for index, invariant in enumerate(loaded.game.invariants):
        _invariant(invariant, loaded.source.at("invariants", index), context, report)


def _invariant(
    invariant: Invariant, position: Position, context: dict[str, Any], report: Report
) -> None:
    """Report the invariant when it is false or does not evaluate."""
    expect = shown(invariant.expect)
    try:
        holds = bool(evaluate(invariant.expect, context))
    except ExpressionError as exc:
        report.error(
            "invariant",
            position,
            f"expected {invariant.message}, found an error evaluating {expect}: {exc}",
        )
        return
    if not holds:
        report.error(
            "invariant", position, f"expected {invariant.message}, found it false: {expect}"
        )
