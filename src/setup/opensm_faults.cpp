#include "setup/opensm_faults.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>

#include <thread>

#include <tbb/task_arena.h>

#include "core/error.h"
#include "core/input_file.h"
#include "core/json_io.h"
#include "core/version.h"
#include "io/opensm_session.h"
#include "models/ibsim_net.h"
#include "question/question_json.h"
#include "setup/credit_loops.h"

namespace menger {

namespace fs = std::filesystem;

namespace {

// More sets than this are refused before anything runs: at a few tenths of
// a second per OpenSM run, a million sets is days.
constexpr std::uint64_t kMaxSets = 1'000'000;

struct Unit {
  bool is_switch = false;
  std::size_t index = 0;  // into the net's links() or nodes()
};

struct Plan {
  IbsimNet net;
  std::vector<Unit> units;
  std::vector<std::string> names;
  std::vector<std::vector<std::size_t>> sets;  // by size, then lexicographic
  std::size_t sm_host = 0;                     // preferred node
  OpensmRunRequest request;                    // engine, files, limits; per set: text, dir, host, guid2lid
  std::string roots_digest, torus_digest;      // of the option files (empty: none)
  CreditLoopsQuestion check;
  fs::path workdir;
  std::shared_ptr<class FileLock> lock;        // on the default work directory, while this run uses it
};

std::vector<Unit> units_of(const IbsimNet& net, const std::string& faults, std::vector<std::string>& names) {
  std::vector<Unit> units;
  if (faults != "switches")
    for (std::size_t l = 0; l < net.links().size(); ++l) {
      const IbsimLink& k = net.links()[l];
      if (!k.switch_to_switch) continue;
      units.push_back({false, l});
      names.push_back("link " + net.nodes()[k.a].name + "[" + std::to_string(k.port_a) + "] - " +
                      net.nodes()[k.b].name + "[" + std::to_string(k.port_b) + "]");
    }
  if (faults != "links")
    for (std::size_t v = 0; v < net.nodes().size(); ++v)
      if (net.nodes()[v].is_switch) {
        units.push_back({true, v});
        names.push_back("switch " + net.nodes()[v].name);
      }
  return units;
}

std::uint64_t choose(std::uint64_t n, std::uint64_t r) {
  std::uint64_t c = 1;
  for (std::uint64_t i = 1; i <= r; ++i) {
    c = c * (n - r + i) / i;  // exact: c is C(n - r + i, i) after each step
    if (c > kMaxSets) return kMaxSets + 1;
  }
  return c;
}

std::vector<std::vector<std::size_t>> fault_sets(std::size_t n, std::uint32_t k) {
  std::uint64_t total = 0;
  for (std::uint32_t r = 0; r <= k && r <= n; ++r) total += choose(n, r);
  if (total > kMaxSets)
    throw InputError("k = " + std::to_string(k) + " over " + std::to_string(n) + " units is more than " +
                     std::to_string(kMaxSets) + " fault sets, each an OpenSM run: ask for a smaller k");
  std::vector<std::vector<std::size_t>> sets;
  for (std::uint32_t r = 0; r <= k && r <= n; ++r) {
    std::vector<std::size_t> c(r);
    for (std::size_t i = 0; i < r; ++i) c[i] = i;
    for (;;) {
      sets.push_back(c);
      std::size_t i = r;
      while (i > 0 && c[i - 1] == n - r + i - 1) --i;
      if (i == 0) break;
      ++c[i - 1];
      for (std::size_t j = i; j < r; ++j) c[j] = c[j - 1] + 1;
    }
  }
  return sets;
}

fs::path resolved(const std::string& name, const fs::path& base_dir) {
  const fs::path p(name);
  return p.is_relative() && !base_dir.empty() ? base_dir / p : p;
}

std::string digest_of(const fs::path& file, const char* what, const Budget& budget) {
  return read_input_file(file, what, budget).digest;
}

// What makes two runs the same question: the fabric, the engine and its
// option files by digest, what fails, path SLs, VLs and the subnet manager's
// node (k and the run controls do not: a set's place in the order is the same
// for every k).
nlohmann::json identity(const Plan& p, const OpensmFaultsQuestion& q) {
  return {{"format", "menger-opensm-faults-workdir"},
          {"net", p.net.digest()},
          {"engine", q.engine},
          {"faults", q.faults},
          {"sls", q.sls},
          {"vls", q.vls},
          {"roots", p.roots_digest},
          {"torus_config", p.torus_digest},
          {"sm_host", p.net.nodes()[p.sm_host].name}};
}

// An exclusive lock on a file, held while it lives (flock(2): released by
// the kernel if the process dies).
class FileLock {
 public:
  explicit FileLock(const fs::path& file) : fd_(::open(file.c_str(), O_CREAT | O_RDWR, 0644)) {
    if (fd_ < 0 || ::flock(fd_, LOCK_EX) != 0) throw InputError("cannot lock " + file.string());
  }
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

fs::path fresh_temp_dir() {
  std::random_device rd;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path d = fs::temp_directory_path() / ("menger-opensm-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
    if (fs::create_directory(d)) return d;
  }
  throw InputError("cannot make a temporary directory in " + fs::temp_directory_path().string());
}

// The work directory, checked to hold this question or nothing.  Without
// one given, a directory whose name depends only on the question
// (<temp>/menger-opensm-faults/<digest>), emptied first: the output, the
// witness included, is then the same bytes run after run, and the witness
// replays from it.  Runs of one question take turns on it (a lock file
// beside it, held while the Plan lives).
void open_workdir(Plan& p, const OpensmFaultsQuestion& q, const Budget& budget) {
  if (q.workdir.empty()) {
    const fs::path home = fs::temp_directory_path() / "menger-opensm-faults";
    const std::string key = sha256_digest(identity(p, q).dump());
    p.workdir = home / key.substr(key.find(':') + 1, 16);
    fs::create_directories(home);
    p.lock = std::make_shared<FileLock>(p.workdir.string() + ".lock");
    fs::remove_all(p.workdir);
    fs::create_directories(p.workdir);
    return;
  }
  p.workdir = q.workdir;
  fs::create_directories(p.workdir);
  const fs::path marker = p.workdir / "question.json";
  const nlohmann::json mine = identity(p, q);
  if (fs::exists(marker)) {
    nlohmann::json theirs;
    try {
      theirs = nlohmann::json::parse(read_own_file(marker, "work directory question", budget).text);
    } catch (const nlohmann::json::exception& e) {
      throw InputError(marker.string() + ": not a work directory's question (" + e.what() + ")");
    }
    if (theirs != mine)
      throw InputError("work directory " + p.workdir.string() + " holds a run of another question (" +
                       marker.string() + " differs): give another directory, or empty this one");
  } else if (!fs::is_empty(p.workdir)) {
    throw InputError("work directory " + p.workdir.string() + " is not empty and holds no question.json");
  } else {
    std::ofstream(marker) << mine.dump(2) << "\n";
  }
}

Plan make_plan(const fs::path& net_file, const OpensmFaultsQuestion& q, const Budget& budget, const fs::path& base_dir) {
  Plan p{IbsimNet::read(net_file, budget), {}, {}, {}, 0, {}, {}, {}, {}, {}, {}};
  p.units = units_of(p.net, q.faults, p.names);
  p.sets = fault_sets(p.units.size(), q.k);
  if (!q.sm_host.empty()) {
    bool found = false;
    for (std::size_t v = 0; v < p.net.nodes().size() && !found; ++v) {
      found = p.net.nodes()[v].name == q.sm_host;
      if (found) p.sm_host = v;
    }
    if (!found) throw InputError("sm_host \"" + q.sm_host + "\" is no node of " + net_file.string());
  }
  OpensmRunRequest& r = p.request;
  r.engine = q.engine;
  if (!q.roots.empty()) r.roots = fs::absolute(resolved(q.roots, base_dir));
  if (!q.torus_config.empty()) r.torus_config = fs::absolute(resolved(q.torus_config, base_dir));
  // Read now: refused here when unreadable, and their digests name the question.
  if (r.roots) p.roots_digest = digest_of(*r.roots, "OpenSM root GUID file", budget);
  if (r.torus_config) p.torus_digest = digest_of(*r.torus_config, "torus-2QoS config file", budget);
  if (q.engine == "torus-2QoS" && !r.torus_config)
    throw InputError("engine torus-2QoS needs torus_config (OpenSM's --torus_config file)");
  r.path_sls = q.sls == kPathServiceLevels.from_dump;
  r.up_timeout = std::chrono::seconds(q.up_timeout);
  for (const IbsimNode& n : p.net.nodes()) (n.is_switch ? r.switches : r.nodes) += 1;
  r.nodes += r.switches;
  p.check.sls = q.sls;
  p.check.vls = q.vls;
  return p;
}

struct Failed {
  std::vector<bool> links, nodes;
};

Failed failed_units(const Plan& p, const std::vector<std::size_t>& set) {
  Failed f{std::vector<bool>(p.net.links().size(), false), std::vector<bool>(p.net.nodes().size(), false)};
  for (std::size_t u : set) (p.units[u].is_switch ? f.nodes : f.links)[p.units[u].index] = true;
  return f;
}

// The preferred host, unless the failures take it or cut it off: then the
// first switch they leave (a standby subnet manager takes over).
std::size_t sm_host_for(const Plan& p, const Failed& f) {
  const auto live = [&](std::size_t v) {
    if (f.nodes[v]) return false;
    for (std::size_t l = 0; l < p.net.links().size(); ++l) {
      const IbsimLink& k = p.net.links()[l];
      if ((k.a == v || k.b == v) && !f.links[l] && !f.nodes[k.a] && !f.nodes[k.b]) return true;
    }
    return false;
  };
  if (live(p.sm_host)) return p.sm_host;
  for (std::size_t v = 0; v < p.net.nodes().size(); ++v)
    if (p.net.nodes()[v].is_switch && live(v)) return v;
  return p.sm_host;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// OpenSM's state for the set in `dir`: run now, or read back from an earlier
// run of the same set (its fabric.net must be the one this set needs).
OpensmRunResult route_set(const OpensmRunRequest& r, bool& resumed, const Budget& budget) {
  const fs::path done = r.dir / "done";
  if (fs::exists(done) && read_text(r.dir / "fabric.net") == r.net_text) {
    std::istringstream line(read_text(r.dir / "engine_used.txt"));
    OpensmRunResult back;
    line >> back.engine_used >> back.state;
    back.routed = back.state == "up" && back.engine_used != "none";
    // Routed, or refused by the engine: settled.  A timeout or a crash is
    // not an answer, and is run again.
    if (back.state == "up" || back.state == "failed") {
      resumed = true;
      return back;
    }
  }
  resumed = false;
  OpensmRunResult out = run_opensm(r, budget);
  std::ofstream(done) << "finished\n";
  return out;
}

void classify(SmFaultSetOutcome& o, const Answer& a) {
  const DeadlockResult& d = a.result_as<DeadlockResult>();
  if (a.recheck && !a.recheck->valid)
    throw InternalError("a credit-loop check's evidence does not check: " +
                        (a.recheck->problems.empty() ? a.recheck->summary : a.recheck->problems.front()));
  o.check = credit_loops_json(d, *a.subject.net, fabric_of(a), Timings::Omit);
  o.pairs = d.plain.packets;
  if (a.verdict == VerdictKind::Holds) {
    o.kind = SmFaultSetOutcome::Kind::Clean;
  } else if (a.verdict == VerdictKind::Fails) {
    o.kind = SmFaultSetOutcome::Kind::CreditLoop;
  } else if (d.plain.acyclic && d.plain.gap) {
    const InfinibandFabric& fabric = fabric_of(a);
    o.kind = SmFaultSetOutcome::Kind::Unrouted;
    o.detail = fabric.label(d.plain.gap->packet.src) + " -> " + fabric.label(d.plain.gap->packet.dst) + ": " +
               d.plain.gap->what;
  } else {
    o.kind = SmFaultSetOutcome::Kind::Unknown;
    o.detail = a.reason;
  }
}

SmFaultSetOutcome run_set(const Plan& p, std::size_t index, const std::optional<std::string>& guid2lid,
                          const Context& ctx) {
  const auto start = std::chrono::steady_clock::now();
  SmFaultSetOutcome o;
  o.units = p.sets[index];
  const Failed f = failed_units(p, o.units);
  const std::size_t host = sm_host_for(p, f);
  o.sm_host = p.net.nodes()[host].name;
  for (std::size_t v : p.net.cut_off_adapters(f.links, f.nodes, host)) o.cut_off.push_back(p.net.nodes()[v].name);
  OpensmRunRequest r = p.request;
  r.net_text = p.net.text_without(f.links, f.nodes);
  r.dir = p.workdir / ("set-" + std::to_string(index));
  o.dir = r.dir.string();
  r.sm_host = o.sm_host;
  r.guid2lid = guid2lid;
  try {
    const OpensmRunResult run = route_set(r, o.resumed, ctx.budget);
    if (!run.routed) {
      o.kind = run.state == "failed" ? SmFaultSetOutcome::Kind::NotRouted : SmFaultSetOutcome::Kind::Unknown;
      o.detail = run.state == "failed" ? "OpenSM: no routing engine able to route the fabric (" + p.request.engine +
                                             " with no_fallback)"
                                       : "OpenSM: " + run.state + " before SUBNET UP (see " + r.dir.string() + "/opensm.log)";
    } else {
      classify(o, answer_credit_loops(r.dir.string(), "", p.check, ctx));
    }
  } catch (const InputError& e) {
    if (o.resumed) {  // a damaged earlier run: route the set again
      fs::remove(r.dir / "done");
      return run_set(p, index, guid2lid, ctx);
    }
    o.kind = SmFaultSetOutcome::Kind::Unknown;
    o.detail = e.what();
  }
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

SmFaultSetOutcome::Kind kind_named(const std::string& word) {
  for (auto k : {SmFaultSetOutcome::Kind::Clean, SmFaultSetOutcome::Kind::CreditLoop, SmFaultSetOutcome::Kind::Unrouted,
                 SmFaultSetOutcome::Kind::NotRouted, SmFaultSetOutcome::Kind::Unknown})
    if (word == to_string(k)) return k;
  throw InputError("an opensm-faults shard from another process: no outcome '" + word + "'");
}

// A set's outcome as it crosses MPI ranks.
nlohmann::json outcome_json(const SmFaultSetOutcome& o) {
  return {{"units", o.units},     {"kind", to_string(o.kind)}, {"detail", o.detail},   {"sm_host", o.sm_host},
          {"cut_off", o.cut_off}, {"pairs", o.pairs},          {"resumed", o.resumed}, {"seconds", o.seconds},
          {"check", o.check},     {"dir", o.dir}};
}

SmFaultSetOutcome outcome_from_json(const nlohmann::json& j) {
  try {
    SmFaultSetOutcome o;
    o.units = j.at("units").get<std::vector<std::size_t>>();
    o.kind = kind_named(j.at("kind").get<std::string>());
    o.detail = j.at("detail").get<std::string>();
    o.sm_host = j.at("sm_host").get<std::string>();
    o.cut_off = j.at("cut_off").get<std::vector<std::string>>();
    o.pairs = j.at("pairs").get<std::uint64_t>();
    o.resumed = j.at("resumed").get<bool>();
    o.seconds = j.at("seconds").get<double>();
    o.check = j.at("check");
    o.dir = j.at("dir").get<std::string>();
    return o;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("an opensm-faults shard from another process: ") + e.what());
  }
}

// Another rank's outcome is checked, not believed: when its tables are on
// this machine (one host, or a work directory every rank sees), they are
// read and checked for credit loops again here and must give the same
// outcome; otherwise it counts as taken on trust.
bool recheck_remote(const Plan& p, std::size_t index, const SmFaultSetOutcome& o, const Context& ctx) {
  if (o.units != p.sets[index]) throw InputError("an opensm-faults shard from another process names another fault set");
  if (o.kind != SmFaultSetOutcome::Kind::Clean && o.kind != SmFaultSetOutcome::Kind::CreditLoop &&
      o.kind != SmFaultSetOutcome::Kind::Unrouted)
    return true;  // no tables to read again: OpenSM routed nothing
  if (!fs::exists(fs::path(o.dir) / "done")) return false;
  SmFaultSetOutcome mine;
  classify(mine, answer_credit_loops(o.dir, "", p.check, ctx));
  if (mine.kind != o.kind || mine.check != o.check)
    throw InputError("an opensm-faults shard from another process does not match its tables in " + o.dir +
                     ": it says " + to_string(o.kind) + ", the tables give " + to_string(mine.kind));
  return true;
}

// What the sets settled so far, in set order.
struct Settled {
  std::vector<std::optional<SmFaultSetOutcome>> sets;
  std::size_t resumed = 0, remote = 0;
  bool stopped = false;
  std::string stop_reason;

  Coverage coverage(const fs::path& workdir) const {
    Coverage c;
    c.unit = "fault sets";
    c.total = sets.size();
    while (c.settled < sets.size() && sets[c.settled]) ++c.settled;
    std::size_t failing = 0;
    for (const auto& o : sets) failing += o && o->fails();
    c.so_far = failing ? std::to_string(failing) + " failing" : "no failing set";
    if (c.settled < c.total) c.remains = std::to_string(c.total - c.settled) + " fault sets";
    if (resumed)
      c.resumed = Resumption{workdir.string(), "fault sets", resumed, 0,
                             "the credit-loop check on each set's tables, and that its fabric.net is this set's",
                             "that OpenSM wrote those tables (and, for a set marked not routed, that the "
                             "engine refused it)"};
    return c;
  }
};

std::optional<std::string> read_guid2lid(const Plan& p) {
  const fs::path file = p.workdir / "set-0" / "cache" / "guid2lid";
  if (!fs::exists(file)) return std::nullopt;
  return read_text(file);
}

// This process alone, `jobs` subnets at once.  Threads of our own, not TBB's:
// each mostly waits for its simulator and subnet manager, and `jobs` is how
// many subnets run at once, whatever limit TBB's workers are under.
void settle_here(const Plan& p, unsigned jobs, const Context& ctx, Settled& out) {
  std::mutex merge;
  std::exception_ptr error;
  std::atomic<bool> stop{false};
  const auto settle = [&](std::size_t i, const std::optional<std::string>& guid2lid) {
    if (stop) return;
    try {
      SmFaultSetOutcome o = run_set(p, i, guid2lid, ctx);
      const std::lock_guard lock(merge);
      out.resumed += o.resumed;
      out.sets[i] = std::move(o);
      if (ctx.progress) ctx.progress(out.coverage(p.workdir));
    } catch (const BudgetExhausted&) {
      const std::lock_guard lock(merge);
      if (!stop.exchange(true)) out.stop_reason = ctx.budget.reason();
    } catch (...) {  // a worker thread must not end the program: the first error is rethrown below
      const std::lock_guard lock(merge);
      if (!error) error = std::current_exception();
      stop = true;
    }
  };
  settle(0, std::nullopt);  // the fault-free set first: its LIDs are every other set's
  const std::optional<std::string> lids = read_guid2lid(p);
  std::atomic<std::size_t> next{1};
  std::vector<std::thread> workers;
  for (unsigned j = 0; j < jobs && j + 1 < p.sets.size(); ++j)
    workers.emplace_back([&] {
      for (std::size_t i = next++; i < p.sets.size(); i = next++) settle(i, lids);
    });
  for (auto& w : workers) w.join();
  if (error) std::rethrow_exception(error);
  out.stopped = stop;
}

// Over MPI ranks (core/shard_farm.h): the coordinator routes the fault-free
// set, then every other set is a shard whose context carries those LIDs and
// the coordinator's work directory; each rank runs one subnet at a time.  A
// rank that cannot see that directory (another machine) works in a
// temporary one of its own.
void settle_on_farm(const Plan& p, const ShardFarm& farm, const Context& ctx, Settled& out) {
  std::optional<std::string> lids;
  if (farm.coordinator()) {
    SmFaultSetOutcome first = run_set(p, 0, std::nullopt, ctx);
    out.resumed += first.resumed;
    out.sets[0] = std::move(first);
    lids = read_guid2lid(p);
  }
  Plan mine = p;
  bool own_dir = false;
  ShardJob job;
  job.count = farm.coordinator() ? p.sets.size() : 0;
  job.start = [] { return std::size_t{1}; };
  job.context = [&](std::size_t) -> std::optional<std::string> {
    return json_text({{"guid2lid", lids ? nlohmann::json(*lids) : nlohmann::json()}, {"workdir", p.workdir.string()}});
  };
  job.work = [&](std::size_t i, const std::string& context) {
    const nlohmann::json c = parse_json(context, "an opensm-faults shard's context");
    const fs::path dir = c.at("workdir").get<std::string>();
    if (!own_dir && fs::is_directory(dir)) {
      mine.workdir = dir;
    } else if (!own_dir) {
      own_dir = true;
      mine.workdir = fresh_temp_dir();
    }
    std::optional<std::string> g;
    if (!c.at("guid2lid").is_null()) g = c.at("guid2lid").get<std::string>();
    return json_text(outcome_json(run_set(mine, i, g, ctx)));
  };
  job.merge = [&](std::size_t i, const std::string& text) {
    SmFaultSetOutcome o = outcome_from_json(parse_json(text, "an opensm-faults shard from another process"));
    if (!recheck_remote(p, i, o, ctx)) ++out.remote;
    out.resumed += o.resumed;
    out.sets[i] = std::move(o);
    if (ctx.progress) ctx.progress(out.coverage(p.workdir));
    return true;
  };
  farm.run(job);
}

void set_verdict(Answer& a, const OpensmFaultsResult& r, const Plan& p, const Settled& s, const Context& ctx) {
  const SmFaultSetOutcome* least = r.least_failing();
  std::size_t unknown = 0;
  for (const auto& o : r.sets) unknown += o.kind == SmFaultSetOutcome::Kind::Unknown;
  if (least) {
    a.verdict = VerdictKind::Fails;
    if (least->kind == SmFaultSetOutcome::Kind::CreditLoop && fs::exists(least->dir)) {
      Answer loop = answer_credit_loops(least->dir, "", p.check, ctx);
      a.evidence = std::move(loop.evidence);
      a.recheck = std::move(loop.recheck);
      a.unchecked = std::move(loop.unchecked);
    } else if (least->kind == SmFaultSetOutcome::Kind::CreditLoop) {
      a.unchecked = "the least failing set's tables are on another machine (" + least->dir + ")";
    }
  } else if (!r.complete) {
    a.verdict = VerdictKind::Unknown;
    a.reason = (s.stop_reason.empty() ? std::string("stopped") : s.stop_reason) + " after " + a.coverage.text();
  } else if (unknown) {
    a.verdict = VerdictKind::Unknown;
    a.reason = std::to_string(unknown) + " of " + std::to_string(r.sets.size()) + " fault sets not settled";
  } else {
    a.verdict = VerdictKind::Holds;
  }
}

nlohmann::json opensm_faults_view(const Answer& a, Timings timings);

}  // namespace

Answer answer_opensm_faults(const fs::path& net_file, const OpensmFaultsQuestion& q, const Context& ctx,
                            const fs::path& base_dir) {
  const auto start = std::chrono::steady_clock::now();
  if (const std::string missing = missing_opensm_tools(); !missing.empty())
    throw InputError("the subnet manager loop needs " + missing +
                     " (Debian opensm, ibsim-utils, infiniband-diags; scripts/install-deps.sh installs them)");
  const bool spread = ctx.farm && ctx.farm->processes() > 1;
  if (spread && ctx.budget.deadline())
    throw InputError("--budget cannot be honoured under mpirun: the ranks share no clock to stop at one point; run "
                     "without mpirun, or split a long run with --workdir");
  Plan p = make_plan(net_file, q, ctx.budget, base_dir);
  if (!spread || ctx.farm->coordinator()) open_workdir(p, q, ctx.budget);

  Settled s;
  s.sets.resize(p.sets.size());
  if (spread) settle_on_farm(p, *ctx.farm, ctx, s);
  else settle_here(p, q.jobs ? q.jobs : static_cast<unsigned>(tbb::this_task_arena::max_concurrency()), ctx, s);

  OpensmFaultsResult r;
  r.net = net_file.string();
  r.engine = q.engine;
  r.faults = q.faults;
  r.k = q.k;
  r.unit_names = p.names;
  r.total_sets = p.sets.size();
  r.resumed = s.resumed;
  r.remote = s.remote;
  r.complete = !s.stopped;
  for (auto& o : s.sets)
    if (o) {
      r.opensm_seconds += o->seconds;
      r.sets.push_back(std::move(*o));
    } else {
      r.complete = false;
    }
  Answer a = Answer::asked("opensm-faults", Subject{}, question::to_json_view(q));
  a.coverage = s.coverage(p.workdir);
  if (r.remote)
    a.coverage.resumed = Resumption{"other MPI ranks", "fault sets", r.remote, 0, "",
                                    "their outcomes: the tables are on another machine and were not read again here"};
  set_verdict(a, r, p, s, ctx);
  // A temporary work directory goes, unless it holds a failing set's tables
  // or a run cut short (--workdir with it resumes).
  const bool keep = r.least_failing() || !r.complete;
  if (q.workdir.empty() && !keep && !p.workdir.empty()) fs::remove_all(p.workdir);
  else r.workdir = p.workdir.string();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  a.result = std::move(r);
  a.view = &opensm_faults_view;
  a.seconds = std::get<OpensmFaultsResult>(a.result).seconds;
  return a;
}

std::size_t OpensmFaultsResult::failing() const {
  std::size_t n = 0;
  for (const auto& s : sets) n += s.fails();
  return n;
}

const SmFaultSetOutcome* OpensmFaultsResult::least_failing() const {
  for (const auto& s : sets)
    if (s.fails()) return &s;
  return nullptr;
}

std::string OpensmFaultsResult::set_text(const SmFaultSetOutcome& s) const {
  if (s.units.empty()) return "no failure";
  std::string t;
  for (std::size_t u : s.units) t += (t.empty() ? "" : ", ") + unit_names[u];
  return t;
}

const char* to_string(SmFaultSetOutcome::Kind k) {
  switch (k) {
    case SmFaultSetOutcome::Kind::Clean: return "clean";
    case SmFaultSetOutcome::Kind::CreditLoop: return "credit-loop";
    case SmFaultSetOutcome::Kind::Unrouted: return "unrouted";
    case SmFaultSetOutcome::Kind::NotRouted: return "not-routed";
    case SmFaultSetOutcome::Kind::Unknown: return "unknown";
  }
  return "unknown";
}

namespace {

// schemas/opensm-faults.schema.json: the question, the verdict, every set
// examined in set order, the coverage; seconds only with Timings::Include.
nlohmann::json opensm_faults_view(const Answer& a, Timings timings) {
  const OpensmFaultsResult& r = a.result_as<OpensmFaultsResult>();
  nlohmann::json sets = nlohmann::json::array();
  for (const auto& s : r.sets) {
    nlohmann::json j{{"failed", r.set_text(s)},     {"size", s.units.size()}, {"outcome", to_string(s.kind)},
                     {"sm_host", s.sm_host},        {"cut_off", s.cut_off},   {"pairs", s.pairs},
                     {"resumed", s.resumed}};
    if (!s.detail.empty()) j["detail"] = s.detail;
    if (!s.check.is_null()) j["check"] = s.check;
    if (timings == Timings::Include) j["seconds"] = s.seconds;
    sets.push_back(std::move(j));
  }
  nlohmann::json j{{"net", r.net},
                   {"question", a.question},
                   {"verdict", std::string(to_string(a.verdict))},
                   {"units", r.unit_names},
                   {"total_sets", r.total_sets},
                   {"failing", r.failing()},
                   {"sets", sets},
                   {"coverage", to_json(a.coverage)},
                   {"menger", {{"version", kVersion}}}};
  if (!a.reason.empty()) j["reason"] = a.reason;
  if (a.recheck) j["recheck"] = {{"valid", a.recheck->valid}, {"summary", a.recheck->summary}};
  if (timings == Timings::Include) {
    j["workdir"] = r.workdir;
    j["seconds"] = r.seconds;
    j["opensm_seconds"] = r.opensm_seconds;
  }
  return j;
}

}  // namespace

}  // namespace menger
