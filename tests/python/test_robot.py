"""load_robot: info, dynamics and regressor against the CLI's info --json and torques."""
import numpy as np
import pytest

import excitebench
from compare import assert_same


def test_info_and_base_parameters_equal_the_cli(cli_json):
    robot = excitebench.load_robot("panda")
    cli = cli_json("info", "panda")
    assert_same(robot.info, cli)
    assert_same(robot.base_parameters(), cli["base_parameters"])
    assert robot.dof == 7 and len(robot.joints) == 7 and len(robot.bodies) == 7
    assert all(isinstance(p["expression"], str) for p in robot.base_parameters())


def test_regressor_times_parameters_is_the_clis_torques(cli, tmp_path):
    robot = excitebench.load_robot("panda")
    rng = np.random.default_rng(3)
    q, qd, qdd = (rng.uniform(-1.0, 1.0, (5, 7)) for _ in range(3))
    trajectory = tmp_path / "traj.csv"
    header = ",".join(["t"] + [f"{s}{j + 1}" for s in ("q", "qd", "qdd") for j in range(7)])
    np.savetxt(trajectory, np.hstack([np.arange(5)[:, None] * 0.01, q, qd, qdd]), delimiter=",", header=header,
               comments="", fmt="%.17g")
    code, _, err = cli("torques", "panda", "--in", trajectory, "--out", tmp_path / "tau.csv")
    assert code == 0, err
    tau_cli = np.loadtxt(tmp_path / "tau.csv", delimiter=",", skiprows=1)[:, 1:]
    y = robot.regressor(q, qd, qdd)
    assert y.shape == (5 * 7, 70)
    assert len(robot.regressor_columns()) == 70
    tau = (y @ robot.standard_parameters()).reshape(5, 7)
    assert np.allclose(tau, tau_cli, rtol=0, atol=1e-12 * max(1.0, np.abs(tau_cli).max()))
    assert np.allclose(robot.inverse_dynamics(q, qd, qdd), tau_cli, rtol=0, atol=1e-12 * np.abs(tau_cli).max())
    one = robot.regressor(q[0], qd[0], qdd[0])
    assert np.array_equal(one, y[:7])


def test_mass_matrix_is_symmetric_positive_definite():
    robot = excitebench.load_robot("planar2r")
    m = robot.mass_matrix(np.array([0.3, -0.4]))
    assert m.shape == (2, 2) and np.allclose(m, m.T) and np.all(np.linalg.eigvalsh(m) > 0)
    assert robot.mass_matrix(np.zeros((4, 2))).shape == (4, 2, 2)


def test_a_bad_urdf_raises_the_clis_message(cli, tmp_path):
    urdf = tmp_path / "bad.urdf"
    urdf.write_text('<robot name="x"><link name="a"/><joint name="j" type="revolute"><parent link="a"/>'
                    '<child link="b"/></joint></robot>\n')
    code, _, err = cli("info", urdf)
    assert code == 1
    with pytest.raises(ValueError) as raised:
        excitebench.load_robot(str(urdf))
    assert "excitebench-cli: " + str(raised.value) == err.strip()


def test_a_missing_description_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        excitebench.load_robot(str(tmp_path / "absent.urdf"))


def test_wrong_shapes_are_value_errors():
    robot = excitebench.load_robot("planar2r")
    with pytest.raises(ValueError):
        robot.inverse_dynamics(np.zeros(3), np.zeros(3), np.zeros(3))
