#!/usr/bin/env bash
# Plays this checkout's bot against the frozen baseline (docs/ai.md, the `baseline:` line) over the
# bot protocol (docs/bot-protocol.md).
#
#   scripts/vs_baseline.sh [SIM ARGS...]
#
# The baseline commit is checked out with `git worktree add` into its own directory (with its own
# target directory) and built there once; this checkout is built too; then
#
#   tashkalar sim --bots 'mcts:LEVEL,cmd@TIME:<baseline>/target/release/tashkalar bot --level BASE'
#
# runs under `nice -n 19` with the SIM ARGS given (e.g. --games 200 --mode high-form --jobs 2
# --seed 2026 --json). Environment: LEVEL (this checkout's level, default hard), BASE (the
# baseline's level, default hard), TIME (the baseline's budget a decision in seconds, default 10),
# BASELINE_DIR (where the baseline is checked out, default /tmp/tashkalar-baseline-<hash>).
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
hash=$(sed -n 's/^baseline: \([0-9a-f]\{40\}\)$/\1/p' "$root/docs/ai.md" | head -n 1)
if [ -z "$hash" ]; then
    echo "vs_baseline: no 'baseline: <full hash>' line in docs/ai.md" >&2
    exit 1
fi
dir=${BASELINE_DIR:-${TMPDIR:-/tmp}/tashkalar-baseline-$hash}
if [ ! -e "$dir/Cargo.toml" ]; then
    git -C "$root" worktree add --detach "$dir" "$hash" >&2
fi
CARGO_TARGET_DIR="$dir/target" nice -n 19 cargo build --release --quiet --bin tashkalar \
    --manifest-path "$dir/Cargo.toml"
nice -n 19 cargo build --release --quiet --bin tashkalar --manifest-path "$root/Cargo.toml"
target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
new="$target/release/tashkalar"
baseline="$dir/target/release/tashkalar"
exec nice -n 19 "$new" sim \
    --bots "mcts:${LEVEL:-hard},cmd@${TIME:-10}:$baseline bot --level ${BASE:-hard}" "$@"
