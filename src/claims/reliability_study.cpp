#include "claims/reliability_study.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "core/error.h"
#include "core/spec.h"
#include "models/registry.h"
#include "models/routing_registry.h"
#include "verify/survival.h"

namespace menger {

Interval StudyResult::interval(std::size_t point, std::size_t s) const {
  return series_interval(series[s], points[point].result.tally[s], sampling.confidence);
}

std::optional<std::size_t> StudyResult::find_series(const std::string& name) const {
  for (std::size_t i = 0; i < series.size(); ++i)
    if (series[i].name == name) return i;
  return std::nullopt;
}

namespace {

FaultModelSpec fault_spec(const StudyRequest& q, const Network& net) {
  FaultModelSpec s;
  s.units = parse_unit_choice(q.faults.empty() ? (q.experiment == "completeness" ? "components" : "nodes") : q.faults);
  s.pairs = default_pairs(net);
  return s;
}

// The spec of wiring `seed` of a randomly wired model: its canonical spec with
// the seed argument rebound (through the spec parser, not text search).
std::string with_seed(const std::string& canonical, std::uint64_t seed) {
  SpecValue spec = parse_spec(canonical);
  auto arg = std::find_if(spec.args.begin(), spec.args.end(), [](const SpecArg& a) { return a.name == "seed"; });
  if (spec.kind != SpecValue::Kind::Call || arg == spec.args.end())
    throw InputError("best_of needs a randomly wired model (its spec has a seed), got " + canonical);
  arg->value = SpecValue::make_int(static_cast<std::int64_t>(seed));
  return spec.to_string();
}

void finish(StudyResult& r, const StudyPoint& p) {
  r.complete = r.complete && p.result.complete;
}

// What every study states about itself.
StudyResult start_result(const std::string& experiment, const FaultModel& model, const StudyRequest& q) {
  StudyResult r;
  r.experiment = experiment;
  r.model = model.network().spec();
  r.faults_described = model.describe();
  r.units = model.universe().size();
  r.sampling = q.sampling;
  return r;
}

// P(complete | f) by enumeration for every f whose C(units, f) is at most the limit.
void add_exact_completeness(StudyResult& r, const FaultModel& model, std::size_t max_f, std::uint64_t limit) {
  r.exact.assign(max_f + 1, std::nullopt);
  SurvivalChecker checker(model);
  r.exact[0] = ExactCount{checker.survives(FaultSet(r.units)) ? 1u : 0u, 1};
  for (std::size_t f = 1; f <= max_f && binomial(r.units, f) <= limit; ++f) {
    r.exact[f] = exact_completeness(model, f, limit);
    if (r.exact[f]->surviving == 0) break;  // P(complete | f) never grows with f
  }
}

StudyResult completeness_once(const std::shared_ptr<const Topology>& topology, const StudyRequest& q) {
  const Network net(topology);
  const FaultModel model(net, fault_spec(q, net));
  StudyResult r = start_result("completeness", model, q);
  const std::size_t max_f = q.max_faults.value_or(model.universe().size());
  CompletenessExperiment e(model, max_f, q.naive);
  r.series = e.series();
  StudyPoint p;
  p.result = sample(e, q.sampling);
  finish(r, p);
  r.points.push_back(std::move(p));
  add_exact_completeness(r, model, max_f, q.exact_limit);
  return r;
}

StudyResult completeness_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q) {
  if (q.best_of == 0) return completeness_once(topology, q);
  std::optional<StudyResult> best;
  std::shared_ptr<const Topology> best_topology;
  std::vector<std::pair<std::string, Interval>> wirings;
  StudyRequest sampled = q;
  sampled.exact_limit = 0;  // enumerated for the best wiring only, below
  for (std::uint64_t seed = 1; seed <= q.best_of; ++seed) {
    auto t = Registry::builtin().build(with_seed(topology->spec(), seed));
    StudyResult r = completeness_once(t, sampled);
    const Interval tolerated = r.interval(0, 0);
    wirings.emplace_back(r.model, tolerated);
    if (!best || tolerated.value > best->interval(0, 0).value) {  // ties: the lower seed
      best = std::move(r);
      best_topology = t;
    }
  }
  best->wirings = std::move(wirings);
  const Network net(best_topology);
  add_exact_completeness(*best, FaultModel(net, fault_spec(q, net)), best->exact.size() - 1, q.exact_limit);
  return std::move(*best);
}

std::vector<std::size_t> study_counts(const StudyRequest& q, std::size_t units, std::vector<std::optional<double>>& rates) {
  if (q.counts.empty() == q.rates.empty()) throw InputError("a routing study takes fault counts or fault rates (one of them)");
  std::vector<std::size_t> counts = q.counts;
  rates.assign(counts.size(), std::nullopt);
  for (double rate : q.rates) {
    if (!(rate >= 0 && rate <= 1)) throw InputError("a fault rate lies in [0, 1], got " + std::to_string(rate));
    counts.push_back(static_cast<std::size_t>(std::llround(rate * static_cast<double>(units))));
    rates.push_back(rate);
  }
  return counts;
}

// The combinations study's exact values, per series the fraction tolerated.
ExactRouting exact_tolerated(const CombinationExperiment& e, std::uint64_t limit) {
  ExactRouting x;
  for (const ExactCount& c : exact_combinations(e, limit)) {
    x.values.push_back(c.ratio());
    x.fault_sets = c.total;
  }
  x.sources = e.model().terminals().size();
  return x;
}

StudyResult routing_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q) {
  if (q.routings.empty()) throw InputError("a " + q.experiment + " study names at least one routing");
  const Network net(topology);
  const FaultModel model(net, fault_spec(q, net));
  std::vector<std::unique_ptr<Routing>> owned;
  std::vector<const Routing*> routings;
  for (const auto& spec : q.routings) {
    owned.push_back(RoutingRegistry::builtin().build(spec, net));
    routings.push_back(owned.back().get());
  }
  StudyResult r = start_result(q.experiment, model, q);
  std::vector<std::optional<double>> rates;
  const auto counts = study_counts(q, r.units, rates);
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::unique_ptr<Experiment> e;
    StudyPoint p;
    if (q.experiment == "combinations") {
      auto ce = std::make_unique<CombinationExperiment>(model, routings, counts[i], q.hop_limit, !q.naive);
      if (q.exact_limit > 0 && exact_combinations_cost(*ce) <= q.exact_limit) p.exact = exact_tolerated(*ce, q.exact_limit);
      e = std::move(ce);
    } else {
      auto re = std::make_unique<RoutingExperiment>(model, routings, counts[i], q.hop_limit);
      const Symmetry symmetry = q.naive ? Symmetry::Ignore : Symmetry::Use;
      if (q.exact_limit > 0 && exact_routing_cost(*re, symmetry) <= q.exact_limit)
        p.exact = exact_routing(*re, q.exact_limit, symmetry);
      e = std::move(re);
    }
    if (r.series.empty()) r.series = e->series();
    p.faults = counts[i];
    p.rate = rates[i];
    SampleOptions o = q.sampling;
    o.point = counts[i];
    // A combination routes every pair: shards of 4 spread the few hundred
    // trials such a study runs over the cores.  Each trial adds 0 or 1, so the
    // sums, and every result, are the same for any shard size.
    if (q.experiment == "combinations") o.shard = 4;
    p.result = sample(*e, o);
    finish(r, p);
    r.points.push_back(std::move(p));
    if (!r.complete) break;  // out of time: later points would run no trials
  }
  return r;
}

std::string fixed(double x, int digits = 4) {
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

std::string csv_name(const std::string& s) { return "\"" + s + "\""; }

// Completeness rows stop after the first f no trial survived (all later ones are 0).
std::size_t completeness_rows(const StudyResult& r) {
  const Tally& t = r.points[0].result.tally;
  std::size_t f = 1;
  while (f < r.series.size() && t[f].sum > 0) ++f;
  return std::min(f + 1, r.series.size());
}

}  // namespace

double parse_number(const std::string& text, const std::string& what) {
  std::size_t used = 0;
  double x = 0;
  try {
    x = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(x)) throw InputError(what + ": '" + text + "' is not a number");
  return x;
}

std::vector<double> parse_points(const std::string& text, const std::string& what) {
  auto number = [&](const std::string& s) {
    const double v = parse_number(s, what);
    if (v < 0) throw InputError(what + ": '" + s + "' is negative");
    return v;
  };
  std::vector<double> out;
  const auto dots = text.find("..");
  if (dots == std::string::npos) {
    std::size_t start = 0;
    while (start <= text.size()) {
      const auto comma = text.find(',', start);
      out.push_back(number(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return out;
  }
  const auto colon = text.find(':', dots);
  const double a = number(text.substr(0, dots));
  const double b = number(text.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2));
  const double step = colon == std::string::npos ? 1 : number(text.substr(colon + 1));
  if (step <= 0 || b < a) throw InputError(what + ": '" + text + "' is not a range a..b[:step] with a <= b, step > 0");
  const auto n = static_cast<std::size_t>(std::floor((b - a) / step + 1e-9)) + 1;
  if (n > 10'000) throw InputError(what + ": '" + text + "' has more than 10000 points");
  for (std::size_t i = 0; i < n; ++i) out.push_back(a + static_cast<double>(i) * step);  // no accumulated rounding
  return out;
}

StudyResult run_study(const std::shared_ptr<const Topology>& topology, const StudyRequest& q) {
  const auto start = std::chrono::steady_clock::now();
  StudyResult r;
  if (q.experiment == "completeness") r = completeness_study(topology, q);
  else if (q.experiment == "routing" || q.experiment == "combinations") r = routing_study(topology, q);
  else throw InputError("unknown experiment '" + q.experiment + "' (known: completeness, routing, combinations)");
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void print_study(std::ostream& out, const StudyResult& r) {
  const double conf = r.sampling.confidence;
  out << "model       " << r.model << "\nfaults      " << r.faults_described << "\n"
      << "seed        " << r.sampling.seed << "\nconfidence  " << conf << "\n";
  for (const auto& [spec, i] : r.wirings)
    out << "wiring      " << spec << ": faults tolerated " << fixed(i.value, 3) << " [" << fixed(i.low, 3) << ", "
        << fixed(i.high, 3) << "]\n";
  if (r.experiment == "completeness") {
    const Interval t = r.interval(0, 0);
    out << "trials      " << r.points[0].result.trials << "\nfaults tolerated (expected)  " << fixed(t.value, 3) << "  ["
        << fixed(t.low, 3) << ", " << fixed(t.high, 3) << "]  standard error "
        << fixed(standard_error(r.points[0].result.tally[0]), 3) << "\n\n";
    out << std::left << std::setw(8) << "faults" << std::setw(34) << "P(complete) sampled [interval]" << "exact\n";
    for (std::size_t f = 0; f < completeness_rows(r); ++f) {
      std::string sampled = "1 (no faults)";
      if (f > 0) {
        const Interval i = r.interval(0, f);
        sampled = fixed(i.value) + " [" + fixed(i.low) + ", " + fixed(i.high) + "]";
      }
      const auto& ex = f < r.exact.size() ? r.exact[f] : std::nullopt;
      out << std::setw(8) << f << std::setw(34) << sampled
          << (ex ? std::to_string(ex->surviving) + "/" + std::to_string(ex->total) + " = " + fixed(ex->ratio(), 6) : "")
          << "\n";
    }
  } else {
    for (const StudyPoint& p : r.points) {
      const std::size_t i = static_cast<std::size_t>(&p - r.points.data());
      out << "\nfaults " << p.faults << (p.rate ? " (rate " + fixed(*p.rate, 3) + ")" : "") << ", " << p.result.trials
          << " trials"
          << (p.exact ? "; exact over all " + std::to_string(p.exact->fault_sets) + " fault sets" : "") << "\n";
      for (std::size_t s = 0; s < r.series.size(); ++s) {
        const Interval v = r.interval(i, s);
        out << "  " << std::left << std::setw(58) << r.series[s].name << "  ";
        if (p.result.tally[s].n == 0) out << "-  (nothing to measure)";
        else out << fixed(v.value) << "  [" << fixed(v.low) << ", " << fixed(v.high) << "]";
        if (p.exact && p.exact->values[s]) out << "  exact " << fixed(*p.exact->values[s], 6);
        out << "\n";
      }
    }
  }
  if (!r.complete) out << "\nINCOMPLETE: the time budget ran out; the numbers cover the trials shown.\n";
}

void write_study_csv(std::ostream& out, const StudyResult& r) {
  out << "# menger montecarlo: " << r.experiment << " on " << r.model << "; faults: " << r.faults_described
      << "; seed " << r.sampling.seed << "; confidence " << r.sampling.confidence << "\n";
  if (r.experiment == "completeness") {
    const Interval t = r.interval(0, 0);
    out << "# trials " << r.points[0].result.trials << "; faults tolerated " << fixed(t.value, 4) << " [" << fixed(t.low, 4)
        << ", " << fixed(t.high, 4) << "]\n";
    out << "faults,complete,low,high,exact\n";
    for (std::size_t f = 0; f < completeness_rows(r); ++f) {
      const auto& ex = f < r.exact.size() ? r.exact[f] : std::nullopt;
      const Interval i = f ? r.interval(0, f) : Interval{1, 1, 1};
      out << f << "," << fixed(i.value, 6) << "," << fixed(i.low, 6) << "," << fixed(i.high, 6) << ","
          << (ex ? fixed(ex->ratio(), 8) : "") << "\n";
    }
    return;
  }
  out << "faults,rate,trials";
  for (const Series& s : r.series) out << "," << csv_name(s.name) << "," << csv_name(s.name + " low") << "," << csv_name(s.name + " high");
  for (const Series& s : r.series) out << "," << csv_name(s.name + " exact");  // after the plotted columns
  out << "\n";
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    const StudyPoint& p = r.points[i];
    out << p.faults << "," << (p.rate ? fixed(*p.rate, 6) : "") << "," << p.result.trials;
    for (std::size_t s = 0; s < r.series.size(); ++s) {
      const Interval v = r.interval(i, s);
      const bool none = p.result.tally[s].n == 0;  // e.g. no successful run to measure
      out << "," << (none ? "" : fixed(v.value, 6)) << "," << (none || std::isinf(v.low) ? "" : fixed(v.low, 6)) << ","
          << (none || std::isinf(v.high) ? "" : fixed(v.high, 6));
    }
    for (std::size_t s = 0; s < r.series.size(); ++s)
      out << "," << (p.exact && p.exact->values[s] ? fixed(*p.exact->values[s], 8) : "");
    out << "\n";
  }
}

nlohmann::json study_json(const StudyResult& r) {
  nlohmann::json points = nlohmann::json::array();
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    nlohmann::json series = nlohmann::json::array();
    for (std::size_t s = 0; s < r.series.size(); ++s) {
      const Interval v = r.interval(i, s);
      const Accumulator& a = r.points[i].result.tally[s];
      nlohmann::json js = {{"name", r.series[s].name}, {"observations", a.n}, {"value", v.value}};
      if (!std::isinf(v.low)) js["low"] = v.low, js["high"] = v.high;
      if (r.series[s].kind == SeriesKind::Mean && a.n > 1) js["standard_error"] = standard_error(a);
      if (r.points[i].exact && r.points[i].exact->values[s]) js["exact"] = *r.points[i].exact->values[s];
      series.push_back(js);
    }
    nlohmann::json jp = {{"faults", r.points[i].faults}, {"trials", r.points[i].result.trials}, {"series", series}};
    if (r.points[i].rate) jp["rate"] = *r.points[i].rate;
    points.push_back(jp);
  }
  nlohmann::json j = {{"experiment", r.experiment}, {"model", r.model},       {"faults", r.faults_described},
                      {"units", r.units},           {"seed", r.sampling.seed}, {"confidence", r.sampling.confidence},
                      {"complete", r.complete},     {"points", points}};
  nlohmann::json exact = nlohmann::json::array();
  for (std::size_t f = 0; f < r.exact.size(); ++f)
    if (r.exact[f]) exact.push_back({{"faults", f}, {"surviving", r.exact[f]->surviving}, {"total", r.exact[f]->total}});
  if (!exact.empty()) j["exact"] = exact;
  for (const auto& [spec, i] : r.wirings) j["wirings"].push_back({{"model", spec}, {"faults_tolerated", i.value}});
  return j;
}

namespace {

std::string terminal_for(const std::string& image) {
  const std::string ext = std::filesystem::path(image).extension().string();
  if (ext == ".svg") return "svg size 900,560 dynamic";
  if (ext == ".png") return "pngcairo size 1200,700";
  throw InputError("a plot is an .svg or a .png file, got " + image);
}

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("''") : std::string(1, c);  // gnuplot's single-quote escape
  return q + "'";
}

// What every plot script starts with: the terminal, the output, CSV input.
void preamble(std::ostream& g, const std::string& image) {
  g << "set terminal " << terminal_for(image) << "\nset output " << menger::quoted(image) << "\n"
    << "set datafile separator ','\nset key below\nset grid\n";
}

// A plot element: column `col`'s exact values as open circles; an empty cell
// reads as NaN (x != x), so only enumerated points are drawn.
std::string exact_points(const std::string& x, std::size_t col) {
  const std::string c = "$" + std::to_string(col);
  return "'' using " + x + ":(" + c + " == " + c + " ? " + c + " : 1/0) with points pt 6";
}

void gnuplot_script(std::ostream& g, const StudyResult& r, const std::string& csv, const std::string& image,
                    const std::string& title) {
  preamble(g, image);
  if (r.experiment == "completeness") {
    g << "set title " << menger::quoted(title) << " noenhanced\nset xlabel 'component faults'\n"
      << "set ylabel 'P(network complete)'\nset yrange [0:1.02]\n"
      << "plot " << menger::quoted(csv) << " using 1:2:3:4 with yerrorlines title 'sampled (" << r.sampling.confidence * 100
      << "% Wilson)', " << exact_points("1", 5) << " title 'exact'\n";
    return;
  }
  const std::string x = r.points.front().rate ? "2" : "1";
  if (r.experiment == "combinations") {
    g << "set title " << menger::quoted(title) << " noenhanced\nset xlabel " << (r.points.front().rate ? "'fault rate'" : "'faults'")
      << "\nset ylabel 'fault combinations tolerated'\nset yrange [0:1.02]\nplot ";
    for (std::size_t s = 0; s < r.series.size(); ++s)
      g << (s ? ", " : "") << menger::quoted(csv) << " using " << x << ":" << 4 + 3 * s << ":" << 5 + 3 * s << ":" << 6 + 3 * s
        << " with yerrorlines title " << menger::quoted(r.series[s].name) << " noenhanced";
    g << "\n";
    return;
  }
  g << "set multiplot layout 1,2 title " << menger::quoted(title) << " noenhanced\n"
    << "set xlabel " << (r.points.front().rate ? "'fault rate'" : "'faults'") << "\n";
  auto plot_kind = [&](SeriesKind kind, const std::string& ylabel) {
    g << "set ylabel " << menger::quoted(ylabel) << "\nplot ";
    bool first = true;
    for (std::size_t s = 0; s < r.series.size(); ++s) {
      if (r.series[s].kind != kind) continue;
      const std::size_t col = 4 + 3 * s;  // faults, rate, trials, then value/low/high per series
      // One colour per routing in both panels (series 1 + 2r and 2 + 2r); "pair connected" is colour 1.
      const std::size_t colour = s == 0 ? 1 : (s - 1) / 2 + 2;
      g << (first ? "" : ", ") << menger::quoted(csv) << " using " << x << ":" << col << ":" << col + 1 << ":" << col + 2
        << " with yerrorlines lc " << colour << " pt " << colour << " title " << menger::quoted(r.series[s].name) << " noenhanced";
      first = false;
    }
    g << "\n";
  };
  // Both panels keep room below for the left one's key, so that their axes line up.
  const auto key_lines = std::count_if(r.series.begin(), r.series.end(), [](const Series& one) { return one.kind == SeriesKind::Ratio; });
  g << "set bmargin " << key_lines + 4 << "\nset yrange [0:1.02]\n";
  plot_kind(SeriesKind::Ratio, "ratio");
  g << "set autoscale y\nunset key\n";  // one key, below the left panel: the colours are the same
  plot_kind(SeriesKind::Mean, "path length (successful runs), colours as on the left");
  g << "unset multiplot\n";
}

}  // namespace

namespace {

// Writes `script` with `write` and runs gnuplot on it.
template <class Write>
void run_gnuplot(const std::string& script, Write write) {
  {
    std::ofstream g(script);
    if (!g) throw InputError("cannot write " + script);
    write(g);
  }
  std::string shell_quoted = "'";  // the script's path for /bin/sh: ' becomes '\''
  for (char c : script) shell_quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  const std::string command = "gnuplot " + shell_quoted + "' 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw InputError("cannot run gnuplot (Debian package gnuplot-nox)");
  std::string messages;
  char buf[256];
  while (fgets(buf, sizeof buf, pipe)) messages += buf;
  const int status = pclose(pipe);
  if (status != 0)
    throw InputError("gnuplot failed on " + script + (status == 127 * 256 ? " (is gnuplot installed? Debian package gnuplot-nox)" : "") +
                     (messages.empty() ? "" : ": " + messages.substr(0, 400)));
}

}  // namespace

void plot_study(const StudyResult& r, const std::string& csv_path, const std::string& image_path,
                const std::string& title) {
  run_gnuplot(image_path + ".gp", [&](std::ostream& g) { gnuplot_script(g, r, csv_path, image_path, title); });
}

FigureCurve figure_curve(const StudyResult& r, std::size_t s, const std::string& csv_path) {
  FigureCurve c;
  c.csv = csv_path;
  if (r.experiment == "completeness") {
    c.xlabel = "component faults";
    c.ylabel = "P(network complete)";
    c.exact_column = 5;
    return c;  // columns faults, complete, low, high, exact
  }
  const bool by_rate = r.points.front().rate.has_value();
  c.xlabel = by_rate ? "fault rate" : "faults";
  c.ylabel = r.series.at(s).kind == SeriesKind::Mean ? "path length (successful runs)" : "ratio";
  c.x_column = by_rate ? 2 : 1;
  c.y_column = 4 + 3 * s;  // faults, rate, trials, then value/low/high per series
  c.exact_column = 4 + 3 * r.series.size() + s;  // then the exact value per series
  return c;
}

void plot_figure(const std::vector<FigureCurve>& curves, const std::string& image_path, const std::string& title) {
  if (curves.empty()) throw InputError("figure " + title + " has no curve");
  for (const FigureCurve& c : curves)
    if (c.xlabel != curves.front().xlabel || c.ylabel != curves.front().ylabel)
      throw InputError("figure " + title + " mixes '" + curves.front().ylabel + "' by " + curves.front().xlabel +
                       " with '" + c.ylabel + "' by " + c.xlabel);
  const bool scaled = std::any_of(curves.begin(), curves.end(), [](const FigureCurve& c) { return c.x_scale != 1; });
  run_gnuplot(image_path + ".gp", [&](std::ostream& g) {
    preamble(g, image_path);
    g << "set title " << menger::quoted(title) << " noenhanced\n"
      << "set xlabel " << menger::quoted(curves.front().xlabel + (scaled ? " (scaled where the key says)" : "")) << "\n"
      << "set ylabel " << menger::quoted(curves.front().ylabel) << "\n"
      << (curves.front().ylabel.rfind("path length", 0) == 0 ? "set autoscale y\n" : "set yrange [0:1.02]\n") << "plot ";
    for (std::size_t i = 0; i < curves.size(); ++i) {
      const FigureCurve& c = curves[i];
      std::ostringstream x;
      x << "($" << c.x_column << "*" << c.x_scale << ")";
      g << (i ? ", " : "") << menger::quoted(c.csv) << " using " << x.str() << ":" << c.y_column << ":" << c.y_column + 1 << ":"
        << c.y_column + 2 << " with yerrorlines lc " << i + 1 << " title " << menger::quoted(c.label) << " noenhanced";
      if (c.exact_column)
        g << ", " << exact_points(x.str(), c.exact_column) << " lc " << i + 1 << " title " << menger::quoted(c.label + " exact")
          << " noenhanced";
    }
    g << "\n";
  });
}

}  // namespace menger
