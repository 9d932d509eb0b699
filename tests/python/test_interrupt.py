"""Ctrl+C in a long call: the engine stops at its next progress report and Python gets
KeyboardInterrupt (the signal is sent to this process, as a terminal or a notebook does)."""
import os
import signal
import threading
import time

import pytest

import excitebench


def test_ctrl_c_stops_a_design(tmp_path):
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        excitebench.design("panda", out=str(tmp_path / "excitation.json"), time_limit=30.0, starts=8)
    timer.join()
    assert time.monotonic() - start < 10.0
