// InfiniBand credit loops: the dump readers, the opensm(dir=) fabric and the
// opensm-tables routing, checked against an independent credit-loop checker
// written here (walk every adapter pair through the tables, collect
// (switch, out port, VL) buffer dependencies, look for a cycle by depth-first
// search) on random subnets written in OpenSM's own file formats.  The real
// OpenSM outputs are checked against ibdmchk by tests/infiniband/.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <random>
#include <set>

#include "core/error.h"
#include "models/infiniband_fabric.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "setup/setup.h"
#include "verify/deadlock/deadlock.h"
#include "verify/route/route_witness.h"

namespace menger {
namespace {

namespace fs = std::filesystem;

// A ring of switches, each with a few adapters, and OpenSM-style tables.
// Switch i: port 1 to switch i+1, port 2 to switch i-1, ports 3.. to its
// adapters (port 1 of each).  LIDs: switches 1..n, then the adapters.
struct RingSubnet {
  unsigned n = 0, vls = 1;
  std::vector<std::vector<unsigned>> hcas;                      // per switch: adapter indices
  std::vector<unsigned> hca_switch, hca_port;                  // per adapter
  std::vector<std::map<unsigned, unsigned>> lft;               // per switch: LID -> port
  std::vector<std::map<std::pair<unsigned, unsigned>, std::array<unsigned, 16>>> sl2vl;  // per switch
  std::vector<std::array<unsigned, 16>> ca_sl2vl;              // per adapter
  std::map<std::pair<unsigned, unsigned>, unsigned> path_sl;   // (slid, dlid) -> SL

  unsigned switch_lid(unsigned s) const { return s + 1; }
  unsigned hca_lid(unsigned h) const { return n + 1 + h; }
  unsigned ports(unsigned s) const { return 2 + static_cast<unsigned>(hcas[s].size()); }
};

RingSubnet random_ring(std::mt19937_64& rng) {
  RingSubnet r;
  r.n = 3 + static_cast<unsigned>(rng() % 4);
  r.vls = 1 + static_cast<unsigned>(rng() % 2);
  r.hcas.resize(r.n);
  for (unsigned s = 0; s < r.n; ++s)
    for (unsigned k = 0, count = 1 + static_cast<unsigned>(rng() % 2); k < count; ++k) {
      r.hcas[s].push_back(static_cast<unsigned>(r.hca_switch.size()));
      r.hca_switch.push_back(s);
      r.hca_port.push_back(3 + k);
    }
  r.lft.resize(r.n);
  for (unsigned h = 0; h < r.hca_switch.size(); ++h) {
    // Clockwise from switch i when its clockwise distance to the destination
    // is at most `cut`: consistent per destination, so no packet ping-pongs.
    const unsigned p = r.hca_switch[h], cut = static_cast<unsigned>(rng() % r.n);
    for (unsigned s = 0; s < r.n; ++s) {
      const unsigned d = (p + r.n - s) % r.n;
      r.lft[s][r.hca_lid(h)] = d == 0 ? r.hca_port[h] : (d <= cut ? 1u : 2u);
    }
  }
  for (unsigned s = 0; s < r.n; ++s) r.lft[s][r.switch_lid(s)] = 0;
  auto row = [&] {
    std::array<unsigned, 16> vl{};
    for (auto& v : vl) v = static_cast<unsigned>(rng() % r.vls);
    return vl;
  };
  r.sl2vl.resize(r.n);
  for (unsigned s = 0; s < r.n; ++s)
    for (unsigned in = 0; in <= r.ports(s); ++in)
      for (unsigned out = 1; out <= r.ports(s); ++out) r.sl2vl[s][{in, out}] = row();
  for (unsigned h = 0; h < r.hca_switch.size(); ++h) r.ca_sl2vl.push_back(row());
  for (unsigned a = 0; a < r.hca_switch.size(); ++a)
    for (unsigned b = 0; b < r.hca_switch.size(); ++b)
      if (a != b) r.path_sl[{r.hca_lid(a), r.hca_lid(b)}] = static_cast<unsigned>(rng() % 2);
  return r;
}

std::string port_end(const RingSubnet& r, bool sw, unsigned index, unsigned port) {
  char buf[400];
  const unsigned long long node = sw ? 0x200000u + index : 0x100000u + 2 * index;
  const unsigned long long guid = sw ? node : node + 1;
  std::snprintf(buf, sizeof buf,
                "{ %s Ports:%02X SystemGUID:%016llX NodeGUID:%016llX PortGUID:%016llX VenID:000000 DevID:0000 "
                "Rev:000000A1 {%s%u} LID:%04X PN:%02X }",
                sw ? "SW" : "CA", sw ? r.ports(index) : 2u, node, node, guid, sw ? "S" : "H", index,
                sw ? r.switch_lid(index) : r.hca_lid(index), port);
  return buf;
}

void write_row(std::ostream& out, unsigned in, unsigned o, const std::array<unsigned, 16>& vl) {
  out << in << "   " << o << "   :";
  for (unsigned v : vl) out << " " << v << " ";
  out << "\n";
}

void write_ibdiagnet_set(const RingSubnet& r, const fs::path& diag);

// Writes the subnet in OpenSM's formats into `dir`.
void write_opensm_dumps(const RingSubnet& r, const fs::path& dir) {
  fs::create_directories(dir);
  std::ofstream lst(dir / "opensm-subnet.lst");
  for (unsigned s = 0; s < r.n; ++s) {
    const unsigned t = (s + 1) % r.n;
    lst << port_end(r, true, s, 1) << " " << port_end(r, true, t, 2) << " PHY=4x LOG=ACT SPD=2.5\n";
    lst << port_end(r, true, t, 2) << " " << port_end(r, true, s, 1) << " PHY=4x LOG=ACT SPD=2.5\n";
  }
  for (unsigned h = 0; h < r.hca_switch.size(); ++h) {
    lst << port_end(r, false, h, 1) << " " << port_end(r, true, r.hca_switch[h], r.hca_port[h]) << " PHY=4x\n";
    lst << port_end(r, true, r.hca_switch[h], r.hca_port[h]) << " " << port_end(r, false, h, 1) << " PHY=4x\n";
  }
  std::ofstream lfts(dir / "opensm-lfts.dump"), vl(dir / "opensm-sl2vl.dump"), sls(dir / "path-sls.txt");
  std::ofstream fts(dir / "dump_fts.txt");
  for (unsigned s = 0; s < r.n; ++s) {
    lfts << "Unicast lids [0-" << r.lft[s].size() << "] of switch Lid " << r.switch_lid(s) << " guid 0x"
         << std::hex << (0x200000u + s) << std::dec << " ('S" << s << "'):\n";
    for (auto [lid, port] : r.lft[s]) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "0x%04x %03u # a port\n", lid, port);
      lfts << buf;
    }
    lfts << r.lft[s].size() << " lids dumped\n";
    // The same table as dump_fts (infiniband-diags 44) prints it: the switch
    // named by its directed route, two column-header lines, the destination's
    // description after a colon.
    fts << "Unicast lids [0x0-0x" << std::hex << r.lft[s].size() << "] of switch DR path slid 0; dlid 0; 0," << std::dec
        << s << " guid 0x" << std::hex << std::setw(16) << std::setfill('0') << (0x200000u + s) << std::dec
        << std::setfill(' ') << " (S" << s << "):\n  Lid  Out   Destination\n       Port     Info \n";
    for (auto [lid, port] : r.lft[s]) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "0x%04x %03u : (Channel Adapter portguid 0x%016x: 'H')\n", lid, port, 0x100000u + lid);
      fts << buf;
    }
    fts << r.lft[s].size() << " valid lids dumped \n";
    vl << "Switch 0x" << std::hex << (0x200000u + s) << std::dec << ", base LID " << r.switch_lid(s) << ", \"S" << s
       << "\"\n#in out : 0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15\n#-------\n";
    for (const auto& [ports, row] : r.sl2vl[s]) write_row(vl, ports.first, ports.second, row);
    vl << "#-------\n\n";
  }
  for (unsigned h = 0; h < r.hca_switch.size(); ++h) {
    vl << "Channel Adapter 0x" << std::hex << (0x100001u + 2 * h) << std::dec << ", base LID " << r.hca_lid(h)
       << ", \"H" << h << "\"\n#in out : 0 ...\n";
    write_row(vl, 0, 0, r.ca_sl2vl[h]);
  }
  for (const auto& [pair, sl] : r.path_sl) sls << pair.first << " " << pair.second << " " << sl << "\n";
}

// OpenSM's formats, then ibdiagnet's set made from them (the files closed first).
void write_dumps(const RingSubnet& r, const fs::path& dir) {
  write_opensm_dumps(r, dir);
  write_ibdiagnet_set(r, dir / "ibdiag");
}

// The same subnet as ibdiagnet's file set (the formats ibdmchk reads): the
// subnet list as ibdiagnet.lst, the LFTs as an fdbs file, the SL2VL tables
// as ibdiagnet.sl2vl, the path SLs keyed by the source adapter's node GUID.
void write_ibdiagnet_set(const RingSubnet& r, const fs::path& diag) {
  fs::create_directories(diag);
  const fs::path dir = diag.parent_path();
  fs::copy_file(dir / "opensm-subnet.lst", diag / "ibdiagnet.lst", fs::copy_options::overwrite_existing);
  fs::copy_file(dir / "opensm-sl2vl.dump", diag / "ibdiagnet.sl2vl", fs::copy_options::overwrite_existing);
  std::ofstream fdbs(diag / "ibdiagnet.fdbs"), psl(diag / "ibdiagnet.psl");
  char buf[96];
  for (unsigned s = 0; s < r.n; ++s) {
    std::snprintf(buf, sizeof buf, "dump_ucast_routes: Switch 0x%016x\nLID    : Port : Hops : Optimal\n", 0x200000u + s);
    fdbs << buf;
    // OpenSM's notes on the hops, which a reader must pass over.
    static const char* const kNotes[] = {"01   : yes", "HOPS UNKNOWN", "01   : No 0 hop path possible via port 1!"};
    std::size_t entry = 0;
    for (auto [lid, port] : r.lft[s]) {
      std::snprintf(buf, sizeof buf, "0x%04X : %03u  : %s\n", lid, port, kNotes[entry++ % 3]);
      fdbs << buf;
    }
    fdbs << "\n";
  }
  for (const auto& [pair, sl] : r.path_sl)
    for (unsigned h = 0; h < r.hca_switch.size(); ++h)
      if (r.hca_lid(h) == pair.first) {
        std::snprintf(buf, sizeof buf, "0x%016x %u %u\n", 0x100000u + 2 * h, pair.second, sl);
        psl << buf;
      }
}

// The independent checker.  Buffers: (node, out port, VL) with node = switch
// index or n + adapter index.  Returns (buffers used, dependencies, has a cycle).
struct Independent {
  std::size_t buffers = 0, dependencies = 0;
  bool cycle = false;
};

Independent independent_check(const RingSubnet& r) {
  using Buf = std::tuple<unsigned, unsigned, unsigned>;
  std::set<Buf> used;
  std::map<Buf, std::set<Buf>> deps;
  for (unsigned a = 0; a < r.hca_switch.size(); ++a)
    for (unsigned b = 0; b < r.hca_switch.size(); ++b) {
      if (a == b) continue;
      const unsigned sl = r.path_sl.at({r.hca_lid(a), r.hca_lid(b)}), dlid = r.hca_lid(b);
      Buf prev{r.n + a, 1, r.ca_sl2vl[a][sl]};
      used.insert(prev);
      unsigned sw = r.hca_switch[a], in = r.hca_port[a];
      for (unsigned hops = 0;; ++hops) {
        EXPECT_LT(hops, 2 * r.n) << "routing loop";
        const unsigned out = r.lft[sw].at(dlid);
        const Buf cur{sw, out, r.sl2vl[sw].at({in, out})[sl]};
        used.insert(cur);
        deps[prev].insert(cur);
        if (out >= 3) break;  // to an adapter: the destination's, by construction
        prev = cur;
        in = out == 1 ? 2 : 1;
        sw = out == 1 ? (sw + 1) % r.n : (sw + r.n - 1) % r.n;
      }
    }
  Independent res;
  res.buffers = used.size();
  for (const auto& [f, ts] : deps) res.dependencies += ts.size();
  std::map<Buf, int> colour;  // 0 new, 1 on the stack, 2 done
  std::function<bool(const Buf&)> dfs = [&](const Buf& v) {
    colour[v] = 1;
    for (const Buf& w : deps[v])
      if (colour[w] == 1 || (colour[w] == 0 && dfs(w))) return true;
    colour[v] = 2;
    return false;
  };
  for (const Buf& v : used)
    if (colour[v] == 0 && dfs(v)) return res.cycle = true, res;
  return res;
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("menger-ib-" + std::to_string(::getpid())) / name;
  fs::remove_all(dir);
  return dir;
}

DeadlockResult check(const fs::path& dir, const std::string& routing = "opensm-tables") {
  RouteSetup s = make_route_setup("opensm(dir=" + SpecValue::make_string(dir.string()).to_string() + ")", routing, "links");
  return check_deadlock(*s.routing, *s.model, {});
}

TEST(Infiniband, RandomRingsAgreeWithAnIndependentChecker) {
  std::mt19937_64 rng(20261121);
  int loops = 0, free = 0;
  for (int trial = 0; trial < 120; ++trial) {
    const RingSubnet r = random_ring(rng);
    const fs::path dir = scratch("ring" + std::to_string(trial));
    write_dumps(r, dir);
    const Independent want = independent_check(r);
    const DeadlockResult got = check(dir);
    SCOPED_TRACE("trial " + std::to_string(trial) + " in " + dir.string());
    EXPECT_EQ(got.plain.acyclic, !want.cycle);
    EXPECT_EQ(got.status, want.cycle ? DeadlockResult::Status::Deadlock : DeadlockResult::Status::Free);
    EXPECT_EQ(got.plain.escape_channels_used.size(), want.buffers);
    EXPECT_EQ(got.plain.direct_dependencies, want.dependencies);
    EXPECT_FALSE(got.plain.gap.has_value());
    // The forwarding tables as dump_fts prints them: the same answer.
    const DeadlockResult fts =
        check(dir, "opensm-tables(lfts=" + SpecValue::make_string((dir / "dump_fts.txt").string()).to_string() + ")");
    EXPECT_EQ(fts.status, got.status);
    EXPECT_EQ(fts.plain.direct_dependencies, want.dependencies);
    // And as ibdiagnet's file set: fabric, LFTs, SL2VL tables and path SLs.
    const fs::path diag = dir / "ibdiag";
    auto named = [&](const char* ext) { return SpecValue::make_string((diag / ("ibdiagnet." + std::string(ext))).string()).to_string(); };
    RouteSetup ib = make_route_setup("opensm(dir=" + SpecValue::make_string(diag.string()).to_string() + ", fabric=" +
                                         named("lst") + ")",
                                     "opensm-tables(lfts=" + named("fdbs") + ", sl2vl=" + named("sl2vl") + ", psl=" +
                                         named("psl") + ")",
                                     "links");
    const DeadlockResult from_diag = check_deadlock(*ib.routing, *ib.model, {});
    EXPECT_EQ(from_diag.status, got.status);
    EXPECT_EQ(from_diag.plain.direct_dependencies, want.dependencies);
    EXPECT_FALSE(from_diag.plain.gap.has_value());
    (want.cycle ? loops : free) += 1;
    fs::remove_all(dir);
  }
  EXPECT_GT(loops, 10);  // both verdicts occur, so the comparison can fail either way
  EXPECT_GT(free, 10);
}

TEST(Infiniband, FabricNodesPortsAndLids) {
  std::mt19937_64 rng(7);
  const RingSubnet r = random_ring(rng);
  const fs::path dir = scratch("fabric");
  write_dumps(r, dir);
  Network net(Registry::builtin().build("opensm(dir=" + SpecValue::make_string(dir.string()).to_string() + ")"));
  const auto& fabric = dynamic_cast<const InfinibandFabric&>(net.topology());
  ASSERT_EQ(net.num_nodes(), r.n + r.hca_switch.size());
  EXPECT_EQ(net.num_links(), r.n + r.hca_switch.size());
  for (unsigned s = 0; s < r.n; ++s) {
    EXPECT_EQ(net.label(s), "S" + std::to_string(s));
    EXPECT_EQ(net.kind(s), NodeKind::Switch);
    EXPECT_EQ(fabric.info(s).lid, r.switch_lid(s));
    EXPECT_EQ(net.num_ports(s), r.ports(s) + 1);  // port 0 is the management port
    EXPECT_FALSE(net.port(s, 0).connected());
    EXPECT_EQ(net.label(net.port(s, 1).peer), "S" + std::to_string((s + 1) % r.n));
    EXPECT_EQ(net.port(s, 1).peer_port, 2u);
  }
  for (unsigned h = 0; h < r.hca_switch.size(); ++h) {
    const auto v = fabric.node_of_lid(static_cast<std::uint16_t>(r.hca_lid(h)));
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(net.label(*v), "H" + std::to_string(h));
    EXPECT_TRUE(net.is_terminal(*v));
    EXPECT_EQ(fabric.ib_port(*v, 0), 1u);
    EXPECT_EQ(net.port(*v, 0).peer, r.hca_switch[h]);
    EXPECT_EQ(net.port(*v, 0).peer_port, r.hca_port[h]);
  }
  fs::remove_all(dir);
}

// One malformed input, one clear error naming the file (and line where there is one).
void expect_input_error(const fs::path& dir, const std::string& routing, const std::string& fragment) {
  try {
    check(dir, routing);
    ADD_FAILURE() << "no error; expected one mentioning '" << fragment << "'";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

void replace_in(const fs::path& file, const std::string& from, const std::string& to) {
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  std::ofstream(file) << text;
}

TEST(Infiniband, MalformedDumpsGiveOneClearError) {
  std::mt19937_64 rng(11);
  const RingSubnet r = random_ring(rng);
  const fs::path base = scratch("bad");
  auto fresh = [&](const std::string& name) {
    const fs::path d = base / name;
    write_dumps(r, d);
    return d;
  };
  struct Edit {
    const char *name, *file, *from, *to, *error;
  };
  for (const Edit& e : {
           Edit{"lst", "opensm-subnet.lst", "{ SW Ports", "{ XX Ports", "opensm-subnet.lst: line 1: unknown node type 'XX'"},
           Edit{"lid", "opensm-subnet.lst", "LID:0001", "LID:zz", "LID:<hex>"},
           Edit{"lft", "opensm-lfts.dump", " # a port", "x # a port", "opensm-lfts.dump: line 2: expected an output port"},
           Edit{"fts", "dump_fts.txt", " : (Channel", " x (Channel", "dump_fts.txt: line 4: expected '0xLID PORT # comment'"},
           Edit{"fdbs", "ibdiag/ibdiagnet.fdbs", "  : 01   : yes", " x 01", "ibdiagnet.fdbs: line 3: expected '0xLID : PORT : ...'"},
           Edit{"psl", "ibdiag/ibdiagnet.psl", "0x", "1x", "ibdiagnet.psl: line 1: expected a GUID 0x..."},
           Edit{"row", "opensm-sl2vl.dump", "0   1   :", "0   1   : 3", "more than 16 VLs"},
           Edit{"sls", "path-sls.txt", "\n", "\n1 2\n", "path-sls.txt: line 2: expected 'SLID DLID SL'"}}) {
    const fs::path d = fresh(e.name);
    replace_in(d / e.file, e.from, e.to);
    const std::string fts = "opensm-tables(lfts=" + SpecValue::make_string((d / e.file).string()).to_string() + ")";
    const std::string file = e.file;
    const std::string as = file == "dump_fts.txt" || file.find("fdbs") != std::string::npos ? fts
                            : file.find("psl") != std::string::npos
                                ? "opensm-tables(psl=" + SpecValue::make_string((d / e.file).string()).to_string() + ")"
                                : "opensm-tables";
    expect_input_error(d, as, e.error);
  }
  fs::path d;
  d = fresh("nosls");
  fs::remove(d / "path-sls.txt");
  expect_input_error(d, "opensm-tables", "give sls=zero");
  d = fresh("novl");
  fs::remove(d / "opensm-sl2vl.dump");
  expect_input_error(d, "opensm-tables", "give vls=zero");
  EXPECT_NO_THROW(check(d, "opensm-tables(vls=zero)"));
  const std::string diag_sl2vl = SpecValue::make_string((d / "ibdiag/ibdiagnet.sl2vl").string()).to_string();
  expect_input_error(d, "opensm-tables(vls=zero, sl2vl=" + diag_sl2vl + ")", "says there are none");
  const std::string diag_psl = SpecValue::make_string((d / "ibdiag/ibdiagnet.psl").string()).to_string();
  expect_input_error(d, "opensm-tables(sls=zero, psl=" + diag_psl + ")", "says every path uses SL 0");
  d = fresh("nolst");
  fs::remove(d / "opensm-subnet.lst");
  expect_input_error(d, "opensm-tables", "opensm-subnet.lst: cannot be read");
  EXPECT_THROW(make_route_setup("torus(4,4)", "opensm-tables", "links"), InputError);
  fs::remove_all(base);
}

TEST(Infiniband, UnroutedPairsAndDroppedLanesAreGaps) {
  std::mt19937_64 rng(5);
  RingSubnet r = random_ring(rng);
  r.lft[0].erase(r.hca_lid(r.hcas[1][0]));  // switch 0 has no route to an adapter of switch 1
  const fs::path dir = scratch("gap");
  write_dumps(r, dir);
  EXPECT_TRUE(check(dir).plain.gap.has_value());
  r = random_ring(rng);
  r.ca_sl2vl[0].fill(kDropVl);  // an adapter whose SLs all map to VL 15 sends nothing
  write_dumps(r, dir);
  const DeadlockResult dropped = check(dir);
  ASSERT_TRUE(dropped.plain.gap.has_value());
  EXPECT_NE(dropped.plain.gap->what.find("H0"), std::string::npos) << dropped.plain.gap->what;
  fs::remove_all(dir);
}

// The same subnet read from OpenSM's subnet list and from ibnetdiscover's
// output (both captured by tests/infiniband/opensm_run.sh for every committed
// subnet): the same nodes, labels, GUIDs, LIDs and links, port by port.
TEST(Infiniband, IbnetdiscoverGivesTheFabricOfTheSubnetList) {
  const fs::path root = fs::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband";
  std::size_t fixtures = 0;
  for (const auto& entry : fs::directory_iterator(root)) {
    if (!fs::exists(entry.path() / "ibnetdiscover.txt")) continue;
    SCOPED_TRACE(entry.path().filename().string());
    ++fixtures;
    const auto lst = read_opensm_fabric(entry.path(), "a");
    const auto ibn = read_opensm_fabric(entry.path(), "b", entry.path() / "ibnetdiscover.txt");
    const Network a(lst), b(ibn);
    ASSERT_EQ(a.num_nodes(), b.num_nodes());
    ASSERT_EQ(a.num_links(), b.num_links());
    for (NodeId v = 0; v < a.num_nodes(); ++v) {
      EXPECT_EQ(a.label(v), b.label(v));
      EXPECT_EQ(lst->info(v).node_guid, ibn->info(v).node_guid);
      EXPECT_EQ(lst->info(v).port_guid, ibn->info(v).port_guid);
      EXPECT_EQ(lst->info(v).lid, ibn->info(v).lid);
      EXPECT_EQ(lst->info(v).description, ibn->info(v).description);
      ASSERT_EQ(a.num_ports(v), b.num_ports(v));
      for (PortId p = 0; p < a.num_ports(v); ++p) {
        EXPECT_EQ(a.port(v, p).peer, b.port(v, p).peer);
        EXPECT_EQ(a.port(v, p).peer_port, b.port(v, p).peer_port);
      }
    }
  }
  EXPECT_GE(fixtures, 10u);
}

TEST(Infiniband, MalformedIbnetdiscoverGivesOneClearError) {
  const fs::path src = fs::path(MENGER_SOURCE_DIR) / "proofs/known/infiniband/fattree-4x2-updn";
  const fs::path base = scratch("ibnetdiscover");
  struct Edit {
    const char *name, *from, *to, *error;
  };
  for (const Edit& e : {
           Edit{"ports", "Switch\t4", "Switch\tfour", "expected the number of ports"},
           Edit{"lmc", "lid 6 lmc 0", "lid 6 lmc 2", "only LMC 0"},
           Edit{"peer", "\"S-0000000000200004\"[4]", "\"S-0000000000200004\"[2]", "do not list each other"},
           Edit{"rt", "Switch\t4", "Rt\t4", "routers (Rt) are not supported"},
           Edit{"junk", "vendid=0x0", "bogus", "unexpected line 'bogus'"}}) {
    SCOPED_TRACE(e.name);
    const fs::path d = base / e.name;
    fs::create_directories(d);
    fs::copy_file(src / "ibnetdiscover.txt", d / "ibnetdiscover.txt");
    replace_in(d / "ibnetdiscover.txt", e.from, e.to);
    try {
      read_opensm_fabric(src, "x", d / "ibnetdiscover.txt");
      ADD_FAILURE() << "no error";
    } catch (const InputError& err) {
      EXPECT_NE(std::string(err.what()).find(e.error), std::string::npos) << err.what();
      EXPECT_NE(std::string(err.what()).find("ibnetdiscover.txt: line "), std::string::npos) << err.what();
    }
  }
  fs::remove_all(base);
}

}  // namespace
}  // namespace menger
