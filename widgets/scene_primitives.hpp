#pragma once
// Small OSG building blocks for the robot view: ground grid, axis triads,
// joint-axis arrows, URDF primitive shapes and the box for a missing mesh.

#include "model/robot_model.hpp"

#include <osg/Node>
#include <osg/Vec3>
#include <osg/Vec4>
#include <osg/ref_ptr>

namespace eb::widgets {

/// Square grid in the z = 0 plane, centred on the origin: half-size and spacing [m]; unlit lines.
osg::ref_ptr<osg::Node> makeGroundGrid(double halfSize, double spacing);

/// x, y, z axes (red, green, blue) of `length` [m] at the origin; unlit, drawn on top of meshes.
osg::ref_ptr<osg::Node> makeAxisTriad(double length);

/// Arrow from the origin along `direction` (unit) of `length` [m]; unlit, drawn on top.
osg::ref_ptr<osg::Node> makeArrow(const osg::Vec3& direction, double length, const osg::Vec4& color);

/// A URDF box, cylinder (along z) or sphere in `color`; null for a mesh geometry.
osg::ref_ptr<osg::Node> makePrimitive(const Geometry& geometry, const osg::Vec4& color);

/// A cylinder of `radius` from `from` to `to` (a link drawn along the kinematic chain), named
/// "chain segment"; null when the two points coincide.
osg::ref_ptr<osg::Node> makeSegment(const osg::Vec3& from, const osg::Vec3& to, double radius, const osg::Vec4& color);

/// A cylinder of `radius` and `length` centred at `center` along `direction` (a joint housing or a
/// flange stub), named `name`.
osg::ref_ptr<osg::Node> makeAxisCylinder(const osg::Vec3& center, const osg::Vec3& direction, double radius,
                                         double length, const osg::Vec4& color, const char* name);

/// Stand-in for a mesh that could not be loaded and has no collision shape to show instead:
/// a plain grey cube of edge `size` [m].
osg::ref_ptr<osg::Node> makeFallbackBox(double size);

}  // namespace eb::widgets
