"""The collector is kept off long-lived faces only inside a build, and given them back after."""

import gc

from generator.render.heap import SETTLE_EVERY, frozen_heap, settle


def test_settle_freezes_only_inside_a_frozen_heap_and_the_outermost_exit_unfreezes():
    gc.unfreeze()
    settle(SETTLE_EVERY)
    assert gc.get_freeze_count() == 0
    with frozen_heap():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        kept = [[index] for index in range(1000)]
        settle(SETTLE_EVERY - 1)
        assert gc.get_freeze_count() == frozen
        with frozen_heap():
            settle(2 * SETTLE_EVERY)
        assert gc.get_freeze_count() >= frozen + len(kept)
    assert gc.get_freeze_count() == 0
