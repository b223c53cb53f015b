"""Networks from spec strings and from NetworkX graphs, and back to NetworkX."""

import networkx as nx
import pytest

import menger


def test_from_spec():
    net = menger.network("mikant(2,3)")
    assert net.spec == "mikant(2,3)"
    assert net.num_nodes == len(net)
    v = net.node(net.label(0))
    assert v == 0 and net.find_node("nonsense") is None
    assert net.kind(0) == "switch" and net.kind(net.num_nodes - 1) == "endpoint"
    peer, peer_port, link = net.port(0, 0)
    assert net.port(peer, peer_port)[0] == 0
    assert net.link(link)[0] in (0, peer)
    with pytest.raises(IndexError):
        net.kind(net.num_nodes)
    with pytest.raises(KeyError):
        net.node("nonsense")


@pytest.mark.parametrize("spec", ["torus(4,4)", "mesh(3,3)", "mikant(2,3)", "hypercube(3)",
                                  "min(stages=3, radix=2, wiring=deterministic)"])
def test_round_trip_through_networkx(spec):
    """to_networkx then from_networkx gives the same network: kinds, ports, links, and so the
    same engine answers."""
    net = menger.network(spec)
    G = menger.to_networkx(net)
    assert G.number_of_nodes() == net.num_nodes and G.number_of_edges() == net.num_links
    back = menger.from_networkx(G)
    assert back.num_nodes == net.num_nodes and back.num_links == net.num_links
    for v in range(net.num_nodes):
        w = back.node(net.label(v))
        assert back.kind(w) == net.kind(v) and back.num_ports(w) == net.num_ports(v)
        for p in range(net.num_ports(v)):
            a, b = net.port(v, p), back.port(w, p)
            assert (a is None) == (b is None)
            if a:
                assert back.label(b[0]) == net.label(a[0]) and b[1] == a[1]
    a, b = menger.tolerance(net), menger.tolerance(back)
    assert (a.min_breaking_weight, a.breaking_set, a.source, a.target) == \
           (b.min_breaking_weight, b.breaking_set, b.source, b.target)
    assert b.certificate_valid


def ring(n, kind="router"):
    G = nx.Graph()
    for i in range(n):
        G.add_node(i, kind=kind)
    for i in range(n):
        G.add_edge(i, (i + 1) % n, ports={i: 0, (i + 1) % n: 1})
    return G


def test_networkx_ring_against_the_torus_family():
    """A 1-dimensional torus built by hand in NetworkX answers like torus(6)."""
    G = ring(6)
    a, b = menger.tolerance(G), menger.tolerance("torus(6)")
    assert a.min_breaking_weight == b.min_breaking_weight
    net = menger.from_networkx(G)
    assert net.nx_nodes == list(G.nodes)
    assert net.spec == "networkx(graph)"
    info = menger.info(G)
    assert info.value("diameter") == menger.info("torus(6)").value("diameter")


def test_missing_kind_is_named():
    G = ring(4)
    del G.nodes[2]["kind"]
    with pytest.raises(menger.InputError, match=r"1 node\(s\) have no 'kind' attribute .*2"):
        menger.from_networkx(G)
    assert menger.from_networkx(G, default_kind="router").num_nodes == 4


def test_bad_kind_is_named():
    G = ring(4)
    G.nodes[1]["kind"] = "toaster"
    with pytest.raises(menger.InputError, match="node 1 has kind 'toaster'"):
        menger.from_networkx(G)


def test_missing_ports_are_named():
    G = ring(4)
    del G.edges[0, 1]["ports"]
    with pytest.raises(menger.InputError, match=r"1 edge\(s\) have no 'ports' attribute: \(0, 1\)"):
        menger.from_networkx(G)
    assert menger.from_networkx(G, auto_ports=True).num_links == 4


def test_malformed_ports():
    G = ring(4)
    G.edges[0, 1]["ports"] = {0: 0}
    with pytest.raises(menger.InputError, match="at both ends"):
        menger.from_networkx(G)
    G.edges[0, 1]["ports"] = {0: -1, 1: 1}
    with pytest.raises(menger.InputError, match="non-negative"):
        menger.from_networkx(G)


def test_port_used_twice():
    G = ring(4)
    G.edges[0, 1]["ports"] = {0: 1, 1: 1}  # node 0's port 1 also leads to 3
    with pytest.raises(menger.InputError, match="port"):
        menger.from_networkx(G)


def test_duplicate_labels_and_self_loops():
    G = ring(3)
    G.nodes[0]["label"] = "x"
    G.nodes[1]["label"] = "x"
    with pytest.raises(menger.InputError, match="both labelled 'x'"):
        menger.from_networkx(G)
    H = ring(3)
    H.add_edge(0, 0, ports={0: 2})
    with pytest.raises(menger.InputError, match="self-loop"):
        menger.from_networkx(H)


def test_indirect_network_and_multigraph():
    """Endpoints on switches, two parallel links between the switches."""
    G = nx.MultiGraph()
    G.add_node("s0", kind="switch")
    G.add_node("s1", kind="switch")
    for h, s in [("h0", "s0"), ("h1", "s1")]:
        G.add_node(h, kind="endpoint")
        G.add_edge(h, s, ports={h: 0, s: 0})
    G.add_edge("s0", "s1", ports={"s0": 1, "s1": 1})
    G.add_edge("s0", "s1", ports={"s0": 2, "s1": 2})
    net = menger.from_networkx(G)
    assert net.num_links == 4
    r = menger.tolerance(G, faults="switch-links")
    assert r.min_breaking_weight == 2 and r.certificate_valid
    back = menger.to_networkx(net)
    assert isinstance(back, nx.MultiGraph) and back.number_of_edges() == 4


# ---- nothing converted, nothing ignored ---------------------------------------

@pytest.mark.parametrize("port", [2**64, 2**32, menger.MAX_PORTS, -1, True, 1.0, "1", None])
def test_a_port_out_of_range_or_of_another_type_names_the_edge(port):
    G = ring(4)
    G.edges[0, 1]["ports"] = {0: port, 1: 1}
    with pytest.raises(menger.InputError, match=r"edge \(0, 1\) at 0: a port is a non-negative int, at most"):
        menger.from_networkx(G)


def test_extra_keys_in_ports_are_refused_by_name():
    G = ring(4)
    G.edges[0, 1]["ports"] = {0: 0, 1: 1, 2: 5, "spare": 7}
    with pytest.raises(menger.InputError, match=r"edge \(0, 1\): 'ports' names 2, 'spare', which are not an end"):
        menger.from_networkx(G)


def test_tail_and_head_ports_are_for_directed_edges_both_and_alone():
    G = ring(4)
    G.edges[0, 1]["tail_port"] = 0
    with pytest.raises(menger.InputError, match="belong to directed graphs"):
        menger.from_networkx(G)
    D = nx.DiGraph()
    D.add_node("a", kind="router")
    D.add_node("b", kind="router")
    D.add_edge("a", "b", tail_port=0)
    with pytest.raises(menger.InputError, match="has tail_port but no head_port"):
        menger.from_networkx(D)
    D.edges["a", "b"]["head_port"] = 0
    assert menger.from_networkx(D).num_links == 1
    D.edges["a", "b"]["ports"] = {"a": 0, "b": 0}
    with pytest.raises(menger.InputError, match="both 'ports' and tail_port and head_port"):
        menger.from_networkx(D)


@pytest.mark.parametrize("attr,value,words", [
    ("num_ports", 2**64, "num_ports: a port is a non-negative int"),
    ("num_ports", True, "num_ports: a port is a non-negative int"),
    ("num_ports", 2.0, "num_ports: a port is a non-negative int"),
    ("label", ["x"], "node 1's label is a str"),
    ("label", None, "node 1's label is a str"),
    ("package", 1.5, "node 1's package is a str"),
    ("package", True, "node 1's package is a str"),
    ("kind", b"router", "node 1 has kind b'router'"),
])
def test_node_attributes_are_taken_strictly(attr, value, words):
    G = ring(4)
    G.nodes[1][attr] = value
    with pytest.raises(menger.InputError, match=re_escape(words)):
        menger.from_networkx(G)


def re_escape(text):
    import re
    return re.escape(text)


def test_int_labels_and_packages_are_their_decimal_text():
    G = ring(4)
    G.nodes[1]["label"] = 17
    G.nodes[2]["package"] = 3
    net = menger.from_networkx(G)
    assert net.find_node("17") == 1
    assert ("3", [2]) in [(name, list(members)) for name, members in net.packages()]


def test_edge_labels_and_options_are_taken_strictly():
    G = ring(4)
    G.edges[0, 1]["label"] = 2.5
    with pytest.raises(menger.InputError, match=r"edge \(0, 1\)'s label is a str"):
        menger.from_networkx(G)
    with pytest.raises(menger.InputError, match="auto_ports is True or False"):
        menger.from_networkx(ring(4), auto_ports=1)
    with pytest.raises(menger.InputError, match="name is a str"):
        menger.from_networkx(ring(4), name=5)


@pytest.mark.parametrize("nodes,links,words", [
    ([("a", "router", 2**64, None)], [], "node #0 ('a')'s num_ports lies in"),
    ([("a", "router", True, None)], [], "num_ports is an int"),
    ([("a", 5, 0, None)], [], "node #0 ('a')'s kind is a str"),
    ([("a", "router", 0, None), ("b", "router", 0, None)], [(0, 2**64, 1, 0, False, "")], "link #0's first port lies in"),
    ([("a", "router", 0, None), ("b", "router", 0, None)], [(0, 0, 2, 0, False, "")], "link #0's second node lies in 0..1"),
    ([("a", "router", 0, None), ("b", "router", 0, None)], [(0, 0, 1, 0, 1, "")], "`directed` is True or False"),
    ([("a", "router", 0, None)], [[0]], "link #0 is a tuple of 6 fields"),
])
def test_the_parts_are_checked_in_cpp_too(nodes, links, words):
    """_networkx.py names the NetworkX node or edge first; the module refuses bad parts itself."""
    with pytest.raises(menger.InputError, match=re_escape(words)):
        menger.Network._from_parts("networkx(t)", "test parts", nodes, links)


def test_results_and_the_round_trip_keep_the_users_node_keys():
    """A network built from NetworkX answers in the graph's own node keys (issue 42); the JSON
    view keeps the labels; a link fault unit keeps its label."""
    G = nx.grid_2d_graph(3, 3)
    net = menger.from_networkx(G, default_kind="router", auto_ports=True)
    r = menger.tolerance(net)
    assert set(r.breaking_set) <= set(G.nodes) and r.source in G and r.target in G
    H = G.copy()
    H.remove_nodes_from(r.breaking_set)
    assert not nx.has_path(H, r.source, r.target)  # the set separates the pair in the user's graph
    assert set(r.to_dict()["breaking_set"]) == {str(v) for v in r.breaking_set}
    rc = menger.route_check(net, "shortest", k=2)
    assert rc.verdict == "FAILS" and set(rc.fault_set) <= set(G.nodes)
    assert rc.source in G and rc.destination in G
    d = menger.deadlock(net, "shortest")
    assert d.verdict == "DEADLOCK" and d.cycle_packets
    assert all(s in G and t in G for s, t in d.cycle_packets)
    links = menger.tolerance(net, faults="links")
    assert all(isinstance(u, str) for u in links.breaking_set) and links.source in G
    back = menger.to_networkx(net)
    assert set(back.nodes) == set(G.nodes)
    assert {frozenset(e) for e in back.edges} == {frozenset(e) for e in G.edges}
    assert back.nodes[(0, 0)]["label"] == "(0, 0)"
    spec = menger.to_networkx(menger.network("torus(3,3)"))
    assert "(0,0)" in spec and spec.nodes["(0,0)"]["label"] == "(0,0)"  # no NetworkX keys: labels
    i = menger.info(net)
    for name, fact in i.facts.items():  # ints where the exact value is whole, floats otherwise
        if fact["exact"] is not None:
            assert isinstance(fact["value"], int) == ("/" not in fact["exact"]), (name, fact)
