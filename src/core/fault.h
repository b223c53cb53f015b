// Fault units and fault sets (DESIGN.md "FaultModel", "FaultSet").
//
// A FaultUniverse lists the units that may fail: nodes (optionally only some
// kinds, e.g. switches only), links, or components (packages of nodes that fail
// together, 001 section 4; any user grouping).  A FaultSet is a bitset over the
// units of one universe: cheap to copy, compare and hash.  FailedElements
// expands a fault set into the nodes and links it disables, which is all an
// engine needs to know about the fault model.
#pragma once

#include <boost/dynamic_bitset.hpp>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/network.h"

namespace menger {

enum class UnitKind { Node, Link, Component };
std::string_view to_string(UnitKind k);

class FaultUniverse {
 public:
  // All nodes accepted by `eligible` (default: every node) are units.
  // `budget` covers the listing (a unit per node of a network of millions of
  // nodes); Budget{}: no time limit.
  static FaultUniverse nodes(const Network& net, const std::function<bool(NodeId)>& eligible = {},
                             const Budget& budget = Budget());
  // All links accepted by `eligible` (default: every link) are units.
  static FaultUniverse links(const Network& net, const std::function<bool(LinkId)>& eligible = {},
                             const Budget& budget = Budget());
  // Switching components: the network's packages, plus one unit per switch or
  // router in no package (endpoints are not routing components, 001 section 4).
  static FaultUniverse components(const Network& net, const Budget& budget = Budget());
  // A user-defined grouping of nodes (disjoint, non-empty groups), plus one unit
  // per ungrouped node accepted by `singleton` (default: none).
  static FaultUniverse node_groups(const Network& net, std::vector<Component> groups,
                                   const std::function<bool(NodeId)>& singleton = {},
                                   const Budget& budget = Budget());

  UnitKind kind() const { return kind_; }
  std::size_t size() const { return size_; }
  std::string label(std::size_t unit) const;
  // Nodes a unit disables (empty for link units).
  const std::vector<NodeId>& nodes_of(std::size_t unit) const { return members_[unit]; }
  // Link id of a link unit.
  LinkId link_of(std::size_t unit) const { return static_cast<LinkId>(link_ids_[unit]); }
  const Network& network() const { return *net_; }

 private:
  const Network* net_ = nullptr;
  UnitKind kind_ = UnitKind::Node;
  std::size_t size_ = 0;
  std::vector<std::vector<NodeId>> members_;
  std::vector<std::string> labels_;
  std::vector<std::size_t> link_ids_;
};

class FaultSet {
 public:
  FaultSet() = default;
  explicit FaultSet(std::size_t universe_size) : bits_(universe_size) {}
  FaultSet(std::size_t universe_size, std::span<const std::size_t> units) : bits_(universe_size) {
    for (std::size_t u : units) bits_.set(u);
  }

  std::size_t universe_size() const { return bits_.size(); }
  bool contains(std::size_t unit) const { return bits_.test(unit); }
  void insert(std::size_t unit) { bits_.set(unit); }
  void erase(std::size_t unit) { bits_.reset(unit); }
  std::size_t count() const { return bits_.count(); }
  bool empty() const { return bits_.none(); }
  std::vector<std::size_t> units() const;
  std::string to_string(const FaultUniverse& u) const;  // "{label, label}"

  bool operator==(const FaultSet& o) const { return bits_ == o.bits_; }
  std::size_t hash() const;

 private:
  boost::dynamic_bitset<std::uint64_t> bits_;
};

// Steps `units` (k distinct unit ids, increasing) to the next k-subset of
// 0..n-1 in lexicographic order; false after the last one.  Start from
// {0, 1, ..., k-1} to visit every fault set of k units.
// `fixed`: the first `fixed` units stay put (e.g. 1: every set with the same least unit,
// for splitting an enumeration by its least unit).
bool next_combination(std::vector<std::size_t>& units, std::size_t n, std::size_t fixed = 0);

// Calls visit(units) for every m-subset of 0..n-1 whose least unit is `first`,
// in lexicographic order (m = 0: the empty set, once).  The exact
// enumerations split their work this way, one least unit per task.
void for_each_combination_from(std::size_t n, std::size_t m, std::size_t first,
                               const std::function<void(const std::vector<std::size_t>&)>& visit);

struct FaultSetHash {
  std::size_t operator()(const FaultSet& f) const { return f.hash(); }
};

// The nodes and links a fault set disables.  A failed node disables its links.
struct FailedElements {
  FailedElements(const FaultUniverse& u, const FaultSet& f);
  // The same from the set's units, without listing a FaultSet's bits.
  FailedElements(const FaultUniverse& u, std::span<const std::size_t> units);
  boost::dynamic_bitset<std::uint64_t> nodes;
  boost::dynamic_bitset<std::uint64_t> links;
  bool node_failed(NodeId v) const { return nodes.test(v); }
  bool link_failed(LinkId l) const { return links.test(l); }
};

}  // namespace menger
