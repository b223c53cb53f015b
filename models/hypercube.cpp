// hypercube(n): the binary n-cube Q_n, a product of n single links.
// Node labels are bit strings b_{n-1}...b_0; port i flips bit i.
#include "models/families.h"
#include "models/product_graph.h"

namespace menger {

Family hypercube_family() {
  Family f;
  f.name = "hypercube";
  f.summary = "binary n-cube Q_n: 2^n routers, port i flips bit i";
  f.source = "known topology; base network of 004 (3-cube)";
  f.params = {ParamSpec::integer("n", "dimension").range(1, 28)};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const auto n = p.integer("n");
    std::vector<Factor> factors(static_cast<std::size_t>(n), Factor{FactorKind::Link, 2});
    return std::make_shared<ProductGraph>("hypercube(" + std::to_string(n) + ")", std::move(factors),
                                          ProductGraph::LabelStyle::Bits);
  };
  return f;
}

}  // namespace menger
