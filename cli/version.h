// The program's version, and the git commit it was built from (empty outside a checkout):
// cli/version.cmake writes their definitions at build time.
#pragma once

namespace boardlab::cli {

extern const char* const kVersion;
extern const char* const kCommit;

}  // namespace boardlab::cli
