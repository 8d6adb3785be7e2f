"""Faces (frozen slotted dataclasses) pickle as constructor calls: the same face back, without
`dataclasses.fields` per object, the call that made unpickling cached faces slow."""

from __future__ import annotations

import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from generator.render.faces import Face
from generator.render.items import Rect, ShapeItem
from generator.render.slotted import by_fields
from generator.units import Size

SQUARE = ShapeItem("rect", Rect(1.0, 2.0, 3.0, 4.0), "#a9c4ea", None, 0.5, 0, True, True)
FACE = Face("tiles", "capital", "front", Size(15.875, 15.875), "#ffffff", (SQUARE,), True)


def test_a_face_is_pickled_as_its_constructor_called_with_its_fields_in_order() -> None:
    assert FACE.__reduce__() == (
        Face,
        ("tiles", "capital", "front", Size(15.875, 15.875), "#ffffff", (SQUARE,), True),
    )


def test_an_unpickled_face_is_the_same_face_and_takes_no_field_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = pickle.dumps([FACE, FACE], protocol=pickle.HIGHEST_PROTOCOL)
    asked: list[type] = []  # the classes whose field lists unpickling takes
    fields = dataclasses.fields

    def counted(value: object) -> tuple[dataclasses.Field, ...]:
        asked.append(value if isinstance(value, type) else type(value))
        return fields(value)

    monkeypatch.setattr(dataclasses, "fields", counted)
    back = pickle.loads(data)
    assert back == [FACE, FACE] and back[0] is back[1]
    assert asked == []  # neither the face nor the items and boxes it holds


@dataclass(frozen=True, slots=True)
class Mark:
    label: str

    __reduce__ = by_fields


@dataclass(frozen=True, slots=True)
class Counted:
    label: str
    copies: int = field(init=False, default=1)

    __reduce__ = by_fields


def test_a_class_of_one_field_comes_back_whole() -> None:
    assert by_fields(Mark("x")) == (Mark, ("x",))
    assert pickle.loads(pickle.dumps(Mark("x"))) == Mark("x")


def test_a_class_whose_constructor_does_not_take_every_field_cannot_be_pickled_so() -> None:
    with pytest.raises(TypeError, match="Counted has fields its constructor does not take"):
        pickle.dumps(Counted("x"))
