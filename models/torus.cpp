// torus(d1,...,dn) and mesh(d1,...,dn) with mixed radices.
// In a torus, radix 2 is a single link (004's 3x2x5 torus has degree 5);
// radix >= 3 is a ring.  A mesh dimension is a path.
#include "models/families.h"
#include "models/product_graph.h"

namespace menger {

namespace {

Family lattice_family(const std::string& name, bool wrap) {
  Family f;
  f.name = name;
  f.summary = wrap ? "k-ary n-cube with mixed radices; radix 2 is a single link"
                   : "n-dimensional mesh with mixed radices";
  f.source = wrap ? "known topology; 003 (tori), 004 (3x2x5 torus base)" : "known topology; 003 (meshes)";
  f.params = {ParamSpec::int_list("dims", "radix of each dimension, dimension 0 first")
                  .range(2, std::int64_t{1} << 30)
                  .rest_of_positionals()};
  f.build = [name, wrap](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const auto radices = p.int_list("dims");
    std::string spec = name + "(";
    for (std::size_t i = 0; i < radices.size(); ++i) spec += (i ? "," : "") + std::to_string(radices[i]);
    return std::make_shared<ProductGraph>(spec + ")", lattice_factors(name, radices, wrap),
                                          ProductGraph::LabelStyle::Coordinates);
  };
  return f;
}

}  // namespace

Family torus_family() { return lattice_family("torus", true); }
Family mesh_family() { return lattice_family("mesh", false); }

}  // namespace menger
