// The computer players on the command line: `boardlab agents` (what there is),
// `boardlab match` (a seeded series between two agents, with a confidence interval) and
// `boardlab agent` (an agent behind a JSON-lines protocol, for other programs to play).
#include <fmt/format.h>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "lab/match.h"
#include "lab/report.h"
#include "lab_args.h"
#include "commands.h"
#include "common.h"
#include "definition/bundled.h"
#include "session/agent_protocol.h"
#include "lab/lab_game.h"

namespace boardlab::cli {

namespace {

AgentSpec parse_spec(const std::string& text) {
  try {
    return AgentSpec::parse(text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

Runner add_agents(CLI::App& app) {
  app.add_subcommand("agents", "List the computer players and their parameters");
  return [] {
    for (const auto& a : agent_catalogue()) {
      fmt::print("{:<11} {}\n", a.name, a.doc);
      for (const auto& p : a.params) fmt::print("    {:<16} {}\n", p.name + "=" + p.default_value, p.doc);
    }
    fmt::print("\nA spec is the name, then parameters: mcts:iterations=5000,threads=2\n");
    return kExitOk;
  };
}

Runner add_match(CLI::App& app) {
  auto* cmd = app.add_subcommand("match", "Play two agents against each other, seats alternating");
  auto args = std::make_shared<GameArgs>();
  auto a = std::make_shared<std::string>(), b = std::make_shared<std::string>();
  auto games = std::make_shared<int>(20);
  auto seed = std::make_shared<uint64_t>(1);
  auto max_plies = std::make_shared<int>(1000);
  auto threads = std::make_shared<int>(1);
  auto openings = std::make_shared<std::string>("auto");
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("first", *a, "an agent spec (see `boardlab agents`)")->required();
  cmd->add_option("second", *b, "an agent spec")->required();
  cmd->add_option("--games", *games, "how many games")->check(CLI::Range(1, 1000000));
  cmd->add_option("--seed", *seed, "the series' seed: game i is seeded as in simulate, so either replays the other's games");
  cmd->add_option("--max-plies", *max_plies, "a game stopped after this many plies counts as a draw (0: never)")
      ->check(CLI::Range(0, lab::kMaxSeriesPlies));
  cmd->add_option("--threads", *threads, "threads to play on (0: every core); the results do not depend on it")
      ->check(CLI::Range(0, lab::kMaxSeriesThreads));
  add_openings_option(*cmd, *openings);
  cmd->add_option("--option", args->options, "set an option: key=value");
  auto sprt = std::make_shared<std::vector<double>>();
  auto test = std::make_shared<lab::EloTest>();
  auto batch = std::make_shared<long>(20);
  auto records = std::make_shared<std::string>();
  cmd->add_option("--sprt", *sprt,
                  "ELO0,ELO1: stop once a sequential test settles whether the first agent is ELO1 stronger (H1) or "
                  "ELO0 (H0), as cutechess-cli and Fishtest do; --games is then the most to play")
      ->expected(2)->delimiter(',');
  cmd->add_option("--alpha", test->alpha, "with --sprt: the chance of accepting ELO1 when ELO0 is true (default 0.05)")
      ->check(CLI::Range(0.0001, 0.5));
  cmd->add_option("--beta", test->beta, "with --sprt: the chance of accepting ELO0 when ELO1 is true (default 0.05)")
      ->check(CLI::Range(0.0001, 0.5));
  cmd->add_option("--batch", *batch, "with --sprt: games between two looks of the test (default 20)")
      ->check(CLI::Range(1L, 1000000L));
  cmd->add_option("--records", *records, "a folder to save every game's record in (0001.txt, ...; `boardlab replay`)");
  return [=] {
    auto game = open_game(*args);
    const AgentSpec sa = parse_spec(*a), sb = parse_spec(*b);
    const GameDefPtr& def = game->def_ptr();
    if (def->nplayers() != 2)
      throw UsageError(fmt::format("match seats two agents, and {} has {} players: use simulate --agents", def->name, def->nplayers()));
    lab::MatchConfig m;
    m.series = lab::SimulationConfig{def, {sa, sb}, *games, *seed, *max_plies, threads_or_cores(*threads)};
    m.series.opening_plies = opening_plies(*openings, *def, m.series.agents);
    fmt::print("{}", openings_said(*openings, m.series.opening_plies));
    m.batch = *batch;
    if (!sprt->empty()) {
      test->elo0 = (*sprt)[0], test->elo1 = (*sprt)[1];
      if (!(test->elo1 > test->elo0)) throw UsageError("--sprt ELO0,ELO1 needs ELO1 above ELO0");
      m.sprt = *test;
    }
    if (!records->empty()) {
      try {
        check_records_folder(*records);
      } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--records {}", e.what()));
      }
    }
    const std::string what = fmt::format("{} vs {}", sa.str(), sb.str());
    const lab::Match match = lab::play_match(m, [&](const lab::SimulationConfig& c, const std::string&) { return run_games(c, what); });
    fmt::print("{}", lab::match_text(match, m));
    if (!records->empty()) {
      save_records(*records, *game, args->options, {sa.str(), sb.str()}, match.games);
      fmt::print("Wrote {} records in {}\n", match.games.size(), *records);
    }
    return kExitOk;
  };
}

Runner add_agent(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "agent", "Serve an agent on stdin/stdout: one JSON request per line, one JSON reply per line");
  auto args = std::make_shared<GameArgs>();
  auto spec = std::make_shared<std::string>("mcts");
  auto seed = std::make_shared<uint64_t>(1);
  cmd->add_option("game", args->game, "a bundled game's name or a definition file")->required();
  cmd->add_option("--agent", *spec, "an agent spec (see `boardlab agents`)");
  cmd->add_option("--seed", *seed, "the agent's seed");
  cmd->add_option("--option", args->options, "set an option: key=value");
  cmd->footer(
      "Requests: {\"position\": TEXT} (with its dice, e.g. \"white dice:3,1 ...\"), or for a track game\n"
      "{\"to_move\": 0, \"dice\": [3, 1], \"sides\": [[26 counts], [26 counts]]} (each side's [bar, points\n"
      "1..24 in its own numbering, off]). Reply: {\"move\": TEXT, \"position\": TEXT after it}, plus\n"
      "\"sides\" after it for a track game; {\"error\": TEXT} for a bad request. A position with no move\n"
      "but a pass gets the pass.");
  return [=] {
    AgentServer server(open_definition(args->game, args->options), parse_spec(*spec), *seed);
    server.serve(std::cin, std::cout);
    return kExitOk;
  };
}

}  // namespace boardlab::cli
