// Notation: the spellings of the legal moves, what each prints as, and how a person's text
// is read back to a move, from the strict reading to the forgiving ones.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <fmt/format.h>
#include <string_view>
#include <unordered_set>

#include "core/text.h"
#include "rules/rules.h"

namespace boardlab {

namespace {

// A move's text as routes: its parts (split at spaces and commas: the pieces moved in one
// dice turn, the actions of a compound move), each the list of its tokens: cell names, found by
// the longest name that starts there (c3c7 is c3 and c7), and any other word or number as
// it is ("bar", "off", "(2)", a count). Lower case; '-', '/', ':', '*' and an 'x' after a digit
// separate tokens.
using Route = std::vector<std::string>;
struct CellNames {
  explicit CellNames(const Board& board) {
    for (const auto& n : board.cell_names) names.insert(n), longest = std::max(longest, n.size());
  }
  std::unordered_set<std::string_view> names;
  size_t longest = 0;
};
std::vector<Route> routes(std::string_view text, const CellNames& cells) {
  std::vector<Route> parts;
  Route part;
  std::string chunk;
  auto end_chunk = [&] {
    // A number is one token (a track's point 99 is not 9 and 9), where names split: c3c7.
    const bool number = std::all_of(chunk.begin(), chunk.end(), [](char c) { return c >= '0' && c <= '9'; });
    size_t i = 0;
    while (i < chunk.size()) {
      size_t best = number ? 0 : std::min(cells.longest, chunk.size() - i);
      while (best > 0 && !cells.names.count(std::string_view(chunk).substr(i, best))) --best;
      if (best == 0) {  // not a cell: the rest is one word
        part.push_back(chunk.substr(i));
        break;
      }
      part.push_back(chunk.substr(i, best));
      i += best;
    }
    chunk.clear();
  };
  auto end_part = [&] {
    end_chunk();
    if (!part.empty()) parts.push_back(std::move(part));
    part.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    if (c == ' ' || c == '\t' || c == ',') end_part();
    else if (std::strchr("-/:*", c) || (c == 'x' && i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1])))) end_chunk();
    else chunk += c;
  }
  end_part();
  return parts;
}

// Longer text is no move a person types (a chain of 20 jumps is some 60 characters): it is
// not read for routes, which keeps a stranger's line from costing more than its length.
constexpr size_t kMaxTypedRoute = 256;

// `a` lists some of `b`'s tokens in b's order.
bool subsequence(const Route& a, const Route& b) {
  size_t j = 0;
  for (const auto& t : b)
    if (j < a.size() && a[j] == t) ++j;
  return j == a.size();
}

// The same way from the same start to the same end, one naming the stops the other skips:
// a chain by its ends (c3c7 for c3xe5xc7), or a piece's path by its points (24/18/13
// for 24/13). The stops typed beyond the spelling must be cells: which of them the piece
// passed (24/18/13 or 24/19/13) the spelling does not say, but 24/99/13 is no path.
bool same_route(const Route& typed, const Route& spelled, const CellNames& cells) {
  if (typed.size() < 2 || spelled.size() < 2 || typed.front() != spelled.front() || typed.back() != spelled.back())
    return false;
  if (subsequence(typed, spelled)) return true;
  return subsequence(spelled, typed) &&
         std::all_of(typed.begin() + 1, typed.end() - 1, [&](const std::string& t) { return cells.names.count(t) > 0; });
}

// Every typed part is a route of its own spelled part, in any order; with `part`, the typed
// parts are some of the spelled ones, fewer than all (a dice turn typed die by die).
bool same_routes(const std::vector<Route>& typed, const std::vector<Route>& spelled, const CellNames& cells,
                 bool part = false) {
  if ((part ? typed.size() >= spelled.size() : typed.size() != spelled.size()) || typed.empty()) return false;
  // A matching of typed parts to spelled ones, by augmenting paths (Kuhn): polynomial, where
  // trying every assignment in turn grows as a factorial when many parts are alike and one
  // does not fit (a line a person types is up to kMaxTypedRoute long).
  std::vector<std::vector<bool>> fits(typed.size(), std::vector<bool>(spelled.size()));
  for (size_t i = 0; i < typed.size(); ++i)
    for (size_t j = 0; j < spelled.size(); ++j) fits[i][j] = same_route(typed[i], spelled[j], cells);
  std::vector<int> holder(spelled.size(), -1);  // the typed part each spelled part is matched to
  std::vector<bool> seen;
  auto augment = [&](auto&& self, size_t i) -> bool {
    for (size_t j = 0; j < spelled.size(); ++j) {
      if (!fits[i][j] || seen[j]) continue;
      seen[j] = true;
      if (holder[j] < 0 || self(self, static_cast<size_t>(holder[j]))) {
        holder[j] = static_cast<int>(i);
        return true;
      }
    }
    return false;
  };
  for (size_t i = 0; i < typed.size(); ++i) {
    seen.assign(spelled.size(), false);
    if (!augment(augment, i)) return false;
  }
  return true;
}

// Whether `m` takes a piece of another side off the board (a capture, a hit).
bool captures(const State& s, const Move& m) {
  for (const Action& a : m) {
    const bool takes = a.op == Op::Remove || a.op == Op::ToReserve || a.op == Op::Take;
    if (!takes || a.a >= s.def().board.ncells || s.height(a.a) == 0) continue;
    const int piece = a.op == Op::Take ? (a.n < s.height(a.a) ? s.piece(a.a, a.n) : 0) : s.top(a.a);
    const int owner = piece ? s.def().owner_of[static_cast<size_t>(piece)] : -1;
    if (owner >= 0 && owner != s.side()) return true;
  }
  return false;
}

// At most `most` texts, joined by ", " (moves of several parts read apart), "..." past them.
std::string listed(const std::vector<std::string>& texts, size_t most = 12) {
  std::vector<std::string> shown(texts.begin(), texts.begin() + static_cast<long>(std::min(most, texts.size())));
  if (texts.size() > most) shown.push_back(fmt::format("... ({} in all)", texts.size()));
  return join(shown, ", ");
}

}  // namespace

Rules::Notation Rules::notation(const State& s, const MoveList& legal, int viewer) const {
  Notation n;
  n.board_ = &def_->board;
  n.viewer_ = viewer >= 0 && viewer < def_->nplayers() ? viewer : s.side();
  // For saying why a typed move is not legal: the mover's cells, and whether every legal
  // move captures (found on the moves as they are decoded for their notation).
  n.dice_ = def_->dice.count > 0;
  n.mine_.assign(static_cast<size_t>(def_->board.ncells), false);
  for (int c = 0; c < def_->board.ncells; ++c)
    n.mine_[static_cast<size_t>(c)] = s.height(c) > 0 && def_->owner_of[static_cast<size_t>(s.top(c))] == s.side();
  n.all_capture_ = legal.size() > 0;
  for (int i = 0; i < legal.size(); ++i) {
    const Move m = legal[i];
    n.all_capture_ = n.all_capture_ && captures(s, m);
    n.spellings_.push_back(vm_->notation(s, m, viewer));
    for (const auto& sp : n.spellings_.back()) {
      auto& moves = n.moves_by_spelling_[sp];
      if (moves.empty() || moves.back() != i) moves.push_back(i);
    }
  }
  // Each move prints as its first spelling that no other move shares.
  for (const auto& spellings : n.spellings_) {
    std::string pick = spellings.back();
    for (const auto& sp : spellings)
      if (n.moves_by_spelling_[sp].size() == 1) {
        pick = sp;
        break;
      }
    n.texts_.push_back(pick);
  }
  return n;
}

std::string Rules::text_for(const State& s, const MoveList& legal, int i, int viewer, const Notation& known) const {
  const int v = viewer >= 0 && viewer < def_->nplayers() ? viewer : s.side();
  return (known.viewer_ == v ? known : notation(s, legal, v)).texts()[static_cast<size_t>(i)];
}

Rules::Notation::Parsed Rules::Notation::parse(const std::string& raw) const {
  std::string text = trim(raw);
  if (spellings_.empty()) return {-1, "there are no legal moves: the game is over"};
  std::vector<int> hits;
  auto hit = [&](size_t i) {
    if (hits.empty() || hits.back() != static_cast<int>(i)) hits.push_back(static_cast<int>(i));
  };
  if (auto it = moves_by_spelling_.find(text); it != moves_by_spelling_.end()) hits = it->second;
  if (hits.empty()) {
    // Forgiving: the same squares in the same order, whatever separates them (e1g3 for
    // e1-g3, "c7 a5 c3" for c7xa5xc3, 13/8 24/21* without the hit mark), if that is unique.
    auto squash = [](const std::string& t) {
      std::string out;
      for (char c : t)
        if (!std::strchr(" \t-x/,*", c)) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return out;
    };
    const std::string key = squash(text);
    for (size_t i = 0; i < spellings_.size() && !key.empty(); ++i)
      for (const auto& sp : spellings_[i])
        if (squash(sp) == key) hit(i);
  }
  auto found = [&]() -> Parsed {
    if (hits.size() == 1) return {hits[0], {}};
    std::vector<std::string> options;
    for (int h : hits) options.push_back(texts_[h]);
    return {-1, fmt::format("'{}' is ambiguous: it could be {}", text, join(options, ", ")), true};
  };
  if (!hits.empty()) return found();
  // More forgiving: the same route with stops left out or added: a capture chain by its
  // start and end, a piece's path along a track point by point.
  const CellNames cells(*board_);
  const auto typed = text.size() <= kMaxTypedRoute ? routes(text, cells) : std::vector<Route>{};
  for (size_t i = 0; i < spellings_.size() && !typed.empty(); ++i)
    for (const auto& sp : spellings_[i])
      if (same_routes(typed, routes(sp, cells), cells)) hit(i);
  if (!hits.empty()) return found();
  // Not legal: why, as far as the legal moves tell. Part of a move (a dice turn typed die by
  // die): the moves that hold it.
  std::vector<std::string> holding;
  for (size_t i = 0; i < spellings_.size() && !typed.empty(); ++i)
    for (const auto& sp : spellings_[i])
      if (same_routes(typed, routes(sp, cells), cells, true)) {
        holding.push_back(texts_[i]);
        break;
      }
  if (!holding.empty())
    return {-1, fmt::format("'{}' is only part of a {}: {}; those with it: {}", text, dice_ ? "turn" : "move",
                            dice_ ? "type the whole turn, using as many dice as the rules require" : "type the whole move",
                            listed(holding))};
  // A single part where every legal turn is one: only one die can be played.
  const bool one_part = !texts_.empty() && std::all_of(spellings_.begin(), spellings_.end(), [&](const auto& sp) {
    const auto parts = routes(sp.front(), cells);
    return parts.size() == 1 && parts[0].size() >= 2;  // from somewhere to somewhere (not a pass)
  });
  if (dice_ && typed.size() == 1 && one_part)
    return {-1, fmt::format("'{}' is not a legal move: only one die can be played with this roll (the rules say which): {}",
                            text, listed(texts_))};
  // The legal moves from the place the text starts at, if it names one.
  std::string from;
  for (const auto& name : board_->cell_names)
    if (text.starts_with(name) && name.size() > from.size()) from = name;
  if (from.empty()) return {-1, fmt::format("'{}' is not a legal move (type 'moves' to list them)", text)};
  std::vector<std::string> near;
  for (const auto& t : texts_)
    if (t.starts_with(from) && (t.size() == from.size() || !std::isdigit(static_cast<unsigned char>(t[from.size()]))))
      near.push_back(t);
  if (!near.empty()) return {-1, fmt::format("'{}' is not a legal move; from {}: {}", text, from, listed(near))};
  if (!mine_[static_cast<size_t>(board_->cell_index(from))])
    return {-1, fmt::format("'{}' is not a legal move: nothing of yours can move from {}", text, from)};
  if (all_capture_)
    return {-1, fmt::format("'{}' is not a legal move: the piece on {} cannot capture, and every legal move here is a "
                            "capture: {}",
                            text, from, listed(texts_))};
  return {-1,
          fmt::format("'{}' is not a legal move: the piece on {} cannot move {}", text, from, dice_ ? "with this roll" : "now")};
}

}  // namespace boardlab
