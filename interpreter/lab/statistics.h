// The statistics the rule-tweak lab reports: rates with Wilson 95% intervals, spreads of
// numbers (mean with its interval, quartiles), differences between two rule sets, and the
// sequential tests that stop a comparison once its question is settled.
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

// What a sequential test looks at on each side: a mean over n games of a result in [0, 1]
// (a rate: won or not; a score: a win 1, a draw 1/2), with the variance of one game's result.
struct Observed {
  double mean = 0, variance = 0;
  long n = 0;
};
Observed observed(const Rate& r);             // variance p (1 - p)
Observed observed(const Spread& per_game);    // the sample variance

// Sequential probability ratio tests (Wald's, on the normal approximation of a difference of
// two means, as chess engine testers use them), with their error rates: alpha, the chance of
// finding the effect when it is not there; beta, the chance of missing an effect of delta.
//
// Differs: H0 "the means are equal" against H1 "they differ by `delta`" either way; each
// direction is tested at alpha / 2, so that alpha is the chance of finding a difference
// either way that is not there. It stops when the larger one-sided log-likelihood ratio
// reaches log((1 - beta) / (alpha / 2)), or both fall to log(beta / (1 - alpha)).
//
// Fairer: H0 "B's mean is no closer to 0.5 than A's" against H1 "it is closer by `delta`",
// one-sided, on d = |a - 0.5| - |b - 0.5| (each side's distance to 0.5 estimated with the
// variance of its mean). Near 0.5 the distance is overestimated (|x| of a noisy x), which
// only makes B's side look less fair: the test errs against finding B fairer. It stops at
// log((1 - beta) / alpha) or log(beta / (1 - alpha)).
struct SequentialTest {
  enum class Kind { Differs, Fairer } kind = Kind::Differs;
  double delta = 0.05, alpha = 0.05, beta = 0.05;
  long min_games = 20;  // per side, before any decision
};
// Found: the effect sought (a difference; B fairer). NotFound: H0 accepted. Unfinished: no
// verdict, because most games stopped at the ply cap (mostly_capped, summary.h). Alike: no
// verdict, because the games are copies of too few (too_alike, summary.h).
enum class Verdict { Continue, Found, NotFound, Unfinished, Alike };
struct SequentialState {
  Verdict verdict = Verdict::Continue;
  double llr = 0;  // the log-likelihood ratio (Differs: the larger of the two one-sided ones)
  double lower = 0, upper = 0;
};
SequentialState sequential_test(const Observed& a, const Observed& b, const SequentialTest& t);

}  // namespace boardlab::lab
