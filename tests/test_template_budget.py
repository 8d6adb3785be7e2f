"""Templates render within a budget: hostile loops, powers and sizes are findings, not hangs."""

import pytest

from generator.render.text import TextError, render_text
from tests.conftest import HEROES_CSV

STEPS = "a template that takes more than 1,000,000 steps, loop items and calls counted (`limits: {template_steps: ...}` in game.yaml raises it)"
SIZE = "a template that builds more than 2,000,000 characters or items (`limits: {template_characters: ...}` in game.yaml raises it)"


@pytest.mark.parametrize(
    ("template", "reason"),
    [
        ("{% for i in range(10**9) %}x{% endfor %}", STEPS),
        ("{% for i in range(2000) %}{% for j in range(2000) %}{% endfor %}{% endfor %}", STEPS),
        ("{{ 'x' * 10**10 }}", SIZE),
        ("{{ [1] * 10**10 }}", SIZE),
        ("{{ ''|center(10**10) }}", SIZE),
        ("{{ '%*s'|format(10**9, 'x') }}", SIZE),
        ("{{ ('ab' * 900000)|replace('a', 'aaaaaaaaaa') }}", SIZE),
        ("{{ '%9999999999s' % 'x' }}", SIZE),
        ("{{ '{:>9999999999}'.format('x') }}", SIZE),
        ("{{ 'x'.ljust(10**10) }}", SIZE),
        (
            '{% set ns = namespace(s="x") %}{% for i in range(60) %}'
            "{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
            SIZE,
        ),
        ("{% for i in range(100000) %}{{ 'xxxxxxxxxxxxxxxxxxxxx' }}{% endfor %}", SIZE),
        (
            "{{ 7 ** 100000 }}",
            "a template that computes 7 ** 100000, a number of more than 4,096 bits",
        ),
        (
            "{% include 'rules.md' %}",
            "a template that includes, imports or extends another file, which pnp texts cannot",
        ),
    ],
)
def test_a_template_past_its_budget_is_a_text_error(template, reason):
    with pytest.raises(TextError) as caught:
        render_text(template, {})
    assert str(caught.value) == reason


def test_a_macro_that_calls_itself_is_a_text_error():
    with pytest.raises(TextError, match=r"^RecursionError: maximum recursion depth exceeded"):
        render_text("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", {})


def test_a_template_within_the_budget_renders_as_before():
    template = "{% for i in range(3) %}{{ i * 2 }}{{ 'ab' * 2 }}{% endfor %}{{ 2 ** 10 }}"
    assert render_text(template, {}) == "0abab2abab4abab1024"
    widths = "{{ '%s=%3d' % ('a', 7) }} {{ '{:>4}'.format('b') }} {{ 'c'.ljust(3) }}|{{ 7 % 3 }}"
    assert render_text(widths, {}) == "a=  7    b c  |1"


def test_card_text_past_its_budget_is_a_finding_at_its_row(game, pnp):
    loop = "{% for i in range(10**9) %}x{% endfor %}"
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", loop)})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "demo/decks/heroes.csv:3:13: error template: 'mage' text: expected a template that "
        f"renders, found {STEPS}"
    )


def test_a_rulebook_past_its_budget_is_a_finding_at_its_line(game, pnp):
    game({"rulebook.md": "# Rules\n\nPlay.\n\n{{ 'x' * 10**10 }}\n"})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/rulebook.md:5:1: error rulebook-data: expected a template that renders, found "
        + (SIZE)
        in result.stdout
    )


def test_templates_compile_without_constant_folding_and_render_the_same():
    from generator.render.sandbox import BoundedSandbox

    sandbox = BoundedSandbox()
    source = "{% set x = 1 + 2 %}{{ x }} {{ 'ab' ~ 'cd' }}"
    assert "(1 + 2)" in sandbox.compile(source, raw=True)  # the optimizer would write 3
    assert sandbox.render(sandbox.from_string(source), {}) == "3 abcd"


def test_an_expression_has_a_budget_of_its_own():
    from generator.check.expressions import evaluate

    with pytest.raises(TextError, match="steps"):
        render_text("{% for i in range(10**9) %}x{% endfor %}", {})
    assert evaluate("range(500000) | list | length", {}) == 500000
    assert evaluate("range(600000) | list | length", {}) == 600000  # 1.1 M steps in all
