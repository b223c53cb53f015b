"""Menger from Python: machine-checked claims about interconnection networks.

Networks come from the CLI's model specs (``network("torus(4,4)")``) or from
NetworkX graphs (``from_networkx(G)``: node kinds and ports from attributes)
and go back to NetworkX (``to_networkx(net)``).  Every verb of the ``menger``
command is a function returning a result object with attributes,
``.witness``, ``.certificate``, ``.to_json()`` and ``.to_dict()`` (its one
JSON view: the question with the engine's answer); ``print(result)`` shows
the few lines ``menger VERB`` prints first, and a notebook shows them too:

    tolerance(net, faults="nodes")                 least breaking fault set
    route_check(net, routing, k=2)                 least fault set defeating a routing, with its trace
    deadlock(net, routing)                         FREE with a certificate, or DEADLOCK with a witness
    montecarlo(net, "routing", routings, counts=[0, 4])   reliability with confidence intervals
    credit_loops(dump_dir)                         InfiniBand credit loops (OpenSM dumps)
    opensm_faults(net_file, engine="updn", k=1)    OpenSM re-routes after each failure: loops, unrouted pairs
    info(net)                                      exact structural facts
    draw(net, result, "w.svg")                     a result's witness drawn on its network (Graphviz)

A routing is a built-in spec string (``"dor"``, ``"mikant-x-turns"``; ``menger
list`` names them) or a Python object with ``next(here, state, dest, faults)``
returning the hops the packet may take (see ``Routing``).  Python routings are
checked by the same engines: the exhaustive route search sees every fault
question the routing asks through ``faults``, exactly as it sees a C++
routing's.  The engines release the GIL; with a Python routing they run on one
thread (``threads=N`` asks for more: the callbacks then take turns on the GIL).

Interruptions.  Ctrl-C during a verb raises KeyboardInterrupt within a fraction
of a second (the engines stop at their next budget check, a Python routing's
call at its next bytecode).  ``budget`` (seconds) covers the time spent in a
Python routing too: a call still running 0.1 s after the budget ran out is
interrupted and the verb raises BudgetExhausted (an engine that notices its
budget between calls reports UNKNOWN with what it covered instead).  A
KeyboardInterrupt or SystemExit raised by a routing comes back as itself; only
an Exception is a RoutingError.

Progress.  ``progress`` (tolerance, route_check, deadlock, montecarlo) is a
callable given the coverage so far as a dict (``unit``, ``settled``,
``total``, ``fraction``, ``so_far``, ``remains``, ``resumed``), after each
piece of work the engine merges, on the thread that called the verb, at most
about 20 times a second, and once more at the end.  An exception it raises
stops the verb as Ctrl-C does, and the verb raises it.
"""

import os
from collections import namedtuple

from ._menger import (  # noqa: F401  (the package's API)
    PACKET_STATE_WORDS,
    BudgetExhausted,
    CreditLoopsResult,
    DeadlockResult,
    FaultView,
    InfoResult,
    InputError,
    MAX_PORTS,
    InternalError,
    Network,
    OpensmFaultsResult,
    RouteCheckResult,
    RoutingError,
    StudyResult,
    ToleranceResult,
    __version__,
)
from . import _menger
from ._networkx import from_networkx, to_networkx
from ._checks import _U64, _flag, _real, _text, _whole
from ._question import Question
from . import _results

_results.attach(_menger)  # str(), _repr_html_ and to_dict() of every result

__all__ = [
    "Network", "network", "from_networkx", "to_networkx", "Routing", "Hop", "FaultView",
    "tolerance", "route_check", "deadlock", "dependency_graph", "montecarlo", "credit_loops", "opensm_faults", "info", "draw",
    "ToleranceResult", "RouteCheckResult", "DeadlockResult", "StudyResult", "InfoResult", "CreditLoopsResult",
    "OpensmFaultsResult",
    "InputError", "RoutingError", "BudgetExhausted", "InternalError", "PACKET_STATE_WORDS", "MAX_PORTS",
]

Hop = namedtuple("Hop", "port vc state bubble", defaults=(0, None, False))
Hop.__doc__ = """One hop a routing offers: leave by `port` on virtual channel `vc`, carrying
`state` (None: the packet's state unchanged) to the next node; `bubble`: the hop
needs room for two packets (bubble flow control, core/routing.h)."""


class Routing:
    """A routing written in Python (subclassing is optional: any object with `next` will do).

    next(here, state, dest, faults) -> list of hops, [] to give up.  `here` and
    `dest` are node ids (here != dest); `state` is a tuple of PACKET_STATE_WORDS
    ints (zeros at injection unless `start` says otherwise); a hop is a port,
    (port, vc), (port, vc, state), (port, vc, state, bubble) or a Hop.  Several
    hops make the routing adaptive: the engines check every choice.

    `faults` is the engine's fault view: node_faulty(v), link_faulty(l),
    port_usable(v, p), faulty_nodes_at_least(nodes, r), and `faults.network`.
    Ask only what the decision needs, in the order the algorithm looks: the
    exhaustive search extends fault sets only by the units a run read.  The
    routing must be a pure function of its arguments (no randomness, no state
    kept between calls): the engines re-run it and compare.

    Optional: start(src, dest, faults) -> first state; describe_state(state) -> str
    for traces; `name` (default: the class name), `knowledge` ("local": only
    the current node, its links and neighbours may be asked about; "global",
    the default) and `vcs` (virtual channels, default 1).
    """

    name = None
    knowledge = "global"
    vcs = 1

    def next(self, here, state, dest, faults):
        raise NotImplementedError("a Routing subclass defines next(here, state, dest, faults)")


def network(model, **networkx_options):
    """A Network from a model spec string, a NetworkX graph (options as from_networkx), or a Network."""
    if isinstance(model, Network):
        return model
    if isinstance(model, str):
        return Network.from_spec(model)
    if hasattr(model, "nodes") and hasattr(model, "edges"):
        return from_networkx(model, **networkx_options)
    raise TypeError("a network is a model spec string, a NetworkX graph or a menger.Network, not %r" % (model,))


Network.from_networkx = staticmethod(from_networkx)
Network.to_networkx = to_networkx


# The verbs' arguments are checked strictly (_checks.py); a verb with a declared
# question (src/question/) takes its keyword arguments from that declaration.
_MAX_BUDGET = 1e9  # seconds (31 years): a deadline the steady clock can hold


def _budget(budget):
    """None (no limit) or a positive number of seconds."""
    if budget is None:
        return None
    seconds = _real("budget", budget)
    if not 0 < seconds <= _MAX_BUDGET:
        raise InputError("budget is a positive number of seconds (at most %g; None for no limit), not %r"
                         % (_MAX_BUDGET, budget))
    return seconds


def _progress(progress):
    """None or a callable taking one dict."""
    if progress is not None and not callable(progress):
        raise TypeError("progress is a callable taking the coverage as a dict, or None, not %r" % (progress,))
    return progress


def _routing(routing):
    if isinstance(routing, str):
        return routing
    if not callable(getattr(routing, "next", None)):
        raise TypeError("a routing is a spec string (e.g. 'dor') or an object with a method "
                        "next(here, state, dest, faults), not %r" % (routing,))
    return routing


_TOLERANCE = Question("tolerance", "tolerance")


@_TOLERANCE.verb
def tolerance(net, *, budget=None, threads=0, progress=None, **question):
    """Exact fault tolerance (menger tolerance): the least weight of a fault set that disconnects
    a required pair, with the set, the pair, and a certificate re-validated independently."""
    net = network(net)
    return _results.with_keys(_menger._tolerance(net, _TOLERANCE.json(question), _budget(budget),
                                                 _whole("threads", threads), _progress(progress)), net)


_ROUTE_CHECK = Question("route-check", "route_check")


@_ROUTE_CHECK.verb
def route_check(net, routing, *, budget=None, threads=0, progress=None, **question):
    """Does `routing` deliver every pair of healthy terminals under every set of <= k faults
    (menger route-check)?  FAILS with the least defeating fault set, the pair and the trace."""
    net = network(net)
    return _results.with_keys(_menger._route_check(net, _routing(routing), _ROUTE_CHECK.json(question),
                                                   _budget(budget), _whole("threads", threads), _progress(progress)),
                              net)


_DEADLOCK = Question("deadlock", "deadlock")


@_DEADLOCK.verb
def deadlock(net, routing, *, budget=None, threads=0, progress=None, **question):
    """Can `routing` deadlock (menger deadlock)?  FREE with a certificate or DEADLOCK with a
    witness; with k > 0, under every set of <= k faults (the least failing set).  `escape`
    may also be a list of virtual channels."""
    escape = question.get("escape")
    if escape is not None and not isinstance(escape, str):
        if not hasattr(escape, "__iter__"):
            raise InputError("escape is a str such as \"0,1\" or a list of virtual channels, not %r" % (escape,))
        question["escape"] = ",".join(str(_whole("an escape virtual channel", vc)) for vc in escape)
    net = network(net)
    return _results.with_keys(_menger._deadlock(net, _routing(routing), _DEADLOCK.json(question), _budget(budget),
                                                _whole("threads", threads), _progress(progress)), net)


def dependency_graph(net, routing, *, budget=None, threads=0):
    """The channel dependency graph of `routing` on `net` (every virtual channel, no faults) as a
    networkx.DiGraph.  A node per channel some packet takes, keyed (tail, port, vc) as Menger's
    evidence names channels -- the node it leaves (the network's own NetworkX key, else its
    label), the port there and the virtual channel -- with attributes tail, head, port, vc, link
    (its id) and name ("a->b vc0"); an edge per dependency, with `packet` = (source,
    destination), the least packet that creates it, and `bubble` (the hop needs bubble flow
    control).  A deterministic routing whose graph is acyclic cannot deadlock (Dally and Seitz);
    deadlock() decides the rest (escape channels, the exact check)."""
    import networkx as nx

    net = network(net)
    channels, edges = _menger._dependency_graph(net, _routing(routing), _budget(budget), _whole("threads", threads))
    keys = getattr(net, "nx_nodes", None)
    name = (lambda v: keys[v]) if keys is not None else net.label
    G = nx.DiGraph()
    G.graph["name"] = "channel dependency graph of %s on %s" % (getattr(routing, "name", None) or routing, net.spec)
    key_of = {}
    for channel, tail, head, port, vc, link in channels:
        key_of[channel] = (name(tail), port, vc)
        G.add_node(key_of[channel], tail=name(tail), head=name(head), port=port, vc=vc, link=link,
                   name="%s->%s vc%d" % (net.label(tail), net.label(head), vc))
    for a, b, source, destination, bubble in edges:
        G.add_edge(key_of[a], key_of[b], packet=(name(source), name(destination)), bubble=bubble)
    return G


_MONTECARLO = Question("montecarlo", "montecarlo")


@_MONTECARLO.verb
def montecarlo(net, experiment, routings=(), *, budget=None, threads=0, progress=None, **question):
    """A reliability study (menger montecarlo): experiment "completeness", "routing" or
    "combinations"; routings are spec strings or Python routings, compared on the same
    configurations.  counts and rates are lists of numbers or text such as "0..20:5".
    Results depend on the seed only, not on the thread count."""
    if isinstance(routings, str) or hasattr(routings, "next"):
        routings = [routings]
    question["experiment"] = experiment
    return _menger._montecarlo(network(net), [_routing(r) for r in routings], _MONTECARLO.json(question),
                               _budget(budget), _whole("threads", threads), _progress(progress))


_CREDIT_LOOPS = Question("credit-loops", "credit_loops")


@_CREDIT_LOOPS.verb
def credit_loops(dump_dir, fabric=None, *, budget=None, **question):
    """InfiniBand credit loops (menger credit-loops): the deadlock engine on the routing OpenSM
    programmed (its dump files in `dump_dir`; `fabric`: an ibnetdiscover file instead of the
    subnet list); `.loop` names the loop's buffers by GUID, port and VL."""
    if not isinstance(dump_dir, (str, os.PathLike)) or not isinstance(fabric, (str, os.PathLike, type(None))):
        raise InputError("dump_dir and fabric are paths (str or os.PathLike), not %r, %r" % (dump_dir, fabric))
    return _menger._credit_loops(os.fspath(dump_dir), os.fspath(fabric or ""), _CREDIT_LOOPS.json(question),
                                 _budget(budget))


_OPENSM_FAULTS = Question("opensm-faults", "opensm_faults")


@_OPENSM_FAULTS.verb
def opensm_faults(net_file, *, budget=None, **question):
    """The subnet manager in the loop (menger opensm-faults): for every set of <= k failed links
    or switches of the fabric in `net_file` (an ibsim net file or ibnetdiscover's output), OpenSM
    itself routes it again under ibsim and the new tables are checked for credit loops and
    unrouted pairs; `.sets` holds every set's outcome, `.witness` the least failing set's loop."""
    if not isinstance(net_file, (str, os.PathLike)):
        raise InputError("net_file is a path (str or os.PathLike), not %r" % (net_file,))
    return _menger._opensm_faults(os.fspath(net_file), _OPENSM_FAULTS.json(question), _budget(budget))


def draw(net, witness, path):
    """Draws a witness on its network, as `menger VERB --svg/--dot` and the HTML report draw it:
    `witness` is a result with a .witness (route_check's failure, deadlock's deadlocked packets)
    or that JSON as a dict; `path` ending in .svg is drawn by Graphviz (its DOT kept as
    PATH.dot), any other name gets the DOT.  Returns what was drawn, in words."""
    if hasattr(witness, "witness"):
        witness = witness.witness
    if not isinstance(witness, dict):
        raise InputError("draw takes a result with a witness, or the witness as a dict, not %r" % (witness,))
    if not isinstance(path, (str, os.PathLike)):
        raise InputError("path is a file name (str or os.PathLike), not %r" % (path,))
    import json
    return _menger._draw(network(net), json.dumps(witness), os.fspath(path))


_INFO = Question("info", "info")


@_INFO.verb
def info(net, *, budget=None, threads=0, **question):
    """Exact structural facts (menger info): counts, degrees, diameter, average distance, and the
    automorphism group (nauty, every generator re-checked)."""
    return _menger._info(network(net), _INFO.json(question), _budget(budget), _whole("threads", threads))
