// The ibsim net file (models/ibsim_net.h): its reading, the family
// ibsim(file=...), the rewrite without failed units that the subnet-manager
// loop hands to ibsim, and the adapters a failure cuts off.  Cross-checked
// against the ibnetdiscover reader (another parser of the same format) on the
// project's fixtures, and against a walk over the rebuilt network.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

#include "core/error.h"
#include "core/network.h"
#include "models/ibsim_net.h"
#include "models/infiniband_fabric.h"
#include "models/registry.h"

namespace menger {
namespace {

namespace fs = std::filesystem;
const fs::path kFixtures = fs::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband";

fs::path write_net(const std::string& name, const std::string& text) {
  const fs::path dir = fs::temp_directory_path() / "menger-test-ibsim-net";
  fs::create_directories(dir);
  const fs::path p = dir / name;
  std::ofstream(p) << text;
  return p;
}

using LinkKey = std::tuple<std::string, unsigned, std::string, unsigned>;
std::set<LinkKey> link_set(const IbsimNet& net) {
  std::set<LinkKey> s;
  for (const IbsimLink& l : net.links()) {
    LinkKey a{net.nodes()[l.a].name, l.port_a, net.nodes()[l.b].name, l.port_b};
    LinkKey b{net.nodes()[l.b].name, l.port_b, net.nodes()[l.a].name, l.port_a};
    s.insert(std::min(a, b));
  }
  return s;
}

std::vector<std::string> node_names(const IbsimNet& net) {
  std::vector<std::string> n;
  for (const auto& x : net.nodes()) n.push_back(x.name);
  return n;
}

TEST(IbsimNet, ReadsGeneratedFilesAndIbnetdiscoverOutputAlike) {
  // The same 4x4 torus as ib_topology.py writes it and as ibnetdiscover saw it under ibsim.
  const IbsimNet gen = IbsimNet::read(kFixtures / "torus-4x4.net");
  const IbsimNet seen = IbsimNet::read(kFixtures / "torus-4x4-updn/ibnetdiscover.txt");
  ASSERT_EQ(gen.nodes().size(), 32u);
  ASSERT_EQ(seen.nodes().size(), 32u);
  EXPECT_EQ(gen.links().size(), 16u + 32u);  // an adapter per switch, 32 torus links
  EXPECT_EQ(seen.links().size(), gen.links().size());
  std::size_t switch_links = 0;
  for (const auto& l : gen.links()) switch_links += l.switch_to_switch;
  EXPECT_EQ(switch_links, 32u);
  // The family's network and the ibnetdiscover reader's (infiniband_fabric.h) agree.
  const Network a(Registry::builtin().build("ibsim(file=\"" + (kFixtures / "torus-4x4-updn/ibnetdiscover.txt").string() + "\")"));
  const Network b(read_opensm_fabric(kFixtures / "torus-4x4-updn", "x", kFixtures / "torus-4x4-updn/ibnetdiscover.txt"));
  ASSERT_EQ(a.num_nodes(), b.num_nodes());
  ASSERT_EQ(a.num_links(), b.num_links());
  std::multiset<unsigned> da, db;
  for (NodeId v = 0; v < a.num_nodes(); ++v) da.insert(static_cast<unsigned>(a.degree(v))), db.insert(static_cast<unsigned>(b.degree(v)));
  EXPECT_EQ(da, db);
}

TEST(IbsimNet, SwitchPortsAreThePhysicalNumbers) {
  const auto t = Registry::builtin().build("ibsim(file=\"" + (kFixtures / "fattree-4x2.net").string() + "\")");
  const Network net(t);
  const NodeId leaf = *t->find_node("S-leaf0"), spine = *t->find_node("S-spine1"), host = *t->find_node("H-l0-1");
  EXPECT_EQ(t->kind(leaf), NodeKind::Switch);
  EXPECT_EQ(t->kind(host), NodeKind::Endpoint);
  // "[4] "S-spine1"[1]" in S-leaf0's block: port 4 to the spine's port 1; port 0 unlinked.
  ASSERT_TRUE(t->peer(leaf, 4));
  EXPECT_EQ(t->peer(leaf, 4)->node, spine);
  EXPECT_EQ(t->peer(leaf, 4)->port, 1u);
  EXPECT_FALSE(t->peer(leaf, 0));
  EXPECT_EQ(t->peer(host, 0)->node, leaf);  // the adapter's port 1 is PortId 0
  EXPECT_EQ(t->peer(host, 0)->port, 2u);
}

TEST(IbsimNet, LinksListedFromOneEndOrBoth) {
  const IbsimNet one = IbsimNet::read(write_net("one.net", "Switch 2 \"a\"\n[1] \"b\"[2]\n\nSwitch 2 \"b\"\n\nCa 1 \"h\"\n[1] \"a\"[2]\n"));
  const IbsimNet both = IbsimNet::read(write_net("both.net", "Switch 2 \"a\"\n[1] \"b\"[2]\n[2] \"h\"[1]\nSwitch 2 \"b\"\n[2] \"a\"[1]\nCa 1 \"h\"\n[1] \"a\"[2]\n"));
  EXPECT_EQ(link_set(one), link_set(both));
  EXPECT_EQ(one.links().size(), 2u);
}

TEST(IbsimNet, MalformedFilesGiveOneClearError) {
  struct Case {
    const char *name, *text, *error;
  };
  for (const Case& c : {
           Case{"port", "Switch 2 \"a\"\n[3] \"b\"[1]\nSwitch 2 \"b\"\n", "port 3 of \"a\", which has ports 1 to 2"},
           Case{"peer", "Switch 2 \"a\"\n[1] \"zz\"[1]\n", "peer \"zz\" has no node block"},
           Case{"peerport", "Switch 2 \"a\"\n[1] \"b\"[9]\nSwitch 2 \"b\"\n", "port 9 of \"b\""},
           Case{"twice", "Switch 2 \"a\"\n[1] \"b\"[1]\nSwitch 2 \"b\"\n[1] \"a\"[2]\n", "not the other end of its link"},
           Case{"same", "Switch 2 \"a\"\n[1] \"b\"[1]\n[1] \"b\"[1]\nSwitch 2 \"b\"\n", "not the other end of its link"},
           Case{"self", "Switch 2 \"a\"\n[1] \"a\"[2]\n", "to itself"},
           Case{"router", "Rt 2 \"r\"\n", "a router (Rt)"},
           Case{"before", "[1] \"b\"[1]\nSwitch 2 \"b\"\n", "before the first node header"},
           Case{"dup", "Switch 2 \"a\"\nSwitch 2 \"a\"\n", "second block"},
           Case{"junk", "Switch 2 \"a\"\nbogus line\n", "not a node header"},
           Case{"count", "Switch x \"a\"\n", "the node's port count"},
           Case{"zero", "Switch 0 \"a\"\n", "0 ports"},
           Case{"quote", "Switch 2 a\n", "in double quotes"},
           Case{"empty", "# nothing\n", "no node blocks"}}) {
    SCOPED_TRACE(c.name);
    try {
      IbsimNet::read(write_net(std::string(c.name) + ".net", c.text));
      ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(c.error), std::string::npos) << e.what();
    }
  }
}

TEST(IbsimNet, TheRewriteDropsExactlyTheFailedUnits) {
  for (const char* file : {"torus-4x4.net", "fattree-4x2.net", "torus-4x4-updn/ibnetdiscover.txt"}) {
    SCOPED_TRACE(file);
    const IbsimNet net = IbsimNet::read(kFixtures / file);
    const std::set<LinkKey> all = link_set(net);
    const std::vector<bool> none_l(net.links().size(), false), none_n(net.nodes().size(), false);
    for (std::size_t l = 0; l < net.links().size(); ++l) {
      std::vector<bool> fl = none_l;
      fl[l] = true;
      const IbsimNet after = IbsimNet::read(write_net("after.net", net.text_without(fl, none_n)));
      std::set<LinkKey> expected = all;
      const IbsimLink& k = net.links()[l];
      expected.erase(std::min(LinkKey{net.nodes()[k.a].name, k.port_a, net.nodes()[k.b].name, k.port_b},
                              LinkKey{net.nodes()[k.b].name, k.port_b, net.nodes()[k.a].name, k.port_a}));
      EXPECT_EQ(link_set(after), expected);
      EXPECT_EQ(node_names(after), node_names(net));  // every block stays, in its place (ibsim's GUIDs)
    }
    for (std::size_t v = 0; v < net.nodes().size(); ++v) {
      std::vector<bool> fn = none_n;
      fn[v] = true;
      const IbsimNet after = IbsimNet::read(write_net("after.net", net.text_without(none_l, fn)));
      for (const LinkKey& k : link_set(after)) {
        EXPECT_NE(std::get<0>(k), net.nodes()[v].name);
        EXPECT_NE(std::get<2>(k), net.nodes()[v].name);
      }
      std::size_t touching = 0;
      for (const IbsimLink& k : net.links()) touching += k.a == v || k.b == v;
      EXPECT_EQ(link_set(after).size(), all.size() - touching);
      EXPECT_EQ(node_names(after), node_names(net));
    }
  }
}

// Adapters reachable from `root` through switches, walked on the rebuilt network.
std::set<std::string> reached_adapters(const IbsimNet& net, const std::vector<bool>& fl, const std::vector<bool>& fn,
                                       const std::string& root) {
  const auto t = IbsimNet::read(write_net("walk.net", net.text_without(fl, fn))).topology("walk");
  std::set<std::string> out;
  std::vector<NodeId> frontier{*t->find_node(root)};
  std::set<NodeId> seen{frontier.front()};
  if (fn[static_cast<std::size_t>(frontier.front())]) return out;
  while (!frontier.empty()) {
    const NodeId v = frontier.back();
    frontier.pop_back();
    if (t->kind(v) == NodeKind::Endpoint) out.insert(t->label(v));
    if (t->kind(v) == NodeKind::Endpoint && t->label(v) != root) continue;
    for (PortId p = 0; p < t->port_count(v); ++p)
      if (const auto q = t->peer(v, p); q && seen.insert(q->node).second) frontier.push_back(q->node);
  }
  return out;
}

TEST(IbsimNet, CutOffAdaptersAreThoseNoWalkFromTheRootReaches) {
  const IbsimNet net = IbsimNet::read(kFixtures / "fattree-4x2.net");
  const std::size_t L = net.links().size(), N = net.nodes().size();
  std::set<std::string> adapters;
  for (const auto& n : net.nodes())
    if (!n.is_switch) adapters.insert(n.name);
  std::size_t some_cut = 0;
  for (std::size_t a = 0; a < L + N; ++a)
    for (std::size_t b = a; b < L + N; ++b) {
      std::vector<bool> fl(L, false), fn(N, false);
      for (std::size_t u : {a, b}) (u < L ? fl[u] : fn[u - L]) = true;
      const std::size_t root = 0;  // S-leaf0
      std::set<std::string> cut;
      for (std::size_t v : net.cut_off_adapters(fl, fn, root)) cut.insert(net.nodes()[v].name);
      std::set<std::string> expected = adapters;
      for (const auto& r : reached_adapters(net, fl, fn, net.nodes()[root].name)) expected.erase(r);
      EXPECT_EQ(cut, expected) << "units " << a << ", " << b;
      some_cut += !cut.empty();
    }
  EXPECT_GT(some_cut, 0u);
}

}  // namespace
}  // namespace menger
