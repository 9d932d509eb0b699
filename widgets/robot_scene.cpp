#include "widgets/robot_scene.hpp"

#include "widgets/scene_primitives.hpp"

#include <osg/ValueObject>

namespace eb::widgets {
namespace {

const osg::Vec4 kDefaultColor(0.78f, 0.79f, 0.82f, 1.0f);

osg::Vec4 colorOf(const Geometry& g) {
  if (!g.hasColor) return kDefaultColor;
  return osg::Vec4(static_cast<float>(g.rgba[0]), static_cast<float>(g.rgba[1]), static_cast<float>(g.rgba[2]),
                   static_cast<float>(g.rgba[3]));
}

osg::ref_ptr<osg::Material> solidMaterial(const osg::Vec4& color) {
  osg::ref_ptr<osg::Material> mat = new osg::Material;
  mat->setColorMode(osg::Material::OFF);
  mat->setDiffuse(osg::Material::FRONT_AND_BACK, color);
  mat->setAmbient(osg::Material::FRONT_AND_BACK, color * 0.45f);
  mat->setSpecular(osg::Material::FRONT_AND_BACK, osg::Vec4(0.2f, 0.2f, 0.2f, 1.0f));
  mat->setShininess(osg::Material::FRONT_AND_BACK, 24.0f);
  return mat;
}

}  // namespace

osg::Matrixd toOsg(const Eigen::Isometry3d& pose) {
  const Eigen::Matrix4d m = pose.matrix();
  return osg::Matrixd(m.data());
}

RobotScene::RobotScene(MeshCache& meshes)
    : meshes_(meshes), root_(new osg::Group), highlight_(solidMaterial(osg::Vec4(0.95f, 0.12f, 0.1f, 1.0f))) {
  root_->setName("robot");
}

osg::ref_ptr<osg::Node> RobotScene::makeVisual(const Geometry& g, std::vector<std::string>& warnings) {
  osg::ref_ptr<osg::MatrixTransform> placed = new osg::MatrixTransform(toOsg(g.origin));
  if (g.kind != Geometry::Kind::Mesh) {
    placed->addChild(makePrimitive(g, colorOf(g)));
    return placed;
  }
  std::string error;
  osg::ref_ptr<osg::Node> mesh;
  if (g.meshPath.empty())
    error = "mesh '" + g.meshUri + "' not found (check the packages root)";
  else
    mesh = meshes_.load(g.meshPath, error);
  if (!mesh) {
    warnings.push_back(error);
    placed->addChild(makePlaceholder(0.05));
    return placed;
  }
  osg::ref_ptr<osg::MatrixTransform> scaled =
      new osg::MatrixTransform(osg::Matrixd::scale(g.scale.x(), g.scale.y(), g.scale.z()));
  scaled->addChild(mesh);
  bool ownMaterials = false;
  mesh->getUserValue(kOwnMaterialsKey, ownMaterials);
  // A URDF <material> colours meshes that bring none of their own (STL).
  if (g.hasColor && !ownMaterials)
    scaled->getOrCreateStateSet()->setAttribute(solidMaterial(colorOf(g)), osg::StateAttribute::OVERRIDE);
  placed->addChild(scaled);
  return placed;
}

std::vector<std::string> RobotScene::build(const RobotModel& model) {
  std::vector<std::string> warnings;
  root_->removeChildren(0, root_->getNumChildren());
  links_.clear();
  // Meshes scaled in the URDF have non-unit normals.
  root_->getOrCreateStateSet()->setMode(GL_NORMALIZE, osg::StateAttribute::ON);
  for (const LinkFrame& lf : model.links()) {
    Link link;
    link.transform = new osg::MatrixTransform;
    link.transform->setName(lf.name);
    link.visuals = new osg::Group;
    const std::vector<Geometry>& shapes = lf.visuals.empty() ? lf.collisions : lf.visuals;
    for (const Geometry& g : shapes) link.visuals->addChild(makeVisual(g, warnings));
    link.transform->addChild(link.visuals);
    link.frame = new osg::Switch;
    link.frame->addChild(makeAxisTriad(0.08), framesVisible_);
    link.transform->addChild(link.frame);
    // A body frame is the child-link frame of its joint, so the link named
    // like a body carries that joint's axis.
    link.axis = new osg::Switch;
    for (const Body& body : model.bodies())
      if (body.name == lf.name) {
        const osg::Vec3 dir(static_cast<float>(body.axis.x()), static_cast<float>(body.axis.y()),
                            static_cast<float>(body.axis.z()));
        link.axis->addChild(makeArrow(dir, 0.15, osg::Vec4(1.0f, 0.75f, 0.0f, 1.0f)), axesVisible_);
      }
    link.transform->addChild(link.axis);
    root_->addChild(link.transform);
    links_.push_back(link);
  }
  return warnings;
}

void RobotScene::setLinkPoses(const std::vector<Eigen::Isometry3d>& poses) {
  const size_t n = std::min(poses.size(), links_.size());
  for (size_t i = 0; i < n; ++i) links_[i].transform->setMatrix(toOsg(poses[i]));
}

void RobotScene::setHighlightedLinks(const std::vector<bool>& highlighted) {
  for (size_t i = 0; i < links_.size(); ++i) {
    const bool on = i < highlighted.size() && highlighted[i];
    if (on == links_[i].highlighted) continue;
    links_[i].highlighted = on;
    osg::StateSet* ss = links_[i].visuals->getOrCreateStateSet();
    // OVERRIDE beats the meshes' own materials; the unlit overlays ignore materials anyway.
    if (on)
      ss->setAttribute(highlight_, osg::StateAttribute::ON | osg::StateAttribute::OVERRIDE);
    else
      ss->removeAttribute(osg::StateAttribute::MATERIAL);
  }
}

void RobotScene::setFramesVisible(bool visible) {
  framesVisible_ = visible;
  for (Link& l : links_) visible ? l.frame->setAllChildrenOn() : l.frame->setAllChildrenOff();
}

void RobotScene::setJointAxesVisible(bool visible) {
  axesVisible_ = visible;
  for (Link& l : links_) visible ? l.axis->setAllChildrenOn() : l.axis->setAllChildrenOff();
}

int RobotScene::highlightedCount() const {
  int n = 0;
  for (const Link& l : links_) n += l.highlighted ? 1 : 0;
  return n;
}

}  // namespace eb::widgets
