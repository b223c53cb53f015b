// menger export: a network as Graphviz DOT, GraphML or JSON.
//
// Every format carries what `file(...)` needs to rebuild the same network:
// node labels and kinds, port counts, packages, and both port numbers of every
// link (tail_port, head_port), so export then import is the identity (a test
// holds it to that).  Node ids are the network's own ids, "n<id>" in DOT and
// GraphML.
#pragma once

#include <ostream>
#include <string>

#include "core/network.h"

namespace menger {

enum class ExportFormat { Dot, GraphML, Json };

// Parses "dot", "graphml" or "json"; throws InputError otherwise.
ExportFormat parse_export_format(const std::string& name);
void export_network(std::ostream& out, const Network& net, ExportFormat format);

}  // namespace menger
