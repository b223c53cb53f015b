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
