"""The callers of a hook with one implementation, compiled with the package.

A hook's caller (:func:`gunline.stack._single_caller`) was compiled from source for
every hook a command calls: nine hooks, a millisecond and a half of every command's
start. Where the implementation takes every argument of the hookspec in its order (the
usual case), its caller is one of these instead: the same code, read from the
package's bytecode, given the implementation and its plugin as globals and the hook's
name as its file name (:func:`gunline.watch.running_hook` finds a running hook by it).
``core/tests/test_callers.py`` keeps every one the bytecode that compiling
``stack._SINGLE_CALLER`` gives. Nothing here is called as it stands.
"""

from typing import Any

#: What a first-result caller returns, and a collect-all caller.
FIRST = '(None, "") if _result is None else (_result, _plugin)'
EACH = "[] if _result is None else [(_result, _plugin)]"

# The globals each caller is given (see gunline.stack._single_caller).
_fn: Any = None
_plugin: Any = None
_hook: Any = None
_describe: Any = None
_Passing: Any = None
_PluginFailed: Any = None


def first_0() -> Any:
    try:
        _result = _fn()
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def first_1(a0: Any) -> Any:
    try:
        _result = _fn(a0)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def first_2(a0: Any, a1: Any) -> Any:
    try:
        _result = _fn(a0, a1)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def first_3(a0: Any, a1: Any, a2: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def first_4(a0: Any, a1: Any, a2: Any, a3: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2, a3)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def first_5(a0: Any, a1: Any, a2: Any, a3: Any, a4: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2, a3, a4)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def first_6(a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2, a3, a4, a5)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return (None, "") if _result is None else (_result, _plugin)


def each_0() -> Any:
    try:
        _result = _fn()
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


def each_1(a0: Any) -> Any:
    try:
        _result = _fn(a0)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


def each_2(a0: Any, a1: Any) -> Any:
    try:
        _result = _fn(a0, a1)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


def each_3(a0: Any, a1: Any, a2: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


def each_4(a0: Any, a1: Any, a2: Any, a3: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2, a3)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


def each_5(a0: Any, a1: Any, a2: Any, a3: Any, a4: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2, a3, a4)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


def each_6(a0: Any, a1: Any, a2: Any, a3: Any, a4: Any, a5: Any) -> Any:
    try:
        _result = _fn(a0, a1, a2, a3, a4, a5)
    except _Passing:
        raise
    except BaseException as _exc:
        raise _PluginFailed(_plugin, _hook, _describe(_exc)) from _exc
    return [] if _result is None else [(_result, _plugin)]


#: (answer, number of arguments) -> the caller's code.
TEMPLATES = {
    **{(FIRST, n): f.__code__ for n, f in enumerate((first_0, first_1, first_2, first_3, first_4, first_5, first_6))},
    **{(EACH, n): f.__code__ for n, f in enumerate((each_0, each_1, each_2, each_3, each_4, each_5, each_6))},
}
