// `menger prove --checkpoint F` files, resumed after a kill: the runner reads
// every claim's record back (its instances' verdicts, explanations, details
// and figure curves) for a fixed catalog of two small claim files written
// once per process, the catalog of the seed files.  Either the report is
// built or the file is refused with one InputError.
#include <filesystem>
#include <fstream>

#include "claims/runner.h"
#include "fuzz_support.h"

namespace {

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto dir = catalog();
  const auto file = menger::fuzz::scratch_file(".jsonl", menger::fuzz::as_text(data, size));
  menger::ProveOptions opt;
  opt.checkpoint = file;
  menger::fuzz::expect_clean_rejection([&] { (void)menger::prove({dir}, opt); });
  return 0;
}
