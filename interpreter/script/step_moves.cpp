// StepMoves: the C++ walk of scripts/lib/steps.lua's search. Keep the two in step: the
// order of pieces, steps, directions and distances, the rule that a cell is reached once per
// piece, and every word written are the same (tests compare them move for move, and
// checking mode runs both).
#include "script/step_moves.h"

#include <algorithm>
#include <bit>
#include <new>

#include "board/board.h"
#include "core/contract.h"
#include "script/move_list.h"

namespace boardlab {

namespace {

// Writes a move of `moved` pieces from `from` onto `to`: a capture first removes the enemy
// stack there, a promotion then sets the top piece. False if the buffer may not take it
// (status says why).
inline bool write_step(bl_moves& m, int32_t& status, int from, int to, int moved, bool capture, int promoted, int flags) {
  int32_t* w = MoveList::begin_move(m, 1 + capture + (promoted != 0), flags, status);
  if (!w) return false;
  if (capture) w = MoveList::put(w, Op::Remove, 0, to, kNone, 0);
  w = MoveList::put(w, Op::Move, moved, from, to, 0);
  if (promoted) MoveList::put(w, Op::SetTop, 0, to, 0, promoted);
  return true;
}

}  // namespace

int32_t StepMoves::run(bl_host* host, const bl_board* board, bl_step_rules* rules) {
  // Called from Lua through the FFI: no exception may cross it.
  try {
    auto* self = static_cast<StepMoves*>(host->steps_scratch);
    // Rules with no split step, merge, bear-off or height rule get a search compiled
    // without them: pieces that only step and slide, the common case, lose nothing to them.
    return rules->general || rules->not_taller ? self->search<true>(host, board, rules) : self->search<false>(host, board, rules);
  } catch (const std::bad_alloc&) {
    return BL_MEMORY;
  }
}

// Listed only within bounds that keep a stranger's board cheap to list: pieces of up to
// kMaxListedSteps steps, boards of up to kMaxListedSpans codes x cells, and up to
// kMaxListedEntries split entries (the others search).
namespace {
constexpr int kMaxListedSteps = 16;
constexpr size_t kMaxListedSpans = size_t{1} << 20;
constexpr size_t kMaxListedEntries = size_t{1} << 22;
}  // namespace

const StepMoves::Lists* StepMoves::lists(const bl_board& B, const bl_step_rules& R) {
  if (R.serial == 0) return nullptr;
  for (const auto& [serial, table] : lists_)
    if (serial == R.serial) return &table;
  if (static_cast<size_t>(B.ncodes) * static_cast<size_t>(B.ncells) > kMaxListedSpans) return nullptr;
  // A script that makes rules tables over and over keeps only the latest few.
  if (lists_.size() >= 4) lists_.erase(lists_.begin());
  Lists table;
  list_one_cell_steps(B, R, table.one_cell);
  list_split_steps(B, R, table.split);
  plan_bits(B, R, table.bits);
  lists_.emplace_back(R.serial, std::move(table));
  return &lists_.back().second;
}

void StepMoves::list_one_cell_steps(const bl_board& B, const bl_step_rules& R, OneCellSteps& table) {
  const int ncells = B.ncells, stride = ray_stride(B);
  table.spans.assign(static_cast<size_t>(B.ncodes) * static_cast<size_t>(ncells), Span{-1, -1});
  for (int code = 1; code < B.ncodes; ++code) {
    const int n = R.count[code];
    if (n == BL_UNTABLED || n > kMaxListedSteps || R.first_split[code] != n) continue;
    const int32_t* step = R.steps + code * R.stride;
    bool one_cell = true;
    for (int e = 0; e < n; ++e) {
      const int limit = (step[e] >> BL_STEP_RANGE) & 0xFF;
      one_cell = one_cell && (limit == 1 || (B.max_ray == 1 && limit == 0));
    }
    if (!one_cell) continue;
    for (int from = 0; from < ncells; ++from) {
      const auto begin = static_cast<int32_t>(table.entries.size());
      bool twice = false;
      for (int e = 0; e < n; ++e) {
        const int to = rays_from(B, from)[(step[e] & 0xFFFF) * stride + 1];
        if (to < 0 || !B.playable[to] || to == from) continue;
        for (int32_t j = begin; j < static_cast<int32_t>(table.entries.size()); ++j) twice = twice || (table.entries[j] & 0xFFFF) == to;
        table.entries.push_back(to | (step[e] >> BL_STEP_BITS) << 16);
      }
      if (twice)
        table.entries.resize(static_cast<size_t>(begin));
      else
        table.spans[static_cast<size_t>(code * ncells + from)] = Span{begin, static_cast<int32_t>(table.entries.size())};
    }
  }
}

void StepMoves::list_split_steps(const bl_board& B, const bl_step_rules& R, SplitSteps& table) {
  // search's split loop with the cells, ranges and edges worked out: what stands on a cell
  // is all it leaves to each search.
  const int ncells = B.ncells, stride = ray_stride(B), counts = std::min(B.max_ray, 255);
  table.spans.assign(static_cast<size_t>(B.ncodes) * static_cast<size_t>(ncells), Span{-1, -1});
  for (int code = 1; code < B.ncodes; ++code) {
    const int n = R.count[code], split = R.first_split[code];
    if (n == BL_UNTABLED || n > kMaxListedSteps || split >= n) continue;
    const int32_t* step = R.steps + code * R.stride;
    for (int from = 0; from < ncells; ++from) {
      const int16_t* from_rays = rays_from(B, from);
      const auto begin = static_cast<int32_t>(table.entries.size());
      for (int moved = 1; moved <= counts; ++moved)
        for (int e = split; e < n; ++e) {
          const int32_t packed = step[e], onto = (packed >> BL_STEP_BITS) & 0xFF, limit = (packed >> BL_STEP_RANGE) & 0xFF;
          if (limit != 0 && moved > limit) continue;
          const int to = from_rays[(packed & 0xFFFF) * stride + moved];
          const auto head = static_cast<uint32_t>(onto) << 16 | static_cast<uint32_t>(moved) << 24;
          if (to < 0 || !B.playable[to] || to == from) {
            if (to == kOffBoard && onto & BL_ONTO_OFF) table.entries.push_back(kOffList | head);
            continue;
          }
          table.entries.push_back(static_cast<uint32_t>(to) | head);
        }
      if (table.entries.size() > kMaxListedEntries) {  // too many to keep: every piece searches
        table.entries.clear();
        std::fill(table.spans.begin(), table.spans.end(), Span{-1, -1});
        return;
      }
      table.spans[static_cast<size_t>(code * ncells + from)] = Span{begin, static_cast<int32_t>(table.entries.size())};
    }
  }
}

void StepMoves::plan_bits(const bl_board& B, const bl_step_rules& R, BitPlan& plan) {
  // One kind of piece (code 1 + player), no promotion, a board of shifts, and rules the
  // plain search takes (search<false>).
  if (!B.step_offset || B.ncodes != 1 + B.nplayers || R.promotion || R.general || R.not_taller) return;
  plan.steps.assign(static_cast<size_t>(B.nplayers), {});
  for (int p = 0; p < B.nplayers; ++p) {
    const int code = 1 + p, n = R.count[code];
    if (n == BL_UNTABLED || n > kMaxListedSteps || R.first_split[code] != n || (R.progress && R.progress[code] == BL_UNTABLED))
      return;
    auto& steps = plan.steps[static_cast<size_t>(p)];
    for (int e = 0; e < n; ++e) {
      const int32_t packed = R.steps[code * R.stride + e];
      const int dir = packed & 0xFFFF, limit = (packed >> BL_STEP_RANGE) & 0xFF;
      if (!(limit == 1 || (B.max_ray == 1 && limit == 0))) return;
      BitStep st{B.step_offset[dir], packed >> BL_STEP_BITS, {}};
      // Two steps to one cell would make one move, the first: the search's rule, not this plan's.
      for (const BitStep& other : steps)
        if (other.offset == st.offset) return;
      for (int w = 0; w < B.cell_words; ++w) st.from[static_cast<size_t>(w)] = B.step_from[dir * B.cell_words + w];
      steps.push_back(st);
    }
  }
  plan.usable = true;
}

int32_t StepMoves::search_bits(bl_host* host, const bl_board& B, const bl_step_rules& R, const BitPlan& plan) {
  const bl_state& S = host->state;
  const int me = S.side, words = B.cell_words;
  const auto& steps = plan.steps[static_cast<size_t>(me)];
  const int n = static_cast<int>(steps.size());
  std::array<uint64_t, kMaxShiftWords> empty{}, enemy{}, own{}, any{};
  for (int p = 0; p < B.nplayers; ++p)
    for (int w = 0; w < words; ++w) (p == me ? own : enemy)[w] |= S.owned[p * words + w];
  for (int w = 0; w < words; ++w) empty[w] = B.playable_bits[w] & ~own[w] & ~enemy[w];
  // targets[e]: the cells whose piece may take step e (its target allowed by the step's onto).
  std::array<std::array<uint64_t, kMaxShiftWords>, kMaxListedSteps> targets;
  for (int e = 0; e < n; ++e) {
    std::array<uint64_t, kMaxShiftWords> allowed{}, shifted{};
    for (int w = 0; w < words; ++w)
      allowed[w] = (steps[e].onto & BL_ONTO_EMPTY ? empty[w] : 0) | (steps[e].onto & BL_ONTO_ENEMY ? enemy[w] : 0);
    or_shifted(shifted.data(), allowed.data(), -steps[e].offset, words);  // bit c: cell c + offset allowed
    for (int w = 0; w < words; ++w) any[w] |= targets[e][w] = own[w] & steps[e].from[w] & shifted[w];
  }
  const int code = 1 + me;
  const int quiet_flags = R.progress && R.progress[code] ? kProgressFlag : 0, capture_flags = kProgressFlag | R.capture_flags;
  int32_t status = BL_OK;
  for (int w = 0; w < words; ++w)
    for (uint64_t bits = any[w]; bits; bits &= bits - 1) {
      const int bit = std::countr_zero(bits), from = 64 * w + bit, h = S.height[from];
      for (int e = 0; e < n; ++e) {
        if (!(targets[e][w] >> bit & 1)) continue;
        const int to = from + steps[e].offset;
        const bool capture = enemy[to / 64] >> (to % 64) & 1;
        if (!write_step(host->moves, status, from, to, h, capture, 0, capture ? capture_flags : quiet_flags)) return status;
      }
    }
  return status;
}

template <bool kGeneral>
int32_t StepMoves::search(bl_host* host, const bl_board* board, bl_step_rules* rules) {
  const bl_board& B = *board;
  const bl_step_rules& R = *rules;
  const bl_state& S = host->state;
  rules->failed[0] = rules->failed[1] = rules->failed[2] = 0;
  if (reached_.size() != static_cast<size_t>(B.ncells)) reached_.assign(static_cast<size_t>(B.ncells), 0), stamp_ = 0;
  auto fail = [&](int table, int code, int other) {
    rules->failed[0] = table, rules->failed[1] = code, rules->failed[2] = other;
    return BL_UNANSWERED;
  };
  // One loop step per piece, charged at once.
  if ((host->ticks_left -= S.nmine) < 0) return BL_TICKS;
  // Locals for everything the loops read: the move words written are int32s, which the
  // compiler must assume may alias any int32 or uint32 field it would otherwise keep in a
  // register.
  const uint8_t *height = S.height, *playable = B.playable, *count = R.count, *first_split = R.first_split;
  const uint8_t *promotion = R.promotion, *progress_of = R.progress;
  const int8_t* owner = S.owner;
  const int16_t* mine = S.mine;
  const int32_t* steps = R.steps;
  uint32_t* reached = reached_.data();
  const int me = S.side, nmine = S.nmine, stride = ray_stride(B), max_ray = B.max_ray, ncells = B.ncells;
  const int cap = B.stack_cap, steps_stride = R.stride, not_taller = R.not_taller;
  const int capture_flags = kProgressFlag | R.capture_flags, promotion_flags = R.promotion_flags;
  int32_t status = BL_OK;
  // Rules without splits, merges and bear-offs: their listed one-cell steps; the others,
  // their listed split steps.
  const Lists* listed = lists(B, R);
  if (!kGeneral && listed && listed->bits.usable && S.owned) return search_bits(host, B, R, listed->bits);
  const Span* one_cell = listed && !kGeneral ? listed->one_cell.spans.data() : nullptr;
  const int32_t* one_cell_entries = listed ? listed->one_cell.entries.data() : nullptr;
  const Span* split_spans = listed && kGeneral ? listed->split.spans.data() : nullptr;
  const uint32_t* split_entries = listed ? listed->split.entries.data() : nullptr;
  uint64_t off_counts[4];  // the counts a piece may bear off, as bits 1..255
  // What stands on a cell, as the onto bit that allows stopping there; and whether `moved`
  // pieces may stop there (the rules for own and enemy stacks, looked at only for them).
  auto what = [&](int to) {
    const int o = owner[to];  // -1 for an empty cell
    return o < 0 ? BL_ONTO_EMPTY : o == me ? BL_ONTO_OWN : BL_ONTO_ENEMY;
  };
  auto fits = [&](int to, int there, int moved) {
    return there == BL_ONTO_EMPTY || (there == BL_ONTO_OWN ? height[to] + moved <= cap : !not_taller || height[to] <= moved);
  };
  // A new mark for the cells reached (per piece, and per count of a split).
  auto next_stamp = [this] {
    if (++stamp_ == 0) std::fill(reached_.begin(), reached_.end(), 0), stamp_ = 1;
    return stamp_;
  };
  for (int i = 0; i < nmine; ++i) {
    const int from = mine[i], h = height[from], code = S.pieces[from * cap + h - 1];
    const int n = count[code], split = first_split[code];
    if (n == BL_UNTABLED) return fail(BL_TABLE_STEPS, code, 0);
    const int progress = progress_of ? progress_of[code] : 0;
    if (progress == BL_UNTABLED) return fail(BL_TABLE_PROGRESS, code, 0);
    const int quiet_flags = progress ? kProgressFlag : 0;
    const int16_t* from_rays = rays_from(B, from);
    const int32_t* step = steps + code * steps_stride;
    bool any_off = false;
    auto bear_off = [&](int moved) {
      if (!any_off) std::fill(off_counts, off_counts + 4, 0), any_off = true;
      off_counts[moved / 64] |= uint64_t{1} << (moved % 64);
    };
    // Stops `moved` pieces on `to` (allowed there): false if the search must end. Always
    // inlined: left a call, it was 9% of the samples of a split-stack game's playouts (perf record).
    auto stop = [&](int to, int there, int moved) __attribute__((always_inline)) {
      const int promoted = promotion ? promotion[code * ncells + to] : 0;
      if (promoted == BL_UNTABLED) return status = fail(BL_TABLE_PROMOTION, code, to), false;
      const bool capture = there == BL_ONTO_ENEMY;
      const int flags = (capture ? capture_flags : quiet_flags) | (promoted ? promotion_flags : 0);
      return write_step(host->moves, status, from, to, moved, capture, promoted, flags);
    };
    // Steps of one cell each, listed for this cell: the search below without its tests of
    // range, edges and cells reached twice, which the list has made once.
    if (!kGeneral && one_cell) {
      const Span span = one_cell[code * ncells + from];
      if (span.begin >= 0) {
        for (const int32_t* t = one_cell_entries + span.begin; t != one_cell_entries + span.end; ++t) {
          const int to = *t & 0xFFFF, there = what(to);
          if (*t >> 16 & there && !stop(to, there, h)) return status;
        }
        continue;
      }
    }
    // The whole stack, along each step's direction until something stops it (its own cell
    // too, which a reflecting edge or a null direction can lead back to).
    const uint32_t whole_stamp = next_stamp();
    for (int e = 0; e < split; ++e) {
      const int32_t packed = step[e], onto = packed >> BL_STEP_BITS, limit = (packed >> BL_STEP_RANGE) & 0xFF;
      const int range = limit == 0 || limit > max_ray ? max_ray : limit;  // 0: any
      const int16_t* ray = from_rays + (packed & 0xFFFF) * stride;
      for (int k = 1; k <= range; ++k) {
        const int to = ray[k];
        if (to < 0 || !playable[to] || to == from) {
          if constexpr (kGeneral)
            if (to == kOffBoard && onto & BL_ONTO_OFF) bear_off(h);
          break;
        }
        const int there = what(to);
        if (onto & there && reached[to] != whole_stamp && (!kGeneral || fits(to, there, h))) {
          reached[to] = whole_stamp;
          if (!stop(to, there, h)) return status;
        }
        if (there != BL_ONTO_EMPTY) break;
      }
    }
    // Split steps: the top `moved` pieces go exactly `moved` cells, over whatever lies
    // between, for each count from 1 up (the whole stack's count shares its cells with the
    // whole-stack steps). Rays reach max_ray, which is at least max_stack. Listed for this
    // cell: the loop below with its ranges, edges and rays read once.
    // `moved` pieces onto `to`, a cell of the board, if `onto` allows what stands there and
    // no move of that count (its `stamp`) ends there yet: false if the search must end.
    auto split_stop = [&](int to, int onto, int moved, uint32_t stamp) __attribute__((always_inline)) {
      const int there = what(to);
      if (!(onto & there) || reached[to] == stamp || !fits(to, there, moved)) return true;
      reached[to] = stamp;
      return stop(to, there, moved);
    };
    const Span split_span = kGeneral && split_spans ? split_spans[code * ncells + from] : Span{-1, -1};
    if (split_span.begin >= 0) {
      int counted = 0;
      uint32_t stamp = 0;
      for (const uint32_t* t = split_entries + split_span.begin; t != split_entries + split_span.end; ++t) {
        const int moved = static_cast<int>(*t >> 24);
        if (moved > h) break;
        if (moved != counted) counted = moved, stamp = moved == h ? whole_stamp : next_stamp();
        const int to = static_cast<int>(*t & 0xFFFF), onto = static_cast<int>(*t >> 16 & 0xFF);
        if (static_cast<uint32_t>(to) == kOffList) {
          bear_off(moved);
          continue;
        }
        if (!split_stop(to, onto, moved, stamp)) return status;
      }
    }
    for (int moved = 1; kGeneral && split_span.begin < 0 && split < n && moved <= h && moved <= max_ray; ++moved) {
      const uint32_t stamp = moved == h ? whole_stamp : next_stamp();
      for (int e = split; e < n; ++e) {
        const int32_t packed = step[e], onto = packed >> BL_STEP_BITS, limit = (packed >> BL_STEP_RANGE) & 0xFF;
        if (limit != 0 && moved > limit) continue;
        const int to = from_rays[(packed & 0xFFFF) * stride + moved];
        if (to < 0 || !playable[to] || to == from) {
          if (to == kOffBoard && onto & BL_ONTO_OFF) bear_off(moved);
          continue;
        }
        if (!split_stop(to, onto, moved, stamp)) return status;
      }
    }
    // Bear-offs last, one per count, fewest first.
    for (int moved = 1; kGeneral && any_off && moved <= h; ++moved) {
      if (!(off_counts[moved / 64] >> (moved % 64) & 1)) continue;
      int32_t* w = MoveList::begin_move(host->moves, 1, kProgressFlag | R.off_flags, status);
      if (!w) return status;
      MoveList::put(w, Op::ToReserve, moved, from, R.off, 0);
    }
  }
  return status;
}

}  // namespace boardlab
