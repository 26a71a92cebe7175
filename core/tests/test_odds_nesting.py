"""What the first computation running sets up, the last one puts back, however they
overlap (``gunline.odds.nesting``): the collector's thresholds, the kept readings."""

from __future__ import annotations

import gc
import threading

from gunline.odds.collector import NEVER, young_only
from gunline.odds.nesting import Nesting


def test_the_first_in_sets_up_and_the_last_out_puts_back():
    calls: list[str] = []
    nesting = Nesting(lambda: calls.append("last"), first=lambda: calls.append("first"))
    with nesting.inside():
        with nesting.inside():
            assert calls == ["first"]
        assert calls == ["first"]
    assert calls == ["first", "last"]
    with nesting.inside():
        pass
    assert calls == ["first", "last", "first", "last"]


def test_overlapping_threads_set_up_once():
    calls: list[str] = []
    nesting = Nesting(lambda: calls.append("last"), first=lambda: calls.append("first"))
    inside, leave = threading.Barrier(3), threading.Event()

    def computation() -> None:
        with nesting.inside():
            inside.wait()
            leave.wait()

    threads = [threading.Thread(target=computation) for _ in range(2)]
    for thread in threads:
        thread.start()
    inside.wait()
    assert calls == ["first"]
    leave.set()
    for thread in threads:
        thread.join()
    assert calls == ["first", "last"]


def test_an_error_inside_still_puts_back():
    calls: list[str] = []
    nesting = Nesting(lambda: calls.append("last"), first=lambda: calls.append("first"))
    try:
        with nesting.inside():
            raise ValueError("a hook failed")
    except ValueError:
        pass
    assert calls == ["first", "last"]


def test_enumerations_collect_the_youngest_generation_alone_and_put_the_thresholds_back():
    before = gc.get_threshold()
    with young_only():
        with young_only():
            assert gc.get_threshold() == (before[0], NEVER, NEVER)
        assert gc.get_threshold() == (before[0], NEVER, NEVER)
    assert gc.get_threshold() == before


def test_a_nesting_with_nothing_to_set_up_only_puts_back():
    calls: list[str] = []
    nesting = Nesting(lambda: calls.append("last"))
    with nesting.inside():
        with nesting.inside():
            assert calls == []
    assert calls == ["last"]
