// A sweep: several rule sets (an option's values, several definitions, or both) played with
// the same agents and seeds, and each statistic of each set side by side, as a table, JSON
// and an HTML report that plots every statistic against the rule sets with its interval.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "lab/results_json.h"
#include "lab/simulation.h"
#include "lab/summary.h"

namespace boardlab::lab {

struct SweepPoint {
  std::string label;  // "KEY=VALUE", a definition's name, or both: "NAME KEY=VALUE"
  std::string game;   // as the user named it
  std::vector<std::string> options;  // key=value, the swept one last
  std::string value;  // the swept option's value ("" when only definitions differ)
  GameDefPtr def;
};

struct SweepResult {
  std::vector<SweepPoint> points;
  std::vector<std::vector<GameStats>> games;  // per point
  std::vector<Summary> summaries;             // per point
  std::string swept_key;                      // the option swept, or ""
};

// One statistic of every point, with its 95% interval: what the table and the plots show.
struct SweptStatistic {
  std::string name;
  bool rate = false;  // a rate in [0, 1] (plotted from 0 to 1, with the even line)
  std::vector<double> value, low, high;  // per point
};
std::vector<SweptStatistic> swept_statistics(const SweepResult& r);

// Plays every point's games with `base`'s agents, seed, games, ply cap and threads, by `run`.
SweepResult run_sweep(std::vector<SweepPoint> points, const SimulationConfig& base, const std::string& swept_key,
                      const SeriesRunner& run = run_series);

// The table of statistics by rule set, at most kSweepTextColumns wide: the rule sets that
// do not fit side by side go on in further tables below.
constexpr size_t kSweepTextColumns = 100;
std::string sweep_text(const SweepResult& r, const SimulationConfig& base);
nlohmann::json to_json(const SweepResult& r, const SimulationConfig& base);
// `dir`: the sweep's folder, for the commands the page gives.
std::string sweep_html(const SweepResult& r, const SimulationConfig& base, const std::string& dir);

}  // namespace boardlab::lab
