#include "widgets/robot_scene.hpp"

#include "widgets/scene_primitives.hpp"

#include <osg/ValueObject>

#include <algorithm>

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

bool RobotScene::addLinkShapes(const LinkFrame& link, osg::Group* group, MeshReport& report,
                               std::vector<PendingBox>& boxes) {
  bool drawn = false;
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
        drawn = true;
        continue;
      }
      report.warnings.push_back(error);
      ++report.missingCollisions;
      boxes.push_back({g.origin, false});
    }
    return drawn;
  }
  for (const Geometry& g : link.visuals) {
    std::string error;
    if (osg::ref_ptr<osg::Node> n = makeVisual(g, error)) {
      group->addChild(n);
      drawn = true;
      continue;
    }
    report.warnings.push_back(error);
    ++report.missingVisuals;
    if (drawCollisions()) {
      ++report.shownWithCollision;
      drawn = true;
    } else {
      boxes.push_back({g.origin, true});
    }
  }
  return drawn;
}

osg::ref_ptr<osg::Node> RobotScene::makeChainLink(const RobotModel& model, int body, const LinkFrame& link) const {
  const double r = chainRadius_;
  auto vec = [](const Eigen::Vector3d& v) {
    return osg::Vec3(static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z()));
  };
  // Drawn in the body frame (its joint origin, the axis along body.axis), placed in the link's frame.
  osg::ref_ptr<osg::MatrixTransform> chain = new osg::MatrixTransform(toOsg(link.poseInBody.inverse()));
  chain->setName("chain link");
  bool hasChild = false;
  for (const Body& child : model.bodies()) {
    if (child.parent != body) continue;
    hasChild = true;
    if (osg::ref_ptr<osg::Node> n = makeSegment(osg::Vec3(), vec(child.translationInParent), r, kDefaultColor))
      chain->addChild(n);
  }
  const osg::Vec4 jointColor(0.45f, 0.52f, 0.62f, 1.0f);
  if (body < 0) {  // the base: a flat pedestal under its origin
    chain->addChild(makeAxisCylinder(osg::Vec3(0, 0, static_cast<float>(-0.5 * r)), osg::Vec3(0, 0, 1), 2.2 * r, r,
                                     jointColor, "chain base"));
    return chain;
  }
  const osg::Vec3 axis = vec(model.bodies()[static_cast<size_t>(body)].axis);
  chain->addChild(makeAxisCylinder(osg::Vec3(), axis, 1.35 * r, 3.0 * r, jointColor, "chain joint"));
  if (!hasChild)  // the flange: a short stub along the joint axis, beyond the housing
    chain->addChild(
        makeAxisCylinder(axis * static_cast<float>(2.5 * r), axis, 0.9 * r, 2.0 * r, kDefaultColor, "chain flange"));
  return chain;
}

std::string MeshReport::summary() const {
  std::string line;
  auto plural = [](int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  if (missingVisuals > 0) {
    std::vector<std::string> ways;
    if (shownWithCollision > 0) ways.push_back("collision meshes (" + std::to_string(shownWithCollision) + ")");
    if (shownWithBox > 0) ways.push_back("boxes (" + std::to_string(shownWithBox) + ")");
    if (shownAlongChain > 0) ways.push_back("cylinders along the chain (" + std::to_string(shownAlongChain) + ")");
    line = plural(missingVisuals, "visual mesh", "visual meshes") + " missing: shown with ";
    for (size_t i = 0; i < ways.size(); ++i) line += (i == 0 ? "" : i + 1 == ways.size() ? " and " : ", ") + ways[i];
  }
  if (missingCollisions > 0) {
    if (!line.empty()) line += "; ";
    line += plural(missingCollisions, "collision mesh", "collision meshes") + " missing: shown as " +
            (collisionsAlongChain == missingCollisions ? "cylinders along the chain" : "boxes");
  }
  return line;
}

MeshReport RobotScene::build(const RobotModel& model) {
  MeshReport report;
  root_->removeChildren(0, root_->getNumChildren());
  links_.clear();
  // Meshes scaled in the URDF have non-unit normals.
  root_->getOrCreateStateSet()->setMode(GL_NORMALIZE, osg::StateAttribute::ON);
  double reach = 0.0;
  for (const Body& body : model.bodies()) reach += body.translationInParent.norm();
  chainRadius_ = std::clamp(0.03 * reach, 0.006, 0.08);
  // Index 0 is the base (body -1): does the body draw anything of its own?
  std::vector<char> bodyDrawn(model.bodies().size() + 1, 0);
  std::vector<std::vector<PendingBox>> boxes(model.links().size());
  for (size_t i = 0; i < model.links().size(); ++i) {
    const LinkFrame& lf = model.links()[i];
    Link link;
    link.transform = new osg::MatrixTransform;
    link.transform->setName(lf.name);
    link.visuals = new osg::Group;
    if (addLinkShapes(lf, link.visuals.get(), report, boxes[i])) bodyDrawn[static_cast<size_t>(lf.body + 1)] = 1;
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
  // Bodies that draw nothing: along the chain, on the link named like the body (the base: its first
  // link); a box marks a missing mesh only where the body shows something else.
  std::vector<char> chainDrawn(bodyDrawn.size(), 0);
  for (size_t i = 0; i < model.links().size(); ++i) {
    const LinkFrame& lf = model.links()[i];
    const size_t b = static_cast<size_t>(lf.body + 1);
    if (bodyDrawn[b]) {
      for (const PendingBox& box : boxes[i]) {
        osg::ref_ptr<osg::MatrixTransform> placed = new osg::MatrixTransform(toOsg(box.origin));
        placed->addChild(makeFallbackBox(0.06));
        links_[i].visuals->addChild(placed);
        if (box.visual) ++report.shownWithBox;
      }
      continue;
    }
    for (const PendingBox& box : boxes[i]) ++(box.visual ? report.shownAlongChain : report.collisionsAlongChain);
    const bool owner = lf.body < 0 ? !chainDrawn[b] : model.bodies()[b - 1].name == lf.name;
    if (!owner || chainDrawn[b]) continue;
    chainDrawn[b] = 1;
    links_[i].visuals->addChild(makeChainLink(model, lf.body, lf));
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
