// Mesh files in the URDF link frame (model/mesh_in_link_frame.hpp): a glTF box written
// here comes out Z-up, COLLADA units are applied and its up axis left alone (as RViz),
// and Drake's iiwa 14 glTF links contain their URDF's own COMs and joints.
#include "logs/test_log_support.hpp"
#include "model/body_bounds.hpp"
#include "model/inertial_parameters.hpp"
#include "model/mesh_in_link_frame.hpp"
#include "model/robot_loader.hpp"
#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>

using namespace eb;
using eb::test::TempFile;

namespace {

std::string base64(const std::vector<unsigned char>& bytes) {
  static const char* table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const unsigned n = (bytes[i] << 16) | ((i + 1 < bytes.size() ? bytes[i + 1] : 0) << 8) |
                       (i + 2 < bytes.size() ? bytes[i + 2] : 0);
    out += table[(n >> 18) & 63];
    out += table[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? table[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? table[n & 63] : '=';
  }
  return out;
}

template <typename T>
void append(std::vector<unsigned char>& bytes, T value) {
  unsigned char raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));  // glTF buffers are little-endian, as this machine
  bytes.insert(bytes.end(), raw, raw + sizeof(T));
}

// A glTF 2.0 file holding the box [0, 1] x [0, 2] x [0, 3] (its own Y-up coordinates),
// one buffer embedded as a base64 data URI.
std::string gltfBox() {
  std::vector<unsigned char> bytes;
  for (int corner = 0; corner < 8; ++corner) {
    append(bytes, static_cast<float>(corner & 1 ? 1 : 0));
    append(bytes, static_cast<float>(corner & 2 ? 2 : 0));
    append(bytes, static_cast<float>(corner & 4 ? 3 : 0));
  }
  const int faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                            {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  for (const auto& f : faces)
    for (int k = 0; k < 3; ++k) append(bytes, static_cast<std::uint16_t>(f[k]));
  return R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], "nodes": [{"mesh": 0}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
  "buffers": [{"byteLength": 168, "uri": "data:application/octet-stream;base64,)" +
         base64(bytes) + R"("}],
  "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 96}, {"buffer": 0, "byteOffset": 96, "byteLength": 72}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3", "min": [0, 0, 0], "max": [1, 2, 3]},
                {"bufferView": 1, "componentType": 5123, "count": 36, "type": "SCALAR"}]})";
}

// A COLLADA file with one triangle (0,0,0) (10,0,0) (0,20,30) in its own units.
std::string daeTriangle(const std::string& asset) {
  return R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset>)" + asset + R"(</asset>
  <library_geometries><geometry id="g"><mesh>
    <source id="p"><float_array id="pa" count="9">0 0 0  10 0 0  0 20 30</float_array>
      <technique_common><accessor source="#pa" count="3" stride="3"><param name="X" type="float"/>
        <param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
    <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
    <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
  </mesh></geometry></library_geometries>
  <library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#g"/></node></visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
)";
}

void expectBox(const std::vector<Eigen::Vector3d>& vertices, const Eigen::Vector3d& lower,
               const Eigen::Vector3d& upper, double tol) {
  ASSERT_FALSE(vertices.empty());
  Eigen::Vector3d lo = vertices[0], hi = vertices[0];
  for (const Eigen::Vector3d& v : vertices) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(lo[i], lower[i], tol) << "lower " << i;
    EXPECT_NEAR(hi[i], upper[i], tol) << "upper " << i;
  }
}

}  // namespace

TEST(MeshInLinkFrame, GltfIsTurnedFromYUpToZUp) {
  TempFile file(gltfBox(), ".gltf");
  // +90 deg about x: file +Y (0..2) becomes link +Z, file +Z (0..3) becomes link -Y.
  expectBox(meshVerticesInLinkFrame(file.path()), {0, -3, 0}, {1, 0, 2}, 1e-6);
  // The same through a URDF <mesh> with a scale, as the plausibility bounds read it.
  TempFile urdf(R"(<robot name="g"><link name="base"/>
  <link name="a"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <visual><geometry><mesh filename=")" + file.path() + R"(" scale="0.1 0.1 0.1"/></geometry></visual></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>)",
                ".urdf");
  const std::vector<BodyBounds> bounds = bodyGeometryBounds(loadRobot(urdf.path()));
  ASSERT_EQ(bounds.size(), 1u);
  EXPECT_EQ(bounds[0].source, "visual shapes");
  EXPECT_NEAR(bounds[0].lower.y(), -0.3, 1e-7);
  EXPECT_NEAR(bounds[0].upper.z(), 0.2, 1e-7);
  EXPECT_TRUE(meshFileToLinkFrame("x.glb", "").isApprox(meshFileToLinkFrame("x.gltf", "glTF2 Importer")));
  EXPECT_TRUE(meshFileToLinkFrame("x.stl", "").isIdentity());
  EXPECT_TRUE(meshFileToLinkFrame("x.gltf", "Collada Importer").isIdentity());  // what the content says wins
}

TEST(MeshInLinkFrame, ColladaUnitIsAppliedAndUpAxisLeftAsRvizDraws) {
  TempFile millimetres(daeTriangle(R"(<unit name="millimeter" meter="0.001"/><up_axis>Z_UP</up_axis>)"), ".dae");
  expectBox(meshVerticesInLinkFrame(millimetres.path()), {0, 0, 0}, {0.01, 0.02, 0.03}, 1e-6);
  // Y_UP is not turned: ROS meshes are authored in the link frame whatever the tag says
  // (RViz drops Assimp's root transform, Gazebo does not parse the tag).
  TempFile yUp(daeTriangle(R"(<unit meter="1"/><up_axis>Y_UP</up_axis>)"), ".dae");
  expectBox(meshVerticesInLinkFrame(yUp.path()), {0, 0, 0}, {10, 20, 30}, 1e-6);
  TempFile xUp(daeTriangle(R"(<unit meter="0.01"/><up_axis>X_UP</up_axis>)"), ".dae");
  expectBox(meshVerticesInLinkFrame(xUp.path()), {0, 0, 0}, {0.1, 0.2, 0.3}, 1e-6);
}

TEST(MeshInLinkFrame, PublicIiwa14LinksHoldTheirComsAndJoints) {
  const std::string robots = eb::test_paths::kSharedRobotsDir;
  const std::string urdf = robots + "/drake_models/iiwa_description/urdf/iiwa14_no_collision.urdf";
  if (!std::filesystem::exists(urdf)) GTEST_SKIP() << "no " << urdf;
  const RobotModel model = loadRobot(urdf, {robots});
  const std::vector<BodyBounds> bounds = bodyGeometryBounds(model);
  ASSERT_EQ(model.bodyCount(), 7);
  for (int b = 0; b < model.bodyCount(); ++b) {
    const BodyBounds& box = bounds[static_cast<std::size_t>(b)];
    ASSERT_TRUE(box.known && !box.fromDescription) << model.body(b).name;
    EXPECT_TRUE(box.unreadMeshes.empty()) << model.body(b).name;
    // The URDF's own COM lies inside the link's drawn geometry, with no margin.
    const Eigen::Vector3d com = centreOfMass(model.body(b).inertia);
    EXPECT_TRUE(box.contains(com)) << model.body(b).name << " COM " << com.transpose() << " outside "
                                   << box.lower.transpose() << " .. " << box.upper.transpose();
    // The pieces join: each link's geometry reaches its child's joint.
    for (int c = 0; c < model.bodyCount(); ++c) {
      if (model.body(c).parent != b) continue;
      EXPECT_TRUE(box.contains(model.body(c).translationInParent, 0.005)) << model.body(b).name << " -> "
                                                                           << model.body(c).name;
    }
  }
}
