// The credit-loops question (src/setup/credit_loops.h): has the routing that
// OpenSM programmed into an InfiniBand subnet a credit loop?  Declared once
// here (src/question/field.h says what comes from the declaration).  The
// subject -- OpenSM's dump directory, and optionally the fabric as
// ibnetdiscover printed it -- is not a field: the CLI takes them as arguments,
// Python as its first two.  A claim asks the same of the routing spec
// opensm-tables(sls=..., vls=...) through the deadlock-free kind.
#pragma once

#include <string>

#include "core/infiniband_lanes.h"
#include "question/field.h"

namespace menger {

struct CreditLoopsQuestion {
  static constexpr const char* kVerb = "credit-loops";
  static constexpr const char* kAbout =
      "Has the routing OpenSM programmed into an InfiniBand subnet a credit loop: a cycle in the dependency graph "
      "of its (link direction, VL) buffers (Dally and Seitz)?";

  std::string sls = kPathServiceLevels.from_dump;
  std::string vls = kServiceLevelToLane.from_dump;
  std::string lfts, sl2vl, psl;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.sls, lanes(kPathServiceLevels));
    v(q.vls, lanes(kServiceLevelToLane));
    v(q.lfts, Field("lfts", "read the forwarding tables from this file instead of DIR/opensm-lfts.dump: OpenSM's "
                            "dump or opensm.fdbs, what dump_fts or ibroute printed of the live fabric, or "
                            "ibdiagnet.fdbs")
                  .in(kCli | kPython));
    v(q.sl2vl, Field("sl2vl", "read the SL-to-VL tables from this file (OpenSM's dump format, ibdiagnet.sl2vl) "
                              "instead of DIR/opensm-sl2vl.dump")
                   .in(kCli | kPython));
    v(q.psl, Field("psl", "read the path SLs from this file, '0xGUID DLID SL' per line as ibdmchk reads them "
                          "(ibdiagnet.psl), instead of DIR/path-sls.txt")
                 .in(kCli | kPython));
  }

 private:
  static question::Field lanes(const LaneSource& s) {
    return question::Field(s.name, s.doc).one_of({s.from_dump, s.zero}).in(question::kCli | question::kPython);
  }
};

}  // namespace menger
