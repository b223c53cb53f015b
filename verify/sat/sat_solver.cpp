#include "verify/sat/sat_solver.h"

#include <cadical.hpp>

#include <cstdio>
#include <memory>

#include "core/error.h"

namespace menger {
// Named, not anonymous: IncrementalSat::Impl holds one, and GCC refuses a member
// of internal type in a class with linkage when the file is compiled inside a
// unity batch (-Wsubobject-linkage).
namespace sat_detail {

struct StopAtDeadline : CaDiCaL::Terminator {
  explicit StopAtDeadline(const Budget& b) : budget(b) {}
  bool terminate() override { return budget.passed(); }
  Budget budget;
};

}  // namespace sat_detail
using sat_detail::StopAtDeadline;

namespace {

// CaDiCaL writes its proof to a FILE*: an anonymous temporary file, read back.
std::string read_all(std::FILE* f) {
  std::string out;
  std::rewind(f);
  char buf[1 << 16];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  return out;
}

// Quiet (CaDiCaL would print its statistics on stdout, where our JSON goes),
// stopped at the deadline, the formula's clauses added (the budget checked
// as they go: CaDiCaL's terminator is asked only once it solves, and a
// formula of millions of clauses takes seconds to add).
void load(CaDiCaL::Solver& solver, StopAtDeadline& stop, const Cnf& f) {
  solver.set("quiet", 1);
  solver.connect_terminator(&stop);
  // Millions of clauses take seconds: the budget every 2^14 of them.
  for (std::size_t i = 0; i < f.clauses.size(); ++i) {
    if ((i & 0x3fff) == 0) stop.budget.check("loading the formula into the SAT solver", i, f.clauses.size());
    for (int l : f.clauses[i]) solver.add(l);
    solver.add(0);
  }
  // A variable no clause mentions still gets a value in the model.
  if (f.vars > solver.vars()) solver.reserve(f.vars);
}

SatRun answer(CaDiCaL::Solver& solver, int vars) {
  SatRun run;
  const int r = solver.solve();
  if (r == 20) run.answer = SatRun::Answer::Unsat;
  if (r != 10) return run;
  run.answer = SatRun::Answer::Sat;
  run.model.assign(static_cast<std::size_t>(vars) + 1, 0);
  for (int v = 1; v <= vars; ++v) run.model[static_cast<std::size_t>(v)] = solver.val(v) > 0;
  return run;
}

}  // namespace

SatRun solve_cnf(const Cnf& f, bool with_proof, const Budget& budget) {
  // Declared before the solver, so destroyed after it: the solver's
  // destructor still traces clause deletions into the proof file and may
  // still hold the terminator.  Declared the other way round, a budget that
  // ran out inside load() or solve() closed the file first, and the solver
  // wrote into freed memory (issue 36: a heap corruption, SIGSEGV or abort,
  // only when a budget stopped a deadlock search mid-level).
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> trace(nullptr, std::fclose);
  StopAtDeadline stop(budget);
  CaDiCaL::Solver solver;
  if (with_proof) {  // before any clause: CaDiCaL traces from its configuring state
    trace.reset(std::tmpfile());
    if (!trace) throw InputError("cannot open a temporary file for the SAT solver's proof");
    solver.set("binary", 0);  // text DRAT
    solver.trace_proof(trace.get(), "<deadlock proof>");
  }
  load(solver, stop, f);
  SatRun run = answer(solver, f.vars);
  solver.disconnect_terminator();
  if (run.answer == SatRun::Answer::Unsat && with_proof) {
    solver.flush_proof_trace();  // the FILE stays ours: CaDiCaL does not close what it did not open
    run.proof = read_all(trace.get());
  }
  return run;
}

struct IncrementalSat::Impl {
  explicit Impl(const Budget& budget) : stop(budget) {}
  StopAtDeadline stop;      // outlives the solver that holds it
  CaDiCaL::Solver solver;
};

IncrementalSat::IncrementalSat(const Cnf& f, const Budget& budget) : impl_(new Impl(budget)), vars_(f.vars) {
  try {
    load(impl_->solver, impl_->stop, f);
  } catch (...) {  // the budget ran out while loading: no destructor runs for a constructor that throws
    delete impl_;
    throw;
  }
}

IncrementalSat::~IncrementalSat() { delete impl_; }

void IncrementalSat::add(const std::vector<int>& clause) {
  for (int l : clause) impl_->solver.add(l);
  impl_->solver.add(0);
}

SatRun IncrementalSat::solve() { return answer(impl_->solver, vars_); }

}  // namespace menger
