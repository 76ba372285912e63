# Writes OUT (version.cpp) with VERSION and the git commit of SOURCE, when built from a
# checkout; run at every build, the file changes only when they do (cli/version.h).
set(commit "")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SOURCE}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE}" diff-index --quiet HEAD --
                  RESULT_VARIABLE changed ERROR_QUIET)
  if(commit AND NOT changed EQUAL 0)
    string(APPEND commit " with changes")
  endif()
endif()
file(WRITE "${OUT}.new" "// Written by cli/version.cmake at build time.\n#include \"version.h\"\n\n"
     "namespace boardlab::cli {\nconst char* const kVersion = \"${VERSION}\";\nconst char* const kCommit = \"${commit}\";\n}  // namespace boardlab::cli\n")
configure_file("${OUT}.new" "${OUT}" COPYONLY)
