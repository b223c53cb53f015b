// Where an InfiniBand routing's lanes come from: the service level of each
// path and the SL-to-VL tables of each switch, each read from OpenSM's dumps
// or taken as 0.  Declared once, for the routing opensm-tables(sls=...,
// vls=...) (models/routing_infiniband.cpp) and for the credit-loops question
// that builds it (src/question/credit_loops_question.h); both layers see
// core only.
#pragma once

namespace menger {

struct LaneSource {
  const char* name;       // the parameter and question field
  const char* doc;        // one line
  const char* from_dump;  // the word for "read it" (the default)
  const char* zero;       // the word for "0 everywhere"
};

inline constexpr LaneSource kPathServiceLevels{
    "sls", "path SLs: file (DIR/path-sls.txt) or zero (SL 0 everywhere)", "file", "zero"};
inline constexpr LaneSource kServiceLevelToLane{
    "vls", "SL-to-VL: dump (DIR/opensm-sl2vl.dump) or zero (VL 0 everywhere)", "dump", "zero"};

}  // namespace menger
