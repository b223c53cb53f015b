// Model spec strings: the short text a person types to name a network.
//
//   hypercube(3)   torus(8,8,8)   mikant(3,3)
//   min(stages=3, radix=4, wiring=deterministic)
//   hdn(base=torus(3,2,5), k=2, s=[15,5])   file("net.graphml")
//
// Grammar (whitespace is free between tokens):
//   value := INT | WORD | STRING | '[' [value (',' value)*] ']' | WORD '(' [arg (',' arg)*] ')'
//   arg   := [WORD '='] value
// WORD is [A-Za-z0-9_./-]+ that does not parse as an integer, so bare file
// names work; STRING is double-quoted with \" and \\ escapes.
//
// The parser only builds the syntax tree; families bind it against their
// parameter schema (models/registry.h) and report errors in their own terms.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace menger {

struct SpecArg;

struct SpecValue {
  enum class Kind { Int, Word, String, List, Call };
  Kind kind = Kind::Int;
  std::int64_t integer = 0;
  std::string text;              // Word, String: the text; Call: the function name
  std::vector<SpecValue> items;  // List elements
  std::vector<SpecArg> args;     // Call arguments

  static SpecValue make_int(std::int64_t v);
  static SpecValue make_word(std::string w);
  static SpecValue make_string(std::string s);
  static SpecValue make_list(std::vector<SpecValue> items);
  static SpecValue make_call(std::string name, std::vector<SpecArg> args);

  // Canonical text: parses back to an equal value.
  std::string to_string() const;
  bool operator==(const SpecValue& other) const;
};

struct SpecArg {
  std::string name;  // empty for a positional argument
  SpecValue value;
  bool operator==(const SpecArg& other) const = default;
};

// Parses a whole spec; throws InputError naming the position on bad syntax.
SpecValue parse_spec(std::string_view text);

// Human name of a value kind, for error messages ("an integer", "a list", ...).
std::string_view describe_kind(SpecValue::Kind k);

}  // namespace menger
