#!/usr/bin/env bash
# The terminal tests: boardlab in a real terminal (tmux), as a person sees it. Usage:
# test_terminal.sh PATH/TO/boardlab (run from the repository). Apart from test_cli.sh so that
# its waits for the screen overlap the other tests.
set -u
BIN=${1:?usage: test_terminal.sh PATH/TO/boardlab}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# A real terminal (tmux): line editing and history (libedit), colours, a short game of
# every bundled game played to the end by two people at one keyboard, and Ctrl-C.
if command -v tmux >/dev/null; then
  tdir=$(mktemp -d)
  export BOARDLAB_HISTORY="$tdir/history"
  # Starts boardlab ARGS... in a fresh tmux pane (after a moment, so nothing is missed).
  # A new server each time: one still closing may refuse a new session.
  tmux_runs=0 sock="boardlab-test-$$-0" tmux_size="-x 150 -y 50"
  tmux_start() {
    tmux -L "$sock" kill-server 2>/dev/null
    tmux_runs=$((tmux_runs + 1))
    sock="boardlab-test-$$-$tmux_runs"
    tmux -L "$sock" new-session -d $tmux_size "sleep 0.3; cd $tdir && BOARDLAB_HISTORY=$BOARDLAB_HISTORY $bin_abs $*; sleep 30"
    tmux -L "$sock" set-option -g history-limit 100000
  }
  # The whole pane, its scrollback included, with colour codes (-e).
  pane() { tmux -L "$sock" capture-pane -p -e -J -S - 2>/dev/null; }
  # What the screen shows now (no scrollback, no colour codes).
  screen() { tmux -L "$sock" capture-pane -p -J 2>/dev/null; }
  # Waits (up to 20 s, for slow machines and the sanitized build) until the pane shows
  # TEXT at least N times (default once).
  pane_shows() {
    for _ in $(seq 1 80); do
      pane >"$out"
      [ "$(grep -oF -- "$1" "$out" | wc -l)" -ge "${2:-1}" ] && return 0
      sleep 0.25
    done
    return 1
  }

  # Line editing: a typo fixed with the cursor keys (Up brings the line back, C-a goes to
  # its start, C-t swaps two characters), then the move typed without separators.
  tmux_start play dipole --seed 3 --black random
  pane_shows "white to move>"
  tmux -L "$sock" send-keys "mvoes" Enter
  pane_shows "'mvoes' is not a legal move"
  tmux -L "$sock" send-keys Up C-a Right Right C-t Enter
  pane_shows "19. e1-off" || { echo "FAIL: tmux: the edited line did not list the moves"; fail=$((fail + 1)); }
  tmux -L "$sock" send-keys "e1f2" Enter
  pane_shows "black plays"
  has "$out" "white plays e1-f2/1" "tmux move"
  if grep -q $'\033\\[7m' "$out"; then pass=$((pass + 1)); else echo "FAIL: tmux: no colour on a terminal"; fail=$((fail + 1)); fi
  tmux -L "$sock" send-keys C-c
  pane_shows "Interrupted. Saved to dipole-interrupted.txt" && pass=$((pass + 1)) || echo "FAIL: tmux: Ctrl-C did not save"
  has "$tdir/dipole-interrupted.txt" "1. white e1-f2/1" "tmux ctrl-c record"
  has "$BOARDLAB_HISTORY" "moves" "history kept in a file"

  # At 80 columns the banner, help and rules wrap to the terminal's width between words:
  # no line is longer than 80 (capture-pane -J joins the lines the terminal itself wrapped).
  tmux_size="-x 80 -y 24" tmux_start play plakoto --seed 1
  pane_shows "to move (dice"
  tmux -L "$sock" send-keys "help" Enter
  pane_shows "quit         stop"
  tmux -L "$sock" send-keys "rules" Enter
  pane_shows "The mother rule"
  pane_shows "to move (dice" 3
  if tmux -L "$sock" capture-pane -p -J -S - | grep -v "^To resume" | awk 'length($0) > 80 {print "  | " $0; n++} END {exit n > 0}'; then
    pass=$((pass + 1))
  else
    echo "FAIL: tmux: lines longer than the terminal's 80 columns"; fail=$((fail + 1))
  fi
  has "$out" "  undo, redo   take back your last move (and the replies), or play it again" "tmux: help at 80 columns"

  # simulate draws a progress bar on a terminal.
  tmux_start simulate dipole --games 300 --out "$tdir/sim"
  pane_shows "300/300" && pass=$((pass + 1)) || { echo "FAIL: tmux: no progress bar"; fail=$((fail + 1)); }

  # A short game of each bundled game, to the end: the first move typed in notation, then
  # the first listed move ('1', later recalled with Up) until the game is over.
  tmux_game() {  # FIRST-MOVE EXPECTED-RESULT boardlab-args...
    local first=$1 result=$2
    local prompt="to (move|pass)[^>]*>"  # white to move>, white to move (dice 5-4)>, ... to pass>
    shift 2
    tmux_start play "$@"
    pane_shows "to move>"
    local n=1
    tmux -L "$sock" send-keys "$first" Enter
    for i in $(seq 1 100); do
      # Waits for the next prompt, or the end of the game.
      for _ in $(seq 1 80); do
        pane >"$out" || break 2
        grep -qF "Game over" "$out" && break 2
        [ "$(grep -oE "$prompt" "$out" | wc -l)" -gt "$n" ] && break
        sleep 0.25
      done
      n=$(grep -oE "$prompt" "$out" | wc -l)
      if [ "$i" -eq 1 ]; then tmux -L "$sock" send-keys 1 Enter; else tmux -L "$sock" send-keys Up Enter; fi
    done
    pane_shows "Game over: $result" && pass=$((pass + 1)) || { echo "FAIL: tmux game $*: no 'Game over: $result'"; tail -5 "$out"; fail=$((fail + 1)); }
    tmux -L "$sock" send-keys "$tdir/$1.txt" Enter  # the offer to save the record
    pane_shows "Saved to $tdir/$1.txt" && has "$tdir/$1.txt" "[Result \"$result" "tmux game record $1"
  }
  tmux_game "e1f2" "white wins" dipole --white human --black human --position "'white e1=www e3=b g5=b'"
  tmux_game "a1a2" "black wins" death-stacks --red human --black human --position "'red a1=r a3=b b1=b'"
  tmux_game "c3 e5" "white wins" double-draughts --white human --black human --position "'white c3=w d4=b h8=b a1=w'"
  tmux_game "a1c3" "black wins" dablot --white human --black human --position "'white a1=S b2=s k13=s'"
  tmux_game "1" "white wins" hypergammon --white human --black human --seed 4

  # At 80x24, as a player's terminal: after the computer's reply the screen holds the whole
  # board (from the computer's move above it down to the prompt), for every bundled game.
  tmux_size="-x 80 -y 24"
  for g in $("$BIN" list | awk '{print $1}'); do
    tmux_start play "$g" --seed 1 --level 1
    pane_shows "to move" || { echo "FAIL: tmux 80x24 $g: no prompt"; fail=$((fail + 1)); continue; }
    tmux -L "$sock" send-keys 1 Enter
    if pane_shows "plays" 2 && sleep 0.5 && screen >"$out" && grep -qE "to (move|pass)" "$out"; then
      # The computer's move, then the board, then the prompt, all on the screen at once.
      last=$(grep -v '^ *$' "$out" | tail -1)
      if grep -qE "^[a-z]+ plays .*\(" "$out" && echo "$last" | grep -qE "to (move|pass)"; then
        pass=$((pass + 1))
      else
        echo "FAIL: tmux 80x24 $g: the computer's move, the board and the prompt do not fit"; sed 's/^/  | /' "$out"; fail=$((fail + 1))
      fi
      [ "$(awk '{ if (length($0) > 80) n++ } END { print n + 0 }' "$out")" -eq 0 ] && pass=$((pass + 1)) ||
        { echo "FAIL: tmux 80x24 $g: a line wider than 80"; fail=$((fail + 1)); }
    else
      echo "FAIL: tmux 80x24 $g: no reply"; pane | tail -5; fail=$((fail + 1))
    fi
  done
  # Dablot's lattice keeps only its rows of points on 24 lines.
  tmux_start play dablot --seed 1 --level 1
  pane_shows "to move>" && screen >"$out" && has "$out" " 12 | s | s | s | s | s | 12" "compact lattice"
  if grep -qF '|\ /|' "$out"; then echo "FAIL: tmux 80x24: the lattice's diagonal rows on 24 lines"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
  # The person's side: black at the board of a track, its numbering, the pips; a hint with scores.
  tmux_start play hypergammon --seed 3 --black human --white level:1
  pane_shows "black to move" && {
    has "$out" "You play black (moves from point 24 down to 1, then off)" "tmux seating"
    has "$out" "white plays 3/8 2/6 (" "tmux: the computer's move in black's numbering"
    has "$out" "(points numbered for black" "tmux: black's numbering"
    has "$out" "black b: pips 69" "tmux: pips"
  }
  tmux -L "$sock" send-keys "hint 3" Enter
  pane_shows "% (" && pass=$((pass + 1)) || { echo "FAIL: tmux: hint without scores"; fail=$((fail + 1)); }
  # No legal move: the prompt says so and Enter passes.
  tmux_start play hypergammon --position "'white dice:6,6 bar:w=1 6=ww 19=bb 1=b'" --black level:1 --seed 1
  pane_shows "press Enter to pass>" && tmux -L "$sock" send-keys Enter && pane_shows "white has no legal move and passes" &&
    pass=$((pass + 1)) || { echo "FAIL: tmux: no pass on Enter"; fail=$((fail + 1)); }
  # The computer thinking: a line that counts the seconds, gone when it moves.
  tmux_start play death-stacks --seed 2 --black alphabeta:depth=64,seconds=3  # 3 s a move: the line is there to see, even on a busy machine
  pane_shows "red to move>" && tmux -L "$sock" send-keys a6a4 Enter
  pane_shows "black is thinking" && pass=$((pass + 1)) || { echo "FAIL: tmux: no thinking line"; fail=$((fail + 1)); }
  pane_shows "black plays" && sleep 0.3 && screen >"$out"
  if grep -qF "is thinking" "$out"; then echo "FAIL: tmux: the thinking line stays"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
  # A level changed during the game; the move entry as lichess reads a chain.
  tmux -L "$sock" send-keys "level 1" Enter
  pane_shows "black is level 1 (greedy:eval=learned)" && pass=$((pass + 1)) || { echo "FAIL: tmux: level command"; fail=$((fail + 1)); }
  tmux_start play double-draughts --position "'white c3=w d4=b d6=b h8=b'" --black level:1
  pane_shows "white to move>" && tmux -L "$sock" send-keys c3c7 Enter
  pane_shows "white plays c3xe5xc7" && pass=$((pass + 1)) || { echo "FAIL: tmux: chain by its ends"; fail=$((fail + 1)); }
  # A checker's path as gnubg players type it; a record of another game, loaded in a game.
  tmux_start play hypergammon --position "'white dice:6,5 1=b 2=b 3=b 22=w 23=w 24=w'" --black level:1
  pane_shows "white to move" && tmux -L "$sock" send-keys 24/18/13 Enter
  pane_shows "white plays 24/13" && pass=$((pass + 1)) || { echo "FAIL: tmux: gnubg path"; fail=$((fail + 1)); }
  tmux -L "$sock" send-keys "load dipole-interrupted.txt" Enter
  pane_shows "dipole-interrupted.txt is a record of dipole, not of hypergammon; to continue it: boardlab play dipole --load dipole-interrupted.txt" &&
    pass=$((pass + 1)) || { echo "FAIL: tmux: another game's record"; fail=$((fail + 1)); }
  # A position already over says who won.
  tmux_start play death-stacks --position "'red a1=r f6=br'"
  pane_shows "Game over: red wins (the other side owns no stack)." && pass=$((pass + 1)) || { echo "FAIL: tmux: position over"; fail=$((fail + 1)); }
  # Ctrl-C again: the earlier save stays, the new one is numbered.
  tmux_start play dipole --seed 3 --black random
  pane_shows "white to move>" && tmux -L "$sock" send-keys e1e3 Enter && pane_shows "black plays" && tmux -L "$sock" send-keys C-c
  pane_shows "Interrupted. Saved to dipole-interrupted-2.txt" && has "$tdir/dipole-interrupted.txt" "1. white e1-f2/1" "tmux: the first save kept"
  # Stepping through the record: next, previous, a move by number.
  tmux_start replay dipole-interrupted-2.txt --step
  pane_shows "move 0/2>" && tmux -L "$sock" send-keys Enter && pane_shows "Move 1 of 2: white e1-e3/2" &&
    tmux -L "$sock" send-keys "goto 2" Enter && pane_shows "Move 2 of 2: black" && tmux -L "$sock" send-keys p Enter &&
    pane_shows "Move 1 of 2" 2 && pass=$((pass + 1)) || { echo "FAIL: tmux: replay --step"; fail=$((fail + 1)); }
  tmux -L "$sock" kill-server 2>/dev/null
  rm -rf "$tdir"
  unset BOARDLAB_HISTORY
else
  echo "FAIL: tmux is not installed (cli/run.sh test installs it)"; fail=$((fail + 1))
fi

echo "terminal: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
