"""Generate `docs/data-format.md` from the model's docstrings and field descriptions.

Run `python -m generator.docs > docs/data-format.md` after changing the model; a test fails
while the committed file differs from what this prints.
"""

from __future__ import annotations

import inspect
import types
import typing
from typing import Any, Literal

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from generator.model import ALL_MODELS
from generator.units import CARD_SIZES

INTRO = """\
# Data format

A game is a folder `card_data/<id>/`. Everything in it is plain text a designer can edit and
keep under version control:

```
card_data/<id>/
  game.yaml        metadata, symbols, terms, parameters, tables, components, layouts,
                   decks, token sheets, boards
  errata.yaml      optional: a list of errata (decisions where the source is unclear)
  decks/*.csv      card designs, one row each (or a YAML list of mappings)
  tokens/*.csv     token designs, one row each (or a YAML list of mappings)
  art/             optional images
```

## Deck and token files

A deck or token sheet names its file in `game.yaml`. The file is either a YAML list of
mappings or a CSV file whose header row gives the field names. Each entry is one design;
`quantity` (or `copies`) says how many to print, and the checker compares the expanded total
with the component count in the inventory. Keys other than the fields documented under
**Card** and **Token** are the designer's own fields (cost, strength, kingdom, ...); list them
in the deck's `fields` so that a misspelt column is reported. In CSV files, cells that read as
numbers become numbers and empty cells are left out.

## Text, symbols and parameters

Card text is a Jinja template rendered in a sandbox where an undefined name is an error. It can
quote the card's own fields (`{{ cost }}`), rule parameters (`{{ params.treasury_limit.value }}`),
tables (`{{ tables.fines.rows[0] }}`) and the game (`{{ game.title }}`). Write `:key:` to place
the icon of a symbol from the glossary; an unknown key is an error.

## Declared facts

`cost_classes`, `setup` and `invariants` state facts the checker proves. A cost class says that
every item (a design of a deck or token sheet, or a table row) has the value its class has in
a table, unless listed in `exceptions`. Setup amounts and invariants are Jinja expressions
evaluated in the sandbox over `players` (each player count from `players.min` to
`players.max` for setup, `{min, max}` for invariants), `params` (name to value), `tables` (name
to rows), `components` (id to its keys), `decks` and `token_sheets` (id to designs, each with
`id`, `name`, `quantity` and its fields) and `count(id)` (a component's count, or what a deck,
token sheet or board prints). Setup amounts for one component are added up for every player
count and must fit in the box; an invariant must be true.

## Placeholders

Where the source does not give something, say so instead of inventing it: a design with
`placeholder: <reason>` prints as a write-in blank (its fields' labels over light ruled lines;
`pnp build --placeholders mark` prints the reason instead, `hide` leaves it out); a single
field can be written as
`{placeholder: <reason>}` in YAML; a parameter or component can carry `placeholder: <reason>`.
The checker reports every deck, component and parameter that is incomplete.

## Sizes and lengths

Lengths are numbers with a unit (`mm`, `cm`, `in`, `pt`, or `"`); a bare number is millimetres
and fractions such as `5/8in` are allowed. Sizes are `WxH` with a unit (`63x88mm`,
`2.5x3.5in`) or one of the named card sizes: {sizes}.

## Errors

Every problem is reported as `path:line:col: severity CODE: message`, naming the file and line
to fix and saying what was expected and what was found. `pnp check --list-rules` lists the
codes.

# Reference

Generated from the model (`generator/model.py`); each table lists a part of the data.
"""


def type_name(annotation: Any) -> str:
    """A field's type in words a designer reads."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_name(args[0])
    if origin is Literal:
        return "one of " + ", ".join(str(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        names = [type_name(a) for a in args if a is not type(None)]
        return " or ".join(names) + (" (optional)" if type(None) in args else "")
    if origin is list:
        return f"list of {type_name(args[0])}"
    if origin is dict:
        return f"mapping of name to {type_name(args[1])}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return f"[{annotation.__name__}](#{annotation.__name__.lower()})"
    return {str: "text", int: "whole number", float: "number", bool: "true/false", Any: "any"}.get(
        annotation, getattr(annotation, "__name__", str(annotation))
    )


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    if field.default_factory is not None:
        return "empty"
    if field.default is None or field.default is PydanticUndefined:
        return "none"
    if field.default == "":
        return "empty"
    return f"`{field.default}`"


def model_section(model: type[BaseModel]) -> str:
    """One Markdown section: the model's docstring and a table of its fields."""
    lines = [f"## {model.__name__}", "", inspect.cleandoc(model.__doc__ or ""), ""]
    lines += ["| key | type | default | meaning |", "| --- | --- | --- | --- |"]
    for name, field in model.model_fields.items():
        description = (field.description or "").replace("|", "\\|")
        lines.append(
            f"| `{name}` | {type_name(field.annotation)} | {_default(field)} | {description} |"
        )
    return "\n".join(lines) + "\n"


def data_format() -> str:
    """The whole data-format document."""
    intro = INTRO.replace("{sizes}", ", ".join(f"`{name}`" for name in CARD_SIZES))
    return intro + "\n" + "\n".join(model_section(model) for model in ALL_MODELS)


if __name__ == "__main__":
    print(data_format(), end="")
