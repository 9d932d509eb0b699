#include "widgets/scene_primitives.hpp"

#include <osg/Depth>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/LineWidth>
#include <osg/Material>
#include <osg/PolygonMode>
#include <osg/ShapeDrawable>

#include <cmath>

namespace eb::widgets {
namespace {

// Overlays (frames, axes) are drawn after the robot with depth testing off so
// they stay visible inside the meshes they annotate.
void makeOverlay(osg::StateSet* ss) {
  ss->setMode(GL_LIGHTING, osg::StateAttribute::OFF | osg::StateAttribute::PROTECTED);
  ss->setAttributeAndModes(new osg::Depth(osg::Depth::ALWAYS), osg::StateAttribute::ON);
  ss->setRenderBinDetails(100, "RenderBin");
  ss->setAttributeAndModes(new osg::LineWidth(2.5f));
}

osg::ref_ptr<osg::Geometry> makeLines(const osg::ref_ptr<osg::Vec3Array>& vertices,
                                      const osg::ref_ptr<osg::Vec4Array>& colors) {
  osg::ref_ptr<osg::Geometry> geom = new osg::Geometry;
  geom->setVertexArray(vertices);
  geom->setColorArray(colors, osg::Array::BIND_PER_VERTEX);
  geom->addPrimitiveSet(new osg::DrawArrays(GL_LINES, 0, static_cast<int>(vertices->size())));
  return geom;
}

}  // namespace

osg::ref_ptr<osg::Node> makeGroundGrid(double halfSize, double spacing) {
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
  osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
  const int lines = static_cast<int>(std::round(halfSize / spacing));
  const float h = static_cast<float>(lines * spacing);
  for (int i = -lines; i <= lines; ++i) {
    const float x = static_cast<float>(i * spacing);
    // The two lines through the origin are darker: they show the base axes.
    const osg::Vec4 color = i == 0 ? osg::Vec4(0.35f, 0.37f, 0.42f, 1.0f) : osg::Vec4(0.62f, 0.64f, 0.68f, 1.0f);
    v->push_back({x, -h, 0.0f});
    v->push_back({x, h, 0.0f});
    v->push_back({-h, x, 0.0f});
    v->push_back({h, x, 0.0f});
    for (int k = 0; k < 4; ++k) c->push_back(color);
  }
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(makeLines(v, c));
  geode->getOrCreateStateSet()->setMode(GL_LIGHTING, osg::StateAttribute::OFF | osg::StateAttribute::PROTECTED);
  geode->setName("ground grid");
  return geode;
}

osg::ref_ptr<osg::Node> makeAxisTriad(double length) {
  const float l = static_cast<float>(length);
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
  osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array;
  const osg::Vec4 colors[3] = {{0.9f, 0.15f, 0.15f, 1}, {0.1f, 0.75f, 0.2f, 1}, {0.15f, 0.35f, 0.95f, 1}};
  for (int axis = 0; axis < 3; ++axis) {
    osg::Vec3 tip;
    tip[axis] = l;
    v->push_back(osg::Vec3());
    v->push_back(tip);
    c->push_back(colors[axis]);
    c->push_back(colors[axis]);
  }
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(makeLines(v, c));
  makeOverlay(geode->getOrCreateStateSet());
  return geode;
}

osg::ref_ptr<osg::Node> makeArrow(const osg::Vec3& direction, double length, const osg::Vec4& color) {
  osg::Vec3 d = direction;
  d.normalize();
  // Any vector not parallel to d gives the plane of the arrow head.
  osg::Vec3 side = std::abs(d.z()) < 0.9f ? d ^ osg::Vec3(0, 0, 1) : d ^ osg::Vec3(1, 0, 0);
  side.normalize();
  const float l = static_cast<float>(length);
  const osg::Vec3 tip = d * l, back = d * (0.8f * l);
  osg::ref_ptr<osg::Vec3Array> v = new osg::Vec3Array;
  for (const osg::Vec3& p : {-d * (0.3f * l), tip, tip, back + side * (0.08f * l), tip, back - side * (0.08f * l)})
    v->push_back(p);
  osg::ref_ptr<osg::Vec4Array> c = new osg::Vec4Array(6);
  for (auto& col : *c) col = color;
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(makeLines(v, c));
  makeOverlay(geode->getOrCreateStateSet());
  return geode;
}

namespace {

osg::ref_ptr<osg::Geode> shadedShape(osg::Shape* shape, const osg::Vec4& color) {
  osg::ref_ptr<osg::TessellationHints> hints = new osg::TessellationHints;
  hints->setDetailRatio(0.6f);
  osg::ref_ptr<osg::ShapeDrawable> drawable = new osg::ShapeDrawable(shape, hints);
  drawable->setColor(color);
  osg::ref_ptr<osg::Material> mat = new osg::Material;
  mat->setColorMode(osg::Material::AMBIENT_AND_DIFFUSE);
  mat->setSpecular(osg::Material::FRONT_AND_BACK, osg::Vec4(0.2f, 0.2f, 0.2f, 1.0f));
  mat->setShininess(osg::Material::FRONT_AND_BACK, 24.0f);
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(drawable);
  geode->getOrCreateStateSet()->setAttribute(mat);
  return geode;
}

}  // namespace

osg::ref_ptr<osg::Node> makeSegment(const osg::Vec3& from, const osg::Vec3& to, double radius, const osg::Vec4& color) {
  const osg::Vec3 d = to - from;
  if (d.length() < 1e-6f) return nullptr;
  osg::ref_ptr<osg::Cylinder> cylinder = new osg::Cylinder((from + to) * 0.5f, static_cast<float>(radius), d.length());
  osg::Quat turn;
  turn.makeRotate(osg::Vec3(0, 0, 1), d);  // osg::Cylinder runs along its local z
  cylinder->setRotation(turn);
  osg::ref_ptr<osg::Geode> geode = shadedShape(cylinder.get(), color);
  geode->setName("chain segment");
  return geode;
}

osg::ref_ptr<osg::Node> makeAxisCylinder(const osg::Vec3& center, const osg::Vec3& direction, double radius,
                                         double length, const osg::Vec4& color, const char* name) {
  osg::ref_ptr<osg::Cylinder> cylinder =
      new osg::Cylinder(center, static_cast<float>(radius), static_cast<float>(length));
  osg::Quat turn;
  turn.makeRotate(osg::Vec3(0, 0, 1), direction);
  cylinder->setRotation(turn);
  osg::ref_ptr<osg::Geode> geode = shadedShape(cylinder.get(), color);
  geode->setName(name);
  return geode;
}

osg::ref_ptr<osg::Node> makePrimitive(const Geometry& g, const osg::Vec4& color) {
  osg::ref_ptr<osg::Shape> shape;
  switch (g.kind) {
    case Geometry::Kind::Box:
      shape = new osg::Box(osg::Vec3(), static_cast<float>(g.size.x()), static_cast<float>(g.size.y()),
                           static_cast<float>(g.size.z()));
      break;
    case Geometry::Kind::Cylinder:
      shape = new osg::Cylinder(osg::Vec3(), static_cast<float>(g.radius), static_cast<float>(g.length));
      break;
    case Geometry::Kind::Sphere:
      shape = new osg::Sphere(osg::Vec3(), static_cast<float>(g.radius));
      break;
    case Geometry::Kind::Mesh:
      return nullptr;
  }
  return shadedShape(shape.get(), color);
}

osg::ref_ptr<osg::Node> makeFallbackBox(double size) {
  osg::ref_ptr<osg::ShapeDrawable> cube = new osg::ShapeDrawable(new osg::Box(osg::Vec3(), static_cast<float>(size)));
  cube->setColor(osg::Vec4(0.62f, 0.63f, 0.66f, 1.0f));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(cube);
  geode->setName("missing mesh box");
  return geode;
}

}  // namespace eb::widgets
