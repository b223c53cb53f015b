#include "core/text.h"

#include <charconv>

namespace menger {

std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

bool valid_utf8(std::string_view s) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = byte(i);
    if (c < 0x80) {
      ++i;
      continue;
    }
    // The lead byte fixes the length and the range of the second byte.
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else return false;
    if (i + n > s.size() || byte(i + 1) < lo || byte(i + 1) > hi) return false;
    for (std::size_t k = 2; k < n; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return false;
    i += n;
  }
  return true;
}

std::string excerpt(std::string_view s, std::size_t max) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7f) out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
    else out += static_cast<char>(c);
  }
  if (s.size() > max) out += "... (" + std::to_string(s.size()) + " bytes in all)";
  return out;
}

std::optional<std::vector<std::uint64_t>> parse_tuple(std::string_view text, char open, char close) {
  if (text.size() < 2 || text.front() != open || text.back() != close) return std::nullopt;
  std::vector<std::uint64_t> parts;
  std::string_view body = text.substr(1, text.size() - 2);
  while (!body.empty()) {
    std::uint64_t x = 0;
    auto r = std::from_chars(body.data(), body.data() + body.size(), x);
    if (r.ec != std::errc()) return std::nullopt;
    parts.push_back(x);
    body.remove_prefix(static_cast<std::size_t>(r.ptr - body.data()));
    if (body.empty()) break;
    if (body.front() != ',' || body.size() == 1) return std::nullopt;
    body.remove_prefix(1);
  }
  return parts;
}

}  // namespace menger
