// The Python module `boardlab._boardlab` (imported by boardlab/__init__.py): finds boardlab's
// data from where the module lies, turns C++ errors into Python ones, binds the parts.
#include <dlfcn.h>

#include <filesystem>

#include "bindings.h"
#include "core/diagnostics.h"
#include "definition/bundled.h"
#include "state/position_text.h"

namespace boardlab::python {

void register_errors(py::module_& m) {
  static py::exception<DefinitionError> definition_error(m, "DefinitionError", PyExc_ValueError);
  static py::exception<PositionError> position_error(m, "PositionError", PyExc_ValueError);
  static py::exception<ScriptError> script_error(m, "ScriptError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const DefinitionError& e) {
      definition_error(e.what());
    } catch (const PositionError& e) {
      position_error(e.what());
    } catch (const ScriptError& e) {
      script_error(e.what());
    }
  });
}

namespace {
// Where this module's file lies: the data is found from there as the program finds it from
// its bin/ folder (definition/bundled.h).
std::string module_dir() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&module_dir), &info) == 0 || !info.dli_fname) return "";
  return std::filesystem::path(info.dli_fname).parent_path().string();
}
}  // namespace

}  // namespace boardlab::python

PYBIND11_MODULE(_boardlab, m) {
  using namespace boardlab::python;
  m.doc() = "boardlab's games, agents and lab (docs/python.md)";
  boardlab::set_code_location(module_dir(), BOARDLAB_PYTHON_RELATIVE_DATA_DIR);
  register_errors(m);
  bind_games(m);
  bind_agents(m);
  bind_lab(m);
}
