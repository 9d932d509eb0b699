"""The module's results against the CLI's --json: same keys, same strings, numbers to 1e-12."""
import numbers

import numpy as np

TOLERANCE = 1e-12


def assert_same(module, cli, where="$"):
    """Asserts `module` (dict with numpy arrays) equals `cli` (parsed JSON) to 1e-12 relative."""
    if isinstance(cli, dict):
        assert isinstance(module, dict), where
        assert sorted(module) == sorted(cli), where
        for key in cli:
            assert_same(module[key], cli[key], f"{where}.{key}")
    elif isinstance(cli, list) and isinstance(module, np.ndarray):
        expected = np.asarray(cli, dtype=float)
        assert module.shape == expected.shape, where
        scale = np.maximum(1.0, np.abs(expected))
        assert np.all(np.abs(module - expected) <= TOLERANCE * scale), where
    elif isinstance(cli, list):
        assert len(module) == len(cli), where
        for k, (m, c) in enumerate(zip(module, cli)):
            assert_same(m, c, f"{where}[{k}]")
    elif isinstance(cli, bool) or cli is None or isinstance(cli, str):
        assert module == cli, where
    elif isinstance(cli, numbers.Number):
        assert abs(module - cli) <= TOLERANCE * max(1.0, abs(cli)), where
    else:
        raise AssertionError(f"{where}: unexpected {type(cli)}")
