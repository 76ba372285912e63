// The definition hash: a fingerprint of what a definition's rules are, so that records,
// lab folders and weights files can tell whether they were made under the same rules. It
// covers the merged YAML (variants through `extends`) without the keys written for people or
// for the computer players (titles, descriptions, the rules summary, docs, colours, levels,
// weights), the script's tokens (not its comments or layout) and the effective options: a
// comment, a reworded description or a new level ladder leaves it as it was.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "definition/yaml_tree.h"

namespace boardlab {

// 16 hex digits.
std::string rules_hash(const YNode& merged, const std::string& script_text,
                       const std::vector<std::pair<std::string, std::string>>& options);

// The hash of the files' bytes that boardlab wrote before the rules hash (records, lab
// folders and weights files made until 2026-11-26 carry it): still recognised as the same
// definition when the files are unchanged.
// `file_texts`: the definitions, the script last. A definition's top-level `api:` line is
// left out: files made before the key existed did not have it, and the bundled ones gained it.
std::string file_bytes_hash(const std::vector<std::string>& file_texts,
                            const std::vector<std::pair<std::string, std::string>>& options);

// A Lua chunk's tokens, each followed by a 0 byte: comments and layout dropped, strings kept
// whole as written.
std::string lua_tokens(const std::string& source);

}  // namespace boardlab
