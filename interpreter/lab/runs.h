// A simulate run on disk: what it was (RunInfo), its files (games.jsonl, summary.json,
// report.html) written into a folder, and `merge`, which joins the folders of a run's
// shards into the results one run would have made, refusing folders that do not belong
// together.
#pragma once
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "lab/results_json.h"
#include "lab/simulation.h"

namespace boardlab::lab {

// "K/N", 1 <= K <= N <= 100000: the K-th of N slices of a run's games (shards are numbered
// from 1, as Slurm's array task ids can be). Returns {K - 1, N}; throws std::invalid_argument.
std::pair<int, int> parse_shard(const std::string& text);
// How many of games 0 .. games - 1 belong to shard `shard` (from 0) of `shards`: game i is
// shard i mod shards's.
long shard_games(long games, int shard, int shards);

// What a run was: `game` as the user named it, `options` as given (key=value), the rest from
// `config`.
RunInfo run_info(const std::string& game, const std::vector<std::string>& options, const SimulationConfig& config);

// Writes games.jsonl, summary.json and report.html into `dir` as one set: they are written
// into a fresh folder beside it, which then takes its place (an interrupted write leaves the
// old set whole, never old and new files mixed; the fresh folder is removed on failure).
// `dir` may be missing, empty, or a simulate folder of the same run; a simulate folder of
// another run is replaced only with `replace`, and a folder holding other files never is.
// Throws std::invalid_argument for a folder it may not replace, std::runtime_error when it
// cannot write.
// `lines`, when given, are the games' lines of games.jsonl in the order of `games` (a
// journal made them as the games ended): not made again.
void write_results(const std::string& dir, const std::vector<GameStats>& games, const Summary& s, const GameDef& def,
                   const RunInfo& run, bool replace = false, const std::vector<std::string>* lines = nullptr);
// The same check, before a run starts: throws std::invalid_argument if write_results would refuse.
void check_results_folder(const std::string& dir, const RunInfo& run, bool replace);

// A run's folder while its games are played: summary.json names the run (with no summary
// yet) and each game is added to games.jsonl as it ends, whole lines in one write (games
// that end within kBatchAge of the last write are batched, up to kBatchBytes), so that a
// run stopped by Ctrl-C (flush()), a kill or a cluster's time limit leaves the games it
// finished (a kill: all but those of the last kBatchAge), which `simulate --resume` reads
// back. write_results then replaces the folder with the finished set. The folder is
// checked as write_results checks it (`replace` as there).
class RunJournal {
 public:
  // Starts `dir` for `run` with the `kept` games of an earlier, interrupted start of it.
  RunJournal(const std::string& dir, const RunInfo& run, const GameDef& def, const std::vector<GameStats>& kept,
             bool replace);
  ~RunJournal();
  RunJournal(const RunJournal&) = delete;
  RunJournal& operator=(const RunJournal&) = delete;
  static constexpr size_t kBatchBytes = 64 * 1024;
  static constexpr std::chrono::milliseconds kBatchAge{100};
  // Thread-safe: the line is made on the caller's thread, and written outside the lock.
  void add(const GameStats& g);  // throws std::runtime_error when it cannot write
  // Writes the lines not written yet (the destructor tries too, silently). Throws
  // std::runtime_error when it cannot.
  void flush();
  // The lines of `games` (a line made for each game this journal did not write), in their
  // order, moved out of the journal (which keeps none after): for write_results, which then
  // need not make them again.
  std::vector<std::string> take_lines(const std::vector<GameStats>& games);

 private:
  void write_batch(const std::string& batch) const;
  std::string path_;
  const GameDef& def_;
  int fd_ = -1;
  mutable std::mutex writing_;
  std::unordered_map<long, std::string> written_;  // by game index
  std::string pending_;                            // whole lines not written yet
  std::chrono::steady_clock::time_point last_write_ = std::chrono::steady_clock::now();
};

// `dir` holds games of `run` (seeds, agents, definition alike; the game count aside) from a
// start that did not finish: summary.json names the run but has no summary.
bool run_in_progress(const std::string& dir, const RunInfo& run);

// The largest games.jsonl merge reads (a run of millions of games is split into shards).
constexpr size_t kMaxGamesFile = size_t{2} << 30;

// The run a simulate folder holds (its summary.json). Throws std::invalid_argument naming the file.
RunInfo read_run_info(const std::string& dir);
// Its games (games.jsonl), in the file's order, read by `def`, each passed to `check` as it
// is read. Throws std::invalid_argument naming the file and line of one that does not read
// or that `check` refuses (by throwing std::invalid_argument). A last line without its
// newline is a game cut off as it was being written (the machine stopped): it is left out,
// and `cut_off` (when given) says so.
std::vector<GameStats> read_games(const std::string& dir, const GameDef& def,
                                  const std::function<void(const GameStats&)>& check = {}, bool* cut_off = nullptr);

// A run to finish (`simulate --resume DIR [--more N]`): the run DIR's summary.json names,
// with its games so far. Refused (std::invalid_argument) when the definition's rules are not
// the run's, when the folder holds several shards merged, or when a game does not belong to
// the folder's shard or is there twice.
struct ResumedRun {
  RunInfo run;  // its game count with the `more` added
  SimulationConfig config;
  std::vector<GameStats> kept;
  bool cut_off = false;  // the last game was cut off as it was written: it is played again
  long shard_total() const { return shard_games(config.games, config.shard, config.shards); }
};
// `definition`: the definition file when the run names its game by a path ("" reads the
// name); `threads` to play on. The folder's agent specs get the limits of specs from files
// (AgentLimits::from_file), unless `retyped` repeats them: the person vouches for them.
ResumedRun resume_run(const std::string& dir, const std::string& definition, long more, int threads,
                      const std::vector<std::string>& retyped = {});

struct MergedRun {
  RunInfo run;
  GameDefPtr def;
  std::vector<GameStats> games;  // by index
  std::vector<std::string> notes;  // for people: a changed definition, missing shards
};
// Reads the folders of one run's shards, with the game their summary.json names (a bundled
// game only: open_named_definition), or `game` (a name or a definition file) when given. Throws std::invalid_argument, naming the file and
// line, for a folder that is not a simulate folder, a file that does not read, a folder from
// another run, or a game present twice or outside the run.
MergedRun merge_runs(const std::vector<std::string>& dirs, const std::string& game = "");

}  // namespace boardlab::lab
