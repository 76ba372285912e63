// The statistics the rule-tweak lab reports: rates with Wilson 95% intervals, spreads of
// numbers (mean with its interval, quartiles), differences between two rule sets, and a
// sequential test that stops a comparison once a difference of rates is settled.
#pragma once
#include <vector>

namespace boardlab::lab {

struct Interval {
  double low = 0, high = 0;
};

// Wilson's score interval for a rate p observed over n trials ([0, 1] when n = 0); p may be a
// score with draws counted half.
Interval wilson95(double p, long n);

// `hits` out of `n`, such as games won by the first player.
struct Rate {
  long hits = 0, n = 0;
  double value() const { return n ? static_cast<double>(hits) / static_cast<double>(n) : 0; }
  Interval interval95() const { return wilson95(value(), n); }
};

struct Spread {
  long n = 0;
  double mean = 0, sd = 0, min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
  Interval mean95;  // mean +- 1.96 sd / sqrt(n)
};
// Quartiles interpolate linearly between order statistics (numpy's default); sd is the
// sample standard deviation (n - 1).
Spread spread_of(std::vector<double> xs);

struct Difference {
  double value = 0;  // b - a
  Interval interval95;
};
// Newcombe's hybrid score interval for b - a (from the two Wilson intervals).
Difference rate_difference(const Rate& a, const Rate& b);
// b - a for two independent means, with a normal 95% interval.
Difference mean_difference(const Spread& a, const Spread& b);

// A two-sided sequential probability ratio test (Wald, on the normal approximation of the
// difference of two rates, as chess engine testers use it): H0 "the rates are equal"
// against H1 "they differ by `delta`" either way. It stops when the log-likelihood ratio
// leaves [log(beta / (1 - alpha)), log((1 - beta) / (alpha / 2))]: each direction is tested
// at alpha / 2, so that alpha is the chance of finding a difference either way that is not
// there.
struct SequentialTest {
  double delta = 0.05, alpha = 0.05, beta = 0.05;
  long min_games = 20;  // per side, before any decision
};
enum class Verdict { Continue, Differs, Same };
struct SequentialState {
  Verdict verdict = Verdict::Continue;
  double llr = 0;  // the larger of the two one-sided ratios
  double lower = 0, upper = 0;
};
SequentialState sequential_test(const Rate& a, const Rate& b, const SequentialTest& t);

}  // namespace boardlab::lab
