// Writing a run's files, and merging shards.
#include "lab/runs.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include <fcntl.h>  // AT_FDCWD, for renameat2
#include <sys/stat.h>  // mkdir
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cstdio>  // renameat2, RENAME_EXCHANGE
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/json_text.h"
#include "core/text.h"
#include "definition/bundled.h"
#include "lab/report.h"

namespace boardlab::lab {

std::pair<int, int> parse_shard(const std::string& text) {
  const size_t slash = text.find('/');
  const auto k = parse_int(text.substr(0, slash));
  const auto n = parse_int(slash == std::string::npos ? "" : text.substr(slash + 1));
  if (!k || !n || *n < 1 || *k < 1 || *k > *n || *n > 100000)
    throw std::invalid_argument(fmt::format("--shard takes K/N with 1 <= K <= N (the K-th of N slices), not '{}'", text));
  return {static_cast<int>(*k) - 1, static_cast<int>(*n)};
}

long shard_games(long games, int shard, int shards) { return games / shards + (shard < games % shards ? 1 : 0); }

RunInfo run_info(const std::string& game, const std::vector<std::string>& options, const SimulationConfig& config) {
  RunInfo r;
  r.game = game;
  r.options = options;
  r.definition_hash = config.def->content_hash;
  for (const auto& a : config.agents) r.agents.push_back(a.str());
  r.seed = config.seed;
  r.games = config.games;
  r.max_plies = config.max_plies;
  r.opening_plies = config.opening_plies;
  r.shards = {config.shard + 1};
  r.shard_count = config.shards;
  return r;
}

namespace {

constexpr const char* kRunFiles[] = {"games.jsonl", "summary.json", "report.html"};

// Why `dir` may not be replaced by this run's results, or "" if it may.
std::string refusal(const std::filesystem::path& dir, const RunInfo& run, bool replace) {
  std::error_code ec;
  if (!std::filesystem::exists(dir, ec)) return "";
  if (!std::filesystem::is_directory(dir, ec)) return "it is not a folder";
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (std::find(std::begin(kRunFiles), std::end(kRunFiles), name) == std::end(kRunFiles))
      return fmt::format("it holds {}, which simulate did not write; choose another --out", name);
    // A folder or a link under one of those names holds someone's files: --force would delete them.
    if (e.is_symlink(ec) || !e.is_regular_file(ec))
      return fmt::format("its {} is not a file simulate wrote (a folder or a link); choose another --out", name);
  }
  if (ec) return "it cannot be read: " + ec.message();
  if (replace || std::filesystem::is_empty(dir, ec)) return "";
  const auto text = read_text_file((dir / "summary.json").string());
  try {
    if (text && to_json(run_from_json(parse_json(*text).at("run"))) == to_json(run)) return "";
  } catch (const std::exception&) {
  }
  return "it holds the results of another run (--force replaces them)";
}

// `dir` as a path whose file name is the folder's own ("out/" and "." name a folder too).
std::filesystem::path folder_path(const std::string& dir) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(dir, ec).lexically_normal();
  if (p.filename().empty()) p = p.parent_path();
  return p;
}

// Removes a folder of ours, quietly: a failure leaves a stray folder, not a lost result.
void remove_quietly(const std::filesystem::path& p) {
  std::error_code ec;
  std::filesystem::remove_all(p, ec);
}

}  // namespace

void check_results_folder(const std::string& dir, const RunInfo& run, bool replace) {
  if (const std::string why = refusal(folder_path(dir), run, replace); !why.empty())
    throw std::invalid_argument(fmt::format("will not write into {}: {}", dir, why));
}

void write_results(const std::string& dir, const std::vector<GameStats>& games, const Summary& s, const GameDef& def,
                   const RunInfo& run, bool replace, const std::vector<std::string>* lines) {
  if (lines && lines->size() != games.size()) throw std::logic_error("write_results: a line per game");
  namespace fs = std::filesystem;
  const fs::path target = folder_path(dir);
  check_results_folder(dir, run, replace);
  std::error_code ec;
  const fs::path parent = target.parent_path();  // folder_path is absolute
  fs::create_directories(parent, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot make the folder {}: {}", parent.string(), ec.message()));
  // Beside the target, so that the renames below stay on one file system, and a name of its
  // own, made exclusively (mkdir fails on anything there, a planted link too), with the
  // permissions the umask gives a new folder.
  fs::path fresh;
  for (int attempt = 0; fresh.empty(); ++attempt) {
    const fs::path name = parent / fmt::format(".{}.writing-{}-{}", target.filename().string(), ::getpid(), attempt);
    if (::mkdir(name.c_str(), 0777) == 0) fresh = name;
    else if (errno != EEXIST || attempt >= 100)
      throw std::runtime_error(fmt::format("cannot make the folder {}: {}", name.string(), std::strerror(errno)));
  }
  struct Cleanup {
    fs::path p;
    ~Cleanup() { remove_quietly(p); }
  } cleanup{fresh};
  {
    // Streamed a line at a time (the folder is renamed whole below, so no file needs its own
    // temporary): one string of every line was a second copy of the run in memory, and
    // growing it was half of the serial end of a `simulate --threads 2` of random games.
    const std::string path = (fresh / "games.jsonl").string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    for (size_t i = 0; i < games.size() && out; ++i) {
      if (lines) out << (*lines)[i];
      else out << to_json(games[i], def).dump();
      out << '\n';
    }
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + path);
  }
  nlohmann::json summary = {{"run", to_json(run)}, {"summary", to_json(s, def)}};
  write_text_file((fresh / "summary.json").string(), summary.dump(2) + "\n");
  write_text_file((fresh / "report.html").string(), html_report(s, games, def, run));
  // The new set takes the old one's place in one step (the old set moves to `fresh`, and
  // goes with it); where the file system cannot swap, the old folder goes first.
  if (fs::exists(target, ec)) {
    if (::renameat2(AT_FDCWD, fresh.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) return;
    const fs::path old = parent / fmt::format(".{}.old-{}", target.filename().string(), ::getpid());
    fs::rename(target, old, ec);
    if (ec) throw std::runtime_error(fmt::format("cannot replace {}: {}", dir, ec.message()));
    fs::rename(fresh, target, ec);
    if (ec) {
      std::error_code back;
      fs::rename(old, target, back);
      throw std::runtime_error(fmt::format("cannot write {}: {}", dir, ec.message()));
    }
    remove_quietly(old);
    return;
  }
  fs::rename(fresh, target, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot write {}: {}", dir, ec.message()));
}

namespace {

// Whether two folders' runs are the same run (their shards aside).
bool same_run(const RunInfo& a, const RunInfo& b) {
  return a.game == b.game && a.options == b.options && a.agents == b.agents && a.seed == b.seed && a.games == b.games &&
         a.max_plies == b.max_plies && a.opening_plies == b.opening_plies && a.shard_count == b.shard_count && a.definition_hash == b.definition_hash;
}

}  // namespace

bool run_in_progress(const std::string& dir, const RunInfo& run) {
  const auto text = read_text_file(dir + "/summary.json");
  if (!text) return false;
  try {
    const auto j = parse_json(*text);
    RunInfo there = run_from_json(j.at("run"));
    there.games = run.games;
    return j.at("summary").is_null() && to_json(there) == to_json(run);
  } catch (const std::exception&) {
    return false;
  }
}

RunInfo read_run_info(const std::string& dir) {
  const auto text = read_text_file(dir + "/summary.json");
  if (!text) throw std::invalid_argument(fmt::format("{}: no summary.json (not a simulate folder?)", dir));
  try {
    return run_from_json(parse_json(*text).at("run"));
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(fmt::format("{}/summary.json: {}", dir, json_error_text(e)));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{}/summary.json: {}", dir, e.what()));
  }
}

std::vector<GameStats> read_games(const std::string& dir, const GameDef& def,
                                  const std::function<void(const GameStats&)>& check, bool* cut_off) {
  auto lines = read_text_file(dir + "/games.jsonl", kMaxGamesFile);
  if (!lines) throw std::invalid_argument(fmt::format("{}: no games.jsonl (not a simulate folder?)", dir));
  const bool cut = !lines->empty() && lines->back() != '\n';
  if (cut) lines->erase(lines->rfind('\n') == std::string::npos ? 0 : lines->rfind('\n') + 1);
  if (cut_off) *cut_off = cut;
  std::vector<GameStats> out;
  size_t line_no = 0;
  std::istringstream in(*lines);
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    if (trim(line).empty()) continue;
    try {
      out.push_back(game_from_json(parse_json(line), def));
      if (check) check(out.back());
    } catch (const nlohmann::json::exception& e) {
      throw std::invalid_argument(fmt::format("{}/games.jsonl:{}: {}", dir, line_no, json_error_text(e)));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("{}/games.jsonl:{}: {}", dir, line_no, e.what()));
    }
  }
  return out;
}

RunJournal::RunJournal(const std::string& dir, const RunInfo& run, const GameDef& def, const std::vector<GameStats>& kept,
                       bool replace)
    : path_(dir + "/games.jsonl"), def_(def) {
  namespace fs = std::filesystem;
  check_results_folder(dir, run, replace);
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw std::runtime_error(fmt::format("cannot make the folder {}: {}", dir, ec.message()));
  fs::remove(fs::path(dir) / "report.html", ec);  // an earlier set's, which these games will not match
  std::string lines;
  for (const auto& g : kept) lines += to_json(g, def).dump() + "\n";
  write_text_file(path_, lines);
  // summary.json last: the folder is this run's once its games file is.
  write_text_file(dir + "/summary.json", nlohmann::json{{"run", to_json(run)}, {"summary", nullptr}}.dump(2) + "\n");
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) throw std::runtime_error(fmt::format("cannot write {}: {}", path_, std::strerror(errno)));
}

RunJournal::~RunJournal() {
  try {
    flush();  // after an error elsewhere: keep what can be kept
  } catch (const std::runtime_error&) {
  }
  if (fd_ >= 0) ::close(fd_);
}

void RunJournal::write_batch(const std::string& batch) const {
  // One write of whole lines: a kill never leaves half a line, unless it lands inside the
  // write itself (resume then drops the cut line). No lock of ours around it: the file is
  // open O_APPEND, so the kernel appends each write whole and two threads' batches never
  // mix. (Under a lock, the threads took turns at the write: `simulate --threads 2` gained
  // little over one.)
  if (batch.empty()) return;
  ssize_t n;
  do {
    n = ::write(fd_, batch.data(), batch.size());
  } while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(batch.size()))  // a full disk: the batch, if begun, is cut, and the run stops here
    throw std::runtime_error(fmt::format("cannot write {}: {}", path_, n < 0 ? std::strerror(errno) : "the disk took only part of a line"));
}

void RunJournal::add(const GameStats& g) {
  std::string line = to_json(g, def_).dump() + "\n";
  std::string batch;
  {
    std::lock_guard lock(writing_);
    pending_ += line;
    line.pop_back();
    written_[g.index] = std::move(line);
    // Short games are written in batches (a write per random game was a third of the
    // run's time); a game that ends kBatchAge after the last write goes at once.
    const auto now = std::chrono::steady_clock::now();
    if (pending_.size() < kBatchBytes && now - last_write_ < kBatchAge) return;
    batch.swap(pending_);
    last_write_ = now;
  }
  write_batch(batch);
}

void RunJournal::flush() {
  std::string batch;
  {
    std::lock_guard lock(writing_);
    batch.swap(pending_);
  }
  write_batch(batch);
}

std::vector<std::string> RunJournal::take_lines(const std::vector<GameStats>& games) {
  std::lock_guard lock(writing_);
  // (The lines kept, written to the file or not: flush() writes those still pending.)
  std::vector<std::string> out;
  out.reserve(games.size());
  for (const auto& g : games) {
    const auto it = written_.find(g.index);
    out.push_back(it != written_.end() ? std::move(it->second) : to_json(g, def_).dump());
  }
  written_.clear();
  return out;
}

ResumedRun resume_run(const std::string& dir, const std::string& definition, long more, int threads,
                      const std::vector<std::string>& retyped) {
  ResumedRun out;
  out.run = read_run_info(dir);
  RunInfo& run = out.run;
  const GameDefPtr def = definition.empty() ? open_named_definition(run.game, run.options) : open_definition(definition, run.options);
  if (!def->same_rules(run.definition_hash))
    throw std::invalid_argument(fmt::format("{} was played under a different definition of {} ({}, now {}): its games and "
                                            "new ones would not be one run", dir, def->name, run.definition_hash, def->content_hash));
  if (run.shards.size() != 1)
    throw std::invalid_argument(fmt::format("{} holds {} shards merged: resume each shard's folder, then merge them", dir,
                                            run.shards.size()));
  std::vector<AgentSpec> agents;
  std::vector<std::string> named;  // as AgentSpec writes them, to compare with what was typed
  for (const auto& spec : run.agents) agents.push_back(AgentSpec::parse(spec)), named.push_back(agents.back().str());
  if (!retyped.empty() && retyped != named)
    throw std::invalid_argument(fmt::format("--agents with --resume repeats the run's agents to vouch for them: {}/summary.json "
                                            "names '{}'", dir, join(run.agents, ",")));
  if (more > kMaxSeriesGames - run.games)  // both within bounds: the sum cannot overflow
    throw std::invalid_argument(fmt::format("--more {}: {} would then hold more than {} games, the most a run may", more,
                                            dir, kMaxSeriesGames));
  out.config = SimulationConfig{def, agents, run.games + more, run.seed, run.max_plies, threads};
  SimulationConfig& c = out.config;
  c.opening_plies = run.opening_plies;
  if (retyped.empty()) {
    // A folder may come from a stranger: its specs are checked, before any game, within the
    // limits of specs from files.
    c.limits = AgentLimits::from_file();
    for (const auto& spec : agents) {
      try {
        make_agent(spec, def, 0, nullptr, c.limits);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(fmt::format(
            "{}/summary.json names the agent '{}', beyond what a spec read from a file may ask: {}. If you trust the "
            "folder, repeat its agents: --agents '{}'", dir, spec.str(), e.what(), join(run.agents, ",")));
      }
    }
  }
  c.shard = run.shards.front() - 1;
  c.shards = run.shard_count;
  std::set<long> seen;
  out.kept = read_games(dir, *def, [&](const GameStats& g) {
    if (g.index < 0 || g.index >= run.games || g.index % c.shards != c.shard)
      throw std::invalid_argument(fmt::format("game {} is not one of this shard's {} games", g.index, run.games));
    if (!seen.insert(g.index).second) throw std::invalid_argument(fmt::format("game {} is there twice", g.index));
  }, &out.cut_off);
  run.games = c.games;
  return out;
}

MergedRun merge_runs(const std::vector<std::string>& dirs, const std::string& game) {
  MergedRun out;
  std::set<long> seen;
  bool first = true;
  for (const auto& dir : dirs) {
    const RunInfo r = read_run_info(dir);
    if (first) {
      first = false;
      out.run = r;
      out.run.shards.clear();
      out.def = game.empty() ? open_named_definition(r.game, r.options) : open_definition(game, r.options);
      if (static_cast<int>(r.agents.size()) != out.def->nplayers())
        throw std::invalid_argument(fmt::format("{}/summary.json: agents must list an agent per player ({} has {})", dir,
                                                out.def->name, out.def->nplayers()));
      if (!out.def->same_rules(r.definition_hash))
        out.notes.push_back(fmt::format("{} was made under a different definition ({}, now {}).", dir, r.definition_hash,
                                        out.def->content_hash));
    } else if (!same_run(r, out.run)) {
      throw std::invalid_argument(fmt::format("{} is not from the same run as {} (game, options, agents, seed, games, "
                                              "max plies, openings, shard count and definition must agree)", dir, dirs.front()));
    }
    out.run.shards.insert(out.run.shards.end(), r.shards.begin(), r.shards.end());
    auto games = read_games(dir, *out.def, [&](const GameStats& g) {
      if (g.index < 0 || g.index >= out.run.games)
        throw std::invalid_argument(fmt::format("game {} is not one of the run's {} games", g.index, out.run.games));
      if (!seen.insert(g.index).second) throw std::invalid_argument(fmt::format("game {} is in two shards", g.index));
    });
    for (auto& g : games) out.games.push_back(std::move(g));
  }
  std::sort(out.games.begin(), out.games.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
  std::sort(out.run.shards.begin(), out.run.shards.end());
  if (static_cast<long>(out.games.size()) < out.run.games)
    out.notes.push_back(fmt::format("{} of the run's {} games are here ({} of {} shards).", out.games.size(), out.run.games,
                                    out.run.shards.size(), out.run.shard_count));
  return out;
}

}  // namespace boardlab::lab
