#!/usr/bin/env bash
# The production path of the README, from a fresh clone of what is committed:
# install with the build tools and build once, reinstall runtime dependencies only
# (`npm ci --omit=dev`), then start the server and the worker from dist/ and serve requests.
set -euo pipefail
SRC="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d)"
cleanup() {
  [[ -n "${SERVER_PID:-}" ]] && kill "$SERVER_PID" 2>/dev/null || true
  [[ -n "${WORKER_PID:-}" ]] && kill "$WORKER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

git clone -q "$SRC" "$WORK/app"
cd "$WORK/app"
echo "-- build stage: npm ci (with dev dependencies), which builds dist/"
# `engines` must tell the truth: no dependency may ask for a newer Node than it allows.
npm ci --no-audit --no-fund --loglevel=warn 2>&1 | tee "$WORK/install.out"
if grep -q EBADENGINE "$WORK/install.out"; then echo "a dependency needs a newer Node than engines allows" >&2; exit 1; fi
test -f dist/src/server.js
test -f web/dist/portal/index.html
echo "-- runtime stage: npm ci --omit=dev"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
if [[ -d node_modules/typescript ]]; then echo "dev dependencies were installed" >&2; exit 1; fi
test -f dist/src/server.js

echo "-- start"
export DATA_DIR="$WORK/data" HOST=127.0.0.1 LOG_LEVEL=info
# What `npm start` runs, started directly so that its own exit code is the one checked at the end.
# On a free port (PORT=0): the address is read from the "listening" log line.
PORT=0 node --heap-growing-percent=50 dist/src/server.js > "$WORK/server.out" 2>&1 &
SERVER_PID=$!
BASE=""
for _ in $(seq 1 120); do
  BASE="$(grep -oE '"address":"http://[^"]+"' "$WORK/server.out" | head -n1 | cut -d'"' -f4 || true)"
  [[ -n "$BASE" ]] && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.out"; echo "the server exited at start" >&2; exit 1; }
  sleep 0.5
done
[[ -n "$BASE" ]] || { cat "$WORK/server.out"; echo "the server did not start" >&2; exit 1; }
curl -fsS "$BASE/readyz"; echo
KEY="$(grep -oE 'svc_test_[A-Za-z0-9]+' "$WORK/server.out" | head -n1 || true)"
[[ -n "$KEY" ]] || { cat "$WORK/server.out"; echo "no demo key printed" >&2; exit 1; }
ANSWER="$(curl -fsS "$BASE/api/v1/calculate/safe-to-spend" -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
  -d '{"end_user_id":"user_1","cash_balance":2500,"upcoming_bills":[{"amount":1200,"due_in_days":5}],"cash_buffer":300}')"
echo "$ANSWER"
grep -q '"safe_to_spend_today":33.33' <<< "$ANSWER"
# The portal built in the build stage is served by the runtime install, compressed.
PAGE="$(curl -fsS "$BASE/portal/")"
grep -q '<div id="root">' <<< "$PAGE"
ASSET="$(grep -oE '/assets/portal-[^"]+\.js' <<< "$PAGE" | head -n1)"
HEADERS="$(curl -fsS -o /dev/null -H 'Accept-Encoding: br' -D - "$BASE$ASSET")"
grep -qi '^content-encoding: br' <<< "$HEADERS"
echo "portal: $BASE/portal/ ($ASSET, brotli)"

echo "-- worker"
node --heap-growing-percent=50 dist/src/worker.js > "$WORK/worker.out" 2>&1 &
WORKER_PID=$!
sleep 3
kill -0 "$WORKER_PID"
kill -TERM "$WORKER_PID"; wait "$WORKER_PID" || { cat "$WORK/worker.out"; echo "the worker did not stop cleanly" >&2; exit 1; }; WORKER_PID=
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" || { cat "$WORK/server.out"; echo "the server did not stop cleanly" >&2; exit 1; }; SERVER_PID=
echo "production install: ok"
