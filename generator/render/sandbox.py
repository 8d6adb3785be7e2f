"""The Jinja sandbox every card text and rulebook is rendered in, with a budget.

Jinja's sandbox keeps a template away from Python's internals but not from time and memory:
`range(10**9)`, `'x' * 10**10` or a string doubled in a loop would run or grow until killed.
Here each render gets a budget of steps (items of every `range`, and every call) and a size
cap on what it builds (strings and lists made by `*`, filters and namespaces, and the text it
produces); crossing either is a `TemplateLimit`, reported at the template like any mistake.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from jinja2 import StrictUndefined, Template, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace

from generator.limits import active, raise_hint

MAX_POWER_BITS = 4096  # `a ** b` may give a number of at most this many bits
# Filters whose number arguments say how much they build (a width, a count of items).
DIGITS = re.compile(r"\d{7,}")  # a width or precision in a format string worth checking
SIZING_FILTERS = frozenset({"batch", "center", "format", "indent", "slice", "truncate", "wordwrap"})


class TemplateLimit(TemplateError):
    """A template went past its budget of steps or the size of what it may build, or asked for
    what no pnp template may do; the message completes "found a template that ..."."""


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """A sandboxed environment whose templates render within a budget (see the module)."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, **options: Any) -> None:
        """Jinja's constant folding is left out: it revisits every node of a template (a fifth
        of the time compiling the bundled rulebooks took, a third for the invariants), while
        pnp's texts are rarely constant and render once or a few times; the text is the same."""
        options.setdefault("optimized", False)
        options.setdefault("autoescape", False)
        super().__init__(undefined=StrictUndefined, **options)
        self.steps = 0
        self.globals["range"] = self._range
        self.globals["namespace"] = BoundedNamespace
        self.filters = {name: _sized(name, f) for name, f in self.filters.items()}

    def render(self, template: Template, context: dict[str, Any]) -> str:
        """The template's text, stopped once it passes the budget."""
        self.steps = 0
        produced, size = [], 0
        for chunk in template.generate(context):
            size += len(chunk)
            if size > active().template_characters:
                raise TemplateLimit(_too_long())
            produced.append(chunk)
        return "".join(produced)

    def evaluate(self, expression: Callable[[dict[str, Any]], Any], context: dict[str, Any]) -> Any:
        """A compiled expression's value, with a budget of its own as each render has: what
        an earlier expression or template spent does not count against it."""
        self.steps = 0
        return expression(context)

    def spend(self, steps: int) -> None:
        """Count `steps` against the render's budget."""
        self.steps += steps
        most = active().template_steps
        if self.steps > most:
            raise TemplateLimit(
                f"takes more than {most:,} steps, loop items and calls counted"
                f"{raise_hint('template_steps')}"
            )

    def call(self, context: Any, obj: Any, *args: Any, **kwargs: Any) -> Any:
        """Every call a template makes is a step; a string method asked for a width past the
        size cap (`ljust(10**10)`, `'{:>9999999999}'.format(x)`) is refused before it runs."""
        self.spend(1)
        if isinstance(getattr(obj, "__self__", None), str):
            _check_widths("", args, kwargs)
        return super().call(context, obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`str.format`, refused when its format string asks for a width past the size cap."""
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_widths(value.__self__, (), {})
        return wrapped

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        """`*` and `**`, refused when their result would pass the size cap."""
        if operator == "%" and isinstance(left, str):
            _check_widths(left, right if isinstance(right, tuple) else (right,), {})
        elif operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, str | list | tuple) and isinstance(times, int):
                    _check_size(len(seq) * max(times, 0))
        elif _power_bits(left, right) > MAX_POWER_BITS:
            raise TemplateLimit(
                f"computes {left} ** {right}, a number of more than {MAX_POWER_BITS:,} bits"
            )
        return super().call_binop(context, operator, left, right)

    def get_template(self, *_args: Any, **_kwargs: Any) -> Template:
        """`include`, `import` and `extends` have no files to read: each text stands alone."""
        raise TemplateLimit("includes, imports or extends another file, which pnp texts cannot")

    def _range(self, *args: int) -> range:
        """`range`, each of its items a step."""
        items = range(*args)
        self.spend(len(items))
        return items


class BoundedNamespace(Namespace):
    """`namespace()`, whose values may not pass the size cap (a string doubled in a loop)."""

    def __setitem__(self, name: str, value: Any) -> None:
        if isinstance(value, str | list | tuple | dict):
            _check_size(len(value))
        super().__setitem__(name, value)


def _sized(name: str, function: Callable) -> Callable:
    """A filter that refuses a size argument or a result past the cap."""

    def bounded(*args: Any, **kwargs: Any) -> Any:
        for value in (*args, *kwargs.values()) if name in SIZING_FILTERS else ():
            if isinstance(value, int) and not isinstance(value, bool):
                _check_size(abs(value))
        if name == "replace" and len(args) >= 3:
            _check_size(len(str(args[0])) * max(len(str(args[2])), 1))
        result = function(*args, **kwargs)
        if isinstance(result, str | list):
            _check_size(len(result))
        return result

    for attribute in ("jinja_pass_arg",):  # keep how Jinja passes the context or environment
        if hasattr(function, attribute):
            setattr(bounded, attribute, getattr(function, attribute))
    return bounded


def _power_bits(base: Any, exponent: Any) -> float:
    """About how many bits `base ** exponent` needs (0 when it is not a power of integers)."""
    whole = isinstance(base, int) and isinstance(exponent, int)
    return exponent * math.log2(abs(base)) if whole and exponent > 0 and abs(base) > 1 else 0


def _check_widths(template: str, args: tuple, kwargs: dict) -> None:
    """Refuse widths past the size cap: in a format string's digits or in number arguments."""
    numbers = [int(digits) for digits in DIGITS.findall(template)]
    numbers += [
        v for v in (*args, *kwargs.values()) if isinstance(v, int) and not isinstance(v, bool)
    ]
    for number in numbers:
        _check_size(abs(number))


def _check_size(size: int) -> None:
    if size > active().template_characters:
        raise TemplateLimit(_too_long())


def _too_long() -> str:
    most = active().template_characters
    return f"builds more than {most:,} characters or items{raise_hint('template_characters')}"
