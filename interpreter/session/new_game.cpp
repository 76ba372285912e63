// Starting files for a new game: the templates of definitions/new/ (a definition, a script
// and rule tests that load, pass `boardlab check` and play), filled in for the board asked for.
#include "session/new_game.h"

#include <fmt/format.h>

#include <map>
#include <stdexcept>

#include "board/board.h"
#include "core/text.h"
#include "definition/bundled.h"

namespace boardlab {

namespace {

struct BoardChoice {
  std::string kind;
  int w = 8, h = 8;  // a track: w points
};

std::string template_path(const std::string& file) { return data_dir() + "/definitions/new/" + file; }

std::string read_template(const std::string& file) {
  auto text = read_text_file(template_path(file));
  if (!text) throw std::runtime_error(fmt::format("cannot read the template {} (is BOARDLAB_HOME right?)", template_path(file)));
  return *text;
}

BoardChoice parse_board(const std::string& text) {
  const size_t colon = text.find(':');
  BoardChoice b{text.substr(0, colon)};
  const std::string dims = colon == std::string::npos ? "" : text.substr(colon + 1);
  auto bad = [&] {
    return std::invalid_argument(fmt::format("--board takes grid:WxH, lattice:WxH or hex:WxH (W 2 to 26, H 3 to 26) or track:N (N "
                                             "even, 6 to 26), not '{}'", text));
  };
  if (b.kind == "track") {
    auto n = parse_int(dims.empty() ? "24" : dims);
    // The template's home board is N / 4 points and its scenarios name points down to N - 4.
    if (!n || *n < 6 || *n > 26 || *n % 2) throw std::invalid_argument(fmt::format("--board track:N takes an even N from 6 to 26, not '{}'", text));
    b.w = static_cast<int>(*n);
    return b;
  }
  if (b.kind != "grid" && b.kind != "lattice" && b.kind != "hex") throw bad();
  if (!dims.empty()) {
    const size_t x = dims.find('x');
    auto w = parse_int(dims.substr(0, x)), h = parse_int(x == std::string::npos ? "" : dims.substr(x + 1));
    if (!w || !h || *w < 2 || *h < 3 || *w > 26 || *h > 26) throw bad();
    b.w = static_cast<int>(*w), b.h = static_cast<int>(*h);
  }
  return b;
}

std::string board_yaml(const BoardChoice& b) {
  std::string out = fmt::format("board:\n  kind: {}\n  size: [{}, {}]\n", b.kind, b.w, b.h);
  if (b.kind == "lattice") out += read_template("lattice-points.yaml");
  return out;
}

// A template with its placeholders filled: {{key}} from `text`, and {{key}}, {{key+k}} or
// {{key-k}} from `number` (a value and an offset, so that a template can name the cells
// near a track's end whatever its length).
std::string fill(const std::string& file, const std::map<std::string, std::string>& text,
                 const std::map<std::string, int>& number) {
  const std::string in = read_template(file);
  std::string out;
  size_t at = 0;
  for (size_t open; (open = in.find("{{", at)) != std::string::npos;) {
    const size_t close = in.find("}}", open);
    if (close == std::string::npos) throw std::runtime_error(fmt::format("{}: '{{{{' without '}}}}'", template_path(file)));
    const std::string token = in.substr(open + 2, close - open - 2);
    const size_t sign = token.find_first_of("+-");
    const std::string key = token.substr(0, sign);
    out += in.substr(at, open - at);
    if (auto t = text.find(token); t != text.end()) {
      out += t->second;
    } else if (auto n = number.find(key); n != number.end()) {
      long long offset = 0;
      if (sign != std::string::npos) {
        const auto k = parse_int(token.substr(sign + 1));
        if (!k) throw std::runtime_error(fmt::format("{}: bad placeholder {{{{{}}}}}", template_path(file), token));
        offset = token[sign] == '-' ? -*k : *k;
      }
      out += std::to_string(n->second + offset);
    } else {
      throw std::runtime_error(fmt::format("{}: unknown placeholder {{{{{}}}}}", template_path(file), token));
    }
    at = close + 2;
  }
  return out + in.substr(at);
}

}  // namespace

NewGame new_game(const std::string& name, const std::string& board) {
  if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    throw std::invalid_argument(fmt::format("the name takes lower-case letters, digits and dashes, not '{}'", name));
  const BoardChoice b = parse_board(board);
  // A track gets the dice template, a hex board the placement one, a grid or a lattice the
  // step one (definitions/new/).
  const std::string kind = b.kind == "track" ? "dice-race" : b.kind == "hex" ? "place" : "step";
  // The placement template's scenarios: white's stones up file a but the last rank, black's
  // up file b (which joins no two files of its own).
  std::string white_chain, black_chain;
  for (int y = 1; y < b.h; ++y) white_chain += fmt::format("{}a{}=w", y > 1 ? " " : "", y), black_chain += fmt::format("{}b{}=b", y > 1 ? " " : "", y);
  const std::map<std::string, std::string> text = {
      {"name", name},
      {"board", b.kind == "track" ? "" : board_yaml(b)},
      {"white_cells", fmt::format("a1..{}1", file_name(b.w - 1))},
      {"black_cells", fmt::format("a{0}..{1}{0}", b.h, file_name(b.w - 1))},
      {"far_corner", fmt::format("{}{}", file_name(b.w - 1), b.h)},
      {"white_chain", white_chain},
      {"black_chain", black_chain},
  };
  const std::map<std::string, int> number = {{"points", b.w}, {"width", b.w}, {"height", b.h}, {"home", b.w / 4},
                                             {"cells", b.w * b.h}, {"pairs", b.w * b.h * (b.w * b.h - 1)}};
  return NewGame{fill(kind + ".yaml", text, number), fill(kind + ".lua", text, number), fill(kind + ".test.yaml", text, number)};
}

}  // namespace boardlab
