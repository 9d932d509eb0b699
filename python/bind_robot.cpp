// load_robot and the Robot class: the model the CLI loads (built-in name, URDF, xacro, MJCF, DH
// table, --package-root, --lock), its inverse dynamics, mass matrix, regressor and base parameters.
#include "bindings.hpp"
#include "command_call.hpp"
#include "json_to_python.hpp"

#include "cli_info.hpp"
#include "cli_robot_locks.hpp"

#include "dynamics/dynamics_workspace.hpp"
#include "dynamics/inverse_dynamics.hpp"
#include "dynamics/joint_torque_regressor.hpp"
#include "dynamics/mass_matrix.hpp"
#include "model/robot_model.hpp"

#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace eb::python {

namespace robot_binding {

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

// A loaded robot and what `info --json` says about it.
struct Robot {
  std::shared_ptr<const RobotModel> model;
  py::object info;  ///< dict of infoJson
};

// Rows of q, qd, qdd (N x dof; one sample is N = 1), checked against the model's dof.
struct States {
  Eigen::MatrixXd q, qd, qdd;
  bool single = false;  ///< the input was 1-D
};

Eigen::MatrixXd rowsOf(const Array& a, int dof, const char* what, bool& single) {
  if (a.ndim() == 1) single = true;
  if ((a.ndim() != 1 && a.ndim() != 2) || a.shape(a.ndim() - 1) != dof)
    throw std::invalid_argument(std::string(what) + " must be (dof,) or (N, dof) with dof = " + std::to_string(dof));
  const py::ssize_t n = a.ndim() == 1 ? 1 : a.shape(0);
  Eigen::MatrixXd m(n, dof);
  const double* p = a.data();
  for (py::ssize_t r = 0; r < n; ++r)
    for (int c = 0; c < dof; ++c) m(r, c) = p[r * dof + c];
  return m;
}

States statesOf(const RobotModel& model, const Array& q, const Array& qd, const Array& qdd) {
  States s;
  bool s1 = false, s2 = false, s3 = false;
  s.q = rowsOf(q, model.dof(), "q", s1);
  s.qd = rowsOf(qd, model.dof(), "qd", s2);
  s.qdd = rowsOf(qdd, model.dof(), "qdd", s3);
  if (s.q.rows() != s.qd.rows() || s.q.rows() != s.qdd.rows())
    throw std::invalid_argument("q, qd and qdd must have the same number of rows");
  s.single = s1 && s2 && s3;
  return s;
}

// A (rows x cols) float64 array of an Eigen matrix (copied; Eigen is column-major).
py::array_t<double> arrayOf(const Eigen::MatrixXd& m, bool asVector) {
  if (asVector) {
    py::array_t<double> a(m.size());
    for (Eigen::Index i = 0; i < m.size(); ++i) a.mutable_at(i) = m.data()[i];
    return a;
  }
  py::array_t<double> a({m.rows(), m.cols()});
  auto w = a.mutable_unchecked<2>();
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) w(r, c) = m(r, c);
  return a;
}

RegressorOptions regressorOptions(bool viscous, bool coulomb, bool offset, bool armature) {
  RegressorOptions o;
  o.viscous = viscous;
  o.coulomb = coulomb;
  o.offset = offset;
  o.armature = armature;
  return o;
}

// Joint torques [N m or N] (N x dof) of each row's state, gravity as the model has it (base frame).
Eigen::MatrixXd inverseDynamicsRows(const RobotModel& model, const States& s) {
  DynamicsWorkspace ws(model);
  Eigen::MatrixXd tau(s.q.rows(), model.dof());
  for (Eigen::Index r = 0; r < s.q.rows(); ++r)
    tau.row(r) = inverseDynamics(model, ws, s.q.row(r).transpose(), s.qd.row(r).transpose(), s.qdd.row(r).transpose())
                     .transpose();
  return tau;
}

// Stacked regressors (N*dof x columns): rows dof*k .. dof*k+dof-1 are sample k's Y.
Eigen::MatrixXd regressorRows(const RobotModel& model, const States& s, const RegressorOptions& o) {
  DynamicsWorkspace ws(model);
  const int dof = model.dof();
  Eigen::MatrixXd y(s.q.rows() * dof, regressorColumnCount(model, o));
  for (Eigen::Index r = 0; r < s.q.rows(); ++r)
    y.middleRows(r * dof, dof) = computeJointTorqueRegressor(model, ws, o, s.q.row(r).transpose(),
                                                             s.qd.row(r).transpose(), s.qdd.row(r).transpose());
  return y;
}

Robot loadRobot(const std::string& spec, const std::vector<std::string>& roots, const std::vector<std::string>& locks) {
  std::shared_ptr<RobotModel> model;
  nlohmann::json info;
  {
    py::gil_scoped_release nogil;
    model = std::make_shared<RobotModel>(cli::loadRobotLocked(spec, roots, locks));
    info = cli::infoJson(*model);
  }
  return Robot{model, toPython(info)};
}

}  // namespace robot_binding

void bindRobot(py::module_& m) {
  using namespace robot_binding;
  py::class_<Robot>(m, "Robot",
                    "A robot model as the CLI loads it. Joints in the model's order (info), SI units: revolute "
                    "joints in rad, prismatic in m; torques in N m (forces in N); gravity in the base frame.")
      .def_property_readonly("info", [](const Robot& r) { return r.info; },
                             "What `excitebench-cli info ROBOT --json` prints (dict): name, dof, joints with limits "
                             "(rad, m, rad/s, N m; None = no limit), bodies (mass kg, COM m and inertia about it "
                             "kg m^2 in the body frame), parameter counts and base parameters.")
      .def_property_readonly("name", [](const Robot& r) { return r.model->name(); }, "The model's name.")
      .def_property_readonly("dof", [](const Robot& r) { return r.model->dof(); }, "Number of moving joints.")
      .def_property_readonly("joints", [](const Robot& r) { return r.info["joints"]; },
                             "Joints in model order with type, limits (SI; None = no limit) and link (list of dict).")
      .def_property_readonly("bodies", [](const Robot& r) { return r.info["bodies"]; },
                             "Moving bodies: mass [kg], COM [m] and inertia about the COM [kg m^2], body frame.")
      .def_property_readonly("joint_names", [](const Robot& r) {
            py::list names;
            for (const Joint& j : r.model->joints()) names.append(j.name);
            return names;
          }, "Joint names in model order (the columns of every q, qd, qdd, tau array).")
      .def("inverse_dynamics",
           [](const Robot& r, const Array& q, const Array& qd, const Array& qdd) {
             const States s = statesOf(*r.model, q, qd, qdd);
             Eigen::MatrixXd tau;
             {
               py::gil_scoped_release nogil;
               tau = inverseDynamicsRows(*r.model, s);
             }
             return arrayOf(s.single ? Eigen::MatrixXd(tau.transpose()) : tau, s.single);
           },
           py::arg("q"), py::arg("qd"), py::arg("qdd"),
           "Joint torques tau [N m or N] of the model's own parameters (rigid body, no friction): q [rad|m], qd "
           "[/s], qdd [/s^2], each (dof,) or (N, dof); returns (dof,) or (N, dof). Gravity as the model has it, "
           "in the base frame.")
      .def("mass_matrix",
           [](const Robot& r, const Array& q) {
             bool single = false;
             const Eigen::MatrixXd rows = rowsOf(q, r.model->dof(), "q", single);
             const int dof = r.model->dof();
             py::array_t<double> out(single ? std::vector<py::ssize_t>{dof, dof}
                                            : std::vector<py::ssize_t>{rows.rows(), dof, dof});
             double* p = out.mutable_data();
             {
               py::gil_scoped_release nogil;
               DynamicsWorkspace ws(*r.model);
               for (Eigen::Index k = 0; k < rows.rows(); ++k) {
                 const Eigen::MatrixXd& M = computeMassMatrix(*r.model, ws, rows.row(k).transpose());
                 for (int i = 0; i < dof; ++i)
                   for (int j = 0; j < dof; ++j) p[(k * dof + i) * dof + j] = M(i, j);
               }
             }
             return out;
           },
           py::arg("q"),
           "Joint-space mass matrix M(q) [kg m^2, kg, kg m] (dof x dof) at q [rad|m] (dof,); for q (N, dof) an "
           "(N, dof, dof) array.")
      .def("regressor_columns",
           [](const Robot& r, bool viscous, bool coulomb, bool offset, bool armature) {
             return regressorColumnNames(*r.model, regressorOptions(viscous, coulomb, offset, armature));
           },
           py::kw_only(), py::arg("viscous") = false, py::arg("coulomb") = false, py::arg("offset") = false,
           py::arg("armature") = false,
           "Names of the regressor's columns: 10 standard parameters per body in model order (m, mx, my, mz, "
           "Ixx, Ixy, Ixz, Iyy, Iyz, Izz about the joint frame), then per joint the friction / offset / "
           "armature columns asked for.")
      .def("regressor",
           [](const Robot& r, const Array& q, const Array& qd, const Array& qdd, bool viscous, bool coulomb,
              bool offset, bool armature) {
             const States s = statesOf(*r.model, q, qd, qdd);
             const RegressorOptions o = regressorOptions(viscous, coulomb, offset, armature);
             Eigen::MatrixXd y;
             {
               py::gil_scoped_release nogil;
               y = regressorRows(*r.model, s, o);
             }
             return arrayOf(y, false);
           },
           py::arg("q"), py::arg("qd"), py::arg("qdd"), py::kw_only(), py::arg("viscous") = false,
           py::arg("coulomb") = false, py::arg("offset") = false, py::arg("armature") = false,
           "Joint torque regressor Y with tau = Y theta [N m or N]: (dof, columns) for one sample, stacked "
           "(N*dof, columns) for q, qd, qdd of shape (N, dof) (sample k in rows k*dof..k*dof+dof-1). Columns as "
           "regressor_columns() names them; q [rad|m], qd [/s], qdd [/s^2], gravity in the base frame.")
      .def("standard_parameters",
           [](const Robot& r) { return arrayOf(r.model->standardParameters(), true); },
           "The model's own standard parameters (10 per body, regressor column order; kg, kg m, kg m^2 in the "
           "joint frame).")
      .def("base_parameters", [](const Robot& r) { return r.info["base_parameters"]; },
           "The rigid-body base parameters as `info --json` lists them: name, readable expression in the "
           "standard parameters, and value of the model's own parameters (list of dict).")
      .def("__repr__", [](const Robot& r) {
        return "<excitebench.Robot '" + r.model->name() + "' dof=" + std::to_string(r.model->dof()) + ">";
      });

  m.def(
      "load_robot",
      [](const py::object& spec, const py::object& packageRoot, const py::object& lock) {
        const std::vector<std::string> roots = packageRoot.is_none() ? std::vector<std::string>{} : pathArguments(packageRoot);
        const std::vector<std::string> locks = lock.is_none() ? std::vector<std::string>{} : pathArguments(lock);
        return loadRobot(pathArguments(spec).at(0), roots, locks);
      },
      py::arg("name_or_path"), py::kw_only(), py::arg("package_root") = py::none(), py::arg("lock") = py::none(),
      "Loads a robot as the CLI does: a built-in name (planar2r, snake:N, panda, ur5) or a URDF, xacro, MJCF or "
      "DH-table path. package_root: folder(s) holding ROS packages for package:// URIs; lock: 'NAME=VALUE' "
      "string(s) holding joints still (value in rad or m). Raises ValueError with the CLI's message for a bad "
      "description, FileNotFoundError for a missing file.");
}

}  // namespace eb::python
