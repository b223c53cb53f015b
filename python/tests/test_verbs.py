"""Every verb returns a result object whose answers are the CLI's: the same engine entry
points, compared here against the `menger` binary's --json output where it is built."""

import json
import os
import shutil
import subprocess

import pytest

import menger

MENGER = os.environ.get("MENGER_CLI") or shutil.which("menger")


def cli(*args):
    if not MENGER or not os.path.exists(MENGER):
        pytest.skip("the menger binary is not built (MENGER_CLI)")
    out = subprocess.run([MENGER, *args, "--json"], capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def test_tolerance_matches_the_cli():
    r = menger.tolerance("hypercube(4)")
    assert r.complete and r.verdict == "EXACT"
    assert r.tolerance == r.min_breaking_weight - 1
    assert r.certificate_valid and r.certificate["kind"]
    assert r.witness["separates"] == (r.source, r.target)
    j = cli("tolerance", "hypercube(4)")
    assert (j["min_breaking_weight"], j["breaking_set"], j["separates"]) == \
           (r.min_breaking_weight, r.breaking_set, [r.source, r.target])


def test_route_check_matches_the_cli():
    r = menger.route_check("mikant(3,3)", "mikant-x-turns", faults="switch-links", k=2)
    j = cli("route-check", "mikant(3,3)", "--routing", "mikant-x-turns", "--faults", "switch-links", "--k", "2")
    assert r.verdict == j["verdict"] and r.minimum_proved == j["minimum_proved"]
    assert r.witness == j["witness"]
    assert r.runs == j["search"]["runs"]
    assert r.certificate is None


def test_route_check_holds():
    r = menger.route_check("hypercube(3)", "shortest", k=2, faults="nodes")
    assert r.verdict == "HOLDS" and r.holds and r.witness is None and r.fault_set == []
    assert r.coverage["settled"] == r.coverage["total"]


@pytest.mark.parametrize("search", ["lazy", "symbolic"])
def test_route_check_writes_a_proof_the_cli_accepts(tmp_path, search):
    proof = tmp_path / "p.gz"
    r = menger.route_check("torus(4,4)", "ft-torus", k=2, excuse_disconnected=True, proof=str(proof), search=search)
    assert r.engine == search
    view = r.to_dict()
    assert r.verdict == "HOLDS" and view["proof"]["file"] == str(proof) and view["proof"]["pairs"] > 0
    if not MENGER or not os.path.exists(MENGER):
        pytest.skip("the menger binary is not built (MENGER_CLI)")
    out = subprocess.run([MENGER, "check-proof", str(proof)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[-1].startswith("VALID"), out.stdout


def test_deadlock_writes_a_proof_the_cli_accepts(tmp_path):
    proof = tmp_path / "d.gz"
    r = menger.deadlock("torus(5,5)", "ft-torus(flow=bubble)", escape="1,2", k=2, proof=str(proof))
    view = r.to_dict()
    assert r.verdict == "FREE" and view["proof"]["file"] == str(proof) and view["proof"]["k"] == 2
    assert view["proof"]["sets"] == r.fault_sets_analysed
    if not MENGER or not os.path.exists(MENGER):
        pytest.skip("the menger binary is not built (MENGER_CLI)")
    out = subprocess.run([MENGER, "check-proof", str(proof)], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.splitlines()[-1].startswith("VALID"), out.stdout


def test_deadlock_matches_the_cli(tmp_path):
    r = menger.deadlock("torus(4,4)", "dor")
    j = cli("deadlock", "torus(4,4)", "--routing", "dor")
    assert r.verdict == j["verdict"] and r.verdict in ("DEADLOCK", "FREE")
    assert r.witness == j["evidence"] and r.certificate is None
    free = menger.deadlock("torus(4,4)", "dor-dateline")
    cert = tmp_path / "cert.json"
    j = cli("deadlock", "torus(4,4)", "--routing", "dor-dateline", "--certificate", str(cert))
    assert free.verdict == j["verdict"] and free.witness is None
    assert free.certificate == json.loads(cert.read_text())


def test_deadlock_escape_and_faults():
    r = menger.deadlock("mesh(3,3)", "dor", k=1)
    assert r.verdict == "FREE" and r.fault_sets_analysed >= 1


def test_montecarlo():
    s = menger.montecarlo("mikant(3,3)", "routing", ["mikant-shortest", "mikant-x-turns"], faults="links",
                          counts=[0, 4], trials=2000, seed=3)
    assert s.complete and len(s.points) == 2
    j = json.loads(s.to_json())
    assert j["points"] == s.points and j["seed"] == 3
    again = menger.montecarlo("mikant(3,3)", "routing", ["mikant-shortest", "mikant-x-turns"], faults="links",
                              counts=[0, 4], trials=2000, seed=3, threads=1)
    assert again.points == s.points  # any thread count, the same numbers


def test_montecarlo_completeness():
    s = menger.montecarlo("min(stages=3, radix=2, wiring=deterministic)", "completeness", trials=500)
    assert s.series[0] and s.points


def test_info():
    i = menger.info("torus(4,4)")
    assert i.complete and i.witness is None
    j = cli("info", "torus(4,4)")
    assert str(i.value("diameter")) == j["diameter"]["exact"] and i.diameter == j["diameter"]["value"]
    assert str(i.value("avg_distance")) == j["avg_distance"]["exact"]
    assert i.automorphisms["links"]["order"] == j["automorphisms"]["order"]
    assert i.automorphisms["ports"]["node_orbits"] == j["port_automorphisms"]["node_orbits"]


TIMINGS = ("seconds", "graph_seconds", "check_seconds")


def same_view(view, cli_json):
    """The result's to_json() is the view the CLI prints after its question (timings aside)."""
    for key, value in view.items():
        if key in TIMINGS:
            continue
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in TIMINGS}
            other = {k: v for k, v in cli_json[key].items() if k not in TIMINGS}
            assert value == other, key
        else:
            assert value == cli_json[key], key


@pytest.mark.parametrize("verb,args,cli_args", [
    ("route_check", ("mikant(3,3)", "mikant-x-turns"), ("route-check", "mikant(3,3)", "--routing", "mikant-x-turns")),
    ("route_check", ("torus(4,4)", "shortest"), ("route-check", "torus(4,4)", "--routing", "shortest")),
    ("deadlock", ("torus(4,4)", "dor"), ("deadlock", "torus(4,4)", "--routing", "dor")),
    ("deadlock", ("mesh(3,3)", "dor"), ("deadlock", "mesh(3,3)", "--routing", "dor")),
    ("tolerance", ("hypercube(3)",), ("tolerance", "hypercube(3)")),
    ("info", ("mikant(2,3)",), ("info", "mikant(2,3)")),
])
def test_to_json_is_the_libraries_view(verb, args, cli_args):
    r = getattr(menger, verb)(*args)
    assert r.has_json_view
    view = json.loads(r.to_json())
    if "verdict" in view:
        assert view["verdict"] == r.verdict
    same_view(view, cli(*cli_args))
    assert json.loads(r.to_json(indent=2)) == view


def test_budget():
    r = menger.route_check("torus(6,6)", "shortest", k=4, budget=0.2, symmetry=False)
    assert r.verdict in ("UNKNOWN", "HOLDS")


def test_credit_loops_on_a_missing_dump():
    with pytest.raises(menger.InputError):
        menger.credit_loops("/nonexistent/dump")


DUMPS = os.path.join(os.path.dirname(__file__), "..", "..", "proofs", "known", "infiniband")


@pytest.mark.parametrize("fabric", ["torus-4x4-dor", "torus-4x4-dfsssp", "fattree-4x2-updn"])
def test_credit_loops_match_the_cli(fabric):
    d = os.path.join(DUMPS, fabric)
    r = menger.credit_loops(d)
    j = cli("credit-loops", d)
    assert r.credit_loop == j["credit_loop"] and r.loop == j["loop"]
    assert r.pairs == j["pairs"] and r.dependencies == j["dependencies"]
    assert (r.witness if r.credit_loop else r.certificate) is not None
    same_view(json.loads(r.to_json()), j)


def test_opensm_faults_matches_the_cli():
    """OpenSM in the loop (needs opensm, ibsim-utils, infiniband-diags): the same sets and outcomes
    as `menger opensm-faults`, the least failing set's loop as the witness."""
    if not (shutil.which("opensm") or os.path.exists("/usr/sbin/opensm")) or not shutil.which("ibsim"):
        pytest.skip("OpenSM and ibsim are not installed (scripts/install-deps.sh)")
    net = os.path.join(DUMPS, "mesh-4x4.net")
    r = menger.opensm_faults(net, engine="dor", sls="zero")
    j = cli("opensm-faults", net, "--engine", "dor", "--sls", "zero")
    assert r.verdict == j["verdict"] == "FAILS"
    assert [(s["failed"], s["outcome"]) for s in r.sets] == [(s["failed"], s["outcome"]) for s in j["sets"]]
    assert r.failing == j["failing"] and r.total_sets == j["total_sets"] == 25
    assert r.witness is not None
    with pytest.raises(menger.InputError):
        menger.opensm_faults(net, engine="dor", k=99)


def test_the_gil_is_released_during_the_engines_work():
    """A Python thread keeps running while a C++ engine works (it would stand still if the
    engine held the GIL)."""
    import threading

    counted, running = [0], [True]

    def count():
        while running[0]:
            counted[0] += 1

    worker = threading.Thread(target=count)
    worker.start()
    try:
        before = counted[0]
        r = menger.route_check("mikant(3,3)", "mikant-three-turn+go-down-level", faults="switch-links", k=3,
                               settle_all=True, threads=1)
        during = counted[0] - before
    finally:
        running[0] = False
        worker.join()
    assert r.runs > 0 and during > 1000, during


def test_dependency_graph_is_the_walked_paths_dependencies():
    """The channel dependency graph as a networkx.DiGraph (issue 42), against the graph built
    here from dimension-order paths walked by hand on mesh(4,4): x first, then y."""
    import networkx as nx

    G = menger.dependency_graph("mesh(4,4)", "dor")
    label = lambda x, y: "(%d,%d)" % (x, y)
    ours = set()
    for sx in range(4):
        for sy in range(4):
            for dx in range(4):
                for dy in range(4):
                    path, x, y = [(sx, sy)], sx, sy
                    while x != dx:
                        x += 1 if dx > x else -1
                        path.append((x, y))
                    while y != dy:
                        y += 1 if dy > y else -1
                        path.append((x, y))
                    hops = [(label(*a), label(*b)) for a, b in zip(path, path[1:])]
                    ours.update(zip(hops, hops[1:]))
    theirs = {((G.nodes[a]["tail"], G.nodes[a]["head"]), (G.nodes[b]["tail"], G.nodes[b]["head"])) for a, b in G.edges}
    assert theirs == ours
    assert nx.is_directed_acyclic_graph(G)
    # On the torus the same routing's graph has a cycle, and as many dependencies as deadlock() counts.
    T = menger.dependency_graph("torus(4,4)", "dor")
    d = menger.deadlock("torus(4,4)", "dor")
    assert not nx.is_directed_acyclic_graph(T) and d.verdict == "DEADLOCK"
    assert T.number_of_edges() == d.dependencies
    for a, b, data in T.edges(data=True):  # each dependency's packet passes through both channels' nodes
        assert data["packet"][0] != data["packet"][1] and T.nodes[a]["head"] == T.nodes[b]["tail"]
    # A network from NetworkX: channels keyed by the graph's own node keys.
    grid = nx.grid_2d_graph(3, 3)
    K = menger.dependency_graph(menger.from_networkx(grid, default_kind="router", auto_ports=True), "shortest")
    assert all(tail in grid and K.nodes[(tail, port, vc)]["head"] in grid for tail, port, vc in K.nodes)
