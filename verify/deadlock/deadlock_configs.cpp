#include "verify/deadlock/deadlock_configs.h"

#include <algorithm>
#include <deque>

namespace menger {

Configs flatten(const Exploration& x) {
  Configs c;
  c.budget = x.budget;
  const ChannelId C = x.space.size();
  c.at_channel.resize(C);
  c.requesters.resize(C);
  std::vector<std::uint32_t> base;
  for (NodeId d = 0; d < x.destinations.size(); ++d) {
    base.push_back(c.size());
    const ExploredDestination& b = x.destinations[d];
    for (std::size_t i = 0; i < b.channel.size(); ++i) {
      c.chan.push_back(b.channel[i]);
      c.dst.push_back(d);
      c.state.push_back(b.state(static_cast<std::uint32_t>(i)));
      c.at_dest.push_back(x.space.info(b.channel[i]).head == d);
    }
  }
  c.first.push_back(0);
  for (NodeId d = 0; d < x.destinations.size(); ++d) {
    const ExploredDestination& b = x.destinations[d];
    for (std::size_t i = 0; i < b.channel.size(); ++i) {
      for (const auto& h : b.hops(static_cast<std::uint32_t>(i))) c.hops.push_back({base[d] + h.to(), h.kind()});
      c.first.push_back(static_cast<std::uint32_t>(c.hops.size()));
    }
    for (const auto& s : b.injections) c.injections.push_back({base[d] + s.to(), s.kind()});
  }
  for (std::uint32_t g = 0; g < c.size(); ++g) {
    c.at_channel[c.chan[g]].push_back(g);
    for (const auto& h : c.out(g)) c.requesters[c.chan[h.to]].push_back(g);
  }
  for (auto& r : c.requesters) r.erase(std::unique(r.begin(), r.end()), r.end());
  return c;
}

std::optional<std::vector<RouteStep>> shortest_route(const Configs& cfg,
                                                     const std::function<bool(const Configs::Hop&)>& target,
                                                     const std::function<bool(const Configs::Hop&)>& enter) {
  constexpr std::uint32_t kSource = ~std::uint32_t{0}, kUnseen = kSource - 1;
  std::vector<std::uint32_t> parent(cfg.size(), kUnseen);
  std::vector<std::uint8_t> kind_in(cfg.size(), 0);
  std::deque<std::uint32_t> queue;
  std::optional<std::uint32_t> found;
  auto offer = [&](std::uint32_t from, const Configs::Hop& h) {
    if (found || parent[h.to] != kUnseen) return;
    const bool last = target(h);
    if (!last && !enter(h)) return;
    parent[h.to] = from;
    kind_in[h.to] = h.kind;
    if (last) found = h.to;
    else queue.push_back(h.to);
  };
  for (const auto& h : cfg.injections) offer(kSource, h);
  while (!queue.empty() && !found) {
    const std::uint32_t g = queue.front();
    queue.pop_front();
    for (const auto& h : cfg.out(g)) offer(g, h);
  }
  if (!found) return std::nullopt;
  std::vector<RouteStep> route;
  for (std::uint32_t g = *found; g != kSource; g = parent[g]) route.push_back({g, kind_in[g]});
  std::reverse(route.begin(), route.end());
  return route;
}

}  // namespace menger
