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
  int shownAlongChain = 0;            ///< ...their body drew nothing else: the link along the chain
  int missingCollisions = 0;          ///< collision meshes that could not be loaded (links without visuals)
  int collisionsAlongChain = 0;       ///< ...of which their body drew nothing else: the link along the chain
  /// One plain line for the user ("3 visual meshes missing: shown with collision meshes (2) and
  /// boxes (1)"); empty when every mesh loaded.
  std::string summary() const;
};

class RobotScene {
 public:
  explicit RobotScene(MeshCache& meshes);

  /// Rebuilds the subgraph for `model`'s links: visual shapes; collision shapes when a link has
  /// no visual or its visual mesh cannot be loaded. A body (a moving joint's link with the fixed
  /// links merged into it, or the base) that draws nothing at all, because it has no geometry or
  /// none of its meshes loads, is drawn along the kinematic chain: a cylinder from its joint
  /// origin to each child joint's origin ("chain segment"), a housing along its joint axis
  /// ("chain joint"), a stub along the axis for a body without children ("chain flange"); radii
  /// scale with the robot's reach (chainRadius()). A box marks a missing mesh of a body that
  /// draws something else.
  MeshReport build(const RobotModel& model);

  osg::Group* root() const { return root_.get(); }
  int linkCount() const { return static_cast<int>(links_.size()); }
  /// Radius of the chain segments of the last build() [m]: 3 % of the summed joint offsets.
  double chainRadius() const { return chainRadius_; }

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
  /// Where a missing mesh would be drawn as a box, and whether it was a visual one.
  struct PendingBox {
    Eigen::Isometry3d origin;
    bool visual = true;
  };
  /// A link's shapes into `group`: visuals, else collisions; the boxes for meshes that did not
  /// load into `boxes`. Counts into `report`; true when a shape was drawn.
  bool addLinkShapes(const LinkFrame& link, osg::Group* group, MeshReport& report, std::vector<PendingBox>& boxes);
  /// Body `body`'s link along the chain (see build()), in the frame of `link` (one of its links).
  osg::ref_ptr<osg::Node> makeChainLink(const RobotModel& model, int body, const LinkFrame& link) const;

  MeshCache& meshes_;
  osg::ref_ptr<osg::Group> root_;
  osg::ref_ptr<osg::Material> highlight_;
  std::vector<Link> links_;
  bool framesVisible_ = false;
  bool axesVisible_ = false;
  double chainRadius_ = 0.02;
};

/// Eigen isometry as an OSG matrix (OSG multiplies row vectors, so this is the transpose layout).
osg::Matrixd toOsg(const Eigen::Isometry3d& pose);

}  // namespace eb::widgets
