// Dablot Prejjesne (shared/rules/README.md section 5): the setup, steps and rank-limited
// jump chains on the lattice, compulsory capture, the end of the game, the engine's draws,
// the optional-capture variant, notation, and perft symmetry.
#include <catch2/catch.hpp>
#include <set>

#include "helpers.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;
using testing::texts_at;

namespace {

std::set<std::string> with_prefix(const std::set<std::string>& texts, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& t : texts)
    if (t.rfind(prefix, 0) == 0) out.insert(t);
  return out;
}

}  // namespace

TEST_CASE("Dablot: the starting position of section 5") {
  auto game = testing::bundled("dablot");
  State s = game->initial();
  const Board& b = game->def().board;
  int empty = 0;
  for (int c = 0; c < b.ncells; ++c) {
    const std::string& name = b.cell_names[c];
    INFO(name);
    char want = b.y[c] <= 4 ? 'S' : b.y[c] >= 8 ? 's' : name == "j6" ? 'P' : name == "k7" ? 'K' : name == "b8" ? 'p'
              : name == "a7" ? 'k' : '.';
    const char got = s.height(c) ? game->def().glyph_of[s.top(c)] : '.';
    CHECK(got == want);
    empty += got == '.';
  }
  CHECK(empty == 12);
  CHECK(s.count(0) == 30);
  CHECK(s.count(1) == 30);
  CHECK(game->def().players[static_cast<size_t>(s.side())].name == "white");
}

TEST_CASE("Dablot: a piece steps along any line to an adjacent empty point") {
  auto game = testing::bundled("dablot");
  CHECK(texts_at(*game, "white e7=S a1=s") ==
        std::set<std::string>{"e7-e5", "e7-e9", "e7-c7", "e7-g7", "e7-d6", "e7-f6", "e7-d8", "e7-f8"});
  // A centre has lines to the 4 corners of its square only.
  CHECK(texts_at(*game, "white d6=K a1=s") == std::set<std::string>{"d6-c5", "d6-e5", "d6-c7", "d6-e7"});
  // Occupied points, own or enemy, are not steps (the enemy on f8 is a prince: no capture).
  CHECK(texts_at(*game, "white e7=S e9=S f8=p a1=s").count("e7-e9") == 0);
  CHECK(texts_at(*game, "white e7=S e9=S f8=p a1=s").count("e7-f8") == 0);
}

TEST_CASE("Dablot: a piece jumps only pieces of equal or lower rank; higher pieces block") {
  auto game = testing::bundled("dablot");
  CHECK(texts_at(*game, "white e7=S f8=s a1=s") == std::set<std::string>{"e7xg9"});
  CHECK(with_prefix(texts_at(*game, "white e7=S f8=p a1=s"), "e7x").empty());
  CHECK(with_prefix(texts_at(*game, "white e7=S f8=k a1=s"), "e7x").empty());
  CHECK(texts_at(*game, "white e7=P f8=s a1=s") == std::set<std::string>{"e7xg9"});
  CHECK(texts_at(*game, "white e7=P f8=p a1=s") == std::set<std::string>{"e7xg9"});
  CHECK(with_prefix(texts_at(*game, "white e7=P f8=k a1=s"), "e7x").empty());
  CHECK(texts_at(*game, "white e7=K f8=k a1=s") == std::set<std::string>{"e7xg9"});
  // The landing must be empty; own pieces are never jumped.
  CHECK(with_prefix(texts_at(*game, "white e7=K f8=s g9=s a1=s"), "e7x").empty());
  CHECK(with_prefix(texts_at(*game, "white e7=K f8=S a1=s"), "e7x").empty());
}

TEST_CASE("Dablot: a centre jumps over a corner to the next centre on the same diagonal") {
  auto game = testing::bundled("dablot");
  CHECK(texts_at(*game, "white d6=S e7=s a13=s") == std::set<std::string>{"d6xf8"});
}

TEST_CASE("Dablot: capture is compulsory, with free choice of piece and chain") {
  auto game = testing::bundled("dablot");
  CHECK(texts_at(*game, "white a1=S b2=s e7=S f8=s k13=s") == std::set<std::string>{"a1xc3", "e7xg9"});
  // Two chains from one piece, of different lengths: both are moves.
  CHECK(texts_at(*game, "white e5=K f6=s d6=s d8=s k13=s") == std::set<std::string>{"e5xg7", "e5xc7xe9"});
}

TEST_CASE("Dablot: a chain goes on while it can, changing direction; option may_stop") {
  auto game = testing::bundled("dablot");
  const std::string chain = "white a1=K b2=s d4=s d6=s k13=s";
  CHECK(texts_at(*game, chain) == std::set<std::string>{"a1xc3xe5xc7"});
  auto stop = testing::bundled("dablot", {{"may_stop", "true"}});
  CHECK(texts_at(*stop, chain) == std::set<std::string>{"a1xc3", "a1xc3xe5", "a1xc3xe5xc7"});
}

TEST_CASE("Dablot: a side with no piece or no move loses") {
  auto game = testing::bundled("dablot");
  State s = parse_position(game->def(), "white e7=S f8=s");
  testing::play(*game, s, "e7xg9");
  CHECK(s.outcome().kind == Outcome::Kind::Win);
  CHECK(s.outcome().reason == Outcome::Reason::NoPieces);
  CHECK(s.outcome().winner == 0);
  // Black's soldier on a1 is walled in, and every jump lands on a piece.
  State t = parse_position(game->def(), "black a1=s a3=S a5=S c1=S e1=S b2=S c3=S");
  MoveList moves;
  CHECK_FALSE(game->start_turn(t, moves));  // no move: the turn machine ends the game
  CHECK(moves.empty());
  CHECK(t.outcome().kind == Outcome::Kind::Win);
  CHECK(t.outcome().reason == Outcome::Reason::NoMoves);
  CHECK(t.outcome().winner == 0);
}

TEST_CASE("Dablot: the engine's draws: two lone kings, threefold repetition, 60 moves each without capture") {
  auto game = testing::bundled("dablot");
  State s = parse_position(game->def(), "white e7=K f8=s k13=k");
  testing::play(*game, s, "e7xg9");
  CHECK(describe(game->def(), s.outcome()) == "draw (only the two kings are left)");
  auto no_kings_draw = testing::bundled("dablot", {{"kings_draw", "false"}});
  State s2 = parse_position(no_kings_draw->def(), "white e7=K f8=s k13=k");
  testing::play(*no_kings_draw, s2, "e7xg9");
  CHECK_FALSE(s2.outcome().over());
  // A king and a prince each is no draw.
  State s3 = parse_position(game->def(), "white e7=K f8=s k13=k a1=P");
  testing::play(*game, s3, "e7xg9");
  CHECK_FALSE(s3.outcome().over());

  State r = parse_position(game->def(), "white a1=K c1=S k13=k i13=s");
  const char* shuffle[] = {"a1-a3", "k13-k11", "a3-a1", "k11-k13"};
  for (int ply = 0; ply < 8; ++ply) {
    CHECK_FALSE(r.outcome().over());
    testing::play(*game, r, shuffle[ply % 4]);
  }
  CHECK(r.outcome().kind == Outcome::Kind::Draw);
  CHECK(r.outcome().reason == Outcome::Reason::Repetition);

  CHECK(game->def().no_progress_plies == 120);
  auto short_rule = testing::bundled("dablot", {{"no_progress", "6"}});
  State q = parse_position(short_rule->def(), "white a1=K c1=S k13=k i13=s");
  for (const char* m : {"a1-a3", "k13-k11", "a3-a5", "k11-k9", "a5-a7"}) {
    testing::play(*short_rule, q, m);
    CHECK_FALSE(q.outcome().over());
  }
  testing::play(*short_rule, q, "k9-k7");
  CHECK(q.outcome().reason == Outcome::Reason::NoProgress);
}

TEST_CASE("Dablot, optional captures: a side may decline a capture and stop a chain") {
  auto game = testing::bundled("dablot-optional-captures");
  auto texts = texts_at(*game, "white e7=S f8=s a13=s");
  CHECK(texts.count("e7xg9"));
  CHECK(texts.count("e7-e5"));
  auto chain = texts_at(*game, "white a1=K b2=s d4=s d6=s k13=s");
  for (const char* m : {"a1xc3", "a1xc3xe5", "a1xc3xe5xc7", "a1-a3"}) CHECK(chain.count(m));
}

TEST_CASE("Dablot: notation c5-d6 and c5xe7xg5, read and printed") {
  auto game = testing::bundled("dablot");
  CHECK(texts_at(*game, "white c5=S k13=s").count("c5-d6"));
  State s = parse_position(game->def(), "white c5=S d6=s f6=s k13=s");
  CHECK(testing::legal_texts(*game, s) == std::vector<std::string>{"c5xe7xg5"});
  testing::play(*game, s, "c5xe7xg5");
  CHECK(position_text(s) == "black g5=S k13=s");
  // Forgiving entry: the points in order, whatever separates them.
  for (const char* typed : {"c5 e7 g5", "c5e7g5", "C5-E7-G5"}) {
    State t = parse_position(game->def(), "white c5=S d6=s f6=s k13=s");
    testing::play(*game, t, typed);
    CHECK(position_text(t) == "black g5=S k13=s");
  }
}

TEST_CASE("Dablot: perft from the start, the same whoever moves first") {
  // Depth 1 by hand: c5, e5, g5, i5 step north (a7 and k7 hold kings); the front corners
  // step to the empty centres of row 6: a5-b6, c5-b6, c5-d6, e5-d6, e5-f6, g5-f6, g5-h6,
  // i5-h6; the prince j6-i7; the king k7-i7 and k7-j8. 15 in all.
  auto white = testing::bundled("dablot");
  auto black = testing::bundled("dablot", {{"first_player", "black"}});
  State sw = white->initial(), sb = black->initial();
  CHECK(perft(*white, sw, 1) == 15);
  // The setup is symmetric under a half turn of the board: black first mirrors white first.
  for (int d = 1; d <= 4; ++d) {
    INFO("depth " << d);
    CHECK(perft(*white, sw, d) == perft(*black, sb, d));
  }
}
