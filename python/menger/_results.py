"""Results that read well (issue 42): ``str(result)`` is a few lines a person
reads at once, the same lines ``menger VERB`` prints first; ``_repr_html_``
shows them in a notebook; ``to_dict()`` is the result's one JSON view as
Python values (what ``to_json()`` writes).

The lines are made from the result's attributes, never from a second
computation: what they say is what the attributes hold.
"""
import html
import json


def _set(items):
    return "{" + ", ".join(str(x) for x in items) + "}"


def _route_check_lines(r):
    head = "route-check %s on %s, every set of <= %d faults (%s): %s" % (r.routing, r.model, r.k, r.faults, r.verdict)
    lines = [head]
    if r.verdict == "FAILS":
        size = "least" if r.minimum_proved else "a (minimum not proved)"
        lines.append("%s defeating fault set %s" % (size, _set(r.fault_set)))
        lines.append("pair %s -> %s: %s%s" % (r.source, r.destination, r.outcome, ": " + r.detail if r.detail else ""))
    elif r.verdict == "UNKNOWN":
        lines.append("covered: %s" % r.coverage.get("so_far", ""))
    lines.append("search: %s, %d routing runs for %d of %d pairs%s" % (
        r.engine, r.runs, r.pairs_examined, r.pairs_total, " (%s)" % r.symmetry if r.symmetry_used else ""))
    return lines


def _deadlock_lines(r):
    vcs = "%d VC%s" % (r.vcs, "" if r.vcs == 1 else "s")
    faults = ", every set of <= %d faults" % r.k if r.k else ""
    lines = ["deadlock %s on %s (%s)%s: %s" % (r.routing, r.model, vcs, faults, r.verdict), r.method]
    if r.reason:
        lines.append(r.reason)
    if r.fault_set:
        lines.append("least fault set %s" % _set(r.fault_set))
    lines.append("%d packets, %d configurations, %d channel dependencies" % (r.packets, r.configurations,
                                                                           r.dependencies))
    return lines


def _tolerance_lines(r):
    head = "tolerance of %s (faults: %s; pairs: %s): " % (r.model, r.faults, r.pairs)
    if not r.complete:
        lines = [head + "INCOMPLETE"]
        if r.min_breaking_weight is not None:
            lines.append("so far a breaking set of weight %d (an upper bound)" % r.min_breaking_weight)
        return lines
    if r.min_breaking_weight is None:
        return [head + "unbounded: no fault set disconnects a required pair"]
    lines = [head + "survives any fault set of weight %d; %d can break it" % (r.tolerance, r.min_breaking_weight)]
    lines.append("breaking set %s separates %s -> %s" % (_set(r.breaking_set), r.source, r.target))
    if r.certificate is not None:
        lines.append("certificate %s" % ("valid: " + r.certificate_summary if r.certificate_valid else "INVALID"))
    return lines


def _credit_loops_lines(r):
    head = "credit-loops %s (%s): " % (r.dir, r.routing)
    if r.credit_loop:
        return [head + "CREDIT LOOP through %d buffers" % len(r.loop)]
    lines = [head + "no credit loops (%d pairs, %d buffers)" % (r.pairs, r.buffers)]
    if r.unrouted:
        lines.append("unrouted: %s" % r.unrouted)
    return lines


def _opensm_faults_lines(r):
    lines = ["opensm-faults %s (%s): %s, %d of %d fault sets failing" % (r.net, r.engine, r.verdict, r.failing,
                                                                        r.total_sets)]
    for s in r.sets:
        if s["outcome"] != "clean":
            lines.append("%s: %s%s" % (s["failed"], s["outcome"], (": " + s["detail"]) if "detail" in s else ""))
            break
    return lines


def _study_lines(r):
    lines = ["montecarlo %s of %s (faults: %s)%s" % (r.experiment, r.model, r.faults,
                                                     "" if r.complete else ": INCOMPLETE")]
    for p in r.points:
        where = "%s faults" % p["faults"] if "faults" in p else "rate %s" % p.get("rate")
        values = ["%s %.4g [%.4g, %.4g]" % (s["name"], s["value"], s["low"], s["high"]) for s in p["series"]
                  if s.get("value") is not None]
        lines.append("%s: %s" % (where, "; ".join(values)))
    return lines


def _info_lines(r):
    facts = r.facts
    shown = ["nodes", "links", "degree", "diameter", "avg_distance"]
    values = ["%s %s" % (name, _fact(facts[name])) for name in shown if name in facts]
    return ["info %s%s" % (r.model, "" if r.complete else ": INCOMPLETE"), ", ".join(values)]


def _fact(f):
    if f["exact"] is not None:
        return f["exact"]
    return "%.6g" % f["value"] if f["value"] is not None else "-"


_LINES = {
    "RouteCheckResult": _route_check_lines,
    "DeadlockResult": _deadlock_lines,
    "ToleranceResult": _tolerance_lines,
    "CreditLoopsResult": _credit_loops_lines,
    "OpensmFaultsResult": _opensm_faults_lines,
    "StudyResult": _study_lines,
    "InfoResult": _info_lines,
}


def _lines(result):
    return _LINES[type(result).__name__](result)


def _str(result):
    lines = _lines(result)
    return "\n".join(lines[:1] + ["  " + line for line in lines[1:]])


def _repr_html(result):
    lines = [html.escape(str(line)) for line in _lines(result)]
    items = "".join("<li>%s</li>" % line for line in lines[1:])
    return "<div class=\"menger-result\"><b>%s</b><ul>%s</ul></div>" % (lines[0], items)


def _to_dict(result):
    """The result's one JSON view as Python values: what to_json() writes."""
    return json.loads(result.to_json())


# The fields that name nodes, per result class: one node, a list of fault
# units (a node unit's label is its node's), or a list of (source, destination).
_NODE_FIELDS = {
    "ToleranceResult": {"breaking_set": "units", "source": "node", "target": "node"},
    "RouteCheckResult": {"fault_set": "units", "source": "node", "destination": "node"},
    "DeadlockResult": {"fault_set": "units", "cycle_packets": "pairs"},
}


def with_keys(result, net):
    """The result of a question about `net`; when `net` was built from NetworkX, its node
    fields name the graph's own node keys (from_networkx's ``net.nx_nodes``), not labels.
    A fault unit that is not a node (a link) keeps its label."""
    keys = getattr(net, "nx_nodes", None)
    if keys is not None and type(result).__name__ in _NODE_FIELDS:
        result._nx_keys = {net.label(i): key for i, key in enumerate(keys)}
    return result


def _keyed(field, shape, labelled):
    def get(self):
        value = labelled.__get__(self, type(self))
        keys = getattr(self, "_nx_keys", None)
        if keys is None or value is None:
            return value
        if shape == "node":
            return keys.get(value, value) if value != "" else value
        if shape == "pairs":
            return [(keys.get(s, s), keys.get(d, d)) for s, d in value]
        return [keys.get(x, x) for x in value]
    return property(get, doc=labelled.__doc__)


def attach(module):
    """Gives every result class of `module` its str(), _repr_html_ and to_dict(), and its node
    fields the user's keys where the network came from NetworkX (with_keys)."""
    for name in _LINES:
        cls = getattr(module, name)
        cls.__str__ = _str
        cls._repr_html_ = _repr_html
        cls.to_dict = _to_dict
        for field, shape in _NODE_FIELDS.get(name, {}).items():
            setattr(cls, field, _keyed(field, shape, cls.__dict__[field]))
