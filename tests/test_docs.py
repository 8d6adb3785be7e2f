"""The data format is documented from the model itself, so no field can go undocumented."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.docs import data_format
from generator.model import ALL_MODELS

DOC = Path(__file__).parent.parent / "docs" / "data-format.md"


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda m: m.__name__)
def test_every_field_has_a_description(model):
    assert (model.__doc__ or "").strip(), f"{model.__name__} has no docstring"
    missing = [
        name for name, field in model.model_fields.items() if not (field.description or "").strip()
    ]
    assert not missing, f"{model.__name__} fields without a description: {missing}"


def test_committed_data_format_is_current():
    assert DOC.read_text(encoding="utf-8") == data_format(), (
        "docs/data-format.md is stale: run `python -m generator.docs > docs/data-format.md`"
    )


def test_every_model_is_documented():
    from generator import model as module
    from generator.model import Model

    defined = {
        obj for obj in vars(module).values() if isinstance(obj, type) and issubclass(obj, Model)
    }
    assert defined - {Model, module.Piece, module.PieceSet} <= set(ALL_MODELS)
