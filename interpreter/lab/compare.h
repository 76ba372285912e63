// Comparing two rule sets: both play the same games (agents, seeds, indexes) in batches,
// until a sequential test settles the question asked (does the first mover's win rate
// differ; is B fairer; does the first agent's score differ), or the game budget runs out;
// then every statistic of both with the difference and its interval.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "lab/simulation.h"
#include "lab/statistics.h"
#include "lab/summary.h"

namespace boardlab::lab {

// What a comparison asks, each a sequential test (statistics.h) on one statistic.
enum class Question {
  Differs,  // the first mover's win rate differs, either way (SequentialTest::Kind::Differs)
  Fairer,   // B's first-mover rate is closer to 0.5 than A's (Kind::Fairer)
  Skill,    // the first agent's score differs, either way (Kind::Differs)
};
// "differs", "fairer", "skill" as the command line spells them; nullopt for another word.
std::optional<Question> question_named(const std::string& name);

struct CompareConfig {
  SimulationConfig a, b;  // the same agents, seed, ply cap and threads; `games` is ignored
  Question question = Question::Differs;
  long games = 2000;      // at most, per rule set
  long batch = 100;       // games per rule set between two looks of the test
  SequentialTest test;
  bool no_stop = false;   // play every game even once the test has settled
};

struct Comparison {
  std::vector<GameStats> games_a, games_b;
  SequentialState last;           // the test at the last look
  SequentialState first_settled;  // at the first look that settled, if any
  long looks = 0, settled_after = 0;  // games each when it first settled (0: never)
  Summary a, b;
  std::vector<Compared> rows;
  long games_each() const { return static_cast<long>(games_a.size()); }
  // ca and cb as the last batch left them: games 0 .. n - 1, for the run files.
  SimulationConfig config_a, config_b;
};

Comparison compare(const CompareConfig& config, const SeriesRunner& run = run_series);

// The verdict in a word or two: "differs", "same", "fairer", "not fairer", "not settled".
const char* verdict_text(Question q, Verdict v);
// The verdict as a sentence for people, with the number of games.
std::string verdict_sentence(Question q, const SequentialTest& t, const Comparison& c);
// Before any game: why the test cannot reach an answer with these settings (--test fairer with
// a delta of 0.5 or more: an error), or will likely run out of games first (a note); "" if neither.
struct TestReach {
  bool possible = true;
  std::string why;
};
TestReach test_reach(Question q, const SequentialTest& t, long games);
// How the verdict and the starred rows relate, in one sentence.
const char* stars_explained();
// The test as a sentence: "sequential probability ratio test on the first mover's win rate, delta ...".
std::string test_text(Question q, const SequentialTest& t, const SequentialState& st);
nlohmann::json to_json(const Comparison& c, const CompareConfig& config, const std::string& a, const std::string& b);

}  // namespace boardlab::lab
