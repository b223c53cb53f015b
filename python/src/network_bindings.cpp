// menger.Network: the engines' immutable Network, shared with Python.  Built
// from a model spec (the CLI's spec strings, the built-in registry) or from
// parts: nodes with kinds and port counts and links with their ports, which
// is what python/menger/_networkx.py reads out of a NetworkX graph (the
// checks of GraphBuilder, models/explicit_graph.h, apply: a port used twice,
// a self-loop, an unknown node kind are one InputError naming the graph).
#include <pybind11/stl.h>

#include "binding.h"
#include "engine_thread.h"
#include "core/error.h"
#include "models/explicit_graph.h"
#include "setup/specs.h"

namespace menger::py_binding {

// What python/menger/_networkx.py hands over, as plain tuples.
struct NodePart {
  std::string label, kind;
  PortId ports = 0;
  std::optional<std::string> package;
};

struct LinkPart {
  NodeId a = 0;
  std::optional<PortId> pa;
  NodeId b = 0;
  std::optional<PortId> pb;
  bool directed = false;
  std::string label;
};

namespace {

std::string repr_of(const py::handle& h) {
  std::string s = py::repr(h);
  return s.size() > 80 ? s.substr(0, 77) + "..." : s;
}

// The parts are read strictly, whoever made them: _networkx.py names the
// NetworkX node or edge of a bad attribute first; these are the backstop
// (an int that is not a bool, in range; a str; a bool), as InputError.
long long whole_field(const py::handle& h, long long lo, long long hi, const std::string& what) {
  if (PyBool_Check(h.ptr()) || !PyLong_Check(h.ptr()))
    throw InputError(what + " is an int, got " + repr_of(h));
  int overflow = 0;
  const long long x = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow || x < lo || x > hi)
    throw InputError(what + " lies in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + repr_of(h));
  return x;
}

std::string text_field(const py::handle& h, const std::string& what) {
  if (!py::isinstance<py::str>(h)) throw InputError(what + " is a str, got " + repr_of(h));
  return h.cast<std::string>();
}

py::tuple tuple_of(const py::handle& h, std::size_t n, const std::string& what) {
  if (!py::isinstance<py::tuple>(h) || py::len(h) != n)
    throw InputError(what + " is a tuple of " + std::to_string(n) + " fields, got " + repr_of(h));
  return py::reinterpret_borrow<py::tuple>(h);
}

std::vector<NodePart> read_nodes(const py::sequence& nodes, const std::string& source) {
  std::vector<NodePart> out;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const std::string what = source + ": node #" + std::to_string(i);
    const py::tuple t = tuple_of(nodes[i], 4, what);
    NodePart n;
    n.label = text_field(t[0], what + "'s label");
    n.kind = text_field(t[1], what + " ('" + n.label + "')'s kind");
    n.ports = static_cast<PortId>(whole_field(t[2], 0, GraphBuilder::kMaxPorts, what + " ('" + n.label + "')'s num_ports"));
    if (!t[3].is_none()) n.package = text_field(t[3], what + " ('" + n.label + "')'s package");
    out.push_back(std::move(n));
  }
  return out;
}

std::vector<LinkPart> read_links(const py::sequence& links, std::size_t nodes, const std::string& source) {
  std::vector<LinkPart> out;
  const long long last = static_cast<long long>(nodes) - 1;
  for (std::size_t i = 0; i < links.size(); ++i) {
    const std::string what = source + ": link #" + std::to_string(i);
    const py::tuple t = tuple_of(links[i], 6, what);
    LinkPart l;
    auto port = [&](const py::handle& h, const char* end) -> std::optional<PortId> {
      if (h.is_none()) return std::nullopt;
      return static_cast<PortId>(whole_field(h, 0, GraphBuilder::kMaxPorts - 1, what + "'s " + end + " port"));
    };
    l.a = static_cast<NodeId>(whole_field(t[0], 0, last, what + "'s first node"));
    l.pa = port(t[1], "first");
    l.b = static_cast<NodeId>(whole_field(t[2], 0, last, what + "'s second node"));
    l.pb = port(t[3], "second");
    if (!PyBool_Check(t[4].ptr())) throw InputError(what + "'s `directed` is True or False, got " + repr_of(t[4]));
    l.directed = t[4].cast<bool>();
    l.label = text_field(t[5], what + "'s label");
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace

}  // namespace menger::py_binding

namespace menger::py_binding {

namespace {

NetworkPtr from_spec(const std::string& spec) {
  const Budget budget;  // no time limit; Ctrl-C cancels it
  return run_watched(nullptr, budget, nullptr,
                     [&] { return std::make_shared<Network>(build_topology(spec, {}, budget), budget); });
}

// Nodes are numbered in list order; names are their positions, labels must be distinct.
NetworkPtr from_parts(const std::string& spec, const std::string& source, const std::vector<NodePart>& nodes,
                      const std::vector<LinkPart>& links) {
  GraphBuilder b(source);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const NodePart& n = nodes[i];
    const NodeId v = b.add_node("#" + std::to_string(i), n.label,
                                parse_node_kind(n.kind, source + ": node " + n.label));
    if (n.ports) b.set_port_count(v, n.ports);
    if (n.package) b.set_package(v, *n.package);
  }
  for (const LinkPart& l : links) b.add_link(l.a, l.pa, l.b, l.pb, l.directed, l.label);
  auto topology = b.build(spec);
  std::vector<std::string> labels;
  for (NodeId v = 0; v < topology->node_count(); ++v) labels.push_back(topology->label(v));
  std::sort(labels.begin(), labels.end());
  for (std::size_t i = 1; i < labels.size(); ++i)
    if (labels[i] == labels[i - 1]) throw InputError(source + ": two nodes are labelled '" + labels[i] + "'");
  return std::make_shared<Network>(std::move(topology));
}

void check_node(const Network& net, long long v) {
  if (v < 0 || v >= static_cast<long long>(net.num_nodes()))
    throw py::index_error("node " + std::to_string(v) + " is not a node of " + net.spec() + " (0.." +
                          std::to_string(net.num_nodes() - 1) + ")");
}

void check_port(const Network& net, long long v, long long p) {
  check_node(net, v);
  if (p < 0 || p >= static_cast<long long>(net.num_ports(static_cast<NodeId>(v))))
    throw py::index_error("port " + std::to_string(p) + " is not a port of " + net.label(static_cast<NodeId>(v)) +
                          " (it has " + std::to_string(net.num_ports(static_cast<NodeId>(v))) + ")");
}

py::tuple link_tuple(const Link& l) { return py::make_tuple(l.a, l.pa, l.b, l.pb, l.directed); }

}  // namespace

void bind_network(py::module_& m) {
  m.attr("MAX_PORTS") = GraphBuilder::kMaxPorts;
  py::class_<Network, NetworkPtr>(m, "Network", py::dynamic_attr(),
                                  "An immutable network: nodes 0..num_nodes-1 with kinds, labels and ports, and links.")
      .def_static("from_spec", &from_spec, py::arg("spec"),
                  "The network of a model spec, as the CLI takes it: \"torus(4,4)\", \"mikant(3,3)\", ...")
      .def_static(
          "_from_parts",
          [](const std::string& spec, const std::string& source, const py::sequence& nodes,
             const py::sequence& links) {
            const std::vector<NodePart> n = read_nodes(nodes, source);
            return from_parts(spec, source, n, read_links(links, n.size(), source));
          },
          py::arg("spec"), py::arg("source"), py::arg("nodes"), py::arg("links"))
      .def_property_readonly("spec", &Network::spec)
      .def_property_readonly("num_nodes", &Network::num_nodes)
      .def_property_readonly("num_links", &Network::num_links)
      .def("__len__", &Network::num_nodes)
      .def(
          "kind", [](const Network& n, long long v) { check_node(n, v); return std::string(to_string(n.kind(static_cast<NodeId>(v)))); },
          py::arg("node"), "\"endpoint\", \"switch\" or \"router\"")
      .def(
          "label", [](const Network& n, long long v) { check_node(n, v); return n.label(static_cast<NodeId>(v)); },
          py::arg("node"))
      .def(
          "is_terminal", [](const Network& n, long long v) { check_node(n, v); return n.is_terminal(static_cast<NodeId>(v)); },
          py::arg("node"), "Does it send and receive traffic (endpoint or router)?")
      .def(
          "forwards", [](const Network& n, long long v) { check_node(n, v); return n.forwards(static_cast<NodeId>(v)); },
          py::arg("node"), "Does it relay traffic (switch or router)?")
      .def(
          "num_ports", [](const Network& n, long long v) { check_node(n, v); return n.num_ports(static_cast<NodeId>(v)); },
          py::arg("node"))
      .def(
          "degree", [](const Network& n, long long v) { check_node(n, v); return n.degree(static_cast<NodeId>(v)); },
          py::arg("node"), "Connected ports.")
      .def(
          "port",
          [](const Network& n, long long v, long long p) -> py::object {
            check_port(n, v, p);
            const PortSlot& s = n.port(static_cast<NodeId>(v), static_cast<PortId>(p));
            if (!s.connected()) return py::none();
            return py::make_tuple(s.peer, s.peer_port, s.link);
          },
          py::arg("node"), py::arg("port"), "(peer, peer_port, link), or None for an unconnected port.")
      .def(
          "peer",
          [](const Network& n, long long v, long long p) -> py::object {
            check_port(n, v, p);
            const PortSlot& s = n.port(static_cast<NodeId>(v), static_cast<PortId>(p));
            return s.connected() ? py::object(py::int_(s.peer)) : py::none();
          },
          py::arg("node"), py::arg("port"), "The node port p of v leads to, or None.")
      .def(
          "link",
          [](const Network& n, long long l) {
            if (l < 0 || l >= static_cast<long long>(n.num_links()))
              throw py::index_error("link " + std::to_string(l) + " is not a link of " + n.spec());
            return link_tuple(n.link(static_cast<LinkId>(l)));
          },
          py::arg("link"), "(a, port_a, b, port_b, directed); a is the tail of a directed link.")
      .def("links",
           [](const Network& n) {
             py::list out;
             for (const Link& l : n.links()) out.append(link_tuple(l));
             return out;
           })
      .def(
          "link_label",
          [](const Network& n, long long l) {
            if (l < 0 || l >= static_cast<long long>(n.num_links()))
              throw py::index_error("link " + std::to_string(l) + " is not a link of " + n.spec());
            return n.link_label(static_cast<LinkId>(l));
          },
          py::arg("link"))
      .def("find_node", [](const Network& n, const std::string& label) { return n.find_node(label); }, py::arg("label"),
           "The node with this label, or None.")
      .def(
          "node",
          [](const Network& n, const std::string& label) {
            auto v = n.find_node(label);
            if (!v) throw py::key_error("no node of " + n.spec() + " is labelled '" + label + "'");
            return *v;
          },
          py::arg("label"), "The node with this label (KeyError if none).")
      .def("packages",
           [](const Network& n) {
             py::list out;
             for (const Component& c : n.packages()) out.append(py::make_tuple(c.label, c.nodes));
             return out;
           })
      .def("__repr__", [](const Network& n) {
        return "<menger.Network " + n.spec() + ": " + std::to_string(n.num_nodes()) + " nodes, " +
               std::to_string(n.num_links()) + " links>";
      });
}

}  // namespace menger::py_binding

