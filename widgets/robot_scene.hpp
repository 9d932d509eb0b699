#pragma once
// The robot as an OSG subgraph: one transform per URDF link holding its visual
// shapes, its frame triad and (for links moved by a joint) the joint-axis
// arrow. Poses come from outside (the widget computes no kinematics).

#include "model/robot_model.hpp"
#include "widgets/mesh_loader.hpp"

#include <osg/Group>
#include <osg/Material>
#include <osg/MatrixTransform>
#include <osg/Switch>

#include <string>
#include <vector>

namespace eb::widgets {

/// What build() could not draw as the file asks, and what it drew instead.
struct MeshReport {
  std::vector<std::string> warnings;  ///< one per mesh that could not be loaded
  int missingVisuals = 0;             ///< visual meshes that could not be loaded
  int shownWithCollision = 0;         ///< ...drawn with their link's collision shapes
  int shownWithBox = 0;               ///< ...drawn as a box (no usable collision shape either)
  int missingCollisions = 0;          ///< collision meshes drawn as boxes (links without visuals)
  /// One plain line for the user ("3 visual meshes missing: shown with collision meshes (2) and
  /// boxes (1)"); empty when every mesh loaded.
  std::string summary() const;
};

class RobotScene {
 public:
  explicit RobotScene(MeshCache& meshes);

  /// Rebuilds the subgraph for `model`'s links: visual shapes; collision shapes when a link has
  /// no visual or its visual mesh cannot be loaded; a grey box when neither draws.
  MeshReport build(const RobotModel& model);

  osg::Group* root() const { return root_.get(); }
  int linkCount() const { return static_cast<int>(links_.size()); }

  /// Poses of every link in the base frame (model.links() order); extra or missing entries are ignored.
  void setLinkPoses(const std::vector<Eigen::Isometry3d>& poses);
  /// Links drawn in the violation colour (model.links() order; missing entries = false).
  void setHighlightedLinks(const std::vector<bool>& highlighted);
  void setFramesVisible(bool visible);
  void setJointAxesVisible(bool visible);
  /// Number of links currently highlighted.
  int highlightedCount() const;

 private:
  struct Link {
    osg::ref_ptr<osg::MatrixTransform> transform;
    osg::ref_ptr<osg::Group> visuals;
    osg::ref_ptr<osg::Switch> frame;
    osg::ref_ptr<osg::Switch> axis;
    bool highlighted = false;
  };
  /// The shape placed at its origin; null (and `error` set) for a mesh that does not load.
  osg::ref_ptr<osg::Node> makeVisual(const Geometry& g, std::string& error);
  /// A link's shapes into `group`: visuals, else collisions, else boxes; counts into `report`.
  void addLinkShapes(const LinkFrame& link, osg::Group* group, MeshReport& report);

  MeshCache& meshes_;
  osg::ref_ptr<osg::Group> root_;
  osg::ref_ptr<osg::Material> highlight_;
  std::vector<Link> links_;
  bool framesVisible_ = false;
  bool axesVisible_ = false;
};

/// Eigen isometry as an OSG matrix (OSG multiplies row vectors, so this is the transpose layout).
osg::Matrixd toOsg(const Eigen::Isometry3d& pose);

}  // namespace eb::widgets
