// Whole numbers on the command line, read strictly.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdint>
#include <string>

namespace menger {

// For 64-bit counts and seeds: CLI11 reads "-5" into a std::uint64_t as
// 2^64 - 5, saturates 10^20 to 2^64 - 1 and reads "010" as octal 8, silently
// (`--seed -1` once ran with seed 18446744073709551615).  Decimal digits that
// fit, or one error; a transform (`->transform(kWholeNumber)`), so that the
// text CLI11 converts is the number in plain decimal.
inline const CLI::Validator kWholeNumber(
    [](std::string& text) -> std::string {
      std::uint64_t v = 0;
      const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
      if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        return "'" + text + "' is not a whole number (decimal digits only)";
      if (r.ec != std::errc()) return "'" + text + "' is more than 2^64 - 1";
      text = std::to_string(v);
      return {};
    },
    "WHOLE NUMBER");

}  // namespace menger
