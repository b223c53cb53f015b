"""Networks to and from NetworkX graphs.

A node's kind is its attribute ``kind``: "endpoint" (sends and receives, never
relays), "switch" (relays only) or "router" (both: a direct network's node).
A link's ports are its edge attribute ``ports``, a dict naming the port at
each end: ``G.add_edge("a", "b", ports={"a": 0, "b": 2})``.  Optional: node
attributes ``label`` (default ``str(node)``; labels name nodes in witnesses and
must be distinct), ``num_ports`` (for unconnected ports, e.g. a mesh border)
and ``package`` (nodes that fail together as one component); edge attribute
``label``.  Directed graphs give directed links (``ports`` may then also be
``tail_port`` and ``head_port``); multigraphs give parallel links.

Nothing is guessed: a missing or malformed kind or port is one
menger.InputError naming the node or edge (pass ``default_kind=...`` or
``auto_ports=True`` to ask for the defaults the file readers use: every node
that kind, ports numbered in edge order).  Nothing is converted either: a port
or ``num_ports`` is an int (not a bool) below MAX_PORTS, a ``label`` or
``package`` a str or an int, a ``ports`` dict names exactly the edge's two
ends; anything else is refused, naming the node or edge and the value.
"""

from ._menger import MAX_PORTS, InputError, Network

_KINDS = ("endpoint", "switch", "router")


def _few(items, n=3):
    items = list(items)
    text = ", ".join(repr(x) for x in items[:n])
    return text + (", ..." if len(items) > n else "")


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _port(value, what, limit=MAX_PORTS - 1):
    if not _whole(value) or not 0 <= value <= limit:
        raise InputError("%s: a port is a non-negative int, at most %d, got %r" % (what, limit, value))
    return value


def _name(value, what):
    """A label, package or edge label: a str, or an int taken as its decimal text."""
    if isinstance(value, str):
        return value
    if _whole(value):
        return str(value)
    raise InputError("%s is a str (or an int), got %r of type %s" % (what, value, type(value).__name__))


def _edge_ports(G, u, v, data, auto_ports):
    what = "networkx graph: edge (%r, %r)" % (u, v)
    ends = [k for k in ("tail_port", "head_port") if k in data]
    if ends and not G.is_directed():
        raise InputError("%s: %s belong to directed graphs; an undirected edge names its ports as "
                         "ports={%r: port, %r: port}" % (what, " and ".join(ends), u, v))
    if "ports" in data:
        if ends:
            raise InputError("%s has both 'ports' and %s; give its ports once" % (what, " and ".join(ends)))
        ports = data["ports"]
        if not isinstance(ports, dict) or u not in ports or v not in ports:
            raise InputError("%s: 'ports' must be a dict naming the port at both ends, {%r: port, %r: port}; got %r"
                             % (what, u, v, ports))
        extra = [k for k in ports if k != u and k != v]
        if extra:
            raise InputError("%s: 'ports' names %s, which %s not an end of the edge; it names the port at %r "
                             "and at %r only" % (what, _few(extra), "is" if len(extra) == 1 else "are", u, v))
        return _port(ports[u], what + " at %r" % (u,)), _port(ports[v], what + " at %r" % (v,))
    if ends:
        if len(ends) == 1:
            raise InputError("%s has %s but no %s; a directed edge names both, or neither (ports=...)"
                             % (what, ends[0], "head_port" if ends[0] == "tail_port" else "tail_port"))
        return _port(data["tail_port"], what + "'s tail_port"), _port(data["head_port"], what + "'s head_port")
    if auto_ports:
        return None, None
    return False


def from_networkx(G, name=None, default_kind=None, auto_ports=False):
    """A menger.Network from a NetworkX graph (see the module's docstring for the attributes).

    Node i of the network is the i-th node of G.nodes; ``net.nx_nodes[i]`` is that node."""
    nodes = list(G.nodes(data=True))
    index = {n: i for i, (n, _) in enumerate(nodes)}
    if default_kind is not None and (not isinstance(default_kind, str) or default_kind not in _KINDS):
        raise InputError("default_kind is one of %s, not %r" % (", ".join(_KINDS), default_kind))
    if not isinstance(auto_ports, bool):
        raise InputError("auto_ports is True or False, not %r" % (auto_ports,))
    if name is not None and not isinstance(name, str):
        raise InputError("name is a str, not %r" % (name,))
    missing = [n for n, d in nodes if "kind" not in d]
    if missing and default_kind is None:
        raise InputError("networkx graph: %d node(s) have no 'kind' attribute (endpoint, switch or router): %s; "
                         "set G.nodes[n]['kind'], or pass default_kind=" % (len(missing), _few(missing)) +
                         "'router' for a direct network")
    parts, labels = [], {}
    for n, d in nodes:
        kind = d.get("kind", default_kind)
        if not isinstance(kind, str) or kind not in _KINDS:
            raise InputError("networkx graph: node %r has kind %r; a kind is endpoint, switch or router" % (n, kind))
        label = _name(d["label"], "networkx graph: node %r's label" % (n,)) if "label" in d else str(n)
        if label in labels:
            raise InputError("networkx graph: nodes %r and %r are both labelled %r; labels name nodes in witnesses "
                             "and must be distinct" % (labels[label], n, label))
        labels[label] = n
        num_ports = d.get("num_ports", 0)
        _port(num_ports, "networkx graph: node %r's num_ports" % (n,), MAX_PORTS)
        package = d.get("package")
        if package is not None:
            package = _name(package, "networkx graph: node %r's package" % (n,))
        parts.append((label, kind, num_ports, package))
    links, lacking = [], []
    edges = G.edges(keys=True, data=True) if G.is_multigraph() else ((u, v, None, d) for u, v, d in G.edges(data=True))
    for u, v, _key, data in edges:
        ports = _edge_ports(G, u, v, data, auto_ports)
        if ports is False:
            lacking.append((u, v))
            continue
        label = _name(data["label"], "networkx graph: edge (%r, %r)'s label" % (u, v)) if "label" in data else ""
        links.append((index[u], ports[0], index[v], ports[1], G.is_directed(), label))
    if lacking:
        raise InputError("networkx graph: %d edge(s) have no 'ports' attribute: %s; set "
                         "G.edges[u, v]['ports'] = {u: port, v: port}, or pass auto_ports=True to number ports "
                         "in edge order" % (len(lacking), _few(lacking)))
    graph_name = name or G.graph.get("name") or "graph"
    if not isinstance(graph_name, str):
        raise InputError("networkx graph: its 'name' is a str, not %r (pass name=...)" % (graph_name,))
    spec = "networkx(%s)" % graph_name
    net = Network._from_parts(spec, "networkx graph %r" % graph_name, parts, links)
    net.nx_nodes = [n for n, _ in nodes]
    return net


def to_networkx(net):
    """The network as a NetworkX graph: nodes keyed by label -- or, for a network built by
    from_networkx, by that graph's own node keys, so that the round trip keeps them -- with
    attributes kind, id, label and num_ports (and package); edges with ports {u: port, v: port},
    link (its id) and label.  A MultiGraph when links are parallel, directed when links are."""
    import networkx as nx

    links = net.links()
    directed = any(l[4] for l in links)
    ends = [(min(a, b), max(a, b)) if not d else (a, b) for a, _, b, _, d in links]
    multi = len(set(ends)) != len(ends)
    G = (nx.MultiDiGraph if multi else nx.DiGraph)() if directed else (nx.MultiGraph if multi else nx.Graph)()
    G.graph["name"] = net.spec
    names = [net.label(v) for v in range(net.num_nodes)]
    keys = getattr(net, "nx_nodes", None)
    label = list(keys) if keys is not None and len(keys) == net.num_nodes else names
    package = {}
    for name, members in net.packages():
        for v in members:
            package[v] = name
    for v in range(net.num_nodes):
        attrs = {"kind": net.kind(v), "id": v, "label": names[v], "num_ports": net.num_ports(v)}
        if v in package:
            attrs["package"] = package[v]
        G.add_node(label[v], **attrs)
    for l, (a, pa, b, pb, _d) in enumerate(links):
        G.add_edge(label[a], label[b], ports={label[a]: pa, label[b]: pb}, link=l, label=net.link_label(l))
    return G
