// The credit-loops question (src/setup/credit_loops.h): has the routing that
// OpenSM programmed into an InfiniBand subnet a credit loop?  Declared once
// here (src/question/field.h says what comes from the declaration).  The
// subject -- OpenSM's dump directory, and optionally the fabric as
// ibnetdiscover printed it -- is not a field: the CLI takes them as arguments,
// Python as its first two.  A claim asks the same of the routing spec
// opensm-tables(sls=..., vls=...) through the deadlock-free kind.
#pragma once

#include <string>

#include "question/field.h"

namespace menger {

struct CreditLoopsQuestion {
  static constexpr const char* kVerb = "credit-loops";
  static constexpr const char* kAbout =
      "Has the routing OpenSM programmed into an InfiniBand subnet a credit loop: a cycle in the dependency graph "
      "of its (link direction, VL) buffers (Dally and Seitz)?";

  std::string sls = "file";
  std::string vls = "dump";

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.sls, Field("sls", "path SLs: file (DIR/path-sls.txt) or zero (SL 0 everywhere)")
                 .one_of({"file", "zero"})
                 .in(kCli | kPython));
    v(q.vls, Field("vls", "SL-to-VL: dump (DIR/opensm-sl2vl.dump) or zero (VL 0 everywhere)")
                 .one_of({"dump", "zero"})
                 .in(kCli | kPython));
  }
};

}  // namespace menger
