"""Two of Menger's built-in routings re-written in Python, decision for decision,
so that the tests can hold them to the C++ routings' verdicts and witnesses and
bench/python_routing.py can time them against the C++ ones.

  Dor            dimension-order routing on tori and meshes (models/routing_torus.cpp, `dor`)
  MikantThreeTurnGoDownLevel
                 002's Three-Turn upward and Go-Down-Level downward
                 (models/routing_mikant.cpp, `mikant-three-turn+go-down-level`,
                 choice=first, saved digits consulted)

They read faults exactly as their C++ models do (the same questions in the
same order), which is what makes the witnesses equal, not only the verdicts.
"""

import menger


class Dor(menger.Routing):
    """Correct dimension 0, then 1, ..., each the shortest way round (+ on a half-way tie).
    Reads no faults: a hop over a fault is the engine's Blocked.  Radices >= 3 (two ports per
    dimension: + then -)."""

    knowledge = "local"
    name = "dor"

    def __init__(self, radices, wrap=True):
        self.radices = list(radices)
        self.wrap = wrap

    def coords(self, v):
        out = []
        for k in self.radices:
            out.append(v % k)
            v //= k
        return out

    def offset(self, x, y, k):
        if not self.wrap:
            return y - x
        up = (y - x) % k
        return up if 2 * up <= k else up - k

    def next(self, here, state, dest, faults):
        a, b = self.coords(here), self.coords(dest)
        for d, k in enumerate(self.radices):
            o = self.offset(a[d], b[d], k)
            if o:
                return [2 * d if o > 0 else 2 * d + 1]
        return []


NORMAL, LAST, TT_BACK, GDL_UP = 0, 1, 4, 9  # the C++ routing's phases (w[0])


class MikantThreeTurnGoDownLevel(menger.Routing):
    """Algorithm 1 of 002; a faulty crossing link at level n-2 is bypassed by Three-Turn
    (3.1.4), a faulty level-1 down link by Go-Down-Level (3.1.2); any other fault drops
    the packet.  Node ids as models/mikant.h numbers them."""

    knowledge = "local"
    name = "mikant-three-turn+go-down-level"

    def __init__(self, k, n):
        self.k, self.n = k, n
        self.per_level = k ** (n - 1)
        self.switches = 2 * (n - 1) * self.per_level

    # -- the topology's numbering (models/mikant.h) --
    def decode(self, v):
        return v // ((self.n - 1) * self.per_level), (v // self.per_level) % (self.n - 1), v % self.per_level

    def sw_digit(self, d, i):
        return (d // self.k ** i) % self.k

    def t_digit(self, dst, i):
        return (((dst - self.switches) % (self.per_level * self.k)) // self.k ** i) % self.k

    def node_group(self, dst):
        return (dst - self.switches) // (self.per_level * self.k)

    # -- the routing --
    def algorithm1_port(self, g, l, d, dst):
        up = self.node_group(dst) != g
        i = l
        while not up and i + 2 <= self.n:
            up = self.sw_digit(d, i) != self.t_digit(dst, i)
            i += 1
        if up:
            return self.k + self.t_digit(dst, l)
        return self.t_digit(dst, l - 1) if l > 0 else self.t_digit(dst, self.n - 1)

    def offer(self, here, faults, base, skip, state):
        for j in range(self.k):
            if j == skip:
                continue
            if faults.port_usable(here, base + j):
                return [(base + j, 0, state)]
        return []

    def take(self, here, faults, port, state):
        return [(port, 0, state)] if faults.port_usable(here, port) else []

    def next(self, here, state, dest, faults):
        if here >= self.switches:  # a compute node: its one link
            return [0]
        g, l, d = self.decode(here)
        phase = state[0]
        if phase == LAST:
            return self.take(here, faults, self.algorithm1_port(g, l, d, dest), (NORMAL,))
        if phase == TT_BACK:
            return self.offer(here, faults, self.k, state[1], (LAST,))
        if phase == GDL_UP:
            return self.offer(here, faults, self.k, state[1], (LAST,))
        p = self.algorithm1_port(g, l, d, dest)
        if faults.port_usable(here, p):
            return [(p, 0, (NORMAL,))]
        if l + 2 == self.n and p >= self.k:  # Three-Turn: cross to the other group, then back
            t, top = self.t_digit(dest, self.n - 2), self.sw_digit(d, self.n - 2)
            return self.offer(here, faults, self.k, t, (TT_BACK, top))
        if l == 1 and p < self.k:  # Go-Down-Level: to a level-0 sibling and up again
            return self.offer(here, faults, 0, p, (GDL_UP, self.sw_digit(d, 0)))
        return []

    def describe_state(self, state):
        a = str(state[1])
        return {NORMAL: "normal", LAST: "detour: last hop",
                TT_BACK: "three-turn: cross back to D_{n-2} != " + a,
                GDL_UP: "go-down-level: climb to D_0 != " + a}[state[0]]
