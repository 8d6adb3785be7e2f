"""A template that is only one field's placeholder prints the field's own string (render/text.py),
so a big deck's faces hold no copy of each card's title; any other template builds its text."""

from __future__ import annotations

from generator.render.text import render_text


def test_a_lone_placeholder_gives_the_fields_own_string() -> None:
    name = "".join(["Card ", "41"])  # a string made at run time, as a loaded card's is
    context = {"card": {"name": name, "cost": 3}}
    assert render_text("{{ card.name }}", context) is name
    assert render_text("{{card.name}}", context) is name
    framed = render_text("[{{ card.name }}]", context)
    assert framed == "[Card 41]" and framed is not name
    assert render_text("{{ card.cost }}", context) == "3"
