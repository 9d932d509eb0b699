#include "widgets/mesh_loader.hpp"

#include "widgets/mesh_decimation.hpp"

#include "model/mesh_in_link_frame.hpp"

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Material>
#include <osg/ValueObject>

#include <algorithm>

namespace eb::widgets {
namespace {

osg::Vec4 toVec4(const aiColor4D& c) { return {c.r, c.g, c.b, c.a}; }

// Fixed-function lighting of exporter defaults: Blender's DAE export writes
// specular 1 with shininess 0, which paints every lit face white. Such
// materials get a dull specular, as every mesh viewer does.
osg::ref_ptr<osg::Material> makeMaterial(const aiMaterial* m) {
  osg::ref_ptr<osg::Material> mat = new osg::Material;
  aiColor4D diffuse(0.7f, 0.7f, 0.7f, 1.0f), ambient(0, 0, 0, 1), specular(0.2f, 0.2f, 0.2f, 1.0f), emissive(0, 0, 0, 1);
  float shininess = 0.0f, opacity = 1.0f;
  if (m) {
    aiGetMaterialColor(m, AI_MATKEY_COLOR_DIFFUSE, &diffuse);
    aiGetMaterialColor(m, AI_MATKEY_COLOR_AMBIENT, &ambient);
    aiGetMaterialColor(m, AI_MATKEY_COLOR_SPECULAR, &specular);
    aiGetMaterialColor(m, AI_MATKEY_COLOR_EMISSIVE, &emissive);
    aiGetMaterialFloat(m, AI_MATKEY_SHININESS, &shininess);
    aiGetMaterialFloat(m, AI_MATKEY_OPACITY, &opacity);
  }
  // Opacity 0 is almost always an exporter's "unset", not an invisible part.
  if (opacity < 0.05f) opacity = 1.0f;
  if (shininess < 2.0f) {
    specular = aiColor4D(0.15f, 0.15f, 0.15f, 1.0f);
    shininess = 20.0f;
  }
  diffuse.a = opacity;
  // A black ambient makes unlit sides pitch black; use a share of the diffuse colour instead.
  const float ambientLevel = std::max({ambient.r, ambient.g, ambient.b});
  if (ambientLevel < 0.05f) ambient = aiColor4D(diffuse.r * 0.4f, diffuse.g * 0.4f, diffuse.b * 0.4f, opacity);
  mat->setDiffuse(osg::Material::FRONT_AND_BACK, toVec4(diffuse));
  mat->setAmbient(osg::Material::FRONT_AND_BACK, toVec4(ambient));
  mat->setSpecular(osg::Material::FRONT_AND_BACK, toVec4(specular));
  mat->setEmission(osg::Material::FRONT_AND_BACK, toVec4(emissive));
  mat->setShininess(osg::Material::FRONT_AND_BACK, std::min(shininess, 128.0f));
  return mat;
}

IndexedMesh toIndexed(const aiMesh* mesh) {
  IndexedMesh m;
  m.positions.resize(mesh->mNumVertices);
  m.normals.resize(mesh->mNumVertices);
  for (unsigned i = 0; i < mesh->mNumVertices; ++i) {
    m.positions[i] = {mesh->mVertices[i].x, mesh->mVertices[i].y, mesh->mVertices[i].z};
    if (mesh->HasNormals()) m.normals[i] = {mesh->mNormals[i].x, mesh->mNormals[i].y, mesh->mNormals[i].z};
  }
  m.triangles.reserve(mesh->mNumFaces * 3);
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    const aiFace& face = mesh->mFaces[f];
    if (face.mNumIndices != 3) continue;  // points and lines left by triangulation
    m.triangles.insert(m.triangles.end(), {face.mIndices[0], face.mIndices[1], face.mIndices[2]});
  }
  return m;
}

osg::ref_ptr<osg::Geometry> makeGeometry(const IndexedMesh& m, const aiMesh* source, bool keepColors) {
  osg::ref_ptr<osg::Geometry> geom = new osg::Geometry;
  geom->setUseDisplayList(false);
  geom->setUseVertexBufferObjects(true);
  osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array(m.positions.size());
  osg::ref_ptr<osg::Vec3Array> normals = new osg::Vec3Array(m.normals.size());
  for (size_t i = 0; i < m.positions.size(); ++i) {
    (*vertices)[i].set(m.positions[i][0], m.positions[i][1], m.positions[i][2]);
    (*normals)[i].set(m.normals[i][0], m.normals[i][1], m.normals[i][2]);
  }
  geom->setVertexArray(vertices);
  geom->setNormalArray(normals, osg::Array::BIND_PER_VERTEX);
  if (keepColors && source->HasVertexColors(0)) {
    osg::ref_ptr<osg::Vec4Array> colors = new osg::Vec4Array(source->mNumVertices);
    for (unsigned i = 0; i < source->mNumVertices; ++i) (*colors)[i] = toVec4(source->mColors[0][i]);
    geom->setColorArray(colors, osg::Array::BIND_PER_VERTEX);
  }
  geom->addPrimitiveSet(new osg::DrawElementsUInt(GL_TRIANGLES, m.triangles.begin(), m.triangles.end()));
  return geom;
}

}  // namespace

osg::ref_ptr<osg::Node> readMeshFile(const std::string& path, std::string& error) {
  Assimp::Importer importer;
  // Pre-transforming (done by importMeshInLinkFrame) flattens the node hierarchy into
  // link-frame vertices, so one Geode per file is enough and there is no transform per draw.
  // CAD exports often carry one normal per face corner (no vertex shared):
  // recomputing smooth normals below a crease angle and then joining equal
  // vertices keeps hard edges but cuts the vertex count ~4x (public Panda:
  // 400k -> 95k), which is what software OpenGL spends its time on.
  importer.SetPropertyFloat(AI_CONFIG_PP_GSN_MAX_SMOOTHING_ANGLE, 30.0f);
  const unsigned flags = aiProcess_Triangulate | aiProcess_DropNormals | aiProcess_GenSmoothNormals |
                         aiProcess_JoinIdenticalVertices | aiProcess_SortByPType | aiProcess_ImproveCacheLocality;
  // The engine's reading (glTF turned Z-up, DAE units) is the one the plausibility bounds use.
  const aiScene* scene = eb::importMeshInLinkFrame(importer, path, flags, error);
  if (!scene) return nullptr;
  if (scene->mNumMeshes == 0) {
    error = path + ": no mesh in file";
    return nullptr;
  }
  std::vector<osg::ref_ptr<osg::Material>> materials(scene->mNumMaterials);
  for (unsigned m = 0; m < scene->mNumMaterials; ++m) materials[m] = makeMaterial(scene->mMaterials[m]);
  // Robot meshes are tessellated for CAD, not for a 700-pixel view: software
  // OpenGL spends its frame on vertices and triangle set-up. A file above the
  // budget is decimated (mesh_decimation.hpp); vertex-coloured meshes are kept
  // as they are, since clustering would blend their colours.
  constexpr std::size_t kTriangleBudget = 6000;  // per file: ~60k for a 7-link arm with a hand
  std::vector<const aiMesh*> sources;
  std::vector<IndexedMesh> parts;
  bool vertexColors = false;
  for (unsigned i = 0; i < scene->mNumMeshes; ++i) {
    const aiMesh* mesh = scene->mMeshes[i];
    if (!(mesh->mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) continue;
    sources.push_back(mesh);
    parts.push_back(toIndexed(mesh));
    vertexColors = vertexColors || mesh->HasVertexColors(0);
  }
  if (!vertexColors) parts = decimateToBudget(parts, kTriangleBudget);
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->setName(path);
  for (size_t i = 0; i < parts.size(); ++i) {
    const aiMesh* mesh = sources[i];
    if (parts[i].triangles.empty()) continue;
    osg::ref_ptr<osg::Geometry> geom = makeGeometry(parts[i], mesh, vertexColors);
    osg::StateSet* ss = geom->getOrCreateStateSet();
    const osg::ref_ptr<osg::Material>& mat =
        mesh->mMaterialIndex < materials.size() ? materials[mesh->mMaterialIndex] : makeMaterial(nullptr);
    if (mesh->HasVertexColors(0)) mat->setColorMode(osg::Material::AMBIENT_AND_DIFFUSE);
    ss->setAttribute(mat);
    if (mat->getDiffuse(osg::Material::FRONT).a() < 0.999f) {
      ss->setMode(GL_BLEND, osg::StateAttribute::ON);
      ss->setRenderingHint(osg::StateSet::TRANSPARENT_BIN);
    }
    geode->addDrawable(geom);
  }
  if (geode->getNumDrawables() == 0) {
    error = path + ": no triangles in file";
    return nullptr;
  }
  // STL has no materials (Assimp adds its grey default): the URDF colour applies then.
  bool ownMaterials = false;
  for (unsigned m = 0; m < scene->mNumMaterials; ++m) {
    aiString name;
    scene->mMaterials[m]->Get(AI_MATKEY_NAME, name);
    if (std::string(name.C_Str()) != AI_DEFAULT_MATERIAL_NAME) ownMaterials = true;
  }
  geode->setUserValue(kOwnMaterialsKey, ownMaterials);
  return geode;
}

osg::ref_ptr<osg::Node> MeshCache::load(const std::string& path, std::string& error) {
  auto it = cache_.find(path);
  if (it != cache_.end()) return it->second;
  osg::ref_ptr<osg::Node> node = readMeshFile(path, error);
  if (node) cache_.emplace(path, node);
  return node;
}

}  // namespace eb::widgets
