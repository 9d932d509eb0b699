"""Shared fixtures of the module's tests: the CLI to compare with, and a short simulated
experiment on the built-in planar2r (two logs) made once per session in a temporary folder."""
import json
import os
import subprocess

import pytest

import excitebench


def _cli_path():
    return os.environ.get("EXCITEBENCH_CLI", "")


@pytest.fixture(scope="session")
def cli():
    """Runs excitebench-cli with the given arguments; returns (exit code, stdout, stderr)."""
    path = _cli_path()
    if not path or not os.path.exists(path):
        pytest.skip("EXCITEBENCH_CLI is not set to the excitebench-cli binary")

    def run(*args, cwd=None):
        r = subprocess.run([path, *map(str, args)], capture_output=True, text=True, cwd=cwd)
        return r.returncode, r.stdout, r.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """Runs excitebench-cli with --json and returns the parsed object."""
    def run(*args):
        code, out, err = cli(*args, "--json")
        assert code == 0, err
        return json.loads(out)

    return run


@pytest.fixture(scope="session")
def experiment(tmp_path_factory):
    """planar2r: a designed excitation and two simulated 6 s logs (different noise seeds)."""
    folder = tmp_path_factory.mktemp("experiment")
    excitation = str(folder / "excitation.json")
    # period 10: the experiment these tests were written on (the CLI's default period is now 5 s).
    excitebench.design("planar2r", out=excitation, starts=1, max_evaluations=300, time_limit=5.0, friction=True,
                       period=10.0)
    logs = []
    for seed in (1, 2):
        log = str(folder / f"log{seed}.csv")
        excitebench.simulate("planar2r", excitation, out=log, noise_torque=0.02, seed=seed, duration=6.0)
        logs.append(log)
    return {"folder": folder, "excitation": excitation, "logs": logs}
