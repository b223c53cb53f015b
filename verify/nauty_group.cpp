#include "verify/nauty_group.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "core/error.h"

// nauty's C headers define macros such as TRUE, FALSE and ALLOCS; they stay in this file.
#include <nauty.h>
#include <nausparse.h>

namespace menger {

namespace {

// nauty reports generators through a callback without a user pointer; the
// collector is per thread (nauty itself is built with thread-local storage).
thread_local std::vector<std::vector<std::uint32_t>>* collector = nullptr;

void collect(int /*count*/, int* perm, int* /*orbits*/, int /*numorbits*/, int /*stabvertex*/, int n) {
  collector->emplace_back(perm, perm + n);
}

void validate(const ColouredGraph& g) {
  if (g.colour.size() != g.n) throw InputError("automorphisms: one colour per vertex is needed");
  if (g.n > std::uint32_t{1} << 30) throw InputError("automorphisms: graph too large for nauty");
  std::vector<std::pair<std::uint32_t, std::uint32_t>> seen;
  seen.reserve(g.edges.size());
  for (auto [a, b] : g.edges) {
    if (a >= g.n || b >= g.n) throw InputError("automorphisms: an edge leaves the graph");
    if (a == b) throw InputError("automorphisms: a loop at vertex " + std::to_string(a));
    seen.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) != seen.end())
    throw InputError("automorphisms: a repeated edge (nauty takes simple graphs; subdivide parallel links)");
}

// Compressed adjacency in nauty's sparsegraph layout (v: offsets, d: degrees, e: neighbours).
struct SparseStorage {
  std::vector<std::size_t> v;
  std::vector<int> d, e;
};

SparseStorage sparse(const ColouredGraph& g) {
  SparseStorage s;
  s.v.assign(g.n, 0);
  s.d.assign(g.n, 0);
  for (auto [a, b] : g.edges) ++s.d[a], ++s.d[b];
  for (std::uint32_t i = 1; i < g.n; ++i) s.v[i] = s.v[i - 1] + static_cast<std::size_t>(s.d[i - 1]);
  s.e.assign(2 * g.edges.size(), 0);
  std::vector<std::size_t> fill(s.v);
  for (auto [a, b] : g.edges) {
    s.e[fill[a]++] = static_cast<int>(b);
    s.e[fill[b]++] = static_cast<int>(a);
  }
  return s;
}

}  // namespace

std::string GraphGroup::order_text() const {
  if (order_exponent == 0 && order_mantissa < 1e15 && order_mantissa == std::floor(order_mantissa)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", order_mantissa);
    return buf;
  }
  // nauty keeps mantissa * 10^exponent with a mantissa that may exceed 10: normalise.
  const int shift = order_mantissa > 0 ? static_cast<int>(std::floor(std::log10(order_mantissa))) : 0;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6ge%d", order_mantissa / std::pow(10.0, shift), order_exponent + shift);
  return buf;
}

GraphGroup nauty_automorphisms(const ColouredGraph& g) {
  validate(g);
  GraphGroup out;
  out.orbits.resize(g.n);
  std::iota(out.orbits.begin(), out.orbits.end(), 0u);
  if (g.n == 0) return out;
  const int n = static_cast<int>(g.n);
  const int m = SETWORDSNEEDED(n);
  nauty_check(WORDSIZE, m, n, NAUTYVERSIONID);

  SparseStorage s = sparse(g);
  sparsegraph sg;
  sg.nv = n;
  sg.nde = s.e.size();
  sg.v = s.v.data();
  sg.d = s.d.data();
  sg.e = s.e.data();
  sg.w = nullptr;
  sg.vlen = s.v.size();
  sg.dlen = s.d.size();
  sg.elen = s.e.size();
  sg.wlen = 0;

  // The colour partition: vertices sorted by (colour, id), a cell per colour.
  std::vector<int> lab(g.n), ptn(g.n), orbits(g.n);
  std::iota(lab.begin(), lab.end(), 0);
  std::stable_sort(lab.begin(), lab.end(), [&](int a, int b) { return g.colour[std::size_t(a)] < g.colour[std::size_t(b)]; });
  for (std::size_t i = 0; i < g.n; ++i)
    ptn[i] = (i + 1 < g.n && g.colour[std::size_t(lab[i])] == g.colour[std::size_t(lab[i + 1])]) ? 1 : 0;

  DEFAULTOPTIONS_SPARSEGRAPH(options);
  options.defaultptn = FALSE;
  options.getcanon = FALSE;
  options.userautomproc = collect;
  statsblk stats;
  collector = &out.generators;
  sparsenauty(&sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, nullptr);
  collector = nullptr;
  if (stats.errstatus != 0) throw InternalError("nauty failed with status " + std::to_string(stats.errstatus));
  out.order_mantissa = stats.grpsize1;
  out.order_exponent = stats.grpsize2;
  for (std::size_t i = 0; i < g.n; ++i) out.orbits[i] = static_cast<std::uint32_t>(orbits[i]);
  return out;
}

}  // namespace menger
