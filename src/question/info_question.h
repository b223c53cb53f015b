// The info question (verify/structure/structure.h): the exact structural facts of one
// network -- counts, degrees, diameter, average distance -- and its
// automorphism group.  Declared once here (src/question/field.h says what
// comes from the declaration); the model is the subject.  A structure claim
// names the facts it states (claims/structure_kind.cpp) and takes the engine's
// defaults, so these fields are the CLI's and Python's.
#pragma once

#include "question/field.h"

namespace menger {

struct InfoQuestion {
  static constexpr const char* kVerb = "info";
  static constexpr const char* kAbout =
      "The exact structural facts of a network (counts, degrees, diameter, average distance) and its automorphism "
      "group.";

  bool symmetry = true;
  bool per_source = false;
  bool automorphisms = true;

  template <class Q, class Visit>
  static void fields(Q& q, Visit&& v) {
    using namespace question;
    v(q.symmetry, Field("symmetry", "search distances from one source where the family is vertex-transitive")
                      .off("search from every source even on vertex-transitive families")
                      .in(kCli | kPython));
    v(q.per_source, Field("per_source", "one BFS per source (the reference method) instead of 64 at once")
                        .in(kCli | kPython));
    v(q.automorphisms, Field("automorphisms", "the automorphism group (nauty, every generator re-checked)")
                           .off("skip the automorphism group (nauty)")
                           .in(kCli | kPython));
  }
};

}  // namespace menger
