// Errors: user-facing input problems versus internal invariants (STYLE.md point 9).
//
// InputError carries one clear sentence naming the input and what was expected;
// the CLI prints it and exits with status 2.  MENGER_ASSERT guards invariants that
// only a bug in Menger can break; it throws InternalError (never aborts) so that
// a claim run can report the failure instead of losing the other results.
#pragma once

#include <stdexcept>
#include <string>

namespace menger {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void fail_assert(const char* expr, const char* file, int line, const std::string& msg);

}  // namespace menger

#define MENGER_ASSERT(cond, msg)                                           \
  do {                                                                     \
    if (!(cond)) ::menger::fail_assert(#cond, __FILE__, __LINE__, (msg));  \
  } while (false)
