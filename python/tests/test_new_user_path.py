"""A new user's first hour, end to end in one test (issue 42, "Done means"): the README's
quickstart as printed, then one network of their own from NetworkX, one routing of their
own in Python, and one deadlock witness drawn -- the path the README and docs/python.md
walk, each step's result checked against what a person can work out by hand."""
import os
import subprocess
import sys

import networkx as nx
import pytest

import menger

README = os.environ.get("MENGER_README")
MENGER = os.environ.get("MENGER_CLI")


class Clockwise(menger.Routing):
    """On a ring of routers r0 .. r{n-1}: always on to the next one, r{i+1}.  It delivers with
    no fault, gives up when the next link is down, and, with one buffer per channel, its n
    packets that each wait for the next one's channel are the textbook deadlock (Dally and
    Seitz, Figure 1)."""

    def __init__(self, net, n):
        self.port = {}
        for v in range(net.num_nodes):
            ahead = net.node("r%d" % ((int(net.label(v)[1:]) + 1) % n))
            self.port[v] = next(p for p in range(net.num_ports(v)) if net.peer(v, p) == ahead)

    def next(self, here, state, dest, faults):
        p = self.port[here]
        return [p] if faults.port_usable(here, p) else []


def test_a_new_users_first_hour(tmp_path):
    if not MENGER or not os.path.exists(MENGER) or not README:
        pytest.skip("needs the menger binary and the README (MENGER_CLI, MENGER_README)")
    # 1. The README's quickstart, every command with the lines it prints.
    source = os.path.dirname(os.path.abspath(README))
    quick = subprocess.run([sys.executable, os.path.join(source, "tests", "readme_quickstart.py"), MENGER, README,
                            source], capture_output=True, text=True, timeout=600)
    assert quick.returncode == 0, quick.stdout + quick.stderr
    assert "menger " in quick.stdout  # it names each command it ran

    # 2. A network of one's own: a ring of six routers from NetworkX, its own keys.
    n = 6
    G = nx.relabel_nodes(nx.cycle_graph(n), {i: "r%d" % i for i in range(n)})
    net = menger.from_networkx(G, default_kind="router", auto_ports=True)
    facts = menger.info(net).facts
    assert facts["nodes"]["exact"] == "6" and facts["diameter"]["exact"] == "3"
    assert menger.tolerance(net, faults="links").min_breaking_weight == 2  # a ring falls apart at two links

    # 3. A routing of one's own, in Python: it delivers, it gives up at a failed link, it deadlocks.
    assert menger.route_check(net, Clockwise(net, n), k=0).verdict == "HOLDS"
    broken = menger.route_check(net, Clockwise(net, n), faults="links", k=1)
    assert broken.verdict == "FAILS" and len(broken.fault_set) == 1
    dead = menger.deadlock(net, Clockwise(net, n))
    assert dead.verdict == "DEADLOCK"
    packets = dead.witness["packets"]
    assert len(packets) == n  # one per router, each holding the link ahead of it
    assert sorted(p["channel"][0] for p in packets) == ["r%d" % i for i in range(n)]

    # 4. The deadlock drawn: SVG through Graphviz, its DOT beside it, every router in the picture.
    svg = tmp_path / "deadlock.svg"
    said = menger.draw(net, dead, svg)
    assert said.startswith("drawn to ") and svg.exists()
    picture = svg.read_text()
    assert "<svg" in picture and all("r%d" % i in picture for i in range(n))
    assert (tmp_path / "deadlock.svg.dot").exists()
    with pytest.raises(menger.InputError):
        menger.draw(net, {"packets": []}, tmp_path / "nothing.svg")
