#include "models/families.h"

#include "models/ibsim_net.h"
#include "models/infiniband_fabric.h"

namespace menger {

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
