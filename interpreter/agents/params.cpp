// AgentParams: typed, checked agent parameters.
#include "agents/params.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

#include "core/text.h"

namespace boardlab {

AgentLimits AgentLimits::within(const AgentLimits& o) const {
  AgentLimits out;
  out.seconds = seconds == 0 ? o.seconds : o.seconds == 0 ? seconds : std::min(seconds, o.seconds);
  out.table_bits = std::min(table_bits, o.table_bits);
  out.threads = std::min(threads, o.threads);
  out.files = files && o.files;
  out.tree_mb = std::min(tree_mb, o.tree_mb);
  out.keep_trees = keep_trees && o.keep_trees;
  return out;
}

AgentParams::AgentParams(std::string agent, std::map<std::string, std::string> given)
    : agent_(std::move(agent)), given_(std::move(given)) {}

long AgentParams::integer(const std::string& name, long fallback, long min, long max) {
  read_.insert(name);
  auto it = given_.find(name);
  if (it == given_.end()) return fallback;
  auto v = parse_int(it->second);
  if (!v || *v < min || *v > max)
    throw std::invalid_argument(fmt::format("{}: {} takes a whole number from {} to {}, not '{}'", agent_, name, min, max, it->second));
  return static_cast<long>(*v);
}

double AgentParams::number(const std::string& name, double fallback, double min, double max) {
  read_.insert(name);
  auto it = given_.find(name);
  if (it == given_.end()) return fallback;
  try {
    size_t used = 0;
    double v = std::stod(it->second, &used);
    if (used == it->second.size() && v >= min && v <= max) return v;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(fmt::format("{}: {} takes a number from {} to {}, not '{}'", agent_, name, min, max, it->second));
}

std::string AgentParams::text(const std::string& name, const std::string& fallback) {
  read_.insert(name);
  auto it = given_.find(name);
  return it == given_.end() ? fallback : it->second;
}

double AgentParams::seconds(double fallback) {
  return limits.cut(number("seconds", fallback, 0, 86400));
}

void AgentParams::finish() const {
  for (const auto& [k, v] : given_)
    if (!read_.count(k)) throw std::invalid_argument(fmt::format("{} has no parameter '{}'", agent_, k));
}

}  // namespace boardlab
