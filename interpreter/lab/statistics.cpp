// Rates, spreads, differences and the sequential test of the rule-tweak lab.
#include "lab/statistics.h"

#include <algorithm>
#include <cmath>

namespace boardlab::lab {

namespace {
constexpr double kZ = 1.959963984540054;  // the normal 97.5% quantile

double quantile(const std::vector<double>& sorted, double q) {
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}
}  // namespace

Interval wilson95(double p, long n) {
  if (n == 0) return {0, 1};
  const double nn = static_cast<double>(n), z2 = kZ * kZ;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Spread spread_of(std::vector<double> xs) {
  Spread s;
  s.n = static_cast<long>(xs.size());
  if (xs.empty()) return s;
  std::sort(xs.begin(), xs.end());
  double sum = 0;
  for (double x : xs) sum += x;
  s.mean = sum / static_cast<double>(s.n);
  double ss = 0;
  for (double x : xs) ss += (x - s.mean) * (x - s.mean);
  s.sd = s.n > 1 ? std::sqrt(ss / static_cast<double>(s.n - 1)) : 0;
  s.min = xs.front();
  s.max = xs.back();
  s.q1 = quantile(xs, 0.25);
  s.median = quantile(xs, 0.5);
  s.q3 = quantile(xs, 0.75);
  const double half = kZ * s.sd / std::sqrt(static_cast<double>(s.n));
  s.mean95 = {s.mean - half, s.mean + half};
  return s;
}

Difference rate_difference(const Rate& a, const Rate& b) {
  const double pa = a.value(), pb = b.value(), d = pb - pa;
  const Interval ia = a.interval95(), ib = b.interval95();
  return {d, {d - std::sqrt((pb - ib.low) * (pb - ib.low) + (ia.high - pa) * (ia.high - pa)),
              d + std::sqrt((ib.high - pb) * (ib.high - pb) + (pa - ia.low) * (pa - ia.low))}};
}

Difference mean_difference(const Spread& a, const Spread& b) {
  const double d = b.mean - a.mean;
  const double se = std::sqrt((a.n ? a.sd * a.sd / static_cast<double>(a.n) : 0) +
                              (b.n ? b.sd * b.sd / static_cast<double>(b.n) : 0));
  return {d, {d - kZ * se, d + kZ * se}};
}

Observed observed(const Rate& r) { return {r.value(), r.value() * (1 - r.value()), r.n}; }
Observed observed(const Spread& per_game) { return {per_game.mean, per_game.sd * per_game.sd, per_game.n}; }

SequentialState sequential_test(const Observed& a, const Observed& b, const SequentialTest& t) {
  const bool two_sided = t.kind == SequentialTest::Kind::Differs;
  SequentialState st;
  st.lower = std::log(t.beta / (1 - t.alpha));
  st.upper = std::log((1 - t.beta) / (two_sided ? t.alpha / 2 : t.alpha));
  if (a.n < t.min_games || b.n < t.min_games) return st;
  // The variance of the observed difference, never below what one game in each adds, so
  // that a run of identical results early on cannot settle the test by itself.
  const double na = static_cast<double>(a.n), nb = static_cast<double>(b.n);
  const double floor_var = 0.25 / (na * na) + 0.25 / (nb * nb);
  const double var = std::max(a.variance / na + b.variance / nb, floor_var);
  // log N(d; delta, var) / N(d; 0, var)
  auto ratio = [&](double d) { return (2 * d * t.delta - t.delta * t.delta) / (2 * var); };
  if (two_sided) {
    const double up = ratio(b.mean - a.mean), down = ratio(a.mean - b.mean);
    st.llr = std::max(up, down);
    if (st.llr >= st.upper) st.verdict = Verdict::Found;
    else if (up <= st.lower && down <= st.lower) st.verdict = Verdict::NotFound;
  } else {
    st.llr = ratio(std::abs(a.mean - 0.5) - std::abs(b.mean - 0.5));
    if (st.llr >= st.upper) st.verdict = Verdict::Found;
    else if (st.llr <= st.lower) st.verdict = Verdict::NotFound;
  }
  return st;
}

}  // namespace boardlab::lab
