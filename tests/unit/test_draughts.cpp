// Double Draughts and English checkers (shared/rules/README.md section 2) through the shared
// jump-chain helper: published perft counts, the original's worked example, and the rules.
#include <catch2/catch.hpp>
#include <set>

#include "helpers.h"
#include "rules/invariants.h"
#include "rules/playout.h"
#include "state/position_text.h"

using namespace boardlab;

using testing::texts_at;

TEST_CASE("English checkers: the published perft counts") {
  auto game = testing::bundled("english-checkers");
  State s = game->initial();
  const uint64_t published[] = {7, 49, 302, 1469, 7361, 36768, 179740, 845931};
  for (int d = 1; d <= 8; ++d) {
    INFO("depth " << d);
    CHECK(perft(*game, s, d) == published[d - 1]);
  }
}

TEST_CASE("Double Draughts: the original's five jump paths") {
  auto game = testing::bundled("double-draughts");
  // A black man on c7; A=a5, B=e5, C=c3, D=a1, E=g3, F=e1 (shared/rules/README.md section 2).
  CHECK(texts_at(*game, "black c7=b b6=w d6=w b4=w d4=w f4=w b2=w d2=w f2=w h8=w") ==
        std::set<std::string>{"c7xa5xc3xa1", "c7xa5xc3xe1", "c7xe5xc3xa1", "c7xe5xc3xe1", "c7xe5xg3xe1"});
}

TEST_CASE("Double Draughts: men slide diagonally forward, kings in 8 directions") {
  auto game = testing::bundled("double-draughts");
  CHECK(texts_at(*game, "white d4=w h8=b") == std::set<std::string>{"d4-c5", "d4-e5"});
  CHECK(texts_at(*game, "black d4=b a1=w") == std::set<std::string>{"d4-c3", "d4-e3"});
  CHECK(texts_at(*game, "white d4=W h8=b").size() == 8);
  auto straight = testing::bundled("double-draughts-straight-jumps");
  CHECK(texts_at(*straight, "white d4=w d5=b h8=b") == std::set<std::string>{"d4xd6"});
  CHECK(texts_at(*game, "white d4=w d5=b h8=b") == std::set<std::string>{"d4-c5", "d4-e5"});
}

TEST_CASE("Double Draughts: capture is compulsory, chains are complete, kings jump in 8 directions") {
  auto game = testing::bundled("double-draughts");
  // The slide a1-b2 is not allowed while d4 can jump, and the chain may not stop on f6:
  // from there it jumps e7 to d8 (white's far rank, where it is crowned).
  CHECK(texts_at(*game, "white a1=w d4=w e5=b e7=b h1=b") == std::set<std::string>{"d4xf6xd8"});
  // A king jumps straight, and never the same piece twice.
  CHECK(texts_at(*game, "white d4=W d5=b a8=b") == std::set<std::string>{"d4xd6"});
}

TEST_CASE("Double Draughts: promotion ends the move") {
  auto game = testing::bundled("double-draughts");
  // b6xc7... white man on b6 jumps c7 to d8 and is crowned; as a king it could jump e8 on
  // to f8, but the move ends.
  State s = parse_position(game->def(), "white b6=w c7=b e8=b a1=b");
  auto texts = testing::legal_texts(*game, s);
  CHECK(texts == std::vector<std::string>{"b6xd8"});
  testing::play(*game, s, "b6xd8");
  CHECK(position_text(s) == "black a1=b d8=W e8=b");
}

TEST_CASE("Double Draughts: a side with no piece or no move loses") {
  auto game = testing::bundled("double-draughts");
  State s = parse_position(game->def(), "white d4=w e5=b");
  testing::play(*game, s, "d4xf6");
  MoveList moves;
  CHECK_FALSE(game->start_turn(s, moves));
  CHECK(moves.empty());
  CHECK(s.outcome() == Outcome{Outcome::Kind::Win, Outcome::Reason::NoMoves, 0});
  State blocked = parse_position(game->def(), "black a1=b a2=w b2=w");  // the black man cannot move
  CHECK_FALSE(game->start_turn(blocked, moves));
  CHECK(blocked.outcome() == Outcome{Outcome::Kind::Win, Outcome::Reason::NoMoves, 0});
}

TEST_CASE("Double Draughts: threefold repetition and 50 moves each without progress draw") {
  auto game = testing::bundled("double-draughts");
  SECTION("repetition of position and side to move") {
    State s = parse_position(game->def(), "white a1=W h8=B");
    for (int round = 0; round < 2; ++round)
      for (const char* m : {"a1-b2", "h8-g7", "b2-a1", "g7-h8"}) {
        CHECK_FALSE(s.outcome().over());
        testing::play(*game, s, m);
      }
    CHECK(s.outcome() == Outcome{Outcome::Kind::Draw, Outcome::Reason::Repetition, -1});
  }
  SECTION("no progress: the count is an option (100 plies by default)") {
    CHECK(game->def().no_progress_plies == 100);
    auto six = testing::bundled("double-draughts", {{"no_progress", "6"}});
    State s = parse_position(six->def(), "white a1=W h8=B");
    const char* plies[] = {"a1-a2", "h8-h7", "a2-a3", "h7-h6", "a3-a4", "h6-h5"};
    for (const char* m : plies) {
      CHECK_FALSE(s.outcome().over());
      testing::play(*six, s, m);
    }
    CHECK(s.outcome() == Outcome{Outcome::Kind::Draw, Outcome::Reason::NoProgress, -1});
    s.undo();
    CHECK_FALSE(s.outcome().over());
    CHECK(s.quiet_plies() == 5);
  }
  SECTION("a man's move or a capture resets the count") {
    State s = parse_position(game->def(), "white a1=W c3=w h8=B");
    testing::play(*game, s, "a1-b2");
    testing::play(*game, s, "h8-g7");
    CHECK(s.quiet_plies() == 2);
    testing::play(*game, s, "c3-d4");
    CHECK(s.quiet_plies() == 0);
  }
}

TEST_CASE("Double Draughts: no piece is jumped twice, and the start counts as empty") {
  auto game = testing::bundled("double-draughts");
  // The king could jump d4 back and forth; once jumped, d4 cannot be jumped again.
  CHECK(texts_at(*game, "white c3=W d4=b h8=b") == std::set<std::string>{"c3xe5"});
  // Round a square of four men the king lands back where it started.
  auto round = texts_at(*game, "white c3=W c4=b d5=b e4=b d3=b h8=b");
  CHECK(round.count("c3xc5xe5xe3xc3"));
}

TEST_CASE("Double Draughts, king promoted once again: a king on its home rank becomes a super-king") {
  auto game = testing::bundled("double-draughts-super-king");
  // The plain king slides diagonally only, and still jumps in 8 directions.
  CHECK(texts_at(*game, "white d4=W h8=b") == std::set<std::string>{"d4-c5", "d4-e5", "d4-c3", "d4-e3"});
  CHECK(texts_at(*game, "white d4=W d5=b h8=b") == std::set<std::string>{"d4xd6"});
  // Reaching rank 1 (white's home) crowns it again; the super-king moves in 8 directions.
  State s = parse_position(game->def(), "white c2=W h8=b");
  testing::play(*game, s, "c2-b1");
  CHECK(position_text(s) == "black b1=S h8=b");
  testing::play(*game, s, "h8-g7");
  CHECK(texts_at(*game, position_text(s)).size() == 5);  // b1: a1, c1, a2, b2, c2
  // The base game has no super-kings.
  auto base = testing::bundled("double-draughts");
  CHECK(texts_at(*base, "white c2=W h8=b").count("c2-c1"));
}
