#include "core/number_text.h"

#include <charconv>
#include <cmath>

#include "core/error.h"

namespace menger {

// Decimal notation only, as a reader writes it: std::from_chars (general
// format) takes "2.5", "-1" and "1e-5" but not what std::stod also took --
// leading blanks, a '+', hexadecimal ("0x10" was 16) -- and the whole text
// must be the number.
double parse_number(const std::string& text, const std::string& what) {
  double x = 0;
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, x, std::chars_format::general);
  if (text.empty() || r.ec != std::errc() || r.ptr != end || !std::isfinite(x))
    throw InputError(what + ": '" + text + "' is not a number");
  return x;
}

namespace {

double non_negative(const std::string& text, const std::string& what) {
  const double v = parse_number(text, what);
  if (v < 0) throw InputError(what + ": '" + text + "' is negative");
  return v;
}

std::vector<double> listed_points(const std::string& text, const std::string& what) {
  std::vector<double> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    out.push_back(non_negative(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start), what));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace

std::vector<double> parse_points(const std::string& text, const std::string& what) {
  const auto dots = text.find("..");
  if (dots == std::string::npos) return listed_points(text, what);
  const auto colon = text.find(':', dots);
  const double a = non_negative(text.substr(0, dots), what);
  const double b = non_negative(text.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2), what);
  const double step = colon == std::string::npos ? 1 : non_negative(text.substr(colon + 1), what);
  if (step <= 0 || b < a) throw InputError(what + ": '" + text + "' is not a range a..b[:step] with a <= b, step > 0");
  const auto n = static_cast<std::size_t>(std::floor((b - a) / step + 1e-9)) + 1;
  if (n > 10'000) throw InputError(what + ": '" + text + "' has more than 10000 points");
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(a + static_cast<double>(i) * step);  // no accumulated rounding
  return out;
}

}  // namespace menger
