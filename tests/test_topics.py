"""How often a chapter uses a term: the evidence the topic rule weighs where a citation points."""

from __future__ import annotations

from generator.check.outline import plain_outline
from generator.check.topics import Topics

TEXT = """\
# 1 Combat

## 1.1 Armies

Army army armies march on the army

## 1.2 Army camps

An army. Army camps.

# 2 Setup

No army here but one.
"""


def test_uses_are_counted_overlapping_within_a_section_never_across_two():
    topics = Topics(plain_outline(TEXT))
    assert topics._uses(("army",), "1") == 8
    # 3 in 1.1 and 1 in 1.2, though 1.1 ends with an army and 1.2 starts with one
    assert topics._uses(("army", "army"), "1") == 4
    assert topics._uses(("army", "camp"), "1") == 2
    assert topics._uses(("army",), "2") == 1
    assert topics._uses(("army",), "3") == 0
