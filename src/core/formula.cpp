// Formula evaluator: recursive-descent parser to a small AST, evaluated in
// exact rationals (boost::multiprecision, header-only, from libboost-dev).
#include "core/formula.h"

#include <cctype>
#include <functional>
#include <memory>
#include <sstream>

#include "core/error.h"
#include "core/text.h"

namespace menger {

std::string to_string(const Rational& r) {
  if (denominator(r) == 1) return numerator(r).str();
  return numerator(r).str() + "/" + denominator(r).str();
}

double to_double(const Rational& r) { return r.convert_to<double>(); }

std::string to_decimal(const Rational& r, int digits) {
  if (denominator(r) == 1) return numerator(r).str();
  std::ostringstream out;
  out.precision(digits);
  out << to_double(r);
  return out.str();
}

void FormulaVars::set(const std::string& name, Rational value, std::string description) {
  entries_[name] = Entry{false, std::move(value), {}, std::move(description)};
}

void FormulaVars::set_list(const std::string& name, std::vector<Rational> values,
                           std::string description) {
  entries_[name] = Entry{true, 0, std::move(values), std::move(description)};
}

const FormulaVars::Entry* FormulaVars::find(std::string_view name) const {
  auto it = entries_.find(name);
  return it == entries_.end() ? nullptr : &it->second;
}

namespace {

// Exponents beyond this would build numbers no claim needs; refuse rather than hang.
constexpr long kMaxExponent = 100000;
// Hostile formulas (issue 21) end in one clear error, never a stack overflow or
// an unbounded computation: the parser's recursion (parentheses, signs, calls)
// and the expression tree's height are bounded, every number stays under
// kMaxLimbs 64-bit limbs, and the work of one evaluation under kMaxWork.
constexpr int kMaxNesting = 200;
constexpr std::uint32_t kMaxHeight = 1000;
constexpr std::size_t kMaxLimbs = 4096;  // 262,144 bits
// Work units: kStepCost per arithmetic step, plus the square of its operands'
// limbs (a rational product or sum normalises by a gcd, quadratic in size).
// Calibrated on this 2-core machine: 10^6 simple steps take about 0.8 s.
constexpr std::uint64_t kStepCost = 100;
constexpr std::uint64_t kMaxWork = 300'000'000;
// The budget passed in (--budget, a claim's budget) is checked once per this many
// work units (a few milliseconds), not on every step.
constexpr std::uint64_t kDeadlineStride = 1'000'000;

struct Node;
using NodePtr = std::unique_ptr<Node>;

struct Node {
  enum class Op { Num, Var, Index, Neg, Add, Sub, Mul, Div, Pow, Call } op;
  Rational value;             // Num
  std::string name;           // Var, Index, Call
  std::vector<NodePtr> kids;  // operands / arguments
  std::uint32_t height = 1;   // of the subtree: bounds eval's recursion
};

// 64-bit limbs of a number's numerator and denominator (read in place: no copy).
std::size_t limbs(const Rational& r) {
  const auto& q = r.backend().data();
  return q.numerator().backend().size() + q.denominator().backend().size();
}

// Bits of a number's numerator and denominator.
std::uint64_t bits(const Rational& r) {
  auto of = [](const BigInt& x) -> std::uint64_t { return x == 0 ? 1 : boost::multiprecision::msb(abs(x)) + 1; };
  return of(numerator(r)) + of(denominator(r));
}

NodePtr make(Node::Op op) {
  auto n = std::make_unique<Node>();
  n->op = op;
  return n;
}

class Evaluator {
 public:
  Evaluator(std::string_view formula, const FormulaVars& vars, const Budget& budget)
      : formula_(formula), vars_(vars), budget_(budget) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError("formula \"" + excerpt(formula_) + "\": " + what);
  }

  Rational eval(const Node& n) { return checked(eval_node(n)); }

 private:
  Rational eval_node(const Node& n) {
    switch (n.op) {
      case Node::Op::Num: return n.value;
      case Node::Op::Var: return variable(n.name);
      case Node::Op::Index: return element(n.name, eval(*n.kids[0]));
      case Node::Op::Neg: return -eval(*n.kids[0]);
      case Node::Op::Add: return sum(eval(*n.kids[0]), eval(*n.kids[1]));
      case Node::Op::Sub: return sum(eval(*n.kids[0]), -eval(*n.kids[1]));
      case Node::Op::Mul: return product(eval(*n.kids[0]), eval(*n.kids[1]));
      case Node::Op::Div: {
        Rational d = eval(*n.kids[1]);
        if (d == 0) fail("division by zero");
        const Rational a = eval(*n.kids[0]);
        charge(a, d);
        return checked(a / d);
      }
      case Node::Op::Pow: return power(eval(*n.kids[0]), eval(*n.kids[1]));
      case Node::Op::Call: return call(n);
    }
    fail("bad expression");
  }

  std::string_view formula_;
  const FormulaVars& vars_;
  const Budget& budget_;
  std::map<std::string, Rational, std::less<>> bound_;  // sum/prod loop variables
  std::uint64_t work_ = 0;                              // units of work so far (charge)

  Rational variable(const std::string& name) {
    if (auto it = bound_.find(name); it != bound_.end()) return it->second;
    const auto* e = vars_.find(name);
    if (!e) fail("unknown variable '" + name + "'" + known_names());
    if (e->is_list) fail("'" + name + "' is a list; write " + name + "[i]");
    return e->scalar;
  }

  Rational element(const std::string& name, const Rational& index) {
    const auto* e = vars_.find(name);
    if (!e) fail("unknown list '" + name + "'" + known_names());
    if (!e->is_list) fail("'" + name + "' is not a list");
    if (denominator(index) != 1) fail("index of " + name + " is not an integer");
    BigInt i = numerator(index);
    if (i < 1 || i > e->list.size())
      fail("index " + i.str() + " of " + name + " is outside 1.." + std::to_string(e->list.size()));
    return e->list[static_cast<std::size_t>(i) - 1];
  }

  std::string known_names() const {
    std::string s = " (known:";
    for (const auto& [k, v] : vars_.entries()) s += " " + k + (v.is_list ? "[]" : "");
    return s + ")";
  }

  // Integers (every formula of the catalog) are added and multiplied as
  // integers: a rational operation normalises by gcds, and Boost's binary gcd
  // costs bits x limbs even against a denominator of 1 -- 64 times the
  // product itself.  Fuzzing found (210^1000)^50 running 15 s under ASan in
  // those gcds (fuzz/corpus/formula/finding-power-gcd).
  Rational sum(const Rational& a, const Rational& b) {
    charge(a, b);
    if (integers(a, b)) return checked(Rational(BigInt(numerator(a) + numerator(b))));
    return checked(a + b);
  }
  Rational product(const Rational& a, const Rational& b) {
    charge(a, b);
    if (integers(a, b)) return checked(Rational(BigInt(numerator(a) * numerator(b))));
    return checked(a * b);
  }
  static bool integers(const Rational& a, const Rational& b) { return denominator(a) == 1 && denominator(b) == 1; }
  // A product of integers costs about size^2 limb operations; a rational
  // operation's gcds about 64 times that (bits x limbs), charged as 16 times:
  // enough to keep a formula of huge fractions inside the work limit without
  // refusing a quotient of two 100,000-bit powers the tests need.
  void charge(const Rational& a, const Rational& b) {
    const std::uint64_t size = limbs(a) + limbs(b);
    charge(kStepCost + (integers(a, b) ? 4 : 16) * size * size);
  }
  // Counts `work` limb operations; fails once one evaluation has done too many.
  // kMaxWork is a second on an optimised build, but a minute under ASan (issue
  // 21's fuzzing: prod(j,1,10000,j) ran 42 s), so --budget is honoured too.
  void charge(std::uint64_t work) {
    const std::uint64_t before = work_;
    work_ += work;
    if (before / kDeadlineStride != work_ / kDeadlineStride)
      budget_.check("evaluating a formula", work_, kMaxWork);
    if (work_ > kMaxWork)
      fail("is too costly to evaluate (more than " + std::to_string(kMaxWork) + " units of work, about a second)");
  }
  Rational checked(Rational r) const {
    if (limbs(r) > kMaxLimbs) fail("a value has more than " + std::to_string(kMaxLimbs * 64) + " bits");
    return r;
  }

  Rational power(const Rational& base, const Rational& exp) {
    if (denominator(exp) != 1) fail("exponent " + to_string(exp) + " is not an integer");
    BigInt e = numerator(exp);
    if (e > kMaxExponent || e < -kMaxExponent) fail("exponent " + e.str() + " is too large");
    long k = e.convert_to<long>();
    if (k < 0 && base == 0) fail("division by zero (0 to a negative power)");
    // The result has at most bits(base) * |k| bits: refuse before computing it.
    const std::uint64_t size = bits(base) * static_cast<std::uint64_t>(k < 0 ? -k : k);
    if (base != 0 && base != 1 && base != -1 && size > 2 * kMaxLimbs * 64)
      fail("a value has more than " + std::to_string(kMaxLimbs * 64) + " bits");
    const bool integral = denominator(base) == 1 && k >= 0;
    charge(kStepCost + (integral ? 4 : 16) * (size / 64) * (size / 64));
    // Numerator and denominator separately, as integers (see sum): coprime
    // numbers stay coprime, so only the final quotient normalises.
    const auto magnitude = static_cast<unsigned>(k < 0 ? -k : k);
    const BigInt num = boost::multiprecision::pow(numerator(base), magnitude);
    const BigInt den = boost::multiprecision::pow(denominator(base), magnitude);
    if (integral) return Rational(num);
    return k < 0 ? Rational(den) / Rational(num) : Rational(num) / Rational(den);
  }

  Rational call(const Node& n) {
    const std::string& f = n.name;
    if (f == "sum" || f == "prod") return fold(n, f == "sum");
    std::vector<Rational> a;
    for (const auto& k : n.kids) a.push_back(eval(*k));
    if ((f == "floor" || f == "ceil" || f == "abs") && a.size() != 1) fail(f + " takes one argument");
    if (f == "floor" || f == "ceil") {
      BigInt q = numerator(a[0]) / denominator(a[0]);  // truncates toward zero
      Rational t(q);
      if (f == "floor" && t > a[0]) t -= 1;
      if (f == "ceil" && t < a[0]) t += 1;
      return t;
    }
    if (f == "abs") return a[0] < 0 ? Rational(-a[0]) : a[0];
    if (f == "min" || f == "max") {
      if (a.empty()) fail(f + " needs at least one argument");
      Rational best = a[0];
      for (const auto& x : a)
        if (f == "min" ? x < best : x > best) best = x;
      return best;
    }
    fail("unknown function '" + f + "' (known: sum prod min max floor ceil abs)");
  }

  Rational fold(const Node& n, bool is_sum) {
    const std::string& f = n.name;
    if (n.kids.size() != 4 || n.kids[0]->op != Node::Op::Var)
      fail(f + " takes (variable, low, high, expression)");
    const std::string& var = n.kids[0]->name;
    Rational lo = eval(*n.kids[1]), hi = eval(*n.kids[2]);
    if (denominator(lo) != 1 || denominator(hi) != 1) fail(f + " bounds must be integers");
    if (hi - lo > 1000000) fail(f + " range is too long");
    Rational acc = is_sum ? 0 : 1;
    auto saved = bound_.find(var) != bound_.end() ? std::optional<Rational>(bound_[var]) : std::nullopt;
    for (Rational j = lo; j <= hi; j += 1) {
      bound_[var] = j;
      Rational t = eval(*n.kids[3]);
      acc = is_sum ? sum(acc, t) : product(acc, t);
    }
    if (saved) bound_[var] = *saved;
    else bound_.erase(var);
    return acc;
  }
};

class FormulaParser : TextCursor {
 public:
  FormulaParser(std::string_view t, Evaluator& ev) : TextCursor{t}, ev_(ev) {}

  NodePtr parse() {
    NodePtr n = expr();
    skip_ws();
    if (!at_end()) ev_.fail("unexpected '" + std::string(1, peek()) + "' at column " + std::to_string(pos + 1));
    return n;
  }

 private:
  Evaluator& ev_;

  void expect(char c) {
    if (!eat(c)) ev_.fail(std::string("expected '") + c + "' at column " + std::to_string(pos + 1));
  }
  int nesting_ = 0;  // active expr() and unary() calls: every recursion passes one

  // Counts one level of the parser's recursion for the life of the guard.
  struct Nest {
    FormulaParser& p;
    explicit Nest(FormulaParser& parser) : p(parser) {
      if (++p.nesting_ > kMaxNesting)
        p.ev_.fail("nests deeper than " + std::to_string(kMaxNesting) + " levels at column " + std::to_string(p.pos + 1));
    }
    ~Nest() { --p.nesting_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
  };

  // `n` with `kid` appended; fails when the tree grows taller than kMaxHeight.
  NodePtr adopt(NodePtr n, NodePtr kid) {
    n->height = std::max(n->height, kid->height + 1);
    if (n->height > kMaxHeight)
      ev_.fail("has more than " + std::to_string(kMaxHeight) + " operations in a chain at column " +
               std::to_string(pos + 1));
    n->kids.push_back(std::move(kid));
    return n;
  }
  NodePtr binary(Node::Op op, NodePtr a, NodePtr b) { return adopt(adopt(make(op), std::move(a)), std::move(b)); }

  NodePtr expr() {
    Nest nest(*this);
    NodePtr n = term();
    for (;;) {
      if (eat('+')) n = binary(Node::Op::Add, std::move(n), term());
      else if (eat('-')) n = binary(Node::Op::Sub, std::move(n), term());
      else return n;
    }
  }
  NodePtr term() {
    NodePtr n = unary();
    for (;;) {
      if (eat('*')) n = binary(Node::Op::Mul, std::move(n), unary());
      else if (eat('/')) n = binary(Node::Op::Div, std::move(n), unary());
      else return n;
    }
  }
  NodePtr unary() {
    Nest nest(*this);
    if (eat('-')) return adopt(make(Node::Op::Neg), unary());
    if (eat('+')) return unary();
    NodePtr base = primary();
    if (eat('^')) return binary(Node::Op::Pow, std::move(base), unary());
    return base;
  }
  NodePtr primary() {
    skip_ws();
    if (eat('(')) {
      NodePtr n = expr();
      expect(')');
      return n;
    }
    if (pos >= text.size()) ev_.fail("unexpected end");
    char c = text[pos];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') return name();
    ev_.fail("unexpected '" + std::string(1, c) + "' at column " + std::to_string(pos + 1));
  }
  NodePtr number() {
    std::size_t start = pos;
    BigInt num = 0, den = 1;
    bool dot = false, any = false;
    while (pos < text.size() &&
           (std::isdigit(static_cast<unsigned char>(text[pos])) || (!dot && text[pos] == '.'))) {
      if (text[pos] == '.') {
        dot = true;
      } else {
        num = num * 10 + (text[pos] - '0');
        if (dot) den *= 10;
        any = true;
      }
      ++pos;
    }
    if (!any) ev_.fail("bad number at column " + std::to_string(start + 1));
    auto n = make(Node::Op::Num);
    n->value = Rational(num, den);
    return n;
  }
  NodePtr name() {
    std::size_t start = pos;
    while (pos < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_'))
      ++pos;
    std::string id(text.substr(start, pos - start));
    if (eat('(')) {
      auto n = make(Node::Op::Call);
      n->name = id;
      if (!eat(')')) {
        do n = adopt(std::move(n), expr());
        while (eat(','));
        expect(')');
      }
      return n;
    }
    if (eat('[')) {
      auto n = make(Node::Op::Index);
      n->name = id;
      n = adopt(std::move(n), expr());
      expect(']');
      return n;
    }
    auto n = make(Node::Op::Var);
    n->name = id;
    return n;
  }
};

}  // namespace

Rational evaluate_formula(std::string_view formula, const FormulaVars& vars, const Budget& budget) {
  Evaluator ev(formula, vars, budget);
  FormulaParser parser(formula, ev);
  NodePtr ast = parser.parse();
  return ev.eval(*ast);
}

}  // namespace menger
