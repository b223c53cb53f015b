// Recursive-descent parser for model specs (grammar in spec.h).
#include "core/spec.h"

#include <cctype>
#include <charconv>

#include "core/error.h"
#include "core/text.h"

namespace menger {

SpecValue SpecValue::make_int(std::int64_t v) {
  SpecValue s;
  s.kind = Kind::Int;
  s.integer = v;
  return s;
}
SpecValue SpecValue::make_word(std::string w) {
  SpecValue s;
  s.kind = Kind::Word;
  s.text = std::move(w);
  return s;
}
SpecValue SpecValue::make_string(std::string str) {
  SpecValue s;
  s.kind = Kind::String;
  s.text = std::move(str);
  return s;
}
SpecValue SpecValue::make_list(std::vector<SpecValue> items) {
  SpecValue s;
  s.kind = Kind::List;
  s.items = std::move(items);
  return s;
}
SpecValue SpecValue::make_call(std::string name, std::vector<SpecArg> args) {
  SpecValue s;
  s.kind = Kind::Call;
  s.text = std::move(name);
  s.args = std::move(args);
  return s;
}

bool SpecValue::operator==(const SpecValue& o) const {
  return kind == o.kind && integer == o.integer && text == o.text && items == o.items &&
         args == o.args;
}

namespace {

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' ||
         c == '-' || c == '+' || c == '~';
}

bool word_needs_quotes(const std::string& w) {
  if (w.empty()) return true;
  for (char c : w)
    if (!is_word_char(c)) return true;
  std::int64_t v = 0;
  auto r = std::from_chars(w.data(), w.data() + w.size(), v);
  return r.ec == std::errc() && r.ptr == w.data() + w.size();  // would re-parse as Int
}

class Parser : TextCursor {
 public:
  explicit Parser(std::string_view t) : TextCursor{t} {}

  SpecValue parse_all() {
    SpecValue v = value();
    skip_ws();
    if (!at_end()) fail("unexpected '" + std::string(1, peek()) + "'");
    return v;
  }

 private:
  int nesting_ = 0;  // active value() calls: lists and calls nest through it

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("model spec \"" + excerpt(text) + "\": " + what + " at column " + std::to_string(pos + 1));
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }

  // Deep nesting is refused rather than overflowing the stack (issue 21).
  static constexpr int kMaxNesting = 64;

  SpecValue value() {
    if (nesting_ >= kMaxNesting) fail("lists and calls nest deeper than " + std::to_string(kMaxNesting) + " levels");
    ++nesting_;
    SpecValue v = nested_value();
    --nesting_;
    return v;
  }

  SpecValue nested_value() {
    skip_ws();
    if (pos >= text.size()) fail("expected a value");
    char c = text[pos];
    if (c == '[') return list();
    if (c == '"') return SpecValue::make_string(string_literal());
    if (!is_word_char(c)) fail(std::string("unexpected '") + c + "'");
    std::string w = word();
    std::int64_t v = 0;
    auto r = std::from_chars(w.data(), w.data() + w.size(), v);
    if (r.ec == std::errc() && r.ptr == w.data() + w.size()) return SpecValue::make_int(v);
    if (r.ec == std::errc::result_out_of_range) fail("integer " + w + " is out of range");
    skip_ws();
    if (pos < text.size() && text[pos] == '(') return call(std::move(w));
    return SpecValue::make_word(std::move(w));
  }

  std::string word() {
    std::size_t start = pos;
    while (pos < text.size() && is_word_char(text[pos])) ++pos;
    return std::string(text.substr(start, pos - start));
  }

  std::string string_literal() {
    ++pos;  // opening quote
    std::string out;
    while (pos < text.size() && text[pos] != '"') {
      if (text[pos] == '\\' && pos + 1 < text.size()) ++pos;
      out += text[pos++];
    }
    if (pos >= text.size()) fail("unterminated string");
    ++pos;
    return out;
  }

  SpecValue list() {
    expect('[');
    std::vector<SpecValue> items;
    if (!eat(']')) {
      do items.push_back(value());
      while (eat(','));
      expect(']');
    }
    return SpecValue::make_list(std::move(items));
  }

  SpecValue call(std::string name) {
    expect('(');
    std::vector<SpecArg> args;
    if (!eat(')')) {
      do args.push_back(arg());
      while (eat(','));
      expect(')');
    }
    return SpecValue::make_call(std::move(name), std::move(args));
  }

  SpecArg arg() {
    skip_ws();
    std::size_t save = pos;
    if (pos < text.size() && std::isalpha(static_cast<unsigned char>(text[pos]))) {
      std::string name = word();
      if (eat('=')) return SpecArg{std::move(name), value()};
    }
    pos = save;
    return SpecArg{"", value()};
  }
};

}  // namespace

SpecValue parse_spec(std::string_view text) { return Parser(text).parse_all(); }

std::string SpecValue::to_string() const {
  switch (kind) {
    case Kind::Int: return std::to_string(integer);
    case Kind::Word: return word_needs_quotes(text) ? menger::quoted(text) : text;
    case Kind::String: return word_needs_quotes(text) ? menger::quoted(text) : text;
    case Kind::List: {
      std::string out = "[";
      for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + items[i].to_string();
      return out + "]";
    }
    case Kind::Call: {
      std::string out = text + "(";
      for (std::size_t i = 0; i < args.size(); ++i) {
        if (i) out += ", ";
        if (!args[i].name.empty()) out += args[i].name + "=";
        out += args[i].value.to_string();
      }
      return out + ")";
    }
  }
  return "?";
}

std::string_view describe_kind(SpecValue::Kind k) {
  switch (k) {
    case SpecValue::Kind::Int: return "an integer";
    case SpecValue::Kind::Word: return "a word";
    case SpecValue::Kind::String: return "a string";
    case SpecValue::Kind::List: return "a list";
    case SpecValue::Kind::Call: return "a nested spec";
  }
  return "?";
}

}  // namespace menger
