"""Workers forked for a build's jobs inherit the jobs: nothing is pickled on the way in."""

from __future__ import annotations

import os

import pytest

from generator import cores
from generator.cores import can_fork, worker_pool


def _twice(item) -> tuple[int, int]:
    return item() * 2, os.getpid()


@pytest.mark.skipif(not can_fork(), reason="needs fork")
def test_forked_workers_take_items_that_cannot_be_pickled():
    items = [lambda n=n: n for n in range(4)]  # lambdas cannot be pickled: these were never sent
    with worker_pool(_twice, items, 2) as submit:
        results = [submit(i).result() for i in range(len(items))]
    assert [value for value, _ in results] == [0, 2, 4, 6]
    assert os.getpid() not in {pid for _, pid in results}
    assert cores._INHERITED == [None]  # nothing left for later pools


def test_without_fork_each_item_is_sent(monkeypatch):
    monkeypatch.setattr(cores, "can_fork", lambda: False)
    with worker_pool(abs, [-1, -2, -3], 2) as submit:
        assert [submit(i).result() for i in range(3)] == [1, 2, 3]
