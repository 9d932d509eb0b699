"""identify, validate, closed_loop, export, read_log against the CLI on the same simulated logs."""
import os

import numpy as np
import pytest

import excitebench
from compare import assert_same


@pytest.mark.parametrize("method", ["ols", "consistent"])
def test_identify_equals_the_cli(cli_json, experiment, method):
    folder = experiment["folder"]
    log = experiment["logs"][0]
    cli = cli_json("identify", "planar2r", log, "--method", method, "--filter-cutoff", "4",
                   "--out", folder / f"cli_{method}.json")
    module = excitebench.identify("planar2r", log, method=method, filter_cutoff=4.0,
                                  out=str(folder / f"module_{method}.json"))
    assert_same(module, cli)
    assert isinstance(module["residual_rms"], np.ndarray)
    with open(folder / f"cli_{method}.json") as a, open(folder / f"module_{method}.json") as b:
        assert a.read() == b.read()


def test_validate_equals_the_cli(cli_json, experiment):
    folder = experiment["folder"]
    params = str(folder / "params.json")
    excitebench.identify("planar2r", experiment["logs"][0], method="ols", out=params)
    cli = cli_json("validate", "planar2r", params, experiment["logs"][1], "--drift-window", "2")
    module = excitebench.validate("planar2r", params, experiment["logs"][1], drift_window=2.0)
    assert_same(module, cli)
    assert module["joints"][0]["nrmse_percent"] < 10.0


def test_closed_loop_and_export(experiment, tmp_path):
    params = str(tmp_path / "params.json")
    excitebench.identify("planar2r", experiment["logs"][0], method="consistent", out=params)
    r = excitebench.closed_loop("planar2r", params, experiment["excitation"], plant="description", duration=1.0,
                                control_rate=500.0)
    assert r["identified"]["diverged"] is False
    urdf = excitebench.export(params, out=str(tmp_path / "identified.urdf"))
    assert os.path.getsize(urdf) > 0


def test_read_log_arrays_in_si_and_model_order(experiment):
    log = excitebench.read_log("planar2r", experiment["logs"][0], filter_cutoff=4.0)
    n = log["t"].shape[0]
    assert log["q"].shape == (n, 2) and log["tau"].shape == (n, 2)
    assert "samples" in log["summary"]
    assert isinstance(log["warnings"], list)


def test_sample_and_evaluate(experiment):
    s = excitebench.sample(experiment["excitation"], rate=100.0)
    assert s["q"].shape[1] == 2 and s["t"][1] == pytest.approx(0.01)
    assert excitebench.evaluate("planar2r", experiment["excitation"])["cond"] > 1.0


def test_evaluate_equals_the_cli(cli_json, experiment):
    # One evaluation: the module runs `excitebench-cli evaluate` itself, options included.
    for options, flags in (({}, ()), ({"friction": True, "rate": 200.0}, ("--friction", "--rate", "200"))):
        cli = cli_json("evaluate", "planar2r", experiment["excitation"], *flags)
        module = excitebench.evaluate("planar2r", experiment["excitation"], **options)
        assert_same(module, cli)
    assert module["sample_rate"] == 200.0 and len(module["joints"]) == 2


def test_a_bad_log_raises_the_clis_message(cli, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("t,q1,q2\n0,1\n")
    code, _, err = cli("identify", "planar2r", bad, "--out", tmp_path / "p.json")
    assert code == 1
    with pytest.raises(ValueError) as raised:
        excitebench.identify("planar2r", str(bad))
    assert "excitebench-cli: " + str(raised.value) == err.strip()


def test_a_missing_log_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        excitebench.identify("planar2r", str(tmp_path / "absent.csv"))


def test_options_are_the_clis():
    assert "--filter-cutoff" in excitebench.identify.__doc__
    assert "--method" in excitebench.identify.__doc__
    with pytest.raises(TypeError):
        excitebench.identify("planar2r", "x.csv", no_such_option=1)
    with pytest.raises(ValueError):
        excitebench.identify("planar2r", "x.csv", friction_prior="nonsense")


DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "logs")


def test_read_log_reads_a_ur_rtde_record_with_its_warnings():
    log = excitebench.read_log("ur5", os.path.join(DATA, "ur_rtde_record.csv"))
    assert log["q"].shape[1] == 6 and log["tau"].shape == log["q"].shape
    assert any("target_moment" in w for w in log["warnings"])
    assert log["summary"].startswith("125 Hz")


def test_read_log_of_the_wrong_robot_raises_the_clis_message(cli, tmp_path):
    ros = os.path.join(DATA, "ros_joint_states.csv")
    code, _, err = cli("identify", "ur5", ros, "--out", tmp_path / "p.json")
    assert code == 1
    with pytest.raises(ValueError) as raised:
        excitebench.read_log("ur5", ros)
    assert "excitebench-cli: " + str(raised.value) == err.strip()
