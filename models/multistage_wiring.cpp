#include "models/multistage_wiring.h"

#include <algorithm>
#include <string>

#include "core/error.h"

namespace menger {

namespace {

// Input indices in arrival order: wires are visited in (router, copy) order.
std::vector<WireEnd> assign_inputs(const Transition& t, const std::vector<std::uint32_t>& target_router) {
  std::vector<std::uint32_t> used(t.targets, 0);
  std::vector<WireEnd> out(target_router.size());
  for (std::size_t i = 0; i < target_router.size(); ++i) {
    const std::uint32_t r = target_router[i];
    MENGER_ASSERT(r < t.targets && used[r] < t.q, "wiring overfills a router");
    out[i] = WireEnd{r, used[r]++};
  }
  return out;
}

}  // namespace

std::vector<WireEnd> wire_bidelta(const Transition& t, std::uint32_t planes, bool copy_is_plane) {
  const std::uint32_t src_pp = copy_is_plane ? t.sources : t.sources / planes;
  const std::uint32_t dst_pp = t.targets / planes;
  MENGER_ASSERT(dst_pp > 0 && src_pp % dst_pp == 0, "bidelta wiring needs whole groups");
  const std::uint32_t group = src_pp / dst_pp;
  std::vector<std::uint32_t> target(std::size_t{t.sources} * t.w);
  for (std::uint32_t o = 0; o < t.sources; ++o)
    for (std::uint32_t c = 0; c < t.w; ++c) {
      const std::uint32_t plane = copy_is_plane ? c : o / src_pp;
      const std::uint32_t inner = copy_is_plane ? o : o % src_pp;
      target[std::size_t{o} * t.w + c] = plane * dst_pp + inner / group;
    }
  return assign_inputs(t, target);
}

std::vector<WireEnd> wire_deterministic(const Transition& t, std::uint32_t g_src, std::uint32_t g_dst) {
  const std::uint64_t out_wires = std::uint64_t{g_src} * t.w;  // wires of one source fanout class
  const std::uint64_t in_ports = std::uint64_t{g_dst} * t.q;   // inputs of one target fanout class
  if (t.sources % g_src || t.targets % g_dst || in_ports % out_wires)
    throw InputError("deterministic interwiring (001 Figure 6) needs fanout classes that tile the equivalence "
                     "classes; fanout sizes " + std::to_string(g_src) + " -> " + std::to_string(g_dst) +
                     " do not tile classes of " + std::to_string(t.sources) + " -> " + std::to_string(t.targets) +
                     " routers (choose a radix that is a power of the dilation)");
  const std::uint64_t per_target_class = in_ports / out_wires;  // source fanout classes per target fanout class
  std::vector<std::uint32_t> target(std::size_t{t.sources} * t.w);
  for (std::uint32_t o = 0; o < t.sources; ++o)
    for (std::uint32_t c = 0; c < t.w; ++c) {
      const std::uint64_t fanout_class = o / g_src;
      const std::uint64_t wire = std::uint64_t{o % g_src} * t.w + c;  // t in Figure 6
      const std::uint64_t start = (fanout_class / per_target_class) * g_dst;  // eq_start
      target[std::size_t{o} * t.w + c] = static_cast<std::uint32_t>(start + wire % g_dst);  // + eq_router
    }
  return assign_inputs(t, target);
}

std::vector<WireEnd> wire_random(const Transition& t, Rng& rng, int max_attempts) {
  const bool distinct = t.targets >= t.w;
  for (int attempt = 0; attempt < max_attempts; ++attempt) {
    std::vector<WireEnd> free_ports;  // in_set of Figure 4
    for (std::uint32_t r = 0; r < t.targets; ++r)
      for (std::uint32_t i = 0; i < t.q; ++i) free_ports.push_back({r, i});
    std::vector<WireEnd> out;
    out.reserve(std::size_t{t.sources} * t.w);
    bool dead_end = false;
    for (std::uint32_t o = 0; o < t.sources && !dead_end; ++o) {
      std::vector<std::uint32_t> reached;  // routers this source already feeds
      auto admissible = [&](std::size_t k) {
        return !distinct || std::find(reached.begin(), reached.end(), free_ports[k].router) == reached.end();
      };
      for (std::uint32_t c = 0; c < t.w && !dead_end; ++c) {
        // Figure 4's redraw loop (uniform over the admissible ports), with a
        // scan that detects a dead end instead of looping forever.
        std::size_t pick = free_ports.size();
        for (int tries = 0; tries < 64 && pick == free_ports.size(); ++tries) {
          const std::size_t k = rng.below(free_ports.size());
          if (admissible(k)) pick = k;
        }
        if (pick == free_ports.size()) {
          std::vector<std::size_t> ok;
          for (std::size_t k = 0; k < free_ports.size(); ++k)
            if (admissible(k)) ok.push_back(k);
          if (ok.empty()) {
            dead_end = true;
            break;
          }
          pick = ok[rng.below(ok.size())];
        }
        out.push_back(free_ports[pick]);
        reached.push_back(free_ports[pick].router);
        free_ports[pick] = free_ports.back();  // remove in O(1); order is irrelevant to a uniform draw
        free_ports.pop_back();
      }
    }
    if (!dead_end) return out;
  }
  throw InputError("random interwiring (001 Figure 4) found no admissible wiring in " +
                   std::to_string(max_attempts) + " attempts; try another seed");
}

}  // namespace menger
