#!/usr/bin/env python3
"""Design, simulate, identify and validate on the built-in Panda with the excitebench module,
and plot the validation torques when matplotlib is there.

    PYTHONPATH=build/python python3 examples/identify_panda.py [--out-dir DIR] [--quick]

--quick: a short design budget and 6 s logs (what CI runs; the full run takes about a minute).
Units are SI (rad, s, N m); joints are in the model's order.
"""
import argparse
import os

import numpy as np

import excitebench


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", default="panda_example", help="folder for the files written")
    parser.add_argument("--quick", action="store_true", help="small design budget and short logs (CI)")
    args = parser.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    path = lambda name: os.path.join(args.out_dir, name)  # noqa: E731

    robot = excitebench.load_robot("panda")
    print(f"{robot.name}: {robot.dof} joints, {len(robot.base_parameters())} rigid-body base parameters")

    # 1. Design: an optimized Fourier excitation within the joint limits.
    budget = dict(starts=1, max_evaluations=300, time_limit=10.0) if args.quick else dict(time_limit=60.0)
    excitation = excitebench.design("panda", out=path("excitation.json"), friction=True, **budget)
    print(f"design: cond = {excitebench.evaluate('panda', excitation)['cond']:.4g}")

    # 2. Simulate: one experiment to identify on, one independent one to validate on.
    duration = dict(duration=6.0) if args.quick else {}
    identification_log = excitebench.simulate("panda", excitation, out=path("experiment.csv"), noise_torque=0.05,
                                              seed=1, **duration)
    validation_log = excitebench.simulate("panda", excitation, out=path("validation.csv"), noise_torque=0.05,
                                          seed=2, **duration)

    # 3. Identify: a physically consistent estimate with viscous and Coulomb friction.
    params = excitebench.identify("panda", identification_log, method="consistent", out=path("params.json"))
    print(f"identify: {len(params['base_parameters'])} base parameters, cond {params['condition']:.4g}, "
          f"residual RMS {np.round(params['residual_rms'], 3)} N m")

    # 4. Validate on the other log.
    validation = excitebench.validate("panda", path("params.json"), validation_log)
    for joint in validation["joints"]:
        print(f"  {joint['name']:<14} NRMSE {joint['nrmse_percent']:6.2f} %  (description's own: "
              f"{joint['model']['nrmse_percent']:6.2f} %)")

    try:
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot")
        return
    log = excitebench.read_log("panda", validation_log)
    figure, axes = plt.subplots(robot.dof, 1, sharex=True, figsize=(8, 12))
    for j, axis in enumerate(axes):
        axis.plot(log["t"], log["tau"][:, j], linewidth=0.8)
        axis.set_ylabel(f"tau{j + 1} [N m]")
    axes[-1].set_xlabel("t [s]")
    axes[0].set_title("validation log: measured joint torques")
    figure.tight_layout()
    figure.savefig(path("validation.png"), dpi=80)
    print(f"wrote {path('validation.png')}")


if __name__ == "__main__":
    main()
