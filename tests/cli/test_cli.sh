#!/usr/bin/env bash
# CLI tests: drive the real `boardlab` executable as a person or a script would, and check
# its output and exit codes. Usage: test_cli.sh PATH/TO/boardlab (run from the repository).
set -u
BIN=${1:?usage: test_cli.sh PATH/TO/boardlab}
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

run 0 "list" -- list && { has "$out" "death-stacks " "list"; has "$out" "death-stacks-tall5" "list"; has "$out" "death-stacks-black-first" "list"; }
run 0 "check a bundled game" -- check death-stacks --games 5 && has "$out" "5 random games" "check"
run 2 "check a bad definition" -- check tests/bad-definitions/unknown-key.yaml &&
  has "$err" "tests/bad-definitions/unknown-key.yaml:4:1: error: unknown key 'boards' (did you mean 'board'?)" "check bad"
run 0 "moves from the start" -- moves death-stacks && { lines "$out" 48 "moves"; has "$out" "a6-a4" "moves"; has "$out" "a6-a5/1" "moves"; }
run 0 "moves as JSON" -- moves death-stacks --json && has "$out" '{"move":"a6-a4","position":"black ply:1 a1=bb' "moves --json"
run 0 "moves from a position" -- moves death-stacks --position "black a1=b f6=r" && lines "$out" 3 "moves --position"
run 0 "moves of a finished game" -- moves death-stacks --position "black f6=r" && has "$err" "red wins" "no moves"
run 0 "perft" -- perft death-stacks 2 && { has "$out" "perft 1 48  " "perft"; has "$out" "perft 2 2304  " "perft"; has "$out" " s" "perft's time"; }
# perft into a pipe writes each depth as it is counted: a run cut short keeps the depths it finished.
timeout -s INT 3 "$BIN" perft death-stacks 9 | cat >"$out"
has "$out" "perft 3 " "perft flushes each depth into a pipe"
run 0 "bench" -- bench death-stacks --playouts 3 && {
  has "$out" "plies per CPU-second:" "bench"; has "$out" "playouts per CPU-second:" "bench"
  has "$out" "plies/s: " "bench"; has "$out" "(wall time)" "bench"; has "$out" "average length:" "bench"; }
run 0 "moves --json of a finished game" -- moves death-stacks --json --position "black f6=r" &&
  { has "$out" '{"outcome":"red wins (the other side owns no stack)","over":true}' "moves --json over"; lines "$out" 1 "moves --json over"; }
# playouts: the move played at each decision, then the game's end, for an outside oracle.
run 0 "playouts" -- playouts connect-four --games 2 --max-plies 5 && {
  has "$out" '"played":' "playouts: the move played"; has "$out" '{"end":true,"ply":5,' "playouts: the end"
  has "$out" '"result":"stopped at the cap"' "playouts: a capped end"; lines "$out" 12 "playouts: 5 decisions and an end a game"; }
run 0 "playouts to the end" -- playouts kalah --games 1 && has "$(tail -1 "$out" >"$err"; echo "$err")" '"result":"' "playouts: a result"
run 0 "options" -- options kalah && { has "$out" "seeds=4" "options"; has "$out" "a whole number from 3 to 6" "options: range"
  has "$out" "one of: opposite, always" "options: values"; has "$out" "the seeds in each pit at the start" "options: doc"; }
run 0 "no options" -- options docs/tutorial/race.yaml && has "$out" "race has no options." "options of a game without"
run 2 "an unknown option names the game's options" -- simulate kalah --option seed=3 --games 2 &&
  has "$err" "unknown option 'seed' (did you mean 'seeds'?); its options: seeds, empty_capture" "unknown option"
run 0 "an option from the command line" -- perft death-stacks 1 --option first_player=black && has "$out" "perft 1 48" "option"

# The README's table of commands: every command in it exists (its --help succeeds and shows
# its own usage: an unknown word before --help gets the general one), and every command
# boardlab has is in it.
readme_commands=$(grep -oE '^\| `boardlab [a-z]+' README.md | awk '{print $3}' | sort -u)
if [ -z "$readme_commands" ]; then echo "FAIL: no command found in the README's table"; fail=$((fail + 1)); fi
for c in $readme_commands; do
  run 0 "the README's command $c" -- "$c" --help && has "$out" " $c [OPTIONS]" "the README's command $c"
done
for c in $("$BIN" --help | awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'); do
  if grep -qx "$c" <<<"$readme_commands"; then pass=$((pass + 1)); else echo "FAIL: boardlab $c is not in the README's table"; fail=$((fail + 1)); fi
done

# A game folder from a stranger: many definitions, names with terminal escapes.
games_dir=$(mktemp -d)
for i in $(seq 1 60); do cp docs/tutorial/race.yaml "$games_dir/race-$i.yaml"; done
cp docs/tutorial/race.yaml "$games_dir/"$'\e[31mred'".yaml"
BOARDLAB_PATH="$games_dir" run 2 "a typo among many games" -- moves race-100 && {
  has "$err" "(did you mean 'race-10'?)" "many games: the hint"; has "$err" " more (boardlab list)" "many games: the list is cut"; }
BOARDLAB_PATH="$games_dir" run 0 "list a stranger's folder" -- list && {
  has "$out" '\x1b[31mred' "list shows escapes"
  if grep -q $'\e' "$out"; then echo "FAIL: list sent an escape to the terminal"; fail=$((fail + 1)); else pass=$((pass + 1)); fi; }
rm -rf "$games_dir"

# Bad input: a clear message, exit code 2, never a crash.
run 2 "unknown game" -- moves no-such-game && has "$err" "no game named 'no-such-game'" "unknown game"
run 2 "misspelt game" -- moves death-stack && has "$err" "did you mean 'death-stacks'?" "misspelt game"
run 2 "bad position" -- moves death-stacks --position "purple a1=r" && has "$err" "bad --position: 'purple' is not a player" "bad position"
run 2 "bad cell in position" -- moves death-stacks --position "red z1=r" && has "$err" "no cell named 'z1'" "bad cell"
run 2 "bad option" -- moves death-stacks --option max_height=tall && has "$err" "takes a whole number" "bad option"
run 2 "option out of range" -- simulate death-stacks --option max_height=0 --games 2 && has "$err" "must be at least 1, not 0" "option range"
run 2 "option without =" -- moves death-stacks --option max_height && has "$err" "key=value" "option syntax"
run 2 "perft depth 0" -- perft death-stacks 0 && pass=$((pass + 1))
run 2 "negative seconds" -- bench death-stacks --seconds -1 && pass=$((pass + 1))
run 2 "no subcommand" -- && pass=$((pass + 1))
run 2 "serve: no thinking time" -- serve --think-seconds 0 && has "$err" "think-seconds" "serve think-seconds"
run 2 "missing file" -- check nowhere/game.yaml && has "$err" "no such file" "missing file"
run 2 "bad --player" -- play death-stacks --player red=wizard && has "$err" "--player red: no agent named 'wizard'" "bad player"
run 2 "bad --player name" -- play death-stacks --player blue=mcts && has "$err" "--player takes NAME=human or NAME=AGENT" "bad player name"

# Playing: commands, an illegal move, a move, undo, and quit with a way to resume.
INPUT=$'help\nmoves\nzz9\na6-a3\na6-a4\nundo\nrules\n7\nquit\n'
run 0 "play a few turns" -- play death-stacks --seed 1 && {
  has "$out" "undo, redo   take back" "help"
  has "$out" " 48. " "moves listed"
  has "$out" "'zz9' is not a legal move" "illegal"
  has "$out" "'a6-a3' is not a legal move; from a6: a6-a5/1" "illegal from a square"
  has "$out" "red plays a6-a4" "move"
  has "$out" "black plays " "computer"
  has "$out" "Too tall: if at the start" "rules"
  has "$out" "To resume: boardlab play death-stacks --position \"red " "quit"
}
INPUT=$'a1-a2\n'
run 0 "play to the end" -- play death-stacks --position "red a1=r a2=b" && has "$out" "Game over: red wins" "game over"
INPUT=''
run 0 "end of input quits cleanly" -- play death-stacks && has "$out" "To resume:" "eof"
INPUT=$(head -c 3000 /dev/urandom | tr -d '\0'; printf '\n%s\n' "$(printf 'x%.0s' {1..5000})")
run 0 "hostile input does not crash" -- play death-stacks --seed 2 && pass=$((pass + 1))
# Every command with odd arguments, in a game with dice and one on a lattice.
INPUT=$'save\nload\nload /nonexistent\nstack\nstack ?\nundo\nundo\nredo\nredo\nflip\nhint\nmoves\n0\n999\n-1\n'"$(printf 'x%.0s' {1..300})"$'\nbar/off\n\t\nresign\nno\nhlep\nresign\ny\n'
for g in hypergammon dablot; do
  run 0 "odd commands in $g" -- play "$g" --seed 5 --player black=random && has "$out" "Game over: black wins (resignation)" "odd commands $g" &&
    has "$out" "Not resigned." "resign asks first ($g)" && has "$out" "(the command 'help'?)" "did you mean a command ($g)"
done
# Text is wrapped to the terminal's width ($COLUMNS in a pipe), at word boundaries: the
# banner, help and rules.
INPUT=$'help\nrules\nquit\n\n'
COLUMNS=60 run 0 "text wrapped to 60 columns" -- play plakoto --seed 1 &&
  has "$out" $'  undo, redo   take back your last move (and the replies),\n               or play it again' "help wrapped with hanging entries" &&
  has "$out" "Plakoto: Greek backgammon with pinning instead of hitting," "the banner wrapped" &&
  if awk '/^  [0-9]+ +[0-9]+ /||/^  \. /||/^  \(/||/^  (white|black) /||/^To resume/ {next} {sub(/^[a-z]+ to move [^>]*> /, "")}
           length($0) > 60 {found=1; print} END {exit !found}' "$out" |
     sed 's/^/  over 60: /' | grep . ; then fail=$((fail + 1)); else pass=$((pass + 1)); fi
# The bar's checkers are drawn on the bar (the viewer's in the near half), not only counted.
INPUT=$'quit\n\n'
run 0 "checkers on the bar" -- play hypergammon --position "white dice:5,4 1=bb 24=w bar:w=2 bar:b=1" &&
  has "$out" $' 18  |bar| 19 ' "the bar labelled" && has "$out" $' .   |b1 | .   ' "the far side's checker on the bar" &&
  has "$out" $' .   |w2 | .   ' "the viewer's checkers on the bar, in the near half"
INPUT=''
run 0 "computer against computer" -- play death-stacks --position "red a1=r b2=b" --player red=random --player black=random --seed 3 &&
  has "$out" "Game over:" "watch"

# The lattice board reads as points and lines, with a legend of the pieces by rank.
INPUT=$'quit\n'
run 0 "a lattice board" -- play dablot && {
  has "$out" " 13 s---s---s---s---s---s 13" "lattice top row"
  has "$out" "    |\\ /|\\ /|\\ /|\\ /|\\ /|" "lattice diagonals"
  has "$out" "  8 | p | . | . | . | . | 8" "lattice centres"
  has "$out" "white: K king, P prince, S soldier; black: k king, p prince, s soldier" "legend"
}
INPUT=$'c5xe7xg5\n'
run 0 "a chain typed in notation" -- play dablot --position "white c5=S d6=s f6=s k13=s" &&
  has "$out" "white plays c5xe7xg5" "chain"

# Dice: moves for a given roll, a position that waits for one, bad dice, and play.
run 0 "moves with dice" -- moves hypergammon --position "white 22=w 23=w 24=w 1=b 2=b 3=b" --dice 6,5 &&
  { lines "$out" 9 "moves --dice"; has "$out" "24/13" "moves --dice"; }
run 0 "moves with dice in the position" -- moves hypergammon --position "black dice:3,1 22=w 23=w 24=w 1=b 2=b 3=b" &&
  has "$out" "24/21 23/22" "dice in position"
run 2 "a roll is needed" -- moves hypergammon && has "$err" "waits for a roll: give the dice with --dice" "no dice"
run 2 "bad dice" -- moves hypergammon --dice 7,1 && has "$err" "bad --dice: '7,1': each die is a number from 1 to 6" "bad dice"
run 2 "dice in a game without" -- moves dipole --dice 3,1 && has "$err" "this game has no dice" "no dice game"
INPUT=''
run 0 "dice games play to the end" -- play hypergammon --player white=random --player black=random --seed 4 && {
  has "$out" "wins the opening roll with" "opening roll"
  has "$out" " rolls " "rolls"
  has "$out" "| 19  20  21  22  23  24" "track board"
  has "$out" "Game over: " "dice game over"
}

# Agents: the catalogue, a seeded match, the JSON-lines agent, a search benchmark, bad specs.
run 0 "agents" -- agents && { has "$out" "mcts " "agents"; has "$out" "iterations=1000" "agent params"; }
run 0 "a match" -- match dipole mcts:iterations=200 random --games 4 --seed 5 &&
  { has "$out" "dipole: mcts:iterations=200 against random, 4 games" "match"; has "$out" "score " "match score"; }
run 0 "the same match again" -- match dipole mcts:iterations=200 random --games 4 --seed 5 && cp "$out" "$out.first" &&
  run 0 "and once more" -- match dipole mcts:iterations=200 random --games 4 --seed 5 &&
  { # The same games, so the same result; the thinking times are measured, so they differ.
    has "$out" "mcts:iterations=200 thought " "match: the first agent's thinking"
    has "$out" "random thought " "match: the second agent's thinking"
    if cmp -s <(grep -v " thought " "$out") <(grep -v " thought " "$out.first"); then pass=$((pass + 1)); else echo "FAIL: a seeded match is not reproducible"; fail=$((fail + 1)); fi; rm -f "$out.first"; }
run 2 "a misspelt agent" -- match dipole mctss random && has "$err" "did you mean 'mcts'?" "misspelt agent"
run 2 "an unknown parameter" -- match dipole mcts:iteration=5 random && has "$err" "mcts has no parameter 'iteration'" "bad param"
run 2 "alphabeta with dice" -- match hypergammon alphabeta random && has "$err" "use expectimax" "alphabeta dice"
INPUT=$'{"to_move": 0, "dice": [6, 5], "sides": [[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,1,1,0]]}\n{"position": "white dice:6,5 22=w 23=w 24=w 1=b 2=b 3=b"}\nnot json\n'
run 0 "the agent protocol" -- agent hypergammon --agent expectimax:depth=1 && {
  has "$out" '"sides":[[0,0,0,0,0,0,0,0,0,0,0,0,0' "agent sides reply"
  has "$out" '"move":"' "agent move reply"
  has "$out" '"error":' "agent bad request"
}
INPUT=$'{"position": "white dice:6,5 1=bb 2=bbb 3=bbbbbbbbbb 12=w 13=wwww 24=wwwwwwwwww"}\n'
run 0 "the agent protocol, a track game with pins and no bar" -- agent plakoto --agent expectimax:depth=1 && {
  has "$out" '"move":"' "plakoto agent move"
  has "$out" '"search":"depth 1 in ' "what the search cost"
}
# The last ply a position may give (kMaxPly) ends the game: the reply is never a position
# past it, which the reader would refuse (it was 'ply:100000001').
INPUT=$'{"position": "white ply:99999999 a1=w h8=b"}\n{"position": "white ply:100000000 a1=w h8=b"}\n'
run 0 "the agent protocol at the last ply" -- agent breakthrough --agent random && {
  has "$out" '"position":"black ply:100000000 ' "agent: the move onto the last ply"
  has "$out" '"error":"the game is over: draw (the 100000000-ply limit was reached)"' "agent: no move past the last ply"
}
INPUT=''
run 0 "bench an agent" -- bench dipole --agent mcts:iterations=100 --seconds 0.5 && has "$out" "search steps/s:" "bench agent"
run 0 "play against an agent" -- play english-checkers --player black=alphabeta:depth=2 --player white=greedy --seed 1 &&
  has "$out" "Game over:" "agents play"

# Game records: save, resume with --load, replay (and notice a changed definition or an
# illegal move), undo and redo, resign, hint, and Ctrl-C saves the game.
rec=$(mktemp -d)
INPUT=$'e1-f2\nundo\nredo\nhint\nsave '"$rec"$'/game.txt\nquit\n\n'
run 0 "save a game" -- play dipole --seed 3 --player black=random && {
  has "$out" "Hint: " "hint"
  has "$out" "Saved to $rec/game.txt" "save"
  has "$rec/game.txt" '[Game "dipole"]' "record header"
  has "$rec/game.txt" "1. white e1-f2/1" "record move"
}
# A link planted where a write once put its temporary file: the link's target is untouched,
# and the file named is a file (every write goes through one exclusive temporary file).
printf 'precious\n' >"$rec/victim.txt"
ln -s "$rec/victim.txt" "$rec/planted.txt.tmp"
INPUT=$'quit\n\n'
run 0 "a record beside a planted link" -- play dipole --seed 3 --white random --black random --record "$rec/planted.txt" && {
  has "$rec/victim.txt" "precious" "the link's target is untouched"
  if [ -f "$rec/planted.txt" ] && [ ! -L "$rec/planted.txt" ]; then pass=$((pass + 1)); else echo "FAIL: planted.txt is not a file of its own"; fail=$((fail + 1)); fi
  if ls -a "$rec" | grep -q '^\.planted'; then echo "FAIL: a temporary file was left"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
}
run 0 "replay a record" -- replay "$rec/game.txt" && has "$out" "2 moves, all legal. Result: *" "replay"
INPUT=$'quit\n\n'
run 0 "resume a record" -- play dipole --load "$rec/game.txt" --player black=random && has "$out" "d2=bbbbbb f2=w" "resumed"
sed 's/^2\. black .*/2. black a1-a2/' "$rec/game.txt" >"$rec/bad.txt"
run 1 "replay an illegal move" -- replay "$rec/bad.txt" && has "$out" "The record leaves the rules at move 2 (black a1-a2)" "replay illegal"
sed 's/^\[Definition .*/[Definition "0000000000000000"]/' "$rec/game.txt" >"$rec/old.txt"
run 0 "replay under a changed definition" -- replay "$rec/old.txt" && has "$out" "made under a different definition" "definition changed"
INPUT=$'resign\ny\n'
run 0 "resign" -- play dipole && has "$out" "black wins (resignation)" "resign"
INPUT=$'e1-f2\n'
run 0 "--record keeps the record after every move" -- play dipole --seed 3 --black random --record "$rec/auto.txt" && {
  has "$rec/auto.txt" "1. white e1-f2/1" "record file"
  has "$rec/auto.txt" "2. black " "record file, the reply"
  has "$out" "Saved to $rec/auto.txt" "record saved on quit"
}
# No --seed: a seed is drawn, printed and recorded; the same seed plays the same game again.
INPUT=$'\n'
run 0 "a game with no seed" -- play hypergammon --white random --black random --record "$rec/drawn.txt" && {
  drawn=$(sed -n 's/^\[Seed "\([0-9]*\)"\]$/\1/p' "$rec/drawn.txt")
  has "$out" "Seed $drawn (the same game again: --seed $drawn)" "the drawn seed is printed"
  run 0 "the drawn seed again" -- play hypergammon --white random --black random --seed "$drawn" --record "$rec/again.txt" &&
    if [ -n "$drawn" ] && diff <(grep '^[0-9]' "$rec/drawn.txt") <(grep '^[0-9]' "$rec/again.txt") >/dev/null; then
      pass=$((pass + 1))
    else
      echo "FAIL: the recorded seed $drawn does not play the same game again"; fail=$((fail + 1))
    fi
  run 0 "and the record replays" -- replay "$rec/drawn.txt" && has "$out" "all legal" "drawn seed replay"
}
INPUT=$'a1-a2\n'"$rec"$'/end.txt\n'
run 0 "the end of a game offers to save" -- play death-stacks --position "red a1=r a2=b" &&
  has "$rec/end.txt" '[Result "red wins' "saved at the end"
run 2 "replay a missing file" -- replay "$rec/none.txt" && has "$err" "cannot read" "replay missing"
# Ctrl-C while waiting for a move: the game is saved, and resumes. (The feeder opens the
# FIFO read-write, which never blocks, so nothing hangs if boardlab fails to start.)
mkfifo "$rec/in"
ctrl_c_game() {  # MOVE OUTPUT: a Dipole game in $rec, MOVE typed, then Ctrl-C
  ( exec 3<>"$rec/in"; sleep 1; printf '%s\n' "$1" >&3; sleep 1; kill -INT "$(cat "$rec/pid")"; sleep 1 ) &
  local feeder=$!
  (cd "$rec" && exec timeout 20 "$bin_abs" play dipole --seed 3 --player black=random <in >"$2" 2>&1) &
  echo $! >"$rec/pid"
  wait $! ; wait $feeder
}
ctrl_c_game e1-f2 "$rec/ctrlc.out"
has "$rec/ctrlc.out" "Interrupted. Saved to dipole-interrupted.txt" "ctrl-c saves"
has "$rec/dipole-interrupted.txt" "1. white e1-f2/1" "ctrl-c record"
# Again: the earlier save stays, the new one is numbered.
ctrl_c_game e1-e3 "$rec/ctrlc2.out"
has "$rec/ctrlc2.out" "Interrupted. Saved to dipole-interrupted-2.txt" "a second ctrl-c does not overwrite"
has "$rec/dipole-interrupted.txt" "1. white e1-f2/1" "the first save kept"
has "$rec/dipole-interrupted-2.txt" "1. white e1-e3" "the second save"
rm -rf "$rec"

INPUT=$'flip\nquit\n'
run 0 "a track flipped" -- play hypergammon --seed 5 --black random && has "$out" "(points numbered for black, who moves from 24 down to 1)" "track flip"

# Playing as a person expects (the terminal's own tests, in tmux, are test_terminal.sh's): the board from
# the person's side and every move in their numbering, the record in the mover's; pip counts.
rec2=$(mktemp -d)
INPUT=$'1\nquit\n\n'
run 0 "the board from black's side" -- play hypergammon --seed 3 --black human --white level:1 --record "$rec2/black.txt" && {
  has "$out" "You play black (moves from point 24 down to 1, then off); white is level 1 (random)." "seating"
  has "$out" "(points numbered for black, who moves from 24 down to 1)" "black's numbering"
  has "$out" "white plays 3/8 2/6 (" "the computer's move in black's numbering"
  has "$out" "black b: pips 69, bar 0, borne off 0" "pip count"
  has "$rec2/black.txt" "1. white [5-4] 23/19 22/17" "the record in the mover's numbering"
}
run 0 "replay from the person's side" -- replay "$rec2/black.txt" && has "$out" "   1. white [5-4] 3/8 2/6" "replay numbering"
run 0 "replay at a move" -- replay "$rec2/black.txt" --at 1 && has "$out" "Move 1 of 3: white [5-4] 3/8 2/6" "replay --at"
run 2 "replay at a move past the end" -- replay "$rec2/black.txt" --at 9 && has "$err" "the record has 3 legal moves, so --at takes 0 to 3" "replay --at range"
INPUT=$'n\nn\np\ngoto 3\n7\nlast\nn\nzz\nq\n'
run 0 "replay step by step" -- replay "$rec2/black.txt" --step && {
  has "$out" "The start (move 0 of 3)." "step start"
  has "$out" "Move 2 of 3: black [4-2] 24/20 23/21" "step next"
  has "$out" "Move 3 of 3: white [3-3] 8/11 6/12 1/4" "step goto"
  has "$out" "The record has 3 moves: goto 0 (the start) to 3." "step out of range"
  has "$out" "That was the last move." "step past the end"
  has "$out" "'zz' is not a step." "step nonsense"
}
INPUT=$'quit\n\n'
run 0 "naming a person's seat" -- play hypergammon --black human --seed 2 &&
  has "$out" "You play black (moves from point 24 down to 1, then off); white is level 3 (mcts:iterations=100,seconds=0.4)." "--black human"
INPUT=$'d8c7\nquit\n\n'
run 0 "a grid from black's side" -- play dipole --seed 3 --black human --white level:1 && {
  has "$out" "You play black (moves up the board)" "grid seating"
  has "$out" "     h    g    f    e    d    c    b    a" "grid turned round"
  has "$out" "  8  .         .         b11       .         8" "black's stack at the bottom"
}
# No legal move: said so, and Enter passes (or --auto-pass at once).
pos="white dice:6,6 bar:w=1 6=ww 19=bb 1=b"
INPUT=$'\nquit\n\n'
run 0 "a pass on Enter" -- play hypergammon --position "$pos" --black level:1 --seed 1 && {
  has "$out" "white has no legal move (dice 6-6): press Enter to pass>" "pass prompt"
  has "$out" "white has no legal move and passes" "passed"
}
INPUT=$'quit\n\n'
run 0 "--auto-pass" -- play hypergammon --position "$pos" --black level:1 --seed 1 --auto-pass && {
  has "$out" "white has no legal move and passes" "auto pass"
  if grep -qF "press Enter to pass" "$out"; then echo "FAIL: --auto-pass asked"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
}
# Entry: a chain by its ends, a checker's path point by point, a hit mark, a number out of range.
INPUT=$'12\nc3c7\nquit\n\n'
run 0 "a chain by its start and end" -- play double-draughts --position "white c3=w d4=b d6=b h8=b" --black level:1 && {
  has "$out" "12 is not a move number: there is one legal move, 1 (type 'moves')" "number out of range"
  has "$out" "white plays c3xe5xc7" "chain by its ends"
}
INPUT=$'24/18/13\nquit\n\n'
run 0 "a checker's path" -- play hypergammon --position "white dice:6,5 1=b 2=b 3=b 22=w 23=w 24=w" --black level:1 &&
  has "$out" "white plays 24/13" "gnubg path"
INPUT=$'bar/22/21\nquit\n\n'
run 0 "entering with a hit, the mark left out" -- play hypergammon --position "white dice:3,1 bar:w=1 22=b 1=b 2=b" --black level:1 &&
  has "$out" "white plays bar/22*/21" "bar entry with hit"
INPUT=$'g1-off\nquit\n\n'
run 0 "Dipole's whole stack off" -- play dipole --position "white g1=www c7=b" --black level:1 &&
  has "$out" "white plays g1-off" "g1-off"
# The game ended there: 'quit' at the save question means no, not a file named quit.
if [ -e quit ]; then echo "FAIL: 'quit' at the save question saved a file named quit"; rm -f quit; fail=$((fail + 1)); else pass=$((pass + 1)); fi
# Levels, hints with scores.
INPUT=$'level\nlevel 2\nlevel 9\nhint 3\nhint x\nquit\n\n'
run 0 "levels and hints" -- play death-stacks --seed 2 --level 5 && {
  has "$out" "black is level 5 (" "--level"
  has "$out" "  level 1: " "level lists the ladder"
  has "$out" "black is level 2 (" "level command"
  has "$out" "level N: N is 1 (weakest) to 5 (strongest)" "bad level"
  has "$out" "Hint: " "hint"
  has "$out" "% (" "hint scores"
  has "$out" "hint N: the best N moves" "bad hint"
}
run 2 "a bad level" -- play death-stacks --level 6 && pass=$((pass + 1))
# A position that is already over says so.
run 0 "moves of a position over" -- moves death-stacks --position "red a1=r f6=br" && has "$err" "the game is over: red wins (the other side owns no stack)" "over: moves"
run 0 "perft of a position over" -- perft dablot 2 --position "white a1=K k13=k" && has "$err" "the game is over: draw (only the two kings are left)" "over: perft"
run 0 "moves with no checkers left" -- moves dipole --position "white e1=w" && has "$err" "the game is over: white wins (the other side has no piece left)" "over: dipole"
INPUT=$'quit\n\n'
run 0 "play a position over" -- play death-stacks --position "red a1=r f6=br" && has "$out" "Game over: red wins (the other side owns no stack)." "over: play"
# A record of another game names it and the command that continues it.
INPUT=$'quit\n\n'
run 2 "load another game's record" -- play dipole --load "$rec2/black.txt" &&
  has "$err" "is a record of hypergammon, not of dipole; to continue it: boardlab play hypergammon --load $rec2/black.txt" "foreign record"
rm -rf "$rec2"

# The board: the last move marked, flipped on request, no colour codes into a pipe.
INPUT=$'e1-f2\nflip\nstack d8\nstack zz\nquit\n\n'
run 0 "last move and flip" -- play dipole --seed 3 --player black=random && {
  has "$out" "  2       .        [b6 ]      w" "last move marked"
  has "$out" "     h    g    f    e    d    c    b    a" "flipped"
  has "$out" "d8: bbbbbb (bottom to top)" "full stack"
  has "$out" "stack CELL: the full stack" "stack usage"
  if grep -q $'\033\\[' "$out"; then echo "FAIL: colour codes in a pipe"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
}

# boardlab new: a starting game for every board kind, that passes check and plays.
newdir=$(mktemp -d)
for b in grid:8x8 grid:5x7 lattice:5x5 hex:5x5 hex:7x4 track:24 track:6; do
  n="start-${b/:/-}"
  run 0 "new $b" -- new "$n" --board "$b" --dir "$newdir" && has "$out" "Wrote $newdir/$n.yaml" "new $b"
  run 0 "a new $b game passes check" -- check "$newdir/$n.yaml" --games 20 && {
    has "$out" "definition ok; 20 random games" "new $b check"
    has "$out" "$n.test.yaml: 3 scenarios, all pass" "new $b: its rule tests pass"
    lines "$err" 0 "new $b: no warnings"
  }
done
INPUT=$'1\nquit\n'
run 0 "a new game plays" -- play "$newdir/start-grid-8x8.yaml" --seed 1 && has "$out" "white plays a1-a2" "new game plays"
run 0 "a new dice race plays to the end" -- play "$newdir/start-track-24.yaml" --white random --black random --seed 2 &&
  has "$out" "Game over: " "new dice race ends"
INPUT=''
# The tutorial's chapter 2: the dice game it builds, by the commands it shows.
run 0 "tutorial race: perft" -- perft docs/tutorial/race.yaml 2 && has "$out" "perft 2 " "tutorial perft"
# Chapter 3: a placement game in YAML only.
run 0 "tutorial five: test" -- test docs/tutorial/five.yaml && has "$out" "5 scenarios, all pass" "tutorial five test"
run 0 "tutorial five: simulate" -- simulate docs/tutorial/five.yaml --option line=4 --agents mcts:iterations=50,random --games 4 --out "$newdir/five-sim" &&
  has "$out" "4 games" "tutorial five simulate"
run 0 "tutorial race: simulate" -- simulate docs/tutorial/race.yaml --agents greedy,greedy --games 20 --out "$newdir/race-sim" &&
  has "$out" "20 games" "tutorial simulate"
# A track point holding another side's piece (a pinned checker) reads apart from a made one.
INPUT=$'quit\n'
run 0 "a pinned checker shows" -- play plakoto --white human --black human --position "white dice:6,5 13=bw 24=wwwwwwwwwwwwww 1=bbbbbbbbbbbbbb" &&
  has "$out" "w1b" "pinned point drawn" && has "$out" "(w1b: 1 w on top of a b)" "pinned point explained"
INPUT=''
run 2 "new over a file" -- new start-grid-8x8 --dir "$newdir" && has "$err" "exists (--force replaces it)" "new exists"
# boardlab test: a failing scenario exits 1 and says where; a file that does not read, 2.
run 1 "a failing rule test" -- test tests/failing-rule-tests/every-expectation.test.yaml &&
  has "$out" "every-expectation.test.yaml:7:12: error: scenario 'exact moves" "test failure located" &&
  has "$out" "13 scenarios, 13 failed" "test summary"
run 2 "a malformed rule test" -- test tests/failing-rule-tests/malformed.test.yaml &&
  has "$err" "did you mean 'position'?" "test file errors"
run 0 "a bundled game's tests by name" -- test breakthrough && has "$out" "breakthrough.test.yaml: 10 scenarios, all pass" "test by name"
run 2 "a game without tests" -- test dipole-10x10 && has "$err" "has no test file beside it" "test none"
run 2 "new with a bad name" -- new "Bad Name" && has "$err" "lower-case letters, digits and dashes" "new name"
run 2 "new with a bad board" -- new x --board cube:3 && has "$err" "--board takes grid:WxH" "new board"
run 2 "new with a hex board too small" -- new x --board hex:1x5 && has "$err" "hex:WxH (W 2 to 26" "new hex board"
run 2 "new with a track too short to play" -- new x --board track:4 && has "$err" "an even N from 6 to 26" "new track"
# check's warnings: legal but likely wrong.
run 0 "check warns" -- check tests/warnings/likely-wrong.yaml --games 2 && {
  has "$err" "warning: option 'speed' is never read" "check warning"
  has "$out" "definition ok (6 warnings)" "check warning count"
}
# A game written for API 1 (no api: key) runs, and check names what replaced what it uses.
run 0 "check an API-1 game" -- check tests/data/api1/dipole.yaml --games 2 && {
  has "$err" "dipole.lua:14:31: warning: game.event(name) is API 1's: API 2 writes game.flags(name)" "api 1 warning"
  has "$err" "taken as written for API 1" "api 1 warning"
}
run 0 "moves of an API-1 game" -- moves tests/data/api1/dipole.yaml && has "$out" "e1-off/12" "api 1 notation"
rm -rf "$newdir"

# The rule-tweak lab: simulate (threads, files, a variant), shards merged, compare, ladder.
same_summary() {  # same_summary A B DESCRIPTION: the two summaries agree, times aside
  if python3 - "$1/summary.json" "$2/summary.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["summary"] for p in sys.argv[1:3])
for s in (a, b):
    del s["seconds_per_game"]
    for t in s["thinking_by_agent"]:  # the moves agree; the time is measured
        del t["seconds"], t["longest"]
sys.exit(0 if a == b else 1)
PY
  then pass=$((pass + 1)); else echo "FAIL: $3: the summaries differ"; fail=$((fail + 1)); fi
}
lab=$(mktemp -d)
run 0 "simulate" -- simulate dipole --games 60 --threads 2 --out "$lab/full" && {
  has "$out" "first mover wins" "simulate summary"
  has "$out" "capture per game" "simulate events"
  lines "$lab/full/games.jsonl" 60 "a JSON line per game"
  # Played on two threads, written in the games' order (each line as the journal made it).
  if python3 -c 'import json, sys; i = [json.loads(l)["index"] for l in open(sys.argv[1])]; sys.exit(i != list(range(60)))' \
    "$lab/full/games.jsonl"; then pass=$((pass + 1)); else echo "FAIL: games.jsonl is not in the games' order"; fail=$((fail + 1)); fi
  has "$lab/full/summary.json" '"wins_by_seat"' "summary.json"
  has "$lab/full/report.html" "<svg" "report.html"
  if grep -qF '[#' "$err"; then echo "FAIL: a progress bar into a pipe"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
}
run 0 "simulate a variant" -- simulate dipole-10x10 --games 10 --agents greedy,random --out "$lab/variant" &&
  has "$out" "dipole-10x10: 10 games, greedy against random" "simulate variant"
run 0 "shard 1 of 2" -- simulate dipole --games 60 --shard 1/2 --out "$lab/s1" && lines "$lab/s1/games.jsonl" 30 "shard 1"
run 0 "shard 2 of 2" -- simulate dipole --games 60 --shard 2/2 --threads 1 --out "$lab/s2" && lines "$lab/s2/games.jsonl" 30 "shard 2"
run 0 "merge the shards" -- merge "$lab/s1" "$lab/s2" --out "$lab/merged" && has "$out" "dipole: 60 games" "merge"
# The merged summary is the whole run's, all but the times.
same_summary "$lab/full" "$lab/merged" "merged shards"
# An output folder is replaced as a whole set, and only when it is this run's or --force says so.
run 0 "the same run again" -- simulate dipole --games 60 --shard 1/2 --out "$lab/s1" && lines "$lab/s1/games.jsonl" 30 "same run"
run 2 "another run into a run's folder" -- simulate dipole --games 7 --out "$lab/s1" &&
  has "$err" "will not write into $lab/s1: it holds the results of another run (--force replaces them)" "refuse another run"
lines "$lab/s1/games.jsonl" 30 "refused: the old set stays"
mkdir "$lab/mine" && echo notes >"$lab/mine/notes.txt"
run 2 "a folder of other files" -- simulate dipole --games 7 --out "$lab/mine" --force &&
  has "$err" "it holds notes.txt, which simulate did not write; choose another --out" "refuse a foreign folder"
has "$lab/mine/notes.txt" "notes" "a foreign folder is untouched"
cp -r "$lab/s1" "$lab/other" && run 0 "--force replaces another run" -- simulate dipole --games 7 --out "$lab/other" --force &&
  lines "$lab/other/games.jsonl" 7 "--force"
run 0 "the same run, its folder named with a slash" -- simulate dipole --games 7 --out "$lab/other/" &&
  lines "$lab/other/games.jsonl" 7 "a trailing slash"
if ls -a "$lab" | grep -q '\.writing-\|\.old-'; then echo "FAIL: temporaries left in $lab"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
run 2 "merge one shard twice" -- merge "$lab/s1" "$lab/s1" && has "$err" "is in two shards" "merge twice"
run 2 "merge runs that differ" -- merge "$lab/s1" "$lab/variant" && has "$err" "is not from the same run" "merge mismatch"
# A lab game replays from its folder, as a record does; the merged folder holds every game.
run 0 "replay a lab game" -- replay "$lab/merged" --game 37 && {
  has "$out" "moves, all legal" "replay lab game"; has "$out" "white wins" "replay lab result"; }
run 0 "a lab game's position after move 2" -- replay "$lab/s2" --game 37 --at 2 && has "$out" "Move 2 of" "replay lab --at"
run 2 "a lab game the folder does not hold" -- replay "$lab/s2" --game 36 && has "$err" "holds no game 36: its games are numbered 1 to 59" "replay lab missing"
run 2 "a folder without --game" -- replay "$lab/s2" && has "$err" "is a folder: name one of its games with --game N" "replay folder"
cp -r "$lab/s2" "$lab/edited" && sed -i 's/"moves":\[[0-9]*/"moves":[999/' "$lab/edited/games.jsonl"
run 2 "a lab game edited" -- replay "$lab/edited" --game 1 && has "$err" "game 1, move 1: there is no move number 999 (from 0) of" "replay edited"
# A run stopped by SIGTERM (a cluster's time limit), SIGINT or a kill keeps the games it
# finished; --resume plays the rest, --more adds games, and either equals one whole run.
# 8 games: a kill after 2 always leaves some to play (release: about 0.25 s a game on each
# thread; the sanitizer build about 11 s), and the sanitizer build's run stays short.
slow=(dipole --agents mcts:iterations=2000,greedy --games 8 --threads 2)
run 0 "a slow run, whole" -- simulate "${slow[@]}" --out "$lab/whole"
for sig in TERM KILL; do
  "$BIN" simulate "${slow[@]}" --out "$lab/cut-$sig" >"$out" 2>"$err" &
  pid=$!
  # Up to a minute for two games: the sanitizer build, which checks every position with both
  # searches of a primitive, takes 6-7 s on an idle machine.
  for _ in $(seq 1200); do [ "$(cat "$lab/cut-$sig/games.jsonl" 2>/dev/null | wc -l)" -ge 2 ] && break; sleep 0.05; done
  { kill -$sig $pid; wait $pid; } 2>/dev/null; code=$?
  n=$(wc -l <"$lab/cut-$sig/games.jsonl")
  if [ "$n" -ge 2 ] && [ "$n" -lt 8 ]; then pass=$((pass + 1)); else echo "FAIL: SIG$sig kept $n games"; fail=$((fail + 1)); fi
  if [ $sig = TERM ]; then
    [ $code -eq 130 ] && has "$out" "Interrupted: $lab/cut-$sig holds" "SIGTERM message" || { echo "FAIL: SIGTERM exit $code"; fail=$((fail + 1)); }
  fi
  run 2 "the same run into an unfinished folder" -- simulate "${slow[@]}" --out "$lab/cut-$sig" &&
    has "$err" "holds an unfinished start of this run" "unfinished folder"
  run 0 "resume after SIG$sig" -- simulate --resume "$lab/cut-$sig" && has "$out" "games played," "resume"
  lines "$lab/cut-$sig/games.jsonl" 8 "resumed to the whole run"
  same_summary "$lab/whole" "$lab/cut-$sig" "resumed after SIG$sig"
done
# A game cut off mid-line (the machine stopped) is played again.
cp -r "$lab/s1" "$lab/torn" && python3 - "$lab/torn" <<'PY'
import json, sys
d = sys.argv[1]
lines = open(d + "/games.jsonl").read().splitlines()
open(d + "/games.jsonl", "w").write("\n".join(lines[:20]) + "\n" + lines[20][:40])
s = json.load(open(d + "/summary.json")); s["summary"] = None
json.dump(s, open(d + "/summary.json", "w"))
PY
run 0 "resume a folder with a torn line" -- simulate --resume "$lab/torn" && {
  has "$out" "was cut off as it was written" "torn line"; has "$out" "20 of 30 games played, 10 to play" "torn resume"; }
same_summary "$lab/s1" "$lab/torn" "a torn line resumed"
run 0 "a run extended" -- simulate dipole --games 30 --shard 1/2 --out "$lab/more" &&
  run 0 "--more" -- simulate --resume "$lab/more" --more 30 && lines "$lab/more/games.jsonl" 30 "--more"
same_summary "$lab/s1" "$lab/more" "a run extended by --more"
run 0 "merge an extended shard" -- merge "$lab/more" "$lab/s2" --out "$lab/merged-more" && same_summary "$lab/full" "$lab/merged-more" "merge extended"
run 2 "--resume with a new seed" -- simulate --resume "$lab/more" --seed 4 && has "$err" "--seed cannot change it" "resume options"
run 2 "--more without --resume" -- simulate dipole --more 3 && has "$err" "--more and --definition go with --resume DIR" "more alone"
run 2 "resume a merged folder" -- simulate --resume "$lab/merged" && has "$err" "holds 2 shards merged" "resume merged"
run 2 "a bad shard" -- simulate dipole --shard 3/2 && has "$err" "--shard takes K/N" "bad shard"
# A folder from a stranger names agents beyond the limits of specs from files: refused, naming
# them, before any game (alphabeta:table_bits=28 reached 6.3 GB; eval=/dev/zero read for
# ever); repeating them with --agents vouches for them.
for spec in "alphabeta:table_bits=28" "greedy:eval=/dev/zero"; do
  rm -rf "$lab/greedy-run" && cp -r "$lab/torn" "$lab/greedy-run" && python3 - "$lab/greedy-run" "$spec" <<'PY'
import json, sys
d, spec = sys.argv[1], sys.argv[2]
s = json.load(open(d + "/summary.json")); s["run"]["agents"] = [spec, "random"]; s["summary"] = None
json.dump(s, open(d + "/summary.json", "w"))
open(d + "/games.jsonl", "w").write("")
PY
  run 2 "resume a folder naming $spec" -- simulate --resume "$lab/greedy-run" &&
    has "$err" "names the agent '$spec', beyond what a spec read from a file may ask" "folder spec $spec" &&
    has "$err" "repeat its agents: --agents '$spec,random'" "folder spec $spec: how to vouch"
done
run 2 "--agents other than the folder's" -- simulate --resume "$lab/greedy-run" --agents random,random &&
  has "$err" "--agents with --resume repeats the run's agents" "resume other agents"
run 2 "vouched: the weights file itself is then read and refused" -- simulate --resume "$lab/greedy-run" --agents "greedy:eval=/dev/zero,random" &&
  has "$err" "not a regular file" "vouched spec reads the file"
# A rule-test file's time budget (test_rule_tests.cpp runs one past it).
run 0 "test --max-seconds" -- test breakthrough --max-seconds 300 && has "$out" "all pass" "test --max-seconds"
run 2 "test --max-seconds 0" -- test breakthrough --max-seconds 0 && has "$err" "--max-seconds" "test --max-seconds 0"
# Results edited by hand: a clear message, never a crash.
cp -r "$lab/s1" "$lab/bad" && sed -i 's/"agents": \[/"agents": ["random", /' "$lab/bad/summary.json"
run 2 "merge a summary with three agents" -- merge "$lab/bad" && has "$err" "agents must list an agent per player (dipole has 2)" "merge bad agents"
cp -r "$lab/s1" "$lab/bad2" && sed -i '1s/"plies":[0-9]*/"plies":-100/' "$lab/bad2/games.jsonl"
run 2 "merge a game with negative plies" -- merge "$lab/bad2" && has "$err" "games.jsonl:1: plies must be a whole number from 0 to 200000000, not -100" "merge bad plies"
run 2 "one agent" -- simulate dipole --agents mcts && has "$err" "dipole has 2 players: give 2 agents, not 1" "one agent"
run 2 "a bad agent" -- simulate dipole --agents mcts,wizard && has "$err" "no agent named 'wizard'" "bad agent"
# The same rules twice: the sequential test settles that the first mover's rate is the same.
run 0 "compare a rule set with itself" -- compare dipole --option first_player=white --games 4000 --batch 200 --out "$lab/cmp" && {
  has "$out" "Settled after" "compare settles"
  has "$out" "differs by less than 0.05" "compare same"
  has "$lab/cmp/compare.json" '"verdict": "same"' "compare.json"
}
# Agents without chance play one game again: no verdict from its copies; --openings auto (the
# default) starts their games with random plies, and says so.
run 0 "compare copies of one game" -- compare breakthrough --option first_player=black --agents alphabeta:depth=1,alphabeta:depth=1 \
  --openings 0 --games 200 && { has "$out" "No verdict after 100 games each: in A, the 100 games are only 1 distinct" "compare copies"
  has "$out" "Distinct games: A 1 of 100; B 1 of 100." "compare distinct"; }
run 0 "compare with openings by default" -- compare breakthrough --option first_player=black --agents alphabeta:depth=1,alphabeta:depth=1 \
  --games 40 --batch 40 && { has "$out" "Openings: each round starts with 4 random plies (--openings auto" "openings auto"
  has "$out" ", 4 random plies first." "compare openings line"; }
run 0 "sweep takes --openings" -- sweep breakthrough --option first_player=white,black --agents greedy,greedy --games 4 --openings 2 \
  --out "$lab/sweep-openings" && has "$out" "2 random plies first" "sweep openings"
run 2 "a bad --openings" -- simulate breakthrough --openings many && has "$err" "--openings takes auto or a number of plies" "openings value"
run 2 "a fairness question no delta can answer" -- compare breakthrough --option first_player=black --test fairer --delta 0.5 &&
  has "$err" "--delta 0.5 can never find B fairer" "fairer delta"
run 0 "a test that likely runs out of games is said first" -- compare breakthrough --option first_player=black --games 20 --batch 20 &&
  { has "$out" "Note: a difference of 0.05 takes the test about 1455 games each on average" "test reach"
    has "$out" "Agents: random,random (the default)" "random default said"; }
run 0 "is a rule set fairer than itself?" -- compare dipole --option first_player=white --test fairer --games 4000 --batch 200 \
  --out "$lab/cmp-fair" && {
  has "$out" "B is not fairer than A by 0.05" "compare fairer"
  has "$out" "a lead to test (--test), not a finding" "the stars explained"
  has "$lab/cmp-fair/compare.json" '"verdict": "not fairer"' "compare.json fairer"
  has "$lab/cmp-fair/compare.json" '"first_agent_score"' "compare.json summaries"
}
run 0 "does greedy's edge over random differ?" -- compare dipole --option first_player=white --test skill --agents greedy,random \
  --games 100 --batch 50 && { has "$out" "first agent score" "compare skill row"; has "$out" "on the first agent's score (two-sided)" "compare skill"; }
run 2 "an unknown question" -- compare dipole --option first_player=white --test better && has "$err" "--test" "compare bad test"
# Learned evaluations: train, use the weights anywhere, refuse a foreign file; compare's eval=auto.
nim=tests/data/nim-race/nim-race.yaml
run 0 "train" -- train "$nim" --games 3000 --check-games 20 --out "$lab/nim.weights" && {
  has "$out" "3000 games" "train games"
  has "$out" "greedy with the weights scores" "train strength check"
  before "$out" "greedy with the weights scores" "3000 games (" "each check printed when it is made, not at the end"
  has "$lab/nim.weights" "boardlab-weights 1" "weights file"
}
run 0 "train again, the same seed" -- train "$nim" --games 3000 --check-games 0 --out "$lab/nim2.weights" &&
  { cmp -s <(tail -c 2000 "$lab/nim.weights") <(tail -c 2000 "$lab/nim2.weights") && pass=$((pass + 1)) ||
    { echo "FAIL: one thread and one seed gave two sets of weights"; fail=$((fail + 1)); }; }
run 0 "weights in a match" -- match "$nim" "greedy:eval=$lab/nim.weights" "mcts:iterations=20" --games 10 && has "$out" "wins" "match eval"
run 2 "weights of another game" -- simulate dipole --agents "greedy:eval=$lab/nim.weights,greedy" --games 2 &&
  has "$err" "trained for 'nim-race', not 'dipole'" "foreign weights"
run 2 "train without a budget" -- train "$nim" && has "$err" "train needs --games N or --minutes M" "train budget"
run 2 "train from a bad file" -- train "$nim" --games 10 --from "$nim" && has "$err" "not a weights file" "train --from"
run 0 "train an antisymmetric network" -- train "$nim" --antisymmetric --games 2000 --check-games 0 --out "$lab/anti.weights" && {
  has "$out" "antisymmetric" "train --antisymmetric"
  has "$lab/anti.weights" "boardlab-weights 2" "antisymmetric weights file"
}
run 2 "an antisymmetric network from a file" -- train "$nim" --antisymmetric --games 10 --from "$lab/nim.weights" &&
  has "$err" "--antisymmetric makes a new network" "train --antisymmetric --from"
run 2 "an antisymmetric network for three" -- train tests/data/three-way-race/three-way-race.yaml --antisymmetric --games 10 &&
  has "$err" "an antisymmetric network is for two players; 'three-way-race' has 3" "train --antisymmetric three players"
run 0 "compare with learned agents" -- compare breakthrough-6x6 --variant first_player=black --agents "greedy:eval=auto,greedy" \
  --games 20 --batch 20 --train-minutes 0.05 --weights-cache "$lab/wc" && {
  has "$out" "trained 0.05 minutes by self-play" "compare eval=auto trains"
  [ "$(ls "$lab/wc" | wc -l)" -eq 2 ] && pass=$((pass + 1)) || { echo "FAIL: eval=auto: not one file per rule set"; fail=$((fail + 1)); }
}
run 0 "compare with learned agents again" -- compare breakthrough-6x6 --variant first_player=black --agents "greedy:eval=auto,greedy" \
  --games 20 --batch 20 --train-minutes 0.05 --weights-cache "$lab/wc" && has "$out" "weights from $lab/wc" "compare eval=auto reuses"
run 0 "compare two definitions" -- compare death-stacks death-stacks-tall5 --games 40 --batch 20 --max-plies 200 &&
  { has "$out" "B: death-stacks-tall5" "compare files"; has "$out" "first mover wins" "compare rows"; }
run 2 "compare without a second rule set" -- compare dipole && has "$err" "compare needs a second rule set" "compare usage"
run 0 "a ladder" -- simulate dipole --ladder --agents random,greedy --games 20 --out "$lab/ladder" && {
  has "$out" "Elo ratings, fitted to every pair at once (random at 0)" "ladder Elo"
  has "$out" "The first mover's win rate in each pair's games:" "ladder first mover"
  has "$lab/ladder/ladder.json" '"elo"' "ladder.json Elo"
  has "$out" "The row agent's score against the column agent" "ladder"
  if awk '$1 == "greedy" { exit !($2 + 0 > 0.5) }' "$out"; then pass=$((pass + 1)); else echo "FAIL: greedy does not beat random"; cat "$out"; fail=$((fail + 1)); fi
}
run 0 "a ladder of the agents given, even two randoms" -- simulate dipole --ladder --agents random,random --games 4 &&
  { has "$out" "random  " "ladder agents"; if grep -q greedy "$out"; then echo "FAIL: the ladder replaced --agents"; fail=$((fail + 1)); else pass=$((pass + 1)); fi; }

# A match that stops once its SPRT settles, with its games saved as records that replay.
run 0 "a match with an SPRT and records" -- match dipole greedy random --games 400 --sprt 0,100 --threads 2 --records "$lab/recs" && {
  has "$out" "H1 accepted: the first agent is stronger" "match SPRT"; has "$out" "Elo >= +" "match Elo: a clean sweep is a bound"
  has "$out" "the first mover won" "match first mover"
  n=$(ls "$lab/recs" | wc -l); [ "$n" -lt 400 ] && [ "$n" -ge 20 ] && pass=$((pass + 1)) || { echo "FAIL: the SPRT did not stop the match ($n records)"; fail=$((fail + 1)); }
}
run 0 "a match's record replays" -- replay "$lab/recs/0002.txt" && has "$out" "moves, all legal" "match record"
run 2 "an SPRT upside down" -- match dipole greedy random --sprt 10,0 && has "$err" "needs ELO1 above ELO0" "sprt order"
run 2 "records into a folder of other files" -- match dipole greedy random --records "$lab/mine" && has "$err" "which is not a record" "records folder"

# Three players: self-play with an agent per seat, play with a person among agents, and
# what is refused (a match of two, two agents for three seats).
race=tests/data/three-way-race/three-way-race.yaml
run 0 "simulate three players" -- simulate "$race" --agents mcts:iterations=50,greedy,random --games 9 --out "$lab/race" && {
  has "$out" "north wins" "three seats"; has "$out" "south wins" "three seats"; has "$out" "in game i, A plays seat i mod 3" "rotation"; }
run 2 "two agents for three seats" -- simulate "$race" --agents random,random && has "$err" "give 3 agents, not 2" "agent count"
run 2 "a match of three players" -- match "$race" random random && has "$err" "match seats two agents" "match refuses"
INPUT=$'1\nquit\n\n'
run 0 "play three players" -- play "$race" --seed 2 --east greedy --south random && {
  has "$out" "north plays" "north moves"; has "$out" "east plays" "east replies"; has "$out" "south plays" "south replies"; }

# A record from elsewhere opens only a bundled game by itself; a definition file is named on
# the command line.
INPUT=$'1\nquit\n\n'
run 0 "a record of a game played from its file" -- play "$race" --seed 2 --east greedy --south random --record "$lab/race.txt"
run 2 "replay refuses the path a record names" -- replay "$lab/race.txt" && has "$err" "opens only bundled games named in a file" "record path"
run 0 "replay by a definition given" -- replay "$lab/race.txt" --definition "$race" && has "$out" "moves, all legal" "replay --definition"
printf '[Game "/dev/zero"]\n1. white e1-f2\n' >"$lab/zero.txt"
run 2 "a record naming /dev/zero" -- replay "$lab/zero.txt" && has "$err" "('/dev/zero')" "record device"
run 2 "replay a device" -- replay /dev/zero && has "$err" "cannot read /dev/zero: not a regular file" "replay device"

# The report opens in a browser without network, with no errors in its console.
# The sweep: every rule set with the same seeds, one table, one report, a folder per set.
run 0 "sweep an option" -- sweep death-stacks --option max_height=3,4,5,6 --agents greedy,greedy --games 40 --max-plies 300 \
  --out "$lab/sweep" && {
  has "$out" "max_height=3" "sweep columns"; has "$out" "max_height=6" "sweep: the last point"; has "$out" "first agent score" "sweep rows"
  # Four rule sets do not fit 100 columns side by side: the table goes on below.
  if awk '/max_height=|[0-9] \([0-9.]+-[0-9.]+\)/ && length($0) > 100 {print "  over 100: " $0; n++} END {exit n > 0}' "$out"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  has "$lab/sweep/sweep.json" '"swept_option": "max_height"' "sweep.json"
  lines "$lab/sweep/02/games.jsonl" 40 "a sweep point's games"
}
# Its middle point is the plain run of that option's value: the same seeds and agents.
run 0 "the sweep's middle point alone" -- simulate death-stacks --option max_height=4 --agents greedy,greedy --games 40 \
  --max-plies 300 --out "$lab/sweep-4" && same_summary "$lab/sweep/02" "$lab/sweep-4" "a sweep point is its own run"
run 0 "sweep two definitions" -- sweep dipole dipole-10x10 --games 10 --out "$lab/sweep-defs" && has "$out" "dipole-10x10" "sweep defs"
# --force replaces a run's files, never a folder or a link that bears one of their names.
mkdir -p "$lab/mine/report.html" && printf 'mine\n' >"$lab/mine/report.html/notes.txt"
run 2 "--force keeps a folder named report.html" -- simulate dipole --games 2 --out "$lab/mine" --force && {
  has "$err" "its report.html is not a file simulate wrote" "force: a folder"; has "$lab/mine/report.html/notes.txt" "mine" "force: kept"; }
mkdir -p "$lab/mysweep/sweep.json" && printf 'mine\n' >"$lab/mysweep/sweep.json/notes.txt"
run 2 "sweep keeps a folder named sweep.json" -- sweep dipole --option first_player=white,black --games 2 --out "$lab/mysweep" --force &&
  has "$lab/mysweep/sweep.json/notes.txt" "mine" "sweep force: kept"
# A folder's run at the most games a run may hold: --more is refused, not played (or overflowed).
run 0 "a run to grow" -- simulate dipole --games 2 --out "$lab/big" && sed -i 's/"games": 2,/"games": 100000000,/' "$lab/big/summary.json"
run 2 "--more past the most games" -- simulate --resume "$lab/big" --more 1 && has "$err" "would then hold more than 100000000 games" "more: bound"
run 2 "sweep two options at once" -- sweep dipole --option first_player=white,black --option x=1,2 &&
  has "$err" "sweep varies one option at a time" "sweep two keys"
run 2 "a sweep of one rule set" -- sweep dipole && has "$err" "a sweep needs two rule sets or more" "sweep one"
run 2 "a sweep value out of range" -- sweep death-stacks --option max_height=0,4 && has "$err" "must be at least 1, not 0" "sweep range"

# The reports open in a browser without network, with no errors in their consoles.
# check_page FILE TABLE-ID PLOTS: the page has the table and that many plots.
check_page() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$lab/chromium" --enable-logging=stderr --v=0 \
    --dump-dom "file://$1" >"$out" 2>"$err"
  has "$out" "<table id=\"$2\">" "$1 in chromium"
  local n; n=$(grep -o '<svg' "$out" | wc -l)
  [ "$n" -eq "$3" ] && pass=$((pass + 1)) || { echo "FAIL: $1: $n plots, expected $3"; fail=$((fail + 1)); }
  if grep -E "CONSOLE|Uncaught|Failed to load" "$err"; then echo "FAIL: $1: errors in chromium"; fail=$((fail + 1)); else pass=$((pass + 1)); fi
}
if command -v chromium >/dev/null; then
  check_page "$lab/full/report.html" summary 3
  check_page "$lab/cmp/report.html" compare 3
  check_page "$lab/ladder/ladder.html" ratings 1  # the ratings with their intervals
  check_page "$lab/sweep/report.html" sweep 8  # a plot per statistic: Death Stacks declares no events
else
  echo "FAIL: chromium is not installed (cli/run.sh test installs it)"; fail=$((fail + 1))
fi
rm -rf "$lab"

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
