"""Facts a designer declares so the checker can prove them: cost classes, setup, invariants."""

from __future__ import annotations

from pydantic import Field

from generator.model.base import Id, Model


class CostClass(Model):
    """Items whose value follows from their class, e.g. every level-2 building costs 2."""

    id: Id = Field(description="Name of the rule, used in messages.")
    items: list[Id] = Field(
        description="Deck or token sheet ids, or table names, whose entries are checked."
    )
    class_field: str = Field(description="Field or column naming an item's class, e.g. `level`.")
    value_field: str = Field(description="Field or column holding the item's value, e.g. `cost`.")
    classes: Id = Field(description="Name of the table with one row per class and its value.")
    class_column: str | None = Field(
        None, description="Column of `classes` naming the class; empty uses `class_field`."
    )
    value_column: str | None = Field(
        None, description="Column of `classes` with the class's value; empty uses `value_field`."
    )
    exceptions: list[str] = Field(
        default_factory=list,
        description="Item ids (or table rows by `id` or `name`) whose value differs on purpose.",
    )


class SetupEntry(Model):
    """Pieces taken from one component during setup; the checker proves the box holds them."""

    component: Id = Field(description="Id of the component the pieces come from.")
    amount: int | str = Field(
        description="How many: a number or a Jinja expression over `players`, `params`, "
        "`tables`, `components`, `decks`, `token_sheets` and `count(id)`."
    )
    note: str | None = Field(None, description="Which setup step this is, in the designer's words.")


class Invariant(Model):
    """A fact about the data that must hold, written as a Jinja expression."""

    expect: str = Field(
        description="Expression that must be true, over `players` ({min, max}), `params`, "
        "`tables`, `components`, `decks`, `token_sheets` and `count(id)`."
    )
    message: str = Field(description="What must hold, in the designer's words.")


DECLARED_MODELS = (CostClass, SetupEntry, Invariant)
