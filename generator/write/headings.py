"""Headings stay with their text: none is left at the foot of a page or column with its text
in the next.

A run of headings and the start of what follows them must fit where the run begins, or the run
moves on to the next column. Unlike platypus's `keepWithNext`, which moves a heading together
with the whole of a long paragraph after it, only the first lines of the text must fit.
"""

from __future__ import annotations

from reportlab.platypus import CondPageBreak, Flowable
from reportlab.platypus.doctemplate import FrameBreak


class HeadingRoom(CondPageBreak):
    """Invisible; breaks to the next column unless its headings fit with a start of their text
    (and with at least `least` points of room)."""

    def __init__(self, headings: list[Flowable], text: Flowable | None, least: float) -> None:
        super().__init__(least)
        self.headings, self.text = headings, text

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        frame = self._doctemplateAttr("frame")
        crowded = available_height < self.height or not self._fits(
            available_width, available_height
        )
        if crowded and frame is not None and not frame._atTop:
            frame.add_generated_content(FrameBreak)
        return 0, 0

    def _fits(self, width: float, height: float) -> bool:
        """Whether the headings and at least the text's first lines fit in `height`."""
        room = height
        for heading in self.headings:
            room -= heading.getSpaceBefore() + heading.wrapOn(self.canv, width, room)[1]
            room -= heading.getSpaceAfter()
        if self.text is None:
            return room > 0
        return self._starts(self.text, width, room)

    def _starts(self, flowable: Flowable, width: float, room: float) -> bool:
        """Whether the flowable, or a first part of it that platypus would set, fits in `room`
        (a list splits into its items: the first item, or its first lines, must fit)."""
        room -= flowable.getSpaceBefore()
        if room <= 0:
            return False
        if flowable.wrapOn(self.canv, width, room)[1] <= room:
            return True
        parts = flowable.splitOn(self.canv, width, room)
        return bool(parts) and parts[0] is not flowable and self._starts(parts[0], width, room)


def keep_headings(story: list[Flowable], least: float) -> list[Flowable]:
    """The story with a HeadingRoom before each run of headings (flowables with a `heading`)."""
    kept: list[Flowable] = []
    run: list[Flowable] = []
    for flowable in [*story, None]:
        if flowable is not None and getattr(flowable, "heading", None) is not None:
            run.append(flowable)
            continue
        if run:
            kept += [HeadingRoom(run, flowable, least), *run]
            run = []
        if flowable is not None:
            kept.append(flowable)
    return kept
