#!/usr/bin/env bash
# The JSON stream piped into jq: a demo race, one line per runner each time the standings change,
# then the result. Every frame is one JSON object per line (see docs/FRONTENDS.md and
# docs/frame.schema.json); logs go to standard error and never mix in.
#
#   examples/json-jq.sh                # uses .build/debug/materunner
#   MATERUNNER=/usr/local/bin/materunner examples/json-jq.sh
set -euo pipefail
cd "$(dirname "$0")/.."
materunner=${MATERUNNER:-.build/debug/materunner}
command -v jq >/dev/null || { echo "json-jq.sh needs jq: apt-get install jq" >&2; exit 1; }

"$materunner" demo --goal 0.3 --speedup 50 --frontend json |
    jq --unbuffered -r '
        if .type == "status" and .stage == "running" then
            .runners[] | select(.leader) | "\(.name) leads at \(.distance) (\(.distance_m) m, \(.pace // "no pace yet"))"
        elif .type == "result" then
            "result: \(.message)", (.runners[] | "  \(.rank). \(.name) \(.time) (\(.time_s) s)")
        elif .type == "notice" then
            "[\(.level)] \(.message)"
        else empty end' |
    uniq
