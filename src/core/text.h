// Small text helpers shared by the spec parser, the formula parser, label
// lookup and the exporters.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace menger {

// A read position in a text, for the hand-written recursive-descent parsers.
struct TextCursor {
  std::string_view text;
  std::size_t pos = 0;

  void skip_ws() {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  }
  // Skips white space, then consumes `c` if it is next.
  bool eat(char c) {
    skip_ws();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool at_end() const { return pos >= text.size(); }
  char peek() const { return text[pos]; }
};

// "s" in double quotes, with " and \ escaped by a backslash (spec syntax).
std::string quoted(std::string_view s);

// Whether `s` is well-formed UTF-8 (Unicode 15, table 3-7: no overlong forms,
// no surrogates, nothing above U+10FFFF), as XML and JSON text must be.
bool valid_utf8(std::string_view s);

// User input as it may stand inside a one-line error message: control
// characters (newlines among them) written as \n, \t or \xNN, and at most
// `max` characters of the input, then "... (N bytes in all)".
std::string excerpt(std::string_view s, std::size_t max = 120);

// The numbers of a tuple label such as "(1,0,2)" (open and close given), or
// nullopt if `text` is not exactly such a tuple of non-negative integers.
std::optional<std::vector<std::uint64_t>> parse_tuple(std::string_view text, char open = '(', char close = ')');

}  // namespace menger
