"""Rules about counts: what the data prints against what the box inventory promises."""

from __future__ import annotations

from generator.check.registry import rule
from generator.findings import Report
from generator.limits import MAX_PIECES, raise_hint, raised
from generator.load.game import LoadedGame
from generator.model.board import MapElement
from generator.model.game import is_placeholder
from generator.render.rulebook import booklet_ids


@rule(
    "count-mismatch",
    "error",
    "A deck, token sheet, board or booklet prints a different number than its component count.",
)
def counts_match_inventory(loaded: LoadedGame, report: Report) -> None:
    printed = _printed(loaded)
    for index, component in enumerate(loaded.game.components):
        found = printed.get(component.provided_by or "")
        if found is None or component.count is None:
            continue
        number, what = found
        if number != component.count:
            report.error(
                "count-mismatch",
                loaded.source.at("components", index, "count"),
                f"component '{component.id}' counts {component.count}, but {what}",
            )


@rule(
    "too-many-pieces",
    "error",
    f"A game prints more cards and tokens (copies counted) than its limit, {MAX_PIECES:,} unless "
    "`limits: cards_and_tokens` raises it.",
)
def pieces_within_limit(loaded: LoadedGame, report: Report) -> None:
    total, most = 0, loaded.game.limits.cards_and_tokens
    for pieces in loaded.piece_files.values():
        total += pieces.expanded_count
        if total > most:
            report.error(
                "too-many-pieces",
                pieces.source.at(),
                f"expected a game of at most {most:,} cards and tokens, copies counted"
                f"{raise_hint('cards_and_tokens')}, found {total:,} by the end of "
                f"'{pieces.owner.id}' ({pieces.owner.file})",
            )
            return


@rule(
    "limits-raised",
    "info",
    "A game raises a resource limit above its default under `limits:` in game.yaml.",
)
def raised_limits(loaded: LoadedGame, report: Report) -> None:
    for name, (default, value) in raised(loaded.game.limits).items():
        report.info(
            "limits-raised",
            loaded.source.key_at("limits", name),
            f"this game raises the limit on {name} from {default:,} to {value:,}",
        )


def _printed(loaded: LoadedGame) -> dict[str, tuple[int, str]]:
    """What each provider prints, and how a message says so; incomplete files say nothing."""
    printed = {
        ident: (
            pieces.expanded_count,
            f"'{ident}' ({pieces.owner.file}) expands to {pieces.expanded_count}",
        )
        for ident, pieces in loaded.piece_files.items()
        if pieces.complete
    }
    for board in loaded.game.boards:
        printed[board.id] = (board.copies, f"board '{board.id}' has copies: {board.copies}")
    for booklet in booklet_ids(loaded):
        printed[booklet] = (1, f"'{booklet}' is one booklet")
    return printed


@rule(
    "placeholder",
    "warning",
    "Content the source does not give, marked as a placeholder (incomplete).",
)
def placeholders(loaded: LoadedGame, report: Report) -> None:
    for pieces in loaded.piece_files.values():
        marked = [
            piece
            for piece in pieces.pieces
            if piece.placeholder or any(is_placeholder(value) for value in piece.fields.values())
        ]
        if marked:
            count = sum(piece.quantity for piece in marked)
            report.warning(
                "placeholder",
                pieces.defined_at,
                f"'{pieces.owner.id}' is incomplete: {count} of {pieces.expanded_count} "
                "print with placeholders where the source gives no content",
            )
    game = loaded.game
    for index, board in enumerate(game.boards):
        maps = [element for element in board.elements if isinstance(element, MapElement)]
        areas = sum(1 for m in maps for area in m.areas if area.placeholder)
        crossings = sum(1 for m in maps for link in m.connections if link.placeholder)
        if areas or crossings:
            report.warning(
                "placeholder",
                loaded.source.at("boards", index, "elements"),
                f"board '{board.id}' map is incomplete: {areas} area(s) and {crossings} "
                "crossing(s) are marked where the source does not place them",
            )
    for group, kind, entries in (
        (
            "components",
            "component",
            [(i, c.id, c.placeholder) for i, c in enumerate(game.components)],
        ),
        ("boards", "board", [(i, b.id, b.placeholder) for i, b in enumerate(game.boards)]),
        ("parameters", "parameter", [(n, n, p.placeholder) for n, p in game.parameters.items()]),
    ):
        for key, ident, reason in entries:
            if reason:
                report.warning(
                    "placeholder",
                    loaded.source.at(group, key),
                    f"{kind} '{ident}' is incomplete: {reason}",
                )
