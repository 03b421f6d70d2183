#!/usr/bin/env bash
# Nightly export of yesterday's call results, for cron:
#   15 6 * * *  /opt/cacs/examples/nightly-report.sh summer >>/var/log/cacs-report.log 2>&1
# The token is read from a file only root can read (or use accessTokenCommand in the config).
set -euo pipefail

campaign="${1:?usage: nightly-report.sh <campaign> [output folder]}"
out_dir="${2:-/srv/exports}"
export CACS_ACCESS_TOKEN="$(cat /etc/cacs/token)"
day="$(TZ=Asia/Ho_Chi_Minh date -d yesterday +%F)"
file="$out_dir/calls-$campaign-$day.csv"

echo "$(date -Is) exporting $campaign for $day → $file"
# -o is atomic: the file appears complete or not at all.
if cacs --quiet report --campaign "$campaign" --from yesterday --to yesterday -o "$file"; then
  echo "$(date -Is) done: $(($(wc -l <"$file") - 1)) call attempts"
else
  status=$?
  # 1: service unreachable (try again later), 2: bad settings, 4: token or campaign refused.
  echo "$(date -Is) FAILED with exit code $status" >&2
  exit "$status"
fi
