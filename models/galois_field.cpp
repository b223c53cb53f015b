// GaloisField: table arithmetic of GF(p^m) (see galois_field.h).
#include "models/galois_field.h"

#include <string>

#include "core/error.h"

namespace menger {

namespace {

// Base-p digits of x, m of them (digit i = coefficient of t^i).
std::vector<std::uint32_t> digits_of(std::uint32_t x, std::uint32_t p, std::uint32_t m) {
  std::vector<std::uint32_t> d(m);
  for (std::uint32_t i = 0; i < m; ++i, x /= p) d[i] = x % p;
  return d;
}

std::uint32_t number_of(const std::vector<std::uint32_t>& d, std::uint32_t p) {
  std::uint32_t x = 0;
  for (std::size_t i = d.size(); i-- > 0;) x = x * p + d[i];
  return x;
}

}  // namespace

bool GaloisField::is_prime_power(std::uint32_t q) {
  if (q < 2) return false;
  std::uint32_t p = 2;
  while (q % p != 0) ++p;
  while (q % p == 0) q /= p;
  return q == 1;
}

GaloisField::GaloisField(std::uint32_t q) : q_(q) {
  if (q > 1024 || !is_prime_power(q))
    throw InputError("GF(q): q must be a prime power in 2..1024, got " + std::to_string(q));
  for (p_ = 2; q % p_ != 0; ++p_) {
  }
  for (std::uint32_t rest = q; rest % p_ == 0; rest /= p_) ++m_;
  build_addition();
  std::vector<std::uint32_t> f(m_ + 1, 0);
  f[m_] = 1;
  for (std::uint32_t low = 0; low < q_; ++low) {
    const auto d = digits_of(low, p_, m_);
    for (std::uint32_t i = 0; i < m_; ++i) f[i] = d[i];
    if (try_modulus(f)) return;
  }
  throw InternalError("GF(" + std::to_string(q) + "): no irreducible polynomial found");
}

void GaloisField::build_addition() {
  add_.resize(std::size_t{q_} * q_);
  neg_.resize(q_);
  for (std::uint32_t a = 0; a < q_; ++a) {
    const auto da = digits_of(a, p_, m_);
    std::vector<std::uint32_t> dn(m_);
    for (std::uint32_t i = 0; i < m_; ++i) dn[i] = (p_ - da[i]) % p_;
    neg_[a] = number_of(dn, p_);
    for (std::uint32_t b = 0; b < q_; ++b) {
      const auto db = digits_of(b, p_, m_);
      std::vector<std::uint32_t> ds(m_);
      for (std::uint32_t i = 0; i < m_; ++i) ds[i] = (da[i] + db[i]) % p_;
      add_[std::size_t{a} * q_ + b] = number_of(ds, p_);
    }
  }
}

// a * b as polynomials over Z/p, reduced modulo the monic f of degree m.
std::uint32_t GaloisField::poly_mul(std::uint32_t a, std::uint32_t b, const std::vector<std::uint32_t>& f) const {
  const auto da = digits_of(a, p_, m_), db = digits_of(b, p_, m_);
  std::vector<std::uint32_t> prod(2 * m_, 0);
  for (std::uint32_t i = 0; i < m_; ++i)
    for (std::uint32_t j = 0; j < m_; ++j) prod[i + j] = (prod[i + j] + da[i] * db[j]) % p_;
  for (std::uint32_t top = 2 * m_; top-- > m_;) {  // subtract prod[top] * t^(top-m) * f
    const std::uint32_t c = prod[top];
    for (std::uint32_t i = 0; i <= m_; ++i) prod[top - m_ + i] = (prod[top - m_ + i] + (p_ - c) * f[i]) % p_;
  }
  prod.resize(m_);
  return number_of(prod, p_);
}

// Accepts f when some element has order q - 1 modulo f; fills the tables then.
bool GaloisField::try_modulus(const std::vector<std::uint32_t>& f) {
  for (std::uint32_t g = 1; g < q_; ++g) {
    std::vector<std::uint32_t> powers{1};
    for (std::uint32_t x = poly_mul(1, g, f); x != 1 && x != 0 && powers.size() < q_; x = poly_mul(x, g, f))
      powers.push_back(x);
    if (powers.size() != q_ - 1) continue;
    if (q_ > 2 && poly_mul(powers.back(), g, f) != 1) continue;
    xi_ = g;
    powers_ = std::move(powers);
    mul_.resize(std::size_t{q_} * q_);
    for (std::uint32_t a = 0; a < q_; ++a)
      for (std::uint32_t b = 0; b < q_; ++b) mul_[std::size_t{a} * q_ + b] = poly_mul(a, b, f);
    return true;
  }
  return false;
}

}  // namespace menger
