#include "verify/sat_solver.h"

#include <cadical.hpp>

#include <cstdio>
#include <memory>

#include "core/deadline.h"
#include "core/error.h"

namespace menger {
namespace {

struct StopAtDeadline : CaDiCaL::Terminator {
  bool terminate() override { return deadline_passed(); }
};

// CaDiCaL writes its proof to a FILE*: an anonymous temporary file, read back.
std::string read_all(std::FILE* f) {
  std::string out;
  std::rewind(f);
  char buf[1 << 16];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) out.append(buf, n);
  return out;
}

}  // namespace

SatRun solve_cnf(const Cnf& f, bool with_proof) {
  CaDiCaL::Solver solver;
  solver.set("quiet", 1);  // CaDiCaL would print its statistics on stdout, where our JSON goes
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> trace(nullptr, std::fclose);
  if (with_proof) {
    trace.reset(std::tmpfile());
    if (!trace) throw InputError("cannot open a temporary file for the SAT solver's proof");
    solver.set("binary", 0);  // text DRAT
    solver.trace_proof(trace.get(), "<deadlock proof>");
  }
  StopAtDeadline stop;
  solver.connect_terminator(&stop);
  for (const auto& c : f.clauses) {
    for (int l : c) solver.add(l);
    solver.add(0);
  }
  // A variable no clause mentions still gets a value in the model.
  if (f.vars > solver.vars()) solver.reserve(f.vars);
  SatRun run;
  const int r = solver.solve();
  solver.disconnect_terminator();
  if (r == 10) {
    run.answer = SatRun::Answer::Sat;
    run.model.assign(static_cast<std::size_t>(f.vars) + 1, 0);
    for (int v = 1; v <= f.vars; ++v) run.model[static_cast<std::size_t>(v)] = solver.val(v) > 0;
  } else if (r == 20) {
    run.answer = SatRun::Answer::Unsat;
    if (with_proof) {
      solver.flush_proof_trace();  // the FILE stays ours: CaDiCaL does not close what it did not open
      run.proof = read_all(trace.get());
    }
  }
  return run;
}

struct IncrementalSat::Impl {
  CaDiCaL::Solver solver;
  StopAtDeadline stop;
};

IncrementalSat::IncrementalSat(const Cnf& f) : impl_(new Impl), vars_(f.vars) {
  impl_->solver.set("quiet", 1);
  impl_->solver.connect_terminator(&impl_->stop);
  for (const auto& c : f.clauses) add(c);
  if (vars_ > impl_->solver.vars()) impl_->solver.reserve(vars_);
}

IncrementalSat::~IncrementalSat() { delete impl_; }

void IncrementalSat::add(const std::vector<int>& clause) {
  for (int l : clause) impl_->solver.add(l);
  impl_->solver.add(0);
}

SatRun IncrementalSat::solve() {
  SatRun run;
  const int r = impl_->solver.solve();
  if (r == 20) run.answer = SatRun::Answer::Unsat;
  if (r != 10) return run;
  run.answer = SatRun::Answer::Sat;
  run.model.assign(static_cast<std::size_t>(vars_) + 1, 0);
  for (int v = 1; v <= vars_; ++v) run.model[static_cast<std::size_t>(v)] = impl_->solver.val(v) > 0;
  return run;
}

}  // namespace menger
