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

class RobotScene {
 public:
  explicit RobotScene(MeshCache& meshes);

  /// Rebuilds the subgraph for `model`'s links (visual shapes; collision shapes
  /// when a link has no visual). Returns one warning per mesh that could not be
  /// loaded (a placeholder is drawn instead).
  std::vector<std::string> build(const RobotModel& model);

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
  osg::ref_ptr<osg::Node> makeVisual(const Geometry& g, std::vector<std::string>& warnings);

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
