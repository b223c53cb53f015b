#include "io/opensm_session.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "core/error.h"
#include "io/child_process.h"
#include "io/program.h"
#include "models/infiniband_dumps.h"

namespace menger {

namespace fs = std::filesystem;

namespace {

constexpr const char* kPreload = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so";
constexpr std::chrono::seconds kQueryLimit{30};
using Env = std::vector<std::pair<std::string, std::string>>;

// A program of the simulator's toolchain: on PATH, or in /usr/sbin where
// Debian puts opensm and saquery (not on a normal user's PATH).
std::optional<std::string> tool(const std::string& name) {
  if (auto p = find_program(name)) return p;
  const fs::path sbin = fs::path("/usr/sbin") / name;
  if (::access(sbin.c_str(), X_OK) == 0) return sbin.string();
  return std::nullopt;
}

std::string need(const std::string& name) {
  if (auto p = tool(name)) return *p;
  throw InputError(name + " not found: the subnet manager loop needs opensm, ibsim-utils and infiniband-diags "
                          "(scripts/install-deps.sh installs them)");
}

// Reads what a log gained since the last look and remembers whether a
// sentence has appeared (a sentence may straddle two looks).
class LogWatch {
 public:
  explicit LogWatch(fs::path file) : file_(std::move(file)) {}
  bool saw(const std::string& sentence) {
    read_more();
    return text_.find(sentence) != std::string::npos;
  }
  const std::string& text() { return read_more(), text_; }

 private:
  fs::path file_;
  std::string text_;
  void read_more() {
    std::ifstream in(file_, std::ios::binary);
    if (!in) return;
    in.seekg(static_cast<std::streamoff>(text_.size()));
    std::ostringstream more;
    more << in.rdbuf();
    text_ += more.str();
  }
};

// Polls until `done` says so ("died": the child ended first, "timeout": time
// ran out); the budget is checked on every poll.  The first polls come after
// 1 ms, then twice as long up to 50 ms: a saquery ends in tens of
// milliseconds, a subnet manager's sweep in tenths of a second.
template <class Done>
std::string wait_for(Done done, ChildProcess& child, std::chrono::milliseconds limit, const Budget& budget,
                     std::string_view phase) {
  const auto until = std::chrono::steady_clock::now() + limit;
  std::chrono::milliseconds pause(1);
  for (;;) {
    if (auto state = done()) return *state;
    if (!child.running()) return "died";
    if (std::chrono::steady_clock::now() > until) return "timeout";
    budget.check(phase);
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
  }
}

std::string socket_name() {
  static std::atomic<unsigned> next{0};
  return "menger" + std::to_string(::getpid()) + "-" + std::to_string(next++);
}

// "sl..... 0x0" from saquery -p's path record.
std::optional<unsigned> path_record_sl(const std::string& record) {
  std::istringstream in(record);
  std::string line;
  while (std::getline(in, line)) {
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line.compare(start, 3, "sl.") != 0) continue;
    const auto hex = line.find("0x", start);
    if (hex == std::string::npos) return std::nullopt;
    try {
      return static_cast<unsigned>(std::stoul(line.substr(hex + 2), nullptr, 16));
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

void query_path_sls(const fs::path& dir, const Env& env, const Budget& budget) {
  std::set<std::uint16_t> lids;
  for (const IbLink& l : read_subnet_lst(dir / "opensm-subnet.lst", nullptr, budget))
    for (const IbPortEnd* end : {&l.a, &l.b})
      if (!end->is_switch) lids.insert(end->lid);
  const std::string saquery = need("saquery");
  std::ofstream out(dir / "path-sls.txt");
  for (std::uint16_t s : lids)
    for (std::uint16_t d : lids) {
      if (s == d) continue;
      const fs::path record = dir / "saquery.out";
      ChildProcess query({saquery, "-p", "--slid", std::to_string(s), "--dlid", std::to_string(d)}, env, record);
      // One path record takes tens of milliseconds; a query still running after
      // kQueryLimit is an SA that does not answer (the process is stopped).
      const std::string state = wait_for([&]() -> std::optional<std::string> { return std::nullopt; }, query,
                                         kQueryLimit, budget, "asking the SA for path records");
      if (state != "died")
        throw InputError("saquery from LID " + std::to_string(s) + " to LID " + std::to_string(d) + ": no answer in " +
                         std::to_string(kQueryLimit.count()) + " s");
      std::ifstream in(record);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const auto sl = path_record_sl(text);
      if (!sl) throw InputError("saquery gave no path record from LID " + std::to_string(s) + " to LID " +
                                std::to_string(d) + " (" + record.string() + ")");
      out << s << " " << d << " " << *sl << "\n";
    }
  fs::remove(dir / "saquery.out");
  if (!out) throw InputError("cannot write " + (dir / "path-sls.txt").string());
}

std::vector<std::string> opensm_args(const OpensmRunRequest& r) {
  std::vector<std::string> a{need("opensm"), "-D", "0x43", "-d", "2", "-Q", "-s", "0", "-e", "-f",
                             (r.dir / "opensm.log").string(), "--dump_files_dir", r.dir.string(), "-F", "/dev/null"};
  if (r.engine != "minhop") a.insert(a.end(), {"-R", r.engine + ",no_fallback"});
  if (r.roots) a.insert(a.end(), {"-a", r.roots->string()});
  if (r.torus_config) a.insert(a.end(), {"--torus_config", r.torus_config->string()});
  return a;
}

// The engine that configured the switches: the log always names
// 'no_fallback' as a failed engine, so the "tables configured" line decides.
std::string engine_used(const std::string& log) {
  const std::string mark = "osm_ucast_mgr_process: ", tail = " tables configured on all switches";
  std::string used = "none";
  for (std::size_t at = log.find(tail); at != std::string::npos; at = log.find(tail, at + 1)) {
    const auto start = log.rfind(mark, at);
    if (start != std::string::npos) used = log.substr(start + mark.size(), at - start - mark.size());
  }
  return used;
}

}  // namespace

std::string missing_opensm_tools() {
  std::string missing;
  for (const char* t : {"ibsim", "opensm", "saquery"})
    if (!tool(t)) missing += (missing.empty() ? "" : ", ") + std::string(t);
  if (::access(kPreload, R_OK) != 0) missing += (missing.empty() ? "" : ", ") + std::string(kPreload);
  return missing;
}

OpensmRunResult run_opensm(const OpensmRunRequest& r, const Budget& budget) {
  const auto start = std::chrono::steady_clock::now();
  if (const std::string missing = missing_opensm_tools(); !missing.empty())
    throw InputError("the subnet manager loop needs " + missing +
                     " (Debian opensm, ibsim-utils, infiniband-diags; scripts/install-deps.sh installs them)");
  fs::remove_all(r.dir);
  fs::create_directories(r.dir / "cache");
  { std::ofstream(r.dir / "fabric.net") << r.net_text; }
  if (r.guid2lid) std::ofstream(r.dir / "cache" / "guid2lid") << *r.guid2lid;
  Env env{{"IBSIM_SOCKNAME", socket_name()}};
  if (!r.sm_host.empty()) env.emplace_back("SIM_HOST", r.sm_host);

  // 1. The simulator (-s: the fabric starts at once, -n: no console), its
  // limits raised to fit the fabric (ibsim refuses more than 256 switches otherwise).
  const std::size_t n = r.nodes + 16;
  ChildProcess sim({need("ibsim"), "-s", "-n", "-S", std::to_string(r.switches + 16), "-N", std::to_string(n), "-P",
                    std::to_string(20 * n), (r.dir / "fabric.net").string()},
                   env, r.dir / "ibsim.log");
  LogWatch sim_log(r.dir / "ibsim.log");
  const std::string sim_state = wait_for(
      [&]() -> std::optional<std::string> {
        if (sim_log.saw("Network simulator ready")) return "up";
        return std::nullopt;
      },
      sim, std::max<std::chrono::milliseconds>(std::chrono::seconds(10), r.up_timeout), budget, "starting ibsim");
  if (sim_state != "up") throw InputError("ibsim did not start (" + sim_state + "): " + (r.dir / "ibsim.log").string());

  // 2. OpenSM, until SUBNET UP or a failure.
  Env osm_env = env;
  osm_env.insert(osm_env.end(), {{"LD_PRELOAD", kPreload},
                                 {"OSM_TMP_DIR", (r.dir / "cache").string()},
                                 {"OSM_CACHE_DIR", (r.dir / "cache").string()}});
  ChildProcess osm(opensm_args(r), osm_env, r.dir / "opensm.stdout");
  LogWatch osm_log(r.dir / "opensm.log");
  OpensmRunResult out;
  out.state = wait_for(
      [&]() -> std::optional<std::string> {
        if (osm_log.saw("SUBNET UP")) return "up";
        if (osm_log.saw("No routing engine able") || osm_log.saw("Exiting SM")) return "failed";
        return std::nullopt;
      },
      osm, r.up_timeout, budget, "waiting for OpenSM's SUBNET UP");
  out.engine_used = engine_used(osm_log.text());
  out.routed = out.state == "up" && out.engine_used != "none";
  { std::ofstream(r.dir / "engine_used.txt") << out.engine_used << " " << out.state << "\n"; }
  if (out.routed && r.path_sls) query_path_sls(r.dir, osm_env, budget);
  osm.stop();
  sim.stop();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace menger
