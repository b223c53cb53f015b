// Routing tables (`table(file=...)`, models/routing_table.h): parse_routing_table
// on mesh(3,3) and then a replay of every pair through the table routing (a
// table the reader accepts must route without throwing).  The first byte picks
// the encoding ('0' JSON, '1' CSV; other bytes wrap around), the rest is the file.
#include "core/routing.h"
#include "fuzz_support.h"
#include "models/registry.h"
#include "models/routing_table.h"

namespace {

// next() along one branch per pair (the choice rotating with the hop count, so
// that adaptive entries' later choices are taken too); a table that loaded
// must not throw.
void replay(const menger::Network& net, const menger::Routing& r) {
  struct NoFaults final : menger::FaultView {
    explicit NoFaults(const menger::Network& n) : net_(n) {}
    const menger::Network& network() const override { return net_; }
    bool node_faulty(menger::NodeId) override { return false; }
    bool link_faulty(menger::LinkId) override { return false; }
    bool faulty_nodes_at_least(std::span<const menger::NodeId>, std::uint32_t t) override { return t == 0; }
    const menger::Network& net_;
  } view(net);
  for (menger::NodeId s = 0; s < net.num_nodes(); ++s)
    for (menger::NodeId d = 0; d < net.num_nodes(); ++d) {
      if (s == d) continue;
      menger::PacketState state = r.start(s, d, view);
      menger::NodeId here = s;
      for (std::uint32_t hops = 0; here != d && hops < 4 * net.num_nodes(); ++hops) {
        menger::Hops out;
        r.next(here, state, d, view, out);
        if (out.empty()) break;
        const menger::Hop& hop = out[hops % out.size()];
        const auto& slot = net.port(here, hop.port);
        here = slot.peer;
        state = hop.state;
      }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const menger::Network net(menger::Registry::builtin().build("mesh(3,3)"));
  const bool csv = (static_cast<std::uint8_t>(data[0] - '0') % 2) == 1;
  const std::string text(menger::fuzz::as_text(data + 1, size - 1));
  menger::fuzz::expect_clean_rejection([&](const menger::Budget& budget) {
    auto table = menger::parse_routing_table(text, csv, "fuzz", net, budget);
    replay(net, *menger::make_table_routing(net, std::move(table), "table(file=fuzz)"));
  });
  return 0;
}
