"""Rules about boards: every crossing joins areas that exist, every area has a place."""

from __future__ import annotations

from generator.check.registry import rule
from generator.findings import Report
from generator.load.game import LoadedGame
from generator.model.board import MapElement


@rule(
    "map-area",
    "error",
    "A map crossing names an area that does not exist, or an area has no place on the map.",
)
def map_areas(loaded: LoadedGame, report: Report) -> None:
    for b, board in enumerate(loaded.game.boards):
        for e, element in enumerate(board.elements):
            if not isinstance(element, MapElement):
                continue
            at = ("boards", b, "elements", e)
            areas = {area.id for area in element.areas}
            listing = ", ".join(sorted(areas))
            for c, connection in enumerate(element.connections):
                for k, end in enumerate(connection.between):
                    if end not in areas:
                        report.error(
                            "map-area",
                            loaded.source.at(*at, "connections", c, "between", k),
                            f"board '{board.id}': expected a crossing between areas of the map ({listing}), found '{end}'",
                        )
            radial = {element.centre, *(area for path in element.paths for area in path)}
            for a, area in enumerate(element.areas):
                if area.at is None and area.id not in radial:
                    report.error(
                        "map-area",
                        loaded.source.at(*at, "areas", a),
                        f"board '{board.id}': expected area '{area.id}' to have `at` or a place on a radial path, found neither",
                    )
            for name in radial - areas - {None}:
                report.error(
                    "map-area",
                    loaded.source.at(*at),
                    f"board '{board.id}': expected the radial layout to name areas of the map ({listing}), found '{name}'",
                )
