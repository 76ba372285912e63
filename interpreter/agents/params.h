// AgentParams: an agent's parameters from its spec, read with a default, checked, and every
// unknown name refused (so a typo does not silently play with defaults).
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>

namespace boardlab {

class LearnedEval;

class AgentParams {
 public:
  AgentParams(std::string agent, std::map<std::string, std::string> given);
  long integer(const std::string& name, long fallback, long min, long max);
  double number(const std::string& name, double fallback, double min, double max);
  std::string text(const std::string& name, const std::string& fallback);
  bool has(const std::string& name) const { return given_.count(name) > 0; }
  // Weights the caller holds in memory (training, compare's eval=auto), for eval=learned.
  std::shared_ptr<const LearnedEval> learned;
  // Throws if a given parameter was never read.
  void finish() const;

 private:
  std::string agent_;
  std::map<std::string, std::string> given_;
  std::set<std::string> read_;
};

}  // namespace boardlab
