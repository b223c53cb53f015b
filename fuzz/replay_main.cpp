// Corpus replay without clang: feeds every file of the directories (or the
// files) on the command line to the harness's LLVMFuzzerTestOneInput, as
// libFuzzer would, so the normal gcc build (and CI) catches a regression on
// any input a fuzzing run ever kept.  An exception escaping the harness is a
// finding: it is printed with the file's name and the run fails.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputs(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg = argv[i];
    if (!std::filesystem::is_directory(arg)) {
      files.push_back(arg);
      continue;
    }
    for (const auto& entry : std::filesystem::recursive_directory_iterator(arg))
      if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());  // a stable order for a readable log
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " DIR-OR-FILE...\n";
    return 2;
  }
  const auto files = inputs(argc, argv);
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    try {
      LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    } catch (const std::exception& e) {
      std::cerr << file.string() << ": escaped the reader: " << e.what() << "\n";
      return 1;
    }
  }
  std::cout << files.size() << " input(s) replayed\n";
  return files.empty() ? 1 : 0;  // an empty corpus is a mistake in the test, not a pass
}
