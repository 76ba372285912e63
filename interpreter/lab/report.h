// The rule-tweak lab's reports for people: a summary for the terminal and a self-contained
// HTML page (inline SVG plots, no scripts or network) that opens in any browser.
#pragma once
#include <string>
#include <vector>

#include "lab/summary.h"
#include "lab/results_json.h"

namespace boardlab::lab {

std::string summary_text(const Summary& s, const RunInfo& run);
std::string html_report(const Summary& s, const std::vector<GameStats>& games, const GameDef& def,
                        const RunInfo& run);

// The style sheet of the lab's pages (the plots' own is plot_css()).
const char* page_css();

// "0.545 (0.476-0.612)"
std::string rate_text(const Rate& r);
// Every statistic of a summary as (name, value) for the terminal and the HTML page alike.
std::vector<std::pair<std::string, std::string>> statistic_rows(const Summary& s);

}  // namespace boardlab::lab
