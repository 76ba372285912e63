// The step-and-slide search in C++: pieces that move along the board's directions, one cell
// or several, stopping on an empty cell or on an enemy stack they capture (the primitive
// behind steps.generate, scripts/lib/steps.lua). The Lua library turns the script's rule
// functions into tables (bl_step_rules) once; this walks them in exactly the order of the
// library's own Lua search (steps.generate_lua) and writes the same words into the move
// buffer. No game is known here: directions, ranges, captures, promotion and flags are data.
#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "board/lines.h"
#include "script/ffi_types.h"

namespace boardlab {

// The search's working memory, one per script host (so per thread).
class StepMoves {
 public:
  // bl_host::step_moves: writes the moves of host->state's side to move into host->moves
  // (from its current fill); returns a BL_ status. host->steps_scratch is a StepMoves.
  static int32_t run(bl_host* host, const bl_board* board, bl_step_rules* rules);

 private:
  // kGeneral: split steps, merges, bear-offs and the height rule (rules->general, not_taller).
  template <bool kGeneral>
  int32_t search(bl_host* host, const bl_board* board, bl_step_rules* rules);
  // Where a piece whose whole-stack steps all go one cell may stop, in the order of its
  // steps: the cells reached (to | onto << 16) for entries [begin, end); begin -1: search its
  // steps (another range, a table the script has not answered, two steps to one cell).
  struct Span {
    int32_t begin, end;
  };
  struct OneCellSteps {
    std::vector<Span> spans;  // [code * ncells + cell]
    std::vector<int32_t> entries;
  };
  // Where a piece's split steps go from a cell, count by count (1 up) and, within a count,
  // in the order of its split steps: entries to | onto << 16 | count << 24, to kOffList for a
  // bear-off; begin -1: none listed (search them).
  struct SplitSteps {
    std::vector<Span> spans;  // [code * ncells + cell]
    std::vector<uint32_t> entries;
  };
  static constexpr uint32_t kOffList = 0xFFFF;
  // Games of one kind of piece whose every step goes one cell, on a board
  // whose steps are shifts of cell indices (bl_board.step_offset): each player's steps, by
  // which the moves of all its pieces are found a word of 64 cells at a time.
  struct BitStep {
    int offset, onto;                             // to - from; BL_ONTO_ bits
    std::array<uint64_t, kMaxShiftWords> from{};  // the cells with a step that way
  };
  struct BitPlan {
    bool usable = false;
    std::vector<std::vector<BitStep>> steps;  // [player], in the order of the code's steps
  };
  // A rules struct's lists, built at its first search and kept under its serial.
  struct Lists {
    OneCellSteps one_cell;
    SplitSteps split;
    BitPlan bits;
  };
  // nullptr for rules without a serial, or on a board too big to list.
  const Lists* lists(const bl_board& board, const bl_step_rules& rules);
  static void list_one_cell_steps(const bl_board& board, const bl_step_rules& rules, OneCellSteps& table);
  static void list_split_steps(const bl_board& board, const bl_step_rules& rules, SplitSteps& table);
  static void plan_bits(const bl_board& board, const bl_step_rules& rules, BitPlan& plan);
  // The search by the plan: the same moves in the same order as search<false>.
  static int32_t search_bits(bl_host* host, const bl_board& board, const bl_step_rules& rules, const BitPlan& plan);
  std::vector<std::pair<int32_t, Lists>> lists_;
  // reached_[cell] == stamp_: a move from the piece being searched already ends there.
  std::vector<uint32_t> reached_;
  uint32_t stamp_ = 0;
};

}  // namespace boardlab
