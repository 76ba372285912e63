// AgentParams: an agent's parameters from its spec, read with a default, checked, and every
// unknown name refused (so a typo does not silently play with defaults).
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>

namespace boardlab {

class LearnedEval;

// What the caller lets a spec use. A server for strangers bounds every computer move's time,
// an agent's memory and threads, and reads no file a spec names.
struct AgentLimits {
  double seconds = 0;     // every move stops by then, whatever the spec's budget (0: no limit)
  long table_bits = 28;   // the largest table a search may ask for (2^table_bits entries)
  long threads = 64;
  bool files = true;      // may eval= name a weights file?
  long tree_mb = 4096;    // the most an mcts agent's trees hold together, in MiB
  bool keep_trees = true; // may mcts keep its tree between moves (memory while a game waits)?
  // A move's time within the limit: `asked` seconds (0: no limit of its own).
  double cut(double asked) const { return seconds > 0 && (asked == 0 || asked > seconds) ? seconds : asked; }
  // The stricter of these and `o`, limit by limit.
  AgentLimits within(const AgentLimits& o) const;
  // For specs that come from files rather than from the person at the keyboard (a
  // definition's levels, a lab folder resumed, a record loaded): a stranger may have written
  // them, so they get the memory bounds of `serve` and name no weights file (their time is
  // their own: it costs the person nothing they cannot stop).
  static AgentLimits from_file() { return {0, 20, 2, false, 256, true}; }
};

class AgentParams {
 public:
  AgentParams(std::string agent, std::map<std::string, std::string> given);
  long integer(const std::string& name, long fallback, long min, long max);
  double number(const std::string& name, double fallback, double min, double max);
  std::string text(const std::string& name, const std::string& fallback);
  bool has(const std::string& name) const { return given_.count(name) > 0; }
  // Weights the caller holds in memory (training, compare's eval=auto), for eval=learned.
  std::shared_ptr<const LearnedEval> learned;
  AgentLimits limits;
  // The `seconds` a move may think: the spec's (else `fallback`; 0 is no limit) within
  // limits.seconds.
  double seconds(double fallback);
  // Throws if a given parameter was never read.
  void finish() const;
  // Every name read so far, given or not: an agent's parameters, as `boardlab agents` must list them.
  const std::set<std::string>& read() const { return read_; }

 private:
  std::string agent_;
  std::map<std::string, std::string> given_;
  std::set<std::string> read_;
};

}  // namespace boardlab
