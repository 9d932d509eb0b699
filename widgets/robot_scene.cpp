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

osg::ref_ptr<osg::Node> RobotScene::makeVisual(const Geometry& g, std::string& error) {
  osg::ref_ptr<osg::MatrixTransform> placed = new osg::MatrixTransform(toOsg(g.origin));
  if (g.kind != Geometry::Kind::Mesh) {
    placed->addChild(makePrimitive(g, colorOf(g)));
    return placed;
  }
  osg::ref_ptr<osg::Node> mesh;
  if (g.meshPath.empty())
    error = "mesh '" + g.meshUri + "' not found (check the packages root)";
  else
    mesh = meshes_.load(g.meshPath, error);
  if (!mesh) return nullptr;
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

void RobotScene::addLinkShapes(const LinkFrame& link, osg::Group* group, MeshReport& report) {
  // A grey box where nothing else draws: it shows where the link is without the alarm of the
  // magenta placeholder (the banner says what is missing).
  auto box = [&](const Geometry& g) {
    osg::ref_ptr<osg::MatrixTransform> placed = new osg::MatrixTransform(toOsg(g.origin));
    placed->addChild(makeFallbackBox(0.06));
    group->addChild(placed);
  };
  // The collision shapes, drawn once for the link; false if one of them does not load either.
  bool collisionsTried = false, collisionsDrawn = false;
  auto drawCollisions = [&] {
    if (collisionsTried) return collisionsDrawn;
    collisionsTried = true;
    if (link.collisions.empty()) return false;
    std::vector<osg::ref_ptr<osg::Node>> nodes;
    for (const Geometry& g : link.collisions) {
      std::string ignored;
      if (osg::ref_ptr<osg::Node> n = makeVisual(g, ignored)) nodes.push_back(n);
      else return false;
    }
    for (auto& n : nodes) group->addChild(n);
    return collisionsDrawn = true;
  };
  if (link.visuals.empty()) {  // collision shapes are all there is to draw
    for (const Geometry& g : link.collisions) {
      std::string error;
      if (osg::ref_ptr<osg::Node> n = makeVisual(g, error)) {
        group->addChild(n);
        continue;
      }
      report.warnings.push_back(error);
      ++report.missingCollisions;
      box(g);
    }
    return;
  }
  for (const Geometry& g : link.visuals) {
    std::string error;
    if (osg::ref_ptr<osg::Node> n = makeVisual(g, error)) {
      group->addChild(n);
      continue;
    }
    report.warnings.push_back(error);
    ++report.missingVisuals;
    if (drawCollisions()) {
      ++report.shownWithCollision;
    } else {
      ++report.shownWithBox;
      box(g);
    }
  }
}

std::string MeshReport::summary() const {
  std::string line;
  auto plural = [](int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  if (missingVisuals > 0) {
    line = plural(missingVisuals, "visual mesh", "visual meshes") + " missing: shown with ";
    if (shownWithCollision > 0) line += "collision meshes (" + std::to_string(shownWithCollision) + ")";
    if (shownWithCollision > 0 && shownWithBox > 0) line += " and ";
    if (shownWithBox > 0) line += "boxes (" + std::to_string(shownWithBox) + ")";
  }
  if (missingCollisions > 0) {
    if (!line.empty()) line += "; ";
    line += plural(missingCollisions, "collision mesh", "collision meshes") + " missing: shown as boxes";
  }
  return line;
}

MeshReport RobotScene::build(const RobotModel& model) {
  MeshReport report;
  root_->removeChildren(0, root_->getNumChildren());
  links_.clear();
  // Meshes scaled in the URDF have non-unit normals.
  root_->getOrCreateStateSet()->setMode(GL_NORMALIZE, osg::StateAttribute::ON);
  for (const LinkFrame& lf : model.links()) {
    Link link;
    link.transform = new osg::MatrixTransform;
    link.transform->setName(lf.name);
    link.visuals = new osg::Group;
    addLinkShapes(lf, link.visuals.get(), report);
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
  return report;
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
