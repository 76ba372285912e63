// Hypergammon solved: the value of every position with the mover to roll, for a ceiling on
// what any agent can score against GNU Backgammon (tests/gnubg/play_vs_gnubg.py --agent
// exact:TABLE). An oracle written from the rules, like the tests' independent generators;
// it shares no code with the runtime, whose Hypergammon is a definition and a script.
//
//   hypersolve check FILE...        its legal results against gnubg's (JSON Lines as in
//                                   tests/data/gnubg/); exit 1 on any difference
//   hypersolve solve --out TABLE    the values, until no sweep changes one by the tolerance
//     [--chequers 3] [--objective win|equity] [--tolerance 1e-8] [--start TABLE.partial]
//
// Objective `win`: the mover's probability of winning, playing to maximize it (the score the
// driver counts). `equity`: cubeless equity (gammon 2, backgammon 3), playing to maximize it,
// which is what gnubg's own database (`makehyper`) holds, so the two can be compared.
//
// A chequer's place counts the pips it has to go: 0 off, 1..24 its side's own points, 25 the
// bar. A side is the sorted multiset of its chequers' places, ranked in lexicographic order
// (Python: itertools.combinations_with_replacement(range(26), N)). TABLE is a 16-byte header
// ("hyperso1", N as int32, objective as int32: 0 win, 1 equity) and then float64 values at
// rank(mover) * SIDES + rank(opponent). Positions gone or impossible (a side all off, two
// sides on one point) hold 0.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace {

constexpr int kMaxChequers = 3;
constexpr int kBar = 25;
constexpr int kPlaces = 26;  // 0 off .. 25 bar
constexpr char kMagic[9] = "hyperso1";  // the table format's name and version, 8 bytes

using Side = std::array<int, kMaxChequers>;

struct Game {
  int n = 3;
  std::vector<int> rank_of;  // packed sorted places -> rank
  std::vector<Side> sides;   // rank -> sorted places

  explicit Game(int chequers) : n(chequers) {
    int packed = 1;
    for (int i = 0; i < n; ++i) packed *= kPlaces;
    rank_of.assign(packed, -1);
    Side s{};
    enumerate(s, 0, 0);
  }

  void enumerate(Side& s, int i, int lowest) {
    if (i == n) {
      rank_of[pack(s)] = static_cast<int>(sides.size());
      sides.push_back(s);
      return;
    }
    for (int p = lowest; p < kPlaces; ++p) {
      s[i] = p;
      enumerate(s, i + 1, p);
    }
  }

  int pack(Side s) const {
    for (int i = 1; i < n; ++i)
      for (int j = i; j > 0 && s[j - 1] > s[j]; --j) std::swap(s[j - 1], s[j]);
    int k = 0;
    for (int i = 0; i < n; ++i) k = k * kPlaces + s[i];
    return k;
  }
  int rank(const Side& s) const { return rank_of[pack(s)]; }

  int count_at(const Side& s, int place) const {
    int c = 0;
    for (int i = 0; i < n; ++i) c += s[i] == place;
    return c;
  }
  bool all_off(const Side& s) const { return count_at(s, 0) == n; }

  // Chequer j of `me` moves d pips (hitting a lone opponent); false if it may not.
  bool step(Side& me, Side& opp, int j, int d) const {
    const int from = me[j];
    if (from == 0 || (from != kBar && count_at(me, kBar) > 0)) return false;
    const int to = from - d;
    if (to >= 1) {
      const int theirs = kBar - to;  // the same point in the opponent's numbering
      const int blockers = count_at(opp, theirs);
      if (blockers >= 2) return false;
      if (blockers == 1)
        for (int i = 0; i < n; ++i)
          if (opp[i] == theirs) opp[i] = kBar;
      me[j] = to;
      return true;
    }
    for (int i = 0; i < n; ++i)
      if (me[i] > 6 || (to < 0 && me[i] > from)) return false;  // all home; higher dice only from the top
    me[j] = 0;
    return true;
  }
};

struct Result {
  Side me, opp;
};

// The leaves of one roll's tree of moves: each result with the dice it used and the die first played.
class MoveTree {
 public:
  explicit MoveTree(const Game& g) : g_(g) {}

  // Every legal result of the roll (d1, d2); a result may appear more than once.
  const std::vector<Result>& results(const Side& me, const Side& opp, int d1, int d2) {
    leaves_.clear();
    best_ = 0;
    if (d1 == d2) {
      const int dice[4] = {d1, d1, d1, d1};
      grow(me, opp, dice, 4, 0);
    } else {
      const int high_first[2] = {std::max(d1, d2), std::min(d1, d2)};
      const int low_first[2] = {std::min(d1, d2), std::max(d1, d2)};
      grow(me, opp, high_first, 2, 0);
      grow(me, opp, low_first, 2, 0);
    }
    // When only one die can be played it must be the higher, if that one can.
    const int high = std::max(d1, d2);
    bool high_alone = false;
    for (const Leaf& l : leaves_) high_alone |= best_ == 1 && d1 != d2 && l.used == 1 && l.first == high;
    out_.clear();
    for (const Leaf& l : leaves_) {
      const bool won = g_.all_off(l.r.me);  // bearing off the last chequer ends the game, dice or not
      if (!won && (l.used < best_ || (high_alone && l.first != high))) continue;
      out_.push_back(l.r);
    }
    return out_;
  }

 private:
  struct Leaf {
    Result r;
    int used, first;
  };

  void grow(const Side& me, const Side& opp, const int* dice, int ndice, int used) {
    bool moved = false;
    if (used < ndice) {
      for (int j = 0; j < g_.n; ++j) {
        bool seen = false;  // chequers on one place move alike
        for (int k = 0; k < j; ++k) seen |= me[k] == me[j];
        Side m = me, o = opp;
        if (seen || !g_.step(m, o, j, dice[used])) continue;
        moved = true;
        if (g_.all_off(m)) add({m, o}, used + 1, dice[0]);
        else grow(m, o, dice, ndice, used + 1);
      }
    }
    if (!moved) add({me, opp}, used, dice[0]);
  }

  void add(const Result& r, int used, int first) {
    leaves_.push_back({r, used, first});
    best_ = std::max(best_, used);
  }

  const Game& g_;
  std::vector<Leaf> leaves_;
  std::vector<Result> out_;
  int best_ = 0;
};

// Points for bearing off the last chequer: 1, a gammon 2 (the loser bore off none), a
// backgammon 3 (and has a chequer on the bar or in the winner's home board).
int points(const Game& g, const Side& loser) {
  if (g.count_at(loser, 0) > 0) return 1;
  for (int i = 0; i < g.n; ++i)
    if (loser[i] >= 19) return 3;
  return 2;
}

bool share_a_point(const Game& g, const Side& a, const Side& b) {
  for (int i = 0; i < g.n; ++i)
    for (int k = 0; k < g.n; ++k)
      if (a[i] >= 1 && a[i] <= 24 && b[k] == kBar - a[i]) return true;
  return false;
}

int pips(const Game& g, const Side& s) {
  int t = 0;
  for (int i = 0; i < g.n; ++i) t += s[i];
  return t;
}

// A side array of the JSON files: counts [bar, points 1..24, off].
Side from_counts(const nlohmann::json& counts, int n) {
  if (!counts.is_array() || counts.size() != kPlaces) throw std::runtime_error("a side is not 26 counts");
  Side s{};
  int k = 0;
  for (int i = 0; i < kPlaces; ++i)
    for (int c = counts[i].get<int>(); c > 0; --c) {
      if (k == n) throw std::runtime_error("a side has more than " + std::to_string(n) + " chequers");
      s[k++] = i == 0 ? kBar : i == 25 ? 0 : i;
    }
  if (k != n) throw std::runtime_error("a side has fewer than " + std::to_string(n) + " chequers");
  return s;
}

int check(const std::vector<std::string>& files) {
  const Game g(3);
  MoveTree tree(g);
  int positions = 0, differ = 0;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << file << ": cannot read\n";
      return 2;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      try {
        const auto j = nlohmann::json::parse(line);
        Side me, opp;
        std::set<std::pair<int, int>> want, got;
        if (j.contains("sides")) {  // hypergammon_moves.jsonl: both sides, results by side
          const int m = j.at("to_move");
          if (m != 0 && m != 1) throw std::runtime_error("to_move is not 0 or 1");
          me = from_counts(j.at("sides").at(m), 3);
          opp = from_counts(j.at("sides").at(1 - m), 3);
          for (const auto& r : j.at("results"))
            want.insert({g.pack(from_counts(r.at("sides").at(m), 3)), g.pack(from_counts(r.at("sides").at(1 - m), 3))});
        } else {  // tricky_answers.jsonl: the mover's and the opponent's, a pass listing no move
          me = from_counts(j.at("me"), 3);
          opp = from_counts(j.at("opp"), 3);
          for (const auto& r : j.at("moves")) want.insert({g.pack(from_counts(r.at("me"), 3)), g.pack(from_counts(r.at("opp"), 3))});
          if (j.at("pass").get<bool>()) want.insert({g.pack(me), g.pack(opp)});
        }
        const int d1 = j.at("dice").at(0), d2 = j.at("dice").at(1);
        if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6) throw std::runtime_error("a die is not 1 to 6");
        for (const Result& r : tree.results(me, opp, d1, d2)) got.insert({g.pack(r.me), g.pack(r.opp)});
        ++positions;
        if (want != got) {
          ++differ;
          std::cerr << file << ":" << number << ": " << got.size() << " results here, gnubg has " << want.size() << "\n";
        }
      } catch (const std::exception& e) {
        std::cerr << file << ":" << number << ": " << e.what() << "\n";
        return 2;
      }
    }
  }
  std::printf("%d positions, %d differ from gnubg\n", positions, differ);
  return differ ? 1 : 0;
}

void write_table(const std::string& path, int n, int objective, const std::vector<double>& v) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary);
    f.write(kMagic, 8);
    const int32_t header[2] = {n, objective};
    f.write(reinterpret_cast<const char*>(header), sizeof header);
    f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(double)));
    if (!f) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + path);
}

std::vector<double> read_table(const std::string& path, int n, int objective, size_t size) {
  std::ifstream f(path, std::ios::binary);
  char magic[8];
  int32_t header[2];
  std::vector<double> v(size);
  f.read(magic, 8);
  f.read(reinterpret_cast<char*>(header), sizeof header);
  f.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(size * sizeof(double)));
  if (!f || std::string(magic, 8) != std::string(kMagic, 8) || header[0] != n || header[1] != objective ||
      f.peek() != EOF)
    throw std::runtime_error(path + ": not a table of this many chequers and this objective");
  return v;
}

// Modified policy iteration: a sweep that generates every move and keeps each roll's best
// (Gauss-Seidel, in order of total pips, so races are exact at once), then sweeps that only
// read the kept choices, some twenty times cheaper, until the values settle under them. It
// stops when a full sweep changes no value by `tolerance` or more.
int solve(int n, bool equity, double tolerance, const std::string& out, const std::string& start) {
  const Game g(n);
  const size_t sides = g.sides.size();
  std::vector<double> value = start.empty() ? std::vector<double>(sides * sides, 0.0)
                                            : read_table(start, n, equity, sides * sides);
  std::vector<uint32_t> order;
  for (size_t a = 0; a < sides; ++a)
    for (size_t b = 0; b < sides; ++b)
      if (!g.all_off(g.sides[a]) && !g.all_off(g.sides[b]) && !share_a_point(g, g.sides[a], g.sides[b]))
        order.push_back(static_cast<uint32_t>(a * sides + b));
  auto total = [&](uint32_t s) { return pips(g, g.sides[s / sides]) + pips(g, g.sides[s % sides]); };
  std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) { return total(x) < total(y); });
  std::fprintf(stderr, "%d chequers: %zu positions\n", n, order.size());
  // Each position's and roll's kept result: the index of the opponent's position to read, or
  // kWon + points when the move bears off the last chequer.
  constexpr int kRolls = 21;
  constexpr uint32_t kWon = 0xFFFFFFF0u;
  std::vector<uint32_t> kept(order.size() * kRolls);
  auto worth = [&](uint32_t target) {
    if (target >= kWon) return equity ? static_cast<double>(target - kWon) : 1.0;
    return equity ? -value[target] : 1.0 - value[target];
  };
  auto best_of = [&](const std::vector<Result>& results, uint32_t& keep) {
    double best = -1e9;
    for (const Result& r : results) {
      const uint32_t target = g.all_off(r.me) ? kWon + static_cast<uint32_t>(points(g, r.opp))
                                              : static_cast<uint32_t>(g.rank(r.opp) * sides + g.rank(r.me));
      const double x = worth(target);
      if (x > best) {
        best = x;
        keep = target;
      }
    }
    return best;
  };
  auto weight = [](int roll) { return roll < 6 ? 1.0 / 36 : 2.0 / 36; };  // doubles first
  MoveTree tree(g);
  // The checkpoint after each improving sweep lets a long solve be cut off, and go on
  // (--start) or be read as it is.
  const std::string partial = out + ".partial";
  for (int sweep = 1;; ++sweep) {
    double largest = 0;
    for (size_t i = 0; i < order.size(); ++i) {
      const uint32_t s = order[i];
      const Side& me = g.sides[s / sides];
      const Side& opp = g.sides[s % sides];
      double v = 0;
      int roll = 0;
      for (int d = 1; d <= 6; ++d, ++roll) v += weight(roll) * best_of(tree.results(me, opp, d, d), kept[i * kRolls + roll]);
      for (int d1 = 1; d1 <= 6; ++d1)
        for (int d2 = d1 + 1; d2 <= 6; ++d2, ++roll)
          v += weight(roll) * best_of(tree.results(me, opp, d1, d2), kept[i * kRolls + roll]);
      largest = std::max(largest, std::fabs(v - value[s]));
      value[s] = v;
    }
    std::fprintf(stderr, "sweep %d: largest change %.3g\n", sweep, largest);
    if (largest < tolerance) break;
    write_table(partial, n, equity, value);
    for (int again = 0; again < 50; ++again) {
      double change = 0;
      for (size_t i = 0; i < order.size(); ++i) {
        double v = 0;
        for (int roll = 0; roll < kRolls; ++roll) v += weight(roll) * worth(kept[i * kRolls + roll]);
        change = std::max(change, std::fabs(v - value[order[i]]));
        value[order[i]] = v;
      }
      if (change < tolerance / 10) break;
    }
  }
  write_table(out, n, equity, value);
  std::remove(partial.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Hypergammon solved, for a ceiling against GNU Backgammon (tests/gnubg/)"};
  app.require_subcommand(1);
  std::vector<std::string> files;
  auto* check_cmd = app.add_subcommand("check", "compare the legal results with gnubg's (JSON Lines)");
  check_cmd->add_option("files", files, "tests/data/gnubg/*.jsonl or the like")->required()->check(CLI::ExistingFile);
  int chequers = 3;
  std::string objective = "win", out;
  double tolerance = 1e-8;
  auto* solve_cmd = app.add_subcommand("solve", "value every position, write the table");
  solve_cmd->add_option("--out", out, "the table to write")->required();
  solve_cmd->add_option("--chequers", chequers, "chequers a side")->check(CLI::Range(1, kMaxChequers));
  solve_cmd->add_option("--objective", objective, "win: win probability; equity: cubeless equity, gammons count")
      ->check(CLI::IsMember({"win", "equity"}));
  std::string start;
  solve_cmd->add_option("--start", start, "go on from this table (a checkpoint, TABLE.partial)")->check(CLI::ExistingFile);
  solve_cmd->add_option("--tolerance", tolerance, "stop when no value changes more in a sweep")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);
  try {
    if (*check_cmd) return check(files);
    return solve(chequers, objective == "equity", tolerance, out, start);
  } catch (const std::exception& e) {
    std::cerr << "hypersolve: " << e.what() << "\n";
    return 2;
  }
}
