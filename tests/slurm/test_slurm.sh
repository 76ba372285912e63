#!/usr/bin/env bash
# A real cluster: starts a single-node Slurm (slurm-wlm) with its own configuration, munge
# daemon, ports and spool in a temporary folder, submits the lab page's job array
# (docs/slurm/shards.sh, shown in docs/lab.md) and the merge that depends on it, and checks
# that the merged shards are the run one `simulate` makes of the same games. Exits 77
# (skipped) with the reason when Slurm cannot start here.
# Usage: test_slurm.sh PATH/TO/boardlab (from the repository).
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(pwd)
skip() { echo "SKIPPED: $*"; exit 77; }
for cmd in slurmctld slurmd sbatch squeue sinfo munged; do
  command -v $cmd >/dev/null || skip "$cmd is missing (cli/run.sh test installs slurm-wlm and munge)"
done
work=$(mktemp -d)
cleanup() {
  for pid in "$work"/slurmd.pid "$work"/slurmctld.pid "$work"/munged.pid; do
    [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null
  done
  sleep 0.5
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/state" "$work/spool" "$work/run"
head -c 1024 /dev/urandom >"$work/munge.key" && chmod 400 "$work/munge.key"
munged --force --key-file="$work/munge.key" --socket="$work/munge.sock" --pid-file="$work/munged.pid" \
  --log-file="$work/munged.log" --seed-file="$work/munged.seed" 2>"$work/munged.err" ||
  skip "munged would not start: $(tail -2 "$work/munged.err" "$work/munged.log" 2>/dev/null | tr '\n' ' ')"
host=$(hostname -s)
port=$((20000 + RANDOM % 20000))
cat >"$work/slurm.conf" <<CONF
ClusterName=boardlabtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -i 2>"$work/slurmctld.err" || skip "slurmctld would not start: $(tail -3 "$work/slurmctld.err")"
slurmd 2>"$work/slurmd.err" || skip "slurmd would not start: $(tail -3 "$work/slurmd.err")"
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -q idle && break
  sleep 0.5
done
sinfo -h -o %T 2>/dev/null | grep -q idle ||
  skip "the Slurm node did not come up: $(tail -3 "$work/slurmd.log" "$work/slurmctld.log" 2>/dev/null | tr '\n' ' ')"

fail=0
games=120 agents=greedy,random
cd "$work/run"
# The lab page's job array (docs/lab.md), as 4 shards of one CPU each on this node.
# (--export=ALL,KEY=VALUE would split AGENTS at its comma: the variables go in the environment.)
job=$(BOARDLAB="$BIN" GAMES=$games AGENTS=$agents sbatch --parsable --array=1-4 --cpus-per-task=1 --export=ALL \
  "$root/docs/slurm/shards.sh") || { echo "FAIL: sbatch refused the job array"; exit 1; }
merge=$(sbatch --parsable --dependency=afterok:"$job" --wrap "$BIN merge results/dipole-* --out results/dipole") ||
  { echo "FAIL: sbatch refused the merge"; exit 1; }
for _ in $(seq 600); do
  [ -z "$(squeue -h -j "$job,$merge" 2>/dev/null)" ] && break
  if squeue -h -j "$merge" -o %r 2>/dev/null | grep -q DependencyNeverSatisfied; then
    echo "FAIL: a shard failed"; tail -n 3 slurm-*.out; exit 1
  fi
  sleep 0.5
done
if [ -n "$(squeue -h -j "$job,$merge" 2>/dev/null)" ]; then
  echo "FAIL: the jobs did not finish in 300 s"; squeue; exit 1
fi
for k in 1 2 3 4; do
  [ "$(wc -l <"results/dipole-$k/games.jsonl" 2>/dev/null)" = $((games / 4)) ] ||
    { echo "FAIL: shard $k: not $((games / 4)) games"; cat slurm-*"_$k".out 2>/dev/null; fail=1; }
done
"$BIN" simulate dipole --games $games --agents $agents --seed 7 --threads 2 --out one >/dev/null ||
  { echo "FAIL: the single run"; fail=1; }
if python3 - results/dipole/summary.json one/summary.json <<'PY'
import json, sys
a, b = (json.load(open(p))["summary"] for p in sys.argv[1:3])
for s in (a, b):
    del s["seconds_per_game"]
    for t in s["thinking_by_agent"]:  # the moves agree; the time is measured
        del t["seconds"], t["longest"]
sys.exit(0 if a == b else 1)
PY
then echo "slurm: 4 shards on Slurm merged equal one run of $games games"
else echo "FAIL: the merged shards differ from one run"; cat slurm-"$merge".out 2>/dev/null; fail=1
fi
exit $fail
