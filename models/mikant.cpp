// mikant(k,n): the Mirrored k-Ary n-Tree of 002 (Wang and Li), section 2.1.
//
// Two groups G in {0,1} of n-1 switch levels L in 0..n-2, k^(n-1) switches per
// level, 2k^n compute nodes, (2n-1)k^n links; n >= 2 (the paper's restriction).
//   switch        <G, L, D_{n-2}, ..., D_0>
//   compute node  N<G, C_{n-1}, ..., C_0>   (the paper writes <G, C_{n-1}, ..., C_0>;
//                 the N marks it apart from switch labels of the same length)
//   link          <G, L, D_{n-2}, ..., D_0, P>
// A level-L switch links the level-(L+1) switches of its group that differ from
// it only in digit D_L; a level-(n-2) switch links the level-(n-2) switches of
// the other group that differ only in D_{n-2}; compute node <G, C> hangs on
// switch <G, 0, C_{n-2..0}> at its port C_{n-1}.
//
// Ports (section 2.2): in each group, ports 0..k-1 face the compute nodes and
// k..2k-1 the other side.  Down port j reaches the node with C_{n-1} = j (level
// 0) or the level-(L-1) switch with D_{L-1} = j; up port k+j reaches the switch
// with D_L = j one level up, or, at level n-2, the other group's switch with
// D_{n-2} = j.  This is what Algorithm 1 needs: port T_{L_W}+k climbs towards
// the destination, port T_{L_W-1} descends.
//
// Link labels (section 2.1): a link between levels L and L+1 is named by the
// upper switch's label and P = the lower switch's D_L; a node link by the switch
// and P = C_{n-1}; a link between the groups by the group-1 switch's digits,
// L = n-1 and P = the group-0 switch's D_{n-2} ("links in between two groups are
// labeled with G = 1 and L = n-1"; the example <1,2,0,0,0> .. <1,2,2,0,0> of
// switch <0,1,0,0> fixes which digit goes where).
//
// Ids: switches (G, L, D) group-major, then compute nodes (G, C); a digit tuple
// is a base-k number with D_0 (C_0) least significant.
//
// mikant(k, n, nodes=0) is the switch network alone (models/mikant.h); the
// routings of 002 route to compute nodes and refuse it.
#include "models/mikant.h"
#include "models/families.h"

namespace menger {

Family mikant_family() {
  Family f;
  f.name = "mikant";
  f.summary = "Mirrored k-ary n-tree: 2(n-1)k^(n-1) switches, 2k^n compute nodes, (2n-1)k^n links";
  f.source = "002 (Wang and Li), section 2";
  f.params = {ParamSpec::integer("k", "arity (switch radix 2k)").range(2, 1 << 16),
              ParamSpec::integer("n", "n >= 2: n-1 switch levels per group (002 section 2.1)").range(2, 40),
              ParamSpec::integer("nodes", "compute nodes per level-0 switch: k (the paper's MiKANT) or 0 (the switch "
                                          "network alone, switches are routers)")
                  .may_be_absent()};
  f.build = [](const BoundParams& p, const BuildContext&) -> std::shared_ptr<const Topology> {
    const std::int64_t k = p.integer("k");
    return std::make_shared<Mikant>(static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(p.integer("n")),
                                    all_or_none(p, "nodes", k, "a level-0 switch has k", "compute nodes",
                                                "the paper's MiKANT"));
  };
  return f;
}

}  // namespace menger
