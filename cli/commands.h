// The subcommands of `boardlab`, each registered on the CLI11 app by its own file.
#pragma once
#include <CLI/CLI.hpp>
#include <functional>

#include "rules/rule_tests.h"

namespace boardlab::cli {

using Runner = std::function<int()>;

// Each adds its subcommand to `app` and returns what runs it.
Runner add_list(CLI::App& app);
Runner add_options(CLI::App& app);  // `options GAME`: each option's values, default and doc
Runner add_check(CLI::App& app);
Runner add_moves(CLI::App& app);
Runner add_perft(CLI::App& app);
Runner add_bench(CLI::App& app);
Runner add_play(CLI::App& app);
Runner add_playouts(CLI::App& app);
Runner add_agents(CLI::App& app);
Runner add_match(CLI::App& app);
Runner add_agent(CLI::App& app);
Runner add_replay(CLI::App& app);
Runner add_simulate(CLI::App& app);
Runner add_merge(CLI::App& app);
Runner add_compare(CLI::App& app);
Runner add_sweep(CLI::App& app);
Runner add_new(CLI::App& app);
Runner add_test(CLI::App& app);
Runner add_train(CLI::App& app);
Runner add_serve(CLI::App& app);
Runner add_help(CLI::App& app);  // `help [COMMAND]`: the program's or a command's help

// Runs a rule test file, printing its failures and a summary line; true if all pass.
bool print_rule_tests(const std::string& path, double max_seconds = kRuleTestSeconds);

}  // namespace boardlab::cli
