// Diagnostics: errors about a definition, in GCC's `file:line:col: error: ...` format,
// collected so that one run reports all of them.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace boardlab {

struct SourcePos {
  std::string file;  // as the user named it
  int line = 0;      // 1-based; 0 when unknown
  int col = 0;       // 1-based
};

struct Diagnostic {
  SourcePos pos;
  std::string message;
  bool warning = false;
  std::string str() const;
};

class Diagnostics {
 public:
  void error(const SourcePos& pos, std::string message) { items_.push_back({pos, std::move(message), false}); }
  void warning(const SourcePos& pos, std::string message) { items_.push_back({pos, std::move(message), true}); }
  bool has_errors() const;
  const std::vector<Diagnostic>& items() const { return items_; }
  std::string str() const;  // one line each, sorted by file and position

 private:
  std::vector<Diagnostic> items_;
};

// Thrown when a definition cannot be loaded; carries every error found.
class DefinitionError : public std::runtime_error {
 public:
  explicit DefinitionError(Diagnostics d) : std::runtime_error(d.str()), diags(std::move(d)) {}
  Diagnostics diags;
};

// Thrown when a game script fails (syntax, runtime error, budget, memory).
class ScriptError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace boardlab
