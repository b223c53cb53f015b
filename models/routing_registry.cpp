#include "models/routing_registry.h"

#include "core/error.h"
#include "core/spec.h"

namespace menger {

void RoutingRegistry::add(RoutingFamily f) {
  if (find(f.name)) throw InternalError("routing '" + f.name + "' registered twice");
  families_.push_back(std::move(f));
}

const RoutingFamily* RoutingRegistry::find(std::string_view name) const {
  for (const auto& f : families_)
    if (f.name == name) return &f;
  return nullptr;
}

std::unique_ptr<Routing> RoutingRegistry::build(std::string_view text, const Network& net,
                                                const std::filesystem::path& base_dir, const Budget& budget) const {
  SpecValue spec = parse_spec(text);
  if (spec.kind != SpecValue::Kind::Call && spec.kind != SpecValue::Kind::Word)
    throw InputError("routing spec '" + std::string(text) + "' must be a routing name, e.g. dor");
  const RoutingFamily* f = find(spec.text);
  if (!f) {
    std::string names;
    for (const auto& g : families_) names += (names.empty() ? "" : ", ") + g.name;
    throw InputError("unknown routing '" + spec.text + "' (known: " + names + "; see `menger list`)");
  }
  // Bind through the topology schema machinery: same messages, same checks.
  Family schema{f->name, f->summary, f->source, f->params, {}};
  const BoundParams bound = Registry::bind(schema, spec, base_dir, budget);
  std::unique_ptr<Routing> routing = f->build(net, bound);
  routing->stamped_spec_ = canonical_routing_spec(*f, bound);
  // A routing that still names itself must name itself as the registry does.
  if (routing->spec() != routing->stamped_spec_)
    throw InternalError("routing " + f->name + " names itself '" + routing->spec() + "', canonically '" +
                        routing->stamped_spec_ + "'");
  return routing;
}

const RoutingRegistry& RoutingRegistry::builtin() {
  static const RoutingRegistry r = [] {
    RoutingRegistry reg;
    register_reference_routings(reg);
    register_mikant_routings(reg);
    register_hdn_routings(reg);
    register_torus_routings(reg);
    register_turn_model_routings(reg);
    register_dateline_routings(reg);
    register_duato_bubble_routing(reg);
    register_dragonfly_routings(reg);
    register_fir_routing(reg);
    register_infiniband_routings(reg);
    register_hyperx_routings(reg);
    register_slimfly_routings(reg);
    register_updown_routings(reg);
    register_clos_routings(reg);
    register_table_routing(reg);
    register_textbook_routings(reg);
    return reg;
  }();
  return r;
}

std::string canonical_routing_spec(const RoutingFamily& f, const BoundParams& p) {
  if (f.params.empty()) return f.name;
  Family schema{f.name, f.summary, f.source, f.params, {}};
  std::string spec = canonical_spec(schema, p);
  // Every parameter absent (and none defaulted): the bare name, not "name()".
  if (spec == f.name + "()") spec = f.name;
  return spec;
}

}  // namespace menger
