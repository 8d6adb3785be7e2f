"""name-reference: `see X` and `Related Topics: X` must name a heading or entry of the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check.names import name_references, names_exist
from generator.check.outline import RulebookText, plain_outline
from generator.findings import Report

RULES = """\
# Combat
Roll two dice.

## Slam Action
Push a unit back.

**Retreat:** move one hex away.
Bank: holds gold.

# Supply
Units out of supply lose a step.
"""


def messages(text: str) -> list[str]:
    """The name-reference messages for a text, in order."""
    report = Report()
    names_exist(RulebookText(Path("rules.md"), plain_outline(text)), report)
    return [f.message for f in report.findings if f.code == "name-reference"]


@pytest.mark.parametrize(
    "reference",
    [
        "see Combat",
        "(see Slam Action)",
        "See the Supply section.",
        "see also Retreat",
        "see Bank",
        'see "Combat"',
        "see **Slam action**",
        "Related Topics: Slam action, Supply",
        "see Combat and Supply",
        "see Supplies",
    ],
)
def test_references_to_headings_and_entries_resolve(reference):
    assert messages(RULES + f"\nFor more, {reference}.\n") == []


@pytest.mark.parametrize(
    "reference",
    [
        "see below",
        "see page 4",
        "see Case 3.1",
        "see rule 7",
        "see Appendix A",
        "see Figure 2",
        "see your cards",
        'to see "how many" dice',
        "see Movement, Case 8.1",
        "Michael See\nSpecial Thanks to Ann",
    ],
)
def test_citations_places_and_plain_verbs_are_not_names(reference):
    assert messages(RULES + f"\nAlso {reference}.\n") == []


def test_a_name_that_names_nothing_is_reported_with_the_close_entry():
    found = messages(RULES + "\nPush it (see Slam Actoin).\n")
    assert found == [
        "expected a heading or entry named 'Slam Actoin', found none; did you mean 'Slam Action'?"
    ]


def test_related_topics_list_each_name():
    found = messages(RULES + "\nRelated Topics: Combat, Bombardment, Supply\n")
    assert found == ["expected a heading or entry named 'Bombardment', found none"]


def test_see_the_index_needs_an_index():
    text = RULES + "\nFor terms see the index.\n"
    assert messages(text) == ["expected the document to have the index, found no such section"]
    assert messages(text + "\n# Index\nBank, 2\n") == []


def test_html_anchors_and_headings_are_entries():
    text = '<a name="line-of-sight"></a>\n<h2>Morale</h2>\nsee Line of Sight, see Morale.\n'
    assert messages(text) == []


def test_the_position_is_the_name_itself():
    refs = list(name_references(["Rolls (see Slam Actoin) here."]))
    assert [(r.name, r.line, r.column) for r in refs] == [("Slam Actoin", 1, 12)]


def test_a_citation_wrapped_onto_the_next_line_still_marks_a_name_as_cited():
    text = RULES + "\nSee also Training,\n3.2.1 for more.\n"
    assert messages(text) == []


def test_one_plain_word_near_no_entry_may_name_something_outside_the_text():
    assert messages(RULES + "\nA new action opens each round (see Overview on your card).\n") == []
    assert messages(RULES + "\nStep away (see Retract).\n") == [
        "expected a heading or entry named 'Retract', found none; did you mean 'Retreat'?"
    ]
    assert messages(RULES + "\nRelated Topics: Overview\n") == [
        "expected a heading or entry named 'Overview', found none"
    ]


EXCERPT = "\n\n".join(
    ["# 15.0 Close Assault", "Roll for the assault (see Air Phase)."]
    + [f"An assault of force {n} (see 8.{n})." for n in range(2, 8)]
)


def _severities(text: str, strict: bool = False) -> set[str]:
    report = Report()
    names_exist(RulebookText(Path("rules.md"), plain_outline(text), strict=strict), report)
    return {str(f.severity) for f in report.findings if f.code == "name-reference"}


def test_in_an_excerpt_a_name_to_no_entry_is_a_note_unless_strict():
    assert _severities(EXCERPT) == {"info"}
    assert _severities(EXCERPT, strict=True) == {"warning"}
    assert _severities(EXCERPT.replace("(see 8.", "(page ")) == {"warning"}
