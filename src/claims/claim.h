// Claim files (DESIGN.md "Claims"): one published claim per TOML file.
//
//   id = "004/thm1-nodes"            # optional; default: path under the proofs root
//   title = "HDN node count"
//   statement = "The number of nodes of HDN(B,k,S) is (2N0)^(2^k) / (2 prod s_i)."
//   [source]
//   paper = "004"                    # prefix of a file in ../shared/papers
//   where = "Theorem 1"
//   quote = "..."                    # the paper's words, optional
//   [property]
//   kind = "structure"               # the property kind checks the rest of the table
//   nodes = "(2*N0)^(2^k) / (2*prod(i,1,k,s[i]))"
//   [[instance]]
//   model = "hdn(base=hypercube(3), k=1, s=[4])"
//   expect = "holds"                 # or "fails": a refuted claim stays, with its reason;
//                                    # "estimate": a sampled number that agrees with the paper's
//   note = "..."                     # optional: what the verdict means here
//   [instance.property]              # optional: values for this instance only, e.g. the
//   nodes = 32                       # paper's own numbers for each of its examples
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "core/verdict.h"

namespace menger {

struct ClaimSource {
  std::string paper, where, quote;
};

struct ClaimInstance {
  std::string model;
  VerdictKind expect = VerdictKind::Holds;
  std::string note;
  toml::table property;  // overrides and additions to the claim's [property], kind excluded
};

struct Claim {
  std::filesystem::path file;
  std::string id, title, statement;
  ClaimSource source;
  std::string kind;
  toml::table property;  // the whole [property] table, kind included
  std::vector<ClaimInstance> instances;
};

// The [property] table for one instance: the claim's, with the instance's keys
// added or replacing the claim's; an instance key of an `exclusive` group also
// removes the claim's other keys of that group.
toml::table instance_property(const Claim& claim, const ClaimInstance& instance,
                              const std::vector<std::vector<std::string>>& exclusive = {});

// Reads and validates one claim file; throws InputError naming the file and the
// offending key.  `default_id` is used when the file has no id.
Claim read_claim(const std::filesystem::path& file, const std::string& default_id);

}  // namespace menger
