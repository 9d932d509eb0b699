#pragma once
// Mass, centre of mass and inertia of MJCF geoms and of a body made of them,
// as MuJoCo 3's compiler computes them when a body has no <inertial>
// (user_objects.cc mjCGeom::GetVolume/SetInertia, mjCBody::InertiaFromGeom;
// user_mesh.cc mjCMesh::Process):
// * primitives (sphere, capsule, cylinder, box, ellipsoid; solid) from their
//   sizes as MJCF writes them (radius, half-length, half-sizes);
// * a mesh from its triangles: the volume and tensor of the solid the triangles
//   bound, summed over pyramids from the face centroid (the COM for the tensor);
//   mesh inertia "legacy" (MuJoCo 3's default) takes each pyramid's volume as
//   positive, "exact" keeps its sign, "shell" weights each triangle by its area;
// * a body: the geoms' masses added, COM the mass-weighted mean, tensors moved
//   to it (parallel axes). Units SI; the geom frame is its pos/quat in the body.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <string>
#include <vector>

namespace eb::mjcf {

enum class GeomType { Plane, Hfield, Sphere, Capsule, Ellipsoid, Cylinder, Box, Mesh, Sdf };

/// Mass [kg], COM [m] and inertia about the COM [kg m^2], in one frame.
struct MassProperties {
  double mass = 0.0;
  Eigen::Vector3d com = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Zero();
};

/// Volume [m^3] of a solid primitive from MJCF sizes (0 for plane, hfield, mesh, sdf).
double primitiveVolume(GeomType type, const Eigen::Vector3d& size);

/// Principal inertia [kg m^2] of a solid primitive of mass `mass` about its centre,
/// along its own axes (the long axis is z).
Eigen::Vector3d primitiveInertia(GeomType type, const Eigen::Vector3d& size, double mass);

enum class MeshInertiaMode { Convex, Exact, Legacy, Shell };

/// A triangle mesh in its file's frame (already scaled).
struct TriangleMesh {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<Eigen::Vector3i> faces;
};

/// Volume (or area for Shell), centroid and the tensor per unit density about the
/// centroid of a mesh, in the mesh frame.
struct MeshVolume {
  double volume = 0.0;
  Eigen::Vector3d com = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertiaPerDensity = Eigen::Matrix3d::Zero();
};

/// MuJoCo's mesh integrals for `mode` (Legacy, Exact or Shell; Convex needs the
/// hull and is the caller's to refuse). Sets `error` (MuJoCo's reason) when the
/// volume is too small or negative.
MeshVolume meshVolume(const TriangleMesh& mesh, MeshInertiaMode mode, std::string& error);

/// `local` (in a geom frame) expressed in the body frame, the geom at `pose`.
MassProperties placed(const MassProperties& local, const Eigen::Isometry3d& pose);

/// The body made of `parts` (all in the body frame): masses added, COM the
/// mass-weighted mean, tensors about it, then taken through MuJoCo's principal axes
/// (mjcf_principal_axes.hpp) as its compiler does. Parts with mass <= 1e-14 are left
/// out; a single part is returned as it is.
MassProperties combineMassProperties(const std::vector<MassProperties>& parts);

}  // namespace eb::mjcf
