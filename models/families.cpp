#include "models/families.h"

#include "models/ibsim_net.h"
#include "models/infiniband_fabric.h"

namespace menger {

bool all_or_none(const BoundParams& p, const std::string& name, std::int64_t full, const std::string& where,
                 const std::string& noun, const std::string& paper) {
  if (!p.has(name)) return true;
  const std::int64_t h = p.integer(name);
  if (h != 0 && h != full)
    p.fail(name + " = " + std::to_string(h) + ": " + where + " = " + std::to_string(full) + " down ports, all " + noun +
           " (" + paper + ") or none (" + name + "=0)");
  return h != 0;
}

void register_builtin_families(Registry& r) {
  r.add(hypercube_family());
  r.add(torus_family());
  r.add(mesh_family());
  r.add(kary_ntree_family());
  r.add(dragonfly_family());
  r.add(mikant_family());
  r.add(min_family());
  r.add(rdn_family());
  r.add(hdn_family());
  r.add(hyperx_family());
  r.add(slimfly_family());
  r.add(fattree_family());
  r.add(leafspine_family());
  r.add(jellyfish_family());
  r.add(file_family());
  r.add(opensm_family());
  r.add(ibsim_family());
}

}  // namespace menger
