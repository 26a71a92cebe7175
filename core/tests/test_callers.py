"""The callers compiled with the package (:mod:`gunline.callers`) are the code that
compiling the caller's source gives, and a hook called through one behaves as through
a caller compiled on the spot: same answer, same errors, same name in its frame."""

from __future__ import annotations

import sys

import pytest

from gunline import callers, stack
from gunline.dice.requests import DiceInterrupt
from gunline.errors import PluginFailed


def compiled_from_source(answer: str, n: int):
    """The code of a caller compiled from ``stack._SINGLE_CALLER``, as before."""
    names = ", ".join(f"a{i}" for i in range(n))
    scope: dict = {}
    source = stack._SINGLE_CALLER.format(spec=names, impl=names, answer=answer)
    exec(compile(source, "<x>", "exec", dont_inherit=True), scope)
    return scope["single"].__code__


@pytest.mark.parametrize("answer", [callers.FIRST, callers.EACH])
@pytest.mark.parametrize("n", range(7))
def test_every_template_is_the_compiled_source(answer, n):
    template, fresh = callers.TEMPLATES[(answer, n)], compiled_from_source(answer, n)
    for field in ("co_code", "co_consts", "co_names", "co_varnames", "co_argcount", "co_exceptiontable",
                  "co_linetable", "co_stacksize", "co_flags"):
        assert getattr(template, field) == getattr(fresh, field), field


class Hook:
    """The part of a compiled hook ``_single_caller`` reads."""

    def __init__(self, function, argnames, taken=None):
        self.name = "resolve_hit"
        self.argnames = argnames
        self.plain = [("toy", function, taken or argnames)]


def made(function, argnames, answer, taken=None):
    return stack._single_caller(Hook(function, argnames, taken), answer)


def test_a_caller_from_a_template_is_not_compiled(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("compiled")

    monkeypatch.setattr(stack, "compile", refuse, raising=False)
    caller = made(lambda attack, state: (attack, state), ("attack", "state"), callers.FIRST)
    assert caller(1, 2) == ((1, 2), "toy")


@pytest.mark.parametrize("taken", [None, ("state",), ("state", "attack")])
def test_template_and_compiled_callers_answer_the_same(taken):
    def rule(*args):
        return args or None

    argnames = ("attack", "state")
    pick = {None: lambda a, s: (a, s), ("state",): lambda a, s: (s,), ("state", "attack"): lambda a, s: (s, a)}[taken]
    for answer in (callers.FIRST, callers.EACH):
        caller = made(rule, argnames, answer, taken)
        expected = pick(1, 2)
        assert caller(1, 2) == ((expected, "toy") if answer == callers.FIRST else [(expected, "toy")])
    nothing = made(lambda attack, state: None, argnames, callers.FIRST)
    assert nothing(1, 2) == (None, "")
    assert made(lambda attack, state: None, argnames, callers.EACH)(1, 2) == []


def test_a_failing_hook_is_named_and_dice_interrupts_pass():
    def broken(attack):
        raise ValueError("bad table")

    def asks(attack):
        raise DiceInterrupt

    with pytest.raises(PluginFailed) as failed:
        made(broken, ("attack",), callers.FIRST)(1)
    assert (failed.value.plugin, failed.value.hook) == ("toy", "resolve_hit")
    assert isinstance(failed.value.__cause__, ValueError)
    with pytest.raises(DiceInterrupt):
        made(asks, ("attack",), callers.FIRST)(1)
    with pytest.raises(PluginFailed):  # a plugin calling sys.exit is a fault too
        made(lambda attack: sys.exit(3), ("attack",), callers.EACH)(1)


def test_the_frame_says_which_plugin_and_hook():
    seen = {}

    def rule(attack, state):
        frame = sys._getframe(1)
        seen.update(file=frame.f_code.co_filename, name=frame.f_code.co_name, line=frame.f_lineno,
                     plugin=frame.f_globals["_plugin"], hook=frame.f_globals["_hook"],
                     names=frame.f_code.co_varnames[:2])
        return 1

    made(rule, ("attack", "state"), callers.FIRST)(1, 2)
    assert seen == {"file": "<gunline caller of resolve_hit>", "name": "single", "line": 4, "plugin": "toy",
                    "hook": "resolve_hit", "names": ("attack", "state")}
