#include "core/types.h"

namespace menger {

std::string_view to_string(NodeKind k) {
  switch (k) {
    case NodeKind::Endpoint: return "endpoint";
    case NodeKind::Switch: return "switch";
    case NodeKind::Router: return "router";
  }
  return "?";
}

}  // namespace menger
