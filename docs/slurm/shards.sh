#!/bin/bash
#SBATCH --job-name=dipole-balance
#SBATCH --array=1-16
#SBATCH --cpus-per-task=4
#SBATCH --time=01:00:00
# A simulate run split into shards, one per array task: `sbatch --array=1-N` makes N shards.
# BOARDLAB, GAMES and AGENTS in the environment (GAMES=1000 sbatch shards.sh) change the defaults.
cd "$SLURM_SUBMIT_DIR"
"${BOARDLAB:-build/cli/boardlab}" simulate dipole --games "${GAMES:-100000}" \
  --agents "${AGENTS:-mcts:iterations=500,mcts:iterations=500}" --seed 7 --threads "$SLURM_CPUS_PER_TASK" \
  --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" --out "results/dipole-$SLURM_ARRAY_TASK_ID"
