// Topology: a network family instance that *computes* its structure from ids.
//
// STYLE.md (LEMON): special graphs are computed, not stored.  A Topology answers
// "where does port p of node v lead?" arithmetically from v and p; the
// compressed adjacency in Network is a cache built from these answers and
// validated against them (the peer relation must be an involution).
//
// Port numbers follow the paper that defines the family wherever the paper's
// routing names ports (MiKANT section 2.2, for example).  A port may be
// unconnected (mesh borders, root up-ports of a fat tree); peer() then returns
// nullopt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/formula.h"
#include "core/input_file.h"
#include "core/types.h"

namespace menger {

struct PortPeer {
  NodeId node = kNoNode;
  PortId port = 0;
  bool operator==(const PortPeer&) const = default;
};

// A package of nodes that fails as one unit (001 section 4: two dilation-1
// last-stage routers share one physical component).  Every node that belongs to
// no package is its own component.
struct Component {
  std::string label;
  std::vector<NodeId> nodes;
};

class Topology {
 public:
  virtual ~Topology() = default;

  // Canonical spec: parses back to this exact topology, defaults included.
  virtual std::string spec() const = 0;
  // Node count as the family defines it; may exceed what can be materialised.
  virtual std::uint64_t node_count() const = 0;

  // Preconditions for the per-node queries: v < node_count() <= 2^32 - 1.
  virtual NodeKind kind(NodeId v) const = 0;
  virtual std::string label(NodeId v) const = 0;
  virtual PortId port_count(NodeId v) const = 0;
  virtual std::optional<PortPeer> peer(NodeId v, PortId p) const = 0;
  virtual PortDir port_dir(NodeId /*v*/, PortId /*p*/) const { return PortDir::Both; }

  // Label of the link attached to port p of v, in the paper's notation where it
  // has one (MiKANT numbers its links); the default names both ends.
  virtual std::string link_label(NodeId v, PortId p) const;

  // Packages of nodes that fail together.  Empty: each node is its own component.
  virtual std::vector<Component> packages() const { return {}; }

  // True only where vertex-transitivity is a theorem about the family (tori,
  // hypercubes); engines may then examine a single source.
  virtual bool vertex_transitive() const { return false; }

  // Generators of a group of port-preserving automorphisms, as node
  // permutations t (port p of v leads to port q of w exactly when port p of
  // t(v) leads to port q of t(w)): the translations of a torus, the XOR
  // translations of a hypercube.  Empty when the family exposes none.  Engines
  // use them, together with Routing::translation_invariant(), to examine one
  // source-destination pair per orbit.
  virtual std::vector<std::vector<NodeId>> translations() const { return {}; }

  // Variables a claim formula may use ("k", "n", "N0", "DB", "s[i]", ...).
  virtual void add_formula_vars(FormulaVars& /*vars*/) const {}

  // Node whose label is `label` (exactly as label() prints it), if any.
  // The default scans; Network keeps an index.
  virtual std::optional<NodeId> find_node(std::string_view label) const;

  // A topology read from files (file(...), opensm(dir=...)): what the
  // reader did that the files may not have meant, one sentence each naming
  // the file (an attribute it does not read, a default it applied:
  // core/notes.h), and the files with their digests (core/input_file.h), which
  // certificates, witnesses and checkpoints record so that a file edited since
  // is another question.  Empty for families computed from their parameters.
  virtual std::vector<std::string> notes() const { return {}; }
  virtual std::vector<InputRecord> input_files() const { return {}; }
};

}  // namespace menger
