// A registry of named parts (move blocks, board kinds): each registers itself from its own
// source file's static initialiser, in no set order, and is listed by name.
#pragma once
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

// A name unique to its line, for the static that registers a part (BOARDLAB_REGISTER_*).
#define BOARDLAB_REGISTRY_CONCAT_(a, b) a##b
#define BOARDLAB_REGISTRY_CONCAT(a, b) BOARDLAB_REGISTRY_CONCAT_(a, b)

namespace boardlab {

// T has a `std::string name`; `what` names T in the error for a name registered twice.
template <class T>
class Registry {
 public:
  static bool add(T type, const char* what) {
    auto& all = list();
    if (find(type.name)) throw std::logic_error(std::string("two ") + what + " named " + type.name);
    const auto at = std::lower_bound(all.begin(), all.end(), type.name,
                                     [](const T& t, const std::string& n) { return t.name < n; });
    all.insert(at, std::move(type));
    return true;
  }
  // Sorted by name.
  static const std::vector<T>& all() { return list(); }
  static const T* find(const std::string& name) {
    for (const auto& t : list())
      if (t.name == name) return &t;
    return nullptr;
  }

 private:
  // A function's static: other files' static initialisers register into it.
  static std::vector<T>& list() {
    static std::vector<T> items;
    return items;
  }
};

}  // namespace boardlab
