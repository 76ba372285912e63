// The rule-tweak lab's reports for people: a summary for the terminal and a self-contained
// HTML page (inline SVG plots, no scripts or network) that opens in any browser.
#pragma once
#include <string>
#include <vector>

#include "lab/summary.h"
#include "lab/results_json.h"
#include "lab/svg_plot.h"

namespace boardlab::lab {

std::string summary_text(const Summary& s, const RunInfo& run);
std::string html_report(const Summary& s, const std::vector<GameStats>& games, const GameDef& def,
                        const RunInfo& run);

// The first mover's running win rate over `games`, with its 95% (Wilson) band.
Series running_first_mover(const std::vector<GameStats>& games, const std::string& name);
// An empty plot of running rates, from 0 to 1, with the even share of `players` marked.
Plot running_rate_plot(const std::string& title, const std::string& xlabel, int players);

// Branching per side over its own choices, a line per player of each summary (named by its
// label, when there are several): sides that differ do not make a sawtooth. Drawn while at
// least one game in twenty (and five games) still goes on: a mean over the few longest
// games is noise.
Plot branching_by_side(const std::vector<std::pair<std::string, const Summary*>>& summaries);

// Why a summary's rates say little of the rules, if they do: most games stopped at the cap,
// or the games are copies of a few (capped_note, alike_note).
std::vector<std::string> summary_notes(const Summary& s, int max_plies);
// "0.545 (0.476-0.612)"
std::string rate_text(const Rate& r);
// ", 2 random plies first" for a series with random openings (SimulationConfig::opening_plies), else "".
std::string openings_text(int opening_plies);
// An agent's time choosing moves: "512 ms a move on average, 940 ms at most (400 moves)".
std::string thinking_text(const Thinking& t);
// A duration in the unit it reads best in, three figures, no exponent: "31.2 µs", "4.10 ms", "2.35 s".
std::string time_text(double seconds);
// Every statistic of a summary as (name, value) for the terminal and the HTML page alike.
std::vector<std::pair<std::string, std::string>> statistic_rows(const Summary& s);

}  // namespace boardlab::lab
