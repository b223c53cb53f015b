// `menger prove --checkpoint F` files, resumed after a kill or forged, under
// the verdict oracle of checkpoint_oracle.h: the runner resumes a fixed
// catalog of two small claim files from the file, and its report -- every
// instance's verdict, explanation and details -- must be a fresh run's, or
// the file is refused, or the report says which claims it took on trust
// (never under --recheck-resumed).
#include <filesystem>
#include <fstream>

#include "checkpoint_oracle.h"
#include "claims/report.h"
#include "claims/runner.h"

namespace {

using namespace menger;

// The seeds' catalog: a structure claim that holds and one that fails,
// written once into the temporary folder, which becomes the working folder so
// that the catalog is named by a relative path (the question names every
// claim file by the path it was given: the seeds hold no machine's path).
std::filesystem::path catalog() {
  static const std::filesystem::path dir = [] {
    std::filesystem::current_path(std::filesystem::temp_directory_path());
    const std::filesystem::path d = "menger-fuzz-prove-catalog";
    std::filesystem::create_directories(d);
    const char* head = "title = 't'\nstatement = 's'\n[source]\npaper = 'known'\nwhere = 'w'\n[property]\n"
                       "kind = 'structure'\n";
    std::ofstream(d / "a.toml") << head << "nodes = 'prod(i, 1, n, d[i])'\n[[instance]]\nmodel = 'mesh(2,3)'\n"
                                << "expect = 'holds'\n[[instance]]\nmodel = 'mesh(3,3)'\nexpect = 'holds'\n";
    std::ofstream(d / "b.toml") << head << "diameter = '1'\n[[instance]]\nmodel = 'mesh(2,3)'\nexpect = 'fails'\n";
    return d;
  }();
  return dir;
}

std::string answer(const ProveReport& r) {
  ReportOptions ro;
  ro.timing = false;
  nlohmann::json j = report_json(r, ro);
  j["summary"].erase("resumed");
  for (auto& c : j["claims"]) c.erase("resumed");
  return j.dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto dir = catalog();
  static const std::string fresh = answer(prove({dir}, ProveOptions{}));
  const fuzz::CheckpointInput in = fuzz::checkpoint_input(data, size);
  ProveOptions opt;
  opt.checkpoint = in.file;
  opt.recheck_resumed = in.recheck;
  fuzz::expect_clean_rejection([&](const Budget& budget) {
    ProveOptions budgeted = opt;
    budgeted.root_budget = budget;
    const ProveReport r = prove({dir}, budgeted);
    Coverage said;
    said.resumed = r.resumed;
    fuzz::judge(fresh, answer(r), said, in.recheck);
  });
  fuzz::keep_seed(in);
  return 0;
}
