// LearnedEval: the weights file. A first line "boardlab-weights 1" (2 for an antisymmetric
// net, so that a build before them refuses the file rather than misread it as a plain one),
// a second line of JSON (the definition, its content hash, the input layout, the network's
// shape, how it was trained), then the parameters as little-endian 32-bit floats
// (ValueNet::write_parameters).
#include "learn/learned_eval.h"

#include "core/json_text.h"
#include "core/text.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

namespace boardlab {

namespace {
constexpr const char* kMagic = "boardlab-weights 1";
constexpr const char* kMagicAntisymmetric = "boardlab-weights 2";
constexpr const char* kPlainNetwork = "sparse inputs -> hidden tanh -> tanh output";
constexpr const char* kAntisymmetricNetwork =
    "antisymmetric: sparse inputs of both players' views -> one hidden tanh layer -> tanh of the difference";
constexpr int kMaxHidden = 4096;
static_assert(std::endian::native == std::endian::little, "weights files are little-endian floats");
}  // namespace

LearnedEval::LearnedEval(const GameDef& def, int hidden, uint64_t seed, bool antisymmetric)
    : definition_(def.name), content_hash_(def.content_hash), layout_(def), net_(layout_.size(), hidden, seed, antisymmetric) {
  if (antisymmetric && def.nplayers() != 2)
    throw std::invalid_argument(fmt::format("an antisymmetric network is for two players; '{}' has {}", def.name, def.nplayers()));
}

void LearnedEval::save(const std::string& path, const std::string& training) const {
  nlohmann::json header = {
      {"definition", definition_},       {"definition_hash", content_hash_},
      {"layout", layout_.describe()},    {"inputs", net_.inputs()},
      {"hidden", net_.hidden()},         {"network", net_.antisymmetric() ? kAntisymmetricNetwork : kPlainNetwork},
      {"training", parse_json(training)},
  };
  std::vector<float> params(net_.parameter_count());
  net_.write_parameters(params.data());
  const std::string head = header.dump();
  if (head.size() > kMaxWeightsHeader)
    throw std::runtime_error(fmt::format("{}: cannot write the weights file: its header would be {} bytes, over the {} a "
                                         "reader accepts (a training record that long?)", path, head.size(), kMaxWeightsHeader));
  std::ostringstream bytes;
  bytes << (net_.antisymmetric() ? kMagicAntisymmetric : kMagic) << '\n' << head << '\n';
  bytes.write(reinterpret_cast<const char*>(params.data()), static_cast<std::streamsize>(params.size() * sizeof(float)));
  // Whole or not at all: an interrupted save leaves the old file.
  try {
    write_text_file(path, bytes.str());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(fmt::format("{}: cannot write the weights file ({})", path, e.what()));
  }
}

std::shared_ptr<const LearnedEval> LearnedEval::load(const std::string& path, const GameDef& def, std::string* warning) {
  // The one reader of named files: a regular file, within the size cap (a level's spec or a
  // stranger's folder may name /dev/zero or a pipe).
  std::string why;
  const auto bytes = read_text_file(path, kMaxWeightsFile, &why);
  if (!bytes) throw std::runtime_error(fmt::format("{}: cannot read the weights file: {}", path, why));
  std::istringstream in(*bytes);
  return read(in, path, def, warning);
}

std::shared_ptr<const LearnedEval> LearnedEval::read(std::istream& in, const std::string& path, const GameDef& def,
                                                     std::string* warning) {
  const auto fail = [&](const std::string& why) { return std::runtime_error(fmt::format("{}: {}", path, why)); };
  std::string magic, line;
  if (!std::getline(in, magic) || (magic != kMagic && magic != kMagicAntisymmetric))
    throw fail(fmt::format("not a weights file (it should start with '{}' or '{}')", kMagic, kMagicAntisymmetric));
  const bool antisymmetric = magic == kMagicAntisymmetric;
  if (antisymmetric && def.nplayers() != 2)
    throw fail(fmt::format("an antisymmetric network is for two players; '{}' has {}", def.name, def.nplayers()));
  if (!std::getline(in, line)) throw fail("the weights file ends before its header");
  if (line.size() > kMaxWeightsHeader)
    throw fail(fmt::format("the header is {} bytes long; a weights file's header is at most {}", line.size(), kMaxWeightsHeader));
  nlohmann::json h;
  try {
    h = parse_json(line);
  } catch (const nlohmann::json::exception& e) {
    throw fail(fmt::format("the header is not JSON: {}", json_error_text(e)));
  }
  const auto field = [&](const char* key) -> const nlohmann::json& {
    if (!h.is_object() || !h.contains(key)) throw fail(fmt::format("the header has no '{}'", key));
    return h[key];
  };
  try {
    // Weights trained for a definition this one extends serve it too, when its layout is the
    // same: a variant that changes a rule can name its base's weights (`weights:`).
    const auto trained_for = field("definition").get<std::string>();
    const auto& bases = def.extended_names;
    const bool own = trained_for == def.name;
    const bool for_base = !own && std::ranges::find(bases, trained_for) != bases.end();
    if (!own && !for_base)
      throw fail(bases.empty() ? fmt::format("these weights were trained for '{}', not '{}'", trained_for, def.name)
                               : fmt::format("these weights were trained for '{}', neither '{}' nor a definition it extends ({})",
                                             trained_for, def.name, fmt::join(bases, ", ")));
    auto out = std::make_shared<LearnedEval>(def, 1, 0);
    if (field("layout").get<std::string>() != out->layout_.describe())
      throw fail(fmt::format("these weights were trained for another input layout of '{}' (the definition changed its board, "
                             "pieces, reserves or dice since): train again\n  file:       {}\n  definition: {}",
                             def.name, field("layout").get<std::string>(), out->layout_.describe()));
    // Whole numbers only: a stranger's 5e19 would not fit an int (the fuzzer found it).
    const auto whole = [&](const char* key) {
      const auto& v = field(key);
      if (!v.is_number_integer()) throw fail(fmt::format("the header's '{}' is not a whole number", key));
      return v.get<long long>();
    };
    const long long inputs = whole("inputs"), hidden = whole("hidden");
    if (inputs != out->layout_.size() || hidden < 1 || hidden > kMaxHidden)
      throw fail(fmt::format("the header's shape ({} inputs, {} hidden) does not fit the layout ({} inputs, 1 to {} hidden)",
                             inputs, hidden, out->layout_.size(), kMaxHidden));
    out->net_ = ValueNet(static_cast<int>(inputs), static_cast<int>(hidden), 0, antisymmetric);
    std::vector<float> params(out->net_.parameter_count());
    in.read(reinterpret_cast<char*>(params.data()), static_cast<std::streamsize>(params.size() * sizeof(float)));
    if (in.gcount() != static_cast<std::streamsize>(params.size() * sizeof(float)) || in.peek() != EOF)
      throw fail(fmt::format("the file should hold {} parameters after its header", params.size()));
    for (float p : params)
      if (!std::isfinite(p)) throw fail("a parameter is not a finite number");
    out->net_.read_parameters(params.data());
    out->content_hash_ = field("definition_hash").get<std::string>();
    out->training_ = field("training").dump();
    // A base's weights were trained under other rules by design: no warning for that.
    if (warning)
      *warning = for_base || def.same_rules(out->content_hash_)
                     ? ""
                     : fmt::format("{}: trained on another version of '{}' (definition hash {}, now {}); its rules may have changed",
                                   path, def.name, out->content_hash_, def.content_hash);
    return out;
  } catch (const nlohmann::json::exception& e) {
    throw fail(fmt::format("a header field has the wrong type: {}", json_error_text(e)));
  }
}

}  // namespace boardlab
