// GaloisField: the finite field GF(q), q = p^m a prime power, small enough for
// addition and multiplication tables (q <= 1024).
//
// Why hand-written: Slim Fly (slimfly.cpp) needs only table arithmetic and a
// primitive element of fields with at most a few hundred elements.  No library
// the build already depends on offers finite fields, and the Debian number-theory
// libraries that do (NTL, FLINT) would be a large new dependency for a few
// tables built once.
//
// Representation: an element is an integer 0..q-1 whose base-p digits are the
// coefficients of a polynomial of degree < m over Z/p (digit i = coefficient
// of t^i); 0 and 1 are the field's zero and one.  For m = 1 this is the residue
// itself.  Multiplication is modulo the first monic polynomial f of degree m,
// in increasing order of its lower coefficients read as a base-p number, for
// which some element has multiplicative order q - 1: that happens exactly when
// Z/p[t]/(f) is a field (a ring with zero divisors has fewer than q - 1 units,
// and the units of a finite field form a cyclic group).  The primitive element
// xi is the least element (as an integer) of order q - 1.  Every choice is
// thus deterministic.
#pragma once

#include <cstdint>
#include <vector>

namespace menger {

class GaloisField {
 public:
  // Throws InputError unless q is a prime power with 2 <= q <= 1024.
  explicit GaloisField(std::uint32_t q);

  static bool is_prime_power(std::uint32_t q);

  std::uint32_t order() const { return q_; }
  std::uint32_t characteristic() const { return p_; }
  std::uint32_t add(std::uint32_t a, std::uint32_t b) const { return add_[a * q_ + b]; }
  std::uint32_t neg(std::uint32_t a) const { return neg_[a]; }
  std::uint32_t sub(std::uint32_t a, std::uint32_t b) const { return add(a, neg(b)); }
  std::uint32_t mul(std::uint32_t a, std::uint32_t b) const { return mul_[a * q_ + b]; }
  // The least primitive element (generator of the multiplicative group).
  std::uint32_t primitive() const { return xi_; }
  // xi^e for any e >= 0.
  std::uint32_t power_of_primitive(std::uint64_t e) const { return powers_[e % (q_ - 1)]; }

 private:
  std::uint32_t q_, p_ = 0, m_ = 0, xi_ = 0;
  std::vector<std::uint32_t> add_, neg_, mul_, powers_;

  void build_addition();
  bool try_modulus(const std::vector<std::uint32_t>& f);
  std::uint32_t poly_mul(std::uint32_t a, std::uint32_t b, const std::vector<std::uint32_t>& f) const;
};

}  // namespace menger
