// The plain C structs that C++ shares with Lua through LuaJIT's FFI. They are written once,
// in the macro below: C++ compiles it, and its text is handed to scripts/lib/runtime.lua for
// ffi.cdef, so the two sides cannot disagree. (Comments inside must be /* */: the macro is
// one logical line.)
#pragma once
#include <cstdint>

#define BOARDLAB_FFI_TYPES                                                                     \
  typedef struct bl_board {                                                                    \
    int32_t ncells, ndirs, nplayers, ncodes, nslots, stack_cap, max_ray, width, height;        \
    const int16_t* ray;      /* [(cell * ndirs + dir) * (max_ray + 1) + k] */                  \
    const uint8_t* playable; /* [cell] */                                                      \
    const uint8_t* owner_of; /* [code] -> player, 255 for empty */                             \
    const uint8_t* kind_of;  /* [code] -> kind, 255 for empty */                               \
    const int16_t* x;        /* [cell] */                                                      \
    const int16_t* y;        /* [cell] */                                                      \
    const int16_t* opposite; /* [dir] the direction back, -1 if none */                        \
    /* Cell sets as bits (bit c % 64 of word c / 64, cell_words words): the playable cells,   \
       and on a board whose every step along a direction is the same offset of cell indices \
       (board/lines.h, StepShifts) that offset and the cells with such a step, per direction \
       (step_offset NULL on other boards). */                                              \
    int32_t cell_words;                                                                    \
    const uint64_t* playable_bits; /* [w] */                                               \
    const int32_t* step_offset;    /* [dir] */                                             \
    const uint64_t* step_from;     /* [dir * cell_words + w] */                            \
  } bl_board;                                                                                  \
                                                                                               \
  typedef struct bl_state {                                                                    \
    const uint8_t* height;  /* [cell] */                                                         \
    const uint8_t* pieces;  /* [cell * stack_cap + level], level 0 at the bottom */                \
    const int32_t* reserve; /* [slot * ncodes + code] */                                         \
    const int8_t* owner;    /* [cell] the owner of the top piece, -1 for an empty cell */          \
    const int32_t* count;   /* [player] that player's pieces on the board */                    \
    int32_t side;                                                                              \
    int32_t ply;                                                                               \
    /* For generate: the cells whose top piece the side to move owns, in cell order (the host  \
       lists them before the call: a scan in C++ is cheaper than one in Lua). */               \
    int16_t* mine;                                                                             \
    int32_t nmine;                                                                             \
    const uint8_t* dice; /* the dice to play, a double repeated (games with dice) */           \
    int32_t ndice;                                                                             \
    const uint64_t* owned; /* [player * cell_words + w]: the cells whose top piece each owns */\
  } bl_state;                                                                                  \
                                                                                               \
  /* Moves are written as words: a header (actions | flags << BL_HEADER_FLAGS) then two words  \
     per action (op | n << BL_ACTION_N | a << BL_ACTION_A, b | c << BL_ACTION_C); each field  \
     is a byte (actions, flags, op, n) or 16 bits (a, b, c). */                               \
  enum { BL_HEADER_FLAGS = 8, BL_ACTION_N = 8, BL_ACTION_A = 16, BL_ACTION_C = 16 };           \
  typedef struct bl_moves {                                                                    \
    int32_t* words;                                                                            \
    int32_t nwords, cap_words;                                                                 \
    int32_t* starts;                                                                           \
    int32_t count, cap_moves;                                                                  \
    /* 1 when every move was written by a C++ primitive, which makes only legal moves: then  \
       State::apply skips its check (runtime.lua sets it at the end of generate). */          \
    int32_t trusted;                                                                           \
    void* owner;                                                                               \
    void (*grow)(struct bl_moves*, int32_t words_needed); /* and as many moves */              \
  } bl_moves;                                                                                  \
                                                                                               \
  /* A jump-chain game's rules as tables, for the C++ search (script/jump_chains.h); built by \
     scripts/lib/chains.lua from the script's functions. Per piece code: its slide and jump    \
     directions (counts, then dir_stride entries each; a count of BL_UNTABLED: the script's    \
     function failed for that code), may it capture a victim code ([mover * ncodes + victim],  \
     1 yes, 0 no, BL_UNTABLED failed; NULL: any enemy), what it becomes on a cell ([code *     \
     ncells + cell], 0 nothing, BL_UNTABLED failed; NULL: no promotion), is its slide progress.\
     On a failed entry the search stops and names it in failed. */                             \
  enum { BL_UNTABLED = 255 };                                                                  \
  enum { BL_TABLE_SLIDES = 1, BL_TABLE_JUMPS, BL_TABLE_CAPTURE, BL_TABLE_PROMOTION,           \
         BL_TABLE_PROGRESS, BL_TABLE_STEPS };                                                  \
  /* What a C++ primitive returns: done, or why it stopped (the move cap, the memory limit,  \
     the loop budget, an untabled answer it needed; for chains, a chain too long for one     \
     move). */                                                                                \
  enum { BL_OK, BL_TOO_MANY, BL_MEMORY, BL_TICKS, BL_UNANSWERED, BL_CHAINS_ACTIONS };          \
  typedef struct bl_chain_rules {                                                              \
    int32_t dir_stride;                                                                        \
    const uint8_t* slide_count;                                                                \
    const int16_t* slide_dirs; /* [code * dir_stride + i] */                                   \
    const uint8_t* jump_count;                                                                 \
    const int16_t* jump_dirs;                                                                  \
    const uint8_t* can_capture;                                                                \
    const uint8_t* promotion;                                                                  \
    const uint8_t* progress;                                                                   \
    int32_t capture_flags, promotion_flags; /* with progress, which every jump carries */      \
    int32_t compulsory, may_stop, take_top;                                                    \
    int32_t failed[3]; /* out: the failed entry met: its table (BL_TABLE_), code, cell/victim */\
  } bl_chain_rules;                                                                            \
                                                                                               \
  /* A stepping game's rules as tables, for the C++ search (script/step_moves.h); built by    \
     scripts/lib/steps.lua from the script's functions. Per piece code, its steps (count, then \
     stride entries, each one word: a direction, a range (whole-stack steps: how many cells  \
     along it, 1 to max_ray; split steps: the most pieces moved, 1 to 255), and a byte of     \
     BL_ONTO_ bits: where it may stop, and BL_STEP_SPLIT), the whole-stack steps first, the   \
     split ones from first_split[code]; promotion and progress as for chains; failed as for  \
     chains. not_taller: an enemy stack is captured only by as many pieces or more; off: the  \
     reserve slot of bear-offs. */                                                             \
  enum { BL_ONTO_EMPTY = 1, BL_ONTO_ENEMY = 2, BL_ONTO_OWN = 4, BL_ONTO_OFF = 8,               \
         BL_STEP_SPLIT = 16 };                                                                 \
  enum { BL_STEP_RANGE = 16, BL_STEP_BITS = 24 }; /* a step's word: dir in the low 16 bits */  \
  typedef struct bl_step_rules {                                                               \
    int32_t stride;                                                                            \
    const uint8_t* count;                                                                      \
    const uint8_t* first_split;                                                                \
    const int32_t* steps; /* [code * stride + i]: dir | range << BL_STEP_RANGE | bits << BL_STEP_BITS */\
    const uint8_t* promotion;                                                                  \
    const uint8_t* progress;                                                                   \
    int32_t capture_flags, promotion_flags, off_flags; /* with progress, which captures and   \
                                                          bear-offs carry */                   \
    int32_t not_taller, off;                                                                   \
    int32_t general; /* 1 if any step splits, merges or bears off */                           \
    int32_t failed[3];                                                                         \
    int32_t serial; /* unique per struct in a host, never reused (0: none): the C++ search   \
                       keeps per-cell tables built from the struct under it */                 \
  } bl_step_rules;                                                                             \
                                                                                               \
  /* A step-chain game's rules for the C++ search (script/step_chains.h), built by            \
     scripts/lib/step_chains.lua: what a step onto an empty point may capture, as up to       \
     BL_STEP_CAPTURES patterns, each the line of one opponent's pieces that starts on the     \
     point just beyond the landing point along the step (BL_LINE_AHEAD) or just behind the    \
     starting point (BL_LINE_BEHIND), at most capture_max[k] of them (0: the whole line).     \
     A chain never steps in the direction just taken nor onto a point visited this turn;      \
     chain 0: one capturing step only; may_stop 1: every prefix of a chain is a move. */      \
  enum { BL_STEP_CAPTURES = 8, BL_LINE_AHEAD = 0, BL_LINE_BEHIND = 1 };                        \
  typedef struct bl_step_chain_rules {                                                         \
    int32_t ncaptures;                                                                         \
    int32_t capture_line[BL_STEP_CAPTURES], capture_max[BL_STEP_CAPTURES];                     \
    int32_t compulsory, chain, may_stop;                                                       \
    int32_t capture_flags, flags; /* of a chain (with progress), and of a plain step */       \
  } bl_step_chain_rules;                                                                       \
                                                                                               \
  /* A race game's rules for the C++ whole-turn search (script/race_turns.h), built by      \
     scripts/lib/dice_turns.lua: two players, each with one piece code, moving along the   \
     track toward bearing off; cell_of[player * (npoints + 1) + k] is the player's point k   \
     (1..npoints); a lone enemy piece landed on is hit to the bar slot, or with pin = 1   \
     pinned under the lander (no bar: bar = -1); points 1..home are home, from where        \
     pieces bear off into the off slot. capture_flags: the flags of a turn that hits, or  \
     that leaves an enemy piece pinned which was free before. */                          \
  typedef struct bl_race_rules {                                                               \
    int32_t npoints, home, bar, off, capture_flags;                                            \
    int32_t pin, bear_off_while_pinned;                                                        \
    int32_t code[2];                                                                           \
    const int16_t* cell_of;                                                                    \
  } bl_race_rules;                                                                             \
                                                                                               \
  /* A placing game's rules for the C++ drop search (script/drop_moves.h), set by            \
     scripts/lib/drop.lua at each call: one move per empty playable cell, placing a piece     \
     `code` from reserve slot `from`, with `flags`; with fall >= 0 (a direction) only on      \
     cells where the piece rests: the next cell along fall off the board, unplayable or taken. */\
  typedef struct bl_drop_rules {                                                               \
    int32_t from, code, fall, flags;                                                           \
  } bl_drop_rules;                                                                             \
                                                                                               \
  /* What the host hands to each hook call. Lua casts it once at load: converting pointers     \
     per call would stop the trace compiler. */                                                \
  typedef struct bl_host {                                                                     \
    int32_t ticks_left; /* loop steps left in this hook call */                                \
    int32_t tick_limit;                                                                        \
    int32_t checking; /* 1: each move is checked against the board as generate writes it */   \
    bl_state state;     /* the state of this call */                                           \
    bl_moves moves;     /* where generate writes: a copy the host takes back after the call */ \
    /* The C++ primitives the trusted library calls, and their working memory. */             \
    void* chains_scratch;                                                                      \
    int32_t (*jump_chains)(struct bl_host*, const bl_board*, bl_chain_rules*);                 \
    int32_t (*race_turns)(struct bl_host*, const bl_board*, const bl_race_rules*);             \
    void* race_scratch;                                                                        \
    void* steps_scratch;                                                                       \
    int32_t (*step_moves)(struct bl_host*, const bl_board*, bl_step_rules*);                   \
    void* step_chains_scratch;                                                                 \
    int32_t (*step_chains)(struct bl_host*, const bl_board*, const bl_step_chain_rules*);      \
    /* Queries on the position (script/board_queries.h): cell and direction sets are byte    \
       masks [cell] / [dir], 1 for a member (dirs NULL: every direction). */                 \
    void* queries_scratch;                                                                     \
    int32_t (*connected)(struct bl_host*, const bl_board*, int32_t player, const uint8_t* from, \
                         const uint8_t* to, const uint8_t* dirs);                             \
    int32_t (*line)(struct bl_host*, const bl_board*, int32_t cell, int32_t dir);              \
    int32_t (*longest_line)(struct bl_host*, const bl_board*, int32_t player, const uint8_t* dirs); \
    int32_t (*drop_moves)(struct bl_host*, const bl_board*, const bl_drop_rules*);             \
    /* The registered move blocks a script made (blocks.NAME(keys), script/script_blocks.h), \
       by the id compile gave. */                                                             \
    void* blocks_scratch;                                                                      \
    int32_t (*run_block)(struct bl_host*, const bl_board*, int32_t block);                     \
    /* 1 once the script's memory went over limits.memory_mb: its next loop step stops it.    \
       Volatile: the allocator sets it in the middle of compiled code, whose loads of it must \
       not be hoisted or forwarded. */                                                        \
    volatile int32_t memory_over;                                                              \
  } bl_host;

extern "C" {
BOARDLAB_FFI_TYPES
}

#define BOARDLAB_STRINGIFY_(...) #__VA_ARGS__
#define BOARDLAB_STRINGIFY(...) BOARDLAB_STRINGIFY_(__VA_ARGS__)

namespace boardlab {
// The cell k steps from c along d in a bl_board's ray table (-1 beyond max_ray, as off the
// board): the one place the C++ primitives spell its layout.
inline int board_ray(const bl_board& b, int c, int d, int k) {
  return k > b.max_ray ? -1 : b.ray[(c * b.ndirs + d) * (b.max_ray + 1) + k];
}
// For loops over one cell's rays: rays_from(b, c)[d * ray_stride(b) + k] is board_ray(b, c,
// d, k) for k <= max_ray.
inline int ray_stride(const bl_board& b) { return b.max_ray + 1; }
inline const int16_t* rays_from(const bl_board& b, int c) { return b.ray + c * b.ndirs * ray_stride(b); }
// The same declarations as text, for ffi.cdef.
inline constexpr const char* kFfiTypes = BOARDLAB_STRINGIFY(BOARDLAB_FFI_TYPES);
}  // namespace boardlab
