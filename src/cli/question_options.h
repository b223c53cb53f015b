// A question's CLI11 options, made from its one declaration
// (src/question/field.h): --kebab-case NAME for each field the CLI offers,
// with the field's doc and default as help; a flag that defaults to true is
// --no-NAME; a whole number is read in plain decimal (kWholeNumber: "010" is
// ten, not octal eight) and checked against its range, and text against its
// words; each word of a `word_flags` field is also a flag (--symbolic for
// --search symbolic), and two of them that disagree are one error.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "cli/whole_number.h"
#include "core/error.h"
#include "core/number_text.h"
#include "question/question_json.h"

namespace menger {

namespace question_cli {

inline std::string help(const question::Field& f) {
  return f.doc + (f.default_text.empty() ? "" : " (default " + f.default_text + ")");
}

// --search WORD and --WORD for a field with word flags: the words given, by the option that gave them.
struct WordChoices {
  std::vector<std::pair<std::string, std::string>> given;  // (option, word)
  void check() const {
    for (const auto& [option, word] : given)
      if (word != given.front().second)
        throw CLI::ValidationError(given.front().first + " and " + option + " ask for different things");
  }
};

inline void add_text(CLI::App* sub, std::string& value, const question::Field& f, const std::string& flag,
                     std::vector<std::shared_ptr<WordChoices>>& choices) {
  if (!f.word_flags) {
    CLI::Option* o = sub->add_option(flag, value, help(f));
    if (!value.empty()) o->capture_default_str();
    if (!f.words.empty()) o->check(CLI::IsMember(f.words));
    if (f.required_in(question::kCli)) o->required();
    return;
  }
  auto chosen = std::make_shared<WordChoices>();
  choices.push_back(chosen);
  auto take = [&value, chosen](const std::string& option, const std::string& word) {
    chosen->given.emplace_back(option, word);
    value = word;
  };
  sub->add_option_function<std::string>(flag, [take, flag](const std::string& w) { take(flag, w); }, help(f))
      ->check(CLI::IsMember(f.words))
      ->default_str(value);
  for (const auto& word : f.words)
    if (word != value)
      sub->add_flag_callback("--" + word, [take, word] { take("--" + word, word); }, "same as " + flag + " " + word);
}

// A number (double, or std::optional<double> absent by default), read as a
// claim file reads it (parse_number: decimal notation only, not CLI11's
// strtold, which takes hexadecimal, '+' and blanks) and checked against the
// field's range.
template <class T>
void add_number(CLI::App* sub, T& value, const question::Field& f, const std::string& flag) {
  CLI::Option* o = sub->add_option_function<std::string>(
      flag,
      [&value, f, flag](const std::string& text) {
        double x = 0;
        try {
          x = parse_number(text, flag);
        } catch (const InputError& e) {
          throw CLI::ValidationError(e.what());
        }
        if (!f.admits(x)) throw CLI::ValidationError(flag, "a number in " + f.range_text() + ", not " + text);
        value = x;
      },
      help(f));
  if constexpr (!question::is_optional<T>::value) o->default_str(question::value_json(value).dump());
}

}  // namespace question_cli

// Adds the options of `q`'s CLI fields to `sub`; the parsed values land in `q`,
// which must outlive the parse.
template <class Q>
void add_question_options(CLI::App* sub, Q& q) {
  using question::Field;
  std::vector<std::shared_ptr<question_cli::WordChoices>> choices;
  Q::fields(q, [&](auto& value, const Field& f) {
    if (!f.offered_in(question::kCli)) return;
    using T = std::decay_t<decltype(value)>;
    const std::string flag = "--" + question::kebab(f.name);
    if constexpr (std::is_same_v<T, bool>) {
      if (value) sub->add_flag_callback("--no-" + question::kebab(f.name), [&value] { value = false; }, f.off_doc);
      else sub->add_flag(flag, value, f.doc);
    } else if constexpr (std::is_integral_v<T>) {
      sub->add_option(flag, value, question_cli::help(f))
          ->capture_default_str()
          ->transform(kWholeNumber)
          ->check(CLI::Range(f.min, f.max));
    } else if constexpr (std::is_same_v<question::value_type_t<T>, double>) {
      question_cli::add_number(sub, value, f, flag);
    } else if constexpr (question::is_optional<T>::value && std::is_integral_v<question::value_type_t<T>>) {
      using V = question::value_type_t<T>;
      sub->add_option_function<V>(flag, [&value](const V& v) { value = v; }, question_cli::help(f))
          ->transform(kWholeNumber)
          ->check(CLI::Range(f.min, f.max));
    } else if constexpr (std::is_same_v<T, std::optional<std::string>>) {
      CLI::Option* o =
          sub->add_option_function<std::string>(flag, [&value](const std::string& v) { value = v; }, question_cli::help(f));
      if (!f.words.empty()) o->check(CLI::IsMember(f.words));
    } else {
      question_cli::add_text(sub, value, f, flag, choices);
    }
  });
  if (!choices.empty())
    sub->parse_complete_callback([choices] {
      for (const auto& c : choices) c->check();
    });
}

}  // namespace menger
