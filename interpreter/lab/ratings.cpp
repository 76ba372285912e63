// Elo ratings and the Elo SPRT.
#include "lab/ratings.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/rng.h"

namespace boardlab::lab {

std::string elo_text(double elo, double low, double high) {
  if (elo >= kEloClamp) return fmt::format(">= {:+.0f} (every game won: no upper bound)", low);
  if (elo <= -kEloClamp) return fmt::format("<= {:+.0f} (every game lost: no lower bound)", high);
  const std::string from = low <= -kEloClamp ? "no lower bound" : fmt::format("{:+.0f}", low);
  const std::string to = high >= kEloClamp ? "no upper bound" : fmt::format("{:+.0f}", high);
  return fmt::format("{:+.0f} ({} to {})", elo, from, to);
}

double elo_of_score(double s) {
  if (s <= 0) return -kEloClamp;
  if (s >= 1) return kEloClamp;
  return std::clamp(-400 * std::log10(1 / s - 1), -kEloClamp, kEloClamp);
}

double score_of_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

namespace {

// Bradley-Terry by minorization-maximization (Hunter 2004), draws half a win each, a virtual
// draw per pair; Elo relative to agent 0.
std::vector<double> fit(size_t n, const std::vector<PairResult>& pairs) {
  std::vector<double> won(n, 0), gamma(n, 1);
  for (const auto& p : pairs) {
    won[p.i] += static_cast<double>(p.wins) + 0.5 * static_cast<double>(p.draws) + 0.5;
    won[p.j] += static_cast<double>(p.losses) + 0.5 * static_cast<double>(p.draws) + 0.5;
  }
  for (int round = 0; round < 2000; ++round) {
    std::vector<double> denom(n, 0);
    for (const auto& p : pairs) {
      const double games = static_cast<double>(p.wins + p.draws + p.losses) + 1;
      const double d = games / (gamma[p.i] + gamma[p.j]);
      denom[p.i] += d, denom[p.j] += d;
    }
    double change = 0;
    for (size_t k = 0; k < n; ++k) {
      if (denom[k] <= 0) continue;
      const double next = won[k] / denom[k];
      change = std::max(change, std::abs(std::log(next / gamma[k])));
      gamma[k] = next;
    }
    const double g0 = gamma[0];
    for (auto& g : gamma) g /= g0;  // keeps the numbers in range
    if (change < 1e-10) break;
  }
  std::vector<double> elo(n);
  for (size_t k = 0; k < n; ++k) elo[k] = 400 * std::log10(gamma[k] / gamma[0]);
  return elo;
}

}  // namespace

std::vector<Rating> elo_ratings(size_t n, const std::vector<PairResult>& pairs, int resamples, uint64_t seed) {
  std::vector<Rating> out(n);
  if (n == 0) return out;
  const auto best = fit(n, pairs);
  for (size_t k = 0; k < n; ++k) out[k].elo = best[k];
  // Bootstrap: each pair's games drawn again from its own wins, draws and losses.
  Rng rng(seed);
  std::vector<std::vector<double>> samples(n);
  for (int b = 0; b < resamples; ++b) {
    std::vector<PairResult> again = pairs;
    for (auto& p : again) {
      const long games = p.wins + p.draws + p.losses;
      long w = 0, d = 0;
      for (long g = 0; g < games; ++g) {
        const auto u = static_cast<long>(rng.below(static_cast<uint32_t>(std::max(1L, games))));
        if (u < p.wins) ++w;
        else if (u < p.wins + p.draws) ++d;
      }
      p.wins = w, p.draws = d, p.losses = games - w - d;
    }
    const auto elo = fit(n, again);
    for (size_t k = 0; k < n; ++k) samples[k].push_back(elo[k]);
  }
  for (size_t k = 0; k < n && resamples > 0; ++k) {
    auto& s = samples[k];
    std::sort(s.begin(), s.end());
    const auto at = [&](double q) { return s[std::min(s.size() - 1, static_cast<size_t>(q * static_cast<double>(s.size())))]; };
    out[k].interval95 = {at(0.025), at(0.975)};
  }
  return out;
}

SequentialState elo_sprt(const Observed& score, const EloTest& t) {
  SequentialState st;
  st.lower = std::log(t.beta / (1 - t.alpha));
  st.upper = std::log((1 - t.beta) / t.alpha);
  if (score.n < 2) return st;
  const double s0 = score_of_elo(t.elo0), s1 = score_of_elo(t.elo1), n = static_cast<double>(score.n);
  // Never below what one game adds: identical early results settle nothing by themselves.
  const double var = std::max(score.variance, 0.25 / n);
  st.llr = n / (2 * var) * ((score.mean - s0) * (score.mean - s0) - (score.mean - s1) * (score.mean - s1));
  if (st.llr >= st.upper) st.verdict = Verdict::Found;
  else if (st.llr <= st.lower) st.verdict = Verdict::NotFound;
  return st;
}

}  // namespace boardlab::lab
