#!/usr/bin/env bash
# Checks hookguard-alertmanager.yml: the configuration loads, every routing case below reaches exactly
# the receivers it names, and the store-down inhibition really mutes the per-class alerts in a running
# Alertmanager. Needs amtool and prometheus-alertmanager (Debian: prometheus-alertmanager).
set -euo pipefail
cd "$(dirname "$0")"
config=hookguard-alertmanager.yml

amtool check-config "$config" >/dev/null

failures=0
passes=0
route() { # route EXPECTED_RECEIVERS LABEL=VALUE...
  local expected=$1
  shift
  if amtool config routes test --config.file="$config" --verify.receivers="$expected" "$@" >/dev/null 2>&1; then
    passes=$((passes + 1))
  else
    echo "route FAILED: $* -> expected $expected, got $(amtool config routes test --config.file="$config" "$@" 2>/dev/null)"
    failures=$((failures + 1))
  fi
}

# critical: on-call first, then the owning team where there is one (continue: true)
route slack-oncall,slack-payments alertname=HookguardStoreUnavailable severity=critical endpoint=stripe
route slack-oncall,slack-platform alertname=HookguardStoreUnavailable severity=critical endpoint=github-main
route slack-oncall alertname=HookguardStoreUnavailable severity=critical endpoint=orders
# warnings go to the team that owns the endpoint
route slack-payments alertname=HookguardDeadLetters severity=warning endpoint=stripe
route slack-payments alertname=HookguardHandlerFailing severity=warning endpoint=shopify
route slack-payments alertname=HookguardDeadLetters severity=warning endpoint=stripe-connect
route slack-platform alertname=HookguardSignaturesRejected severity=warning endpoint=github
route slack-platform alertname=HookguardClaimSlow severity=warning endpoint=slack
route slack-hookguard alertname=HookguardDeadLetters severity=warning endpoint=orders
route slack-hookguard alertname=HookguardDeadLettersByClass severity=warning endpoint=orders error_class=timeout
# recovery (DESIGN §8): a stuck dispatcher pages; a growing or late queue and stalled records go to the team
route slack-oncall alertname=HookguardDispatcherStuck severity=critical endpoint=orders
route slack-oncall,slack-payments alertname=HookguardDispatcherStuck severity=critical endpoint=shopify
route slack-hookguard alertname=HookguardQueueGrowing severity=warning endpoint=orders
route slack-payments alertname=HookguardQueueBehind severity=warning endpoint=stripe
route slack-platform alertname=HookguardRecordsStalled severity=warning endpoint=github
route slack-platform alertname=HookguardDeadLettersByClass severity=warning endpoint=github error_class=schema
# info stays out of the chat channels
route chat-webhook alertname=HookguardPayloadMismatch severity=info endpoint=stripe
route chat-webhook alertname=HookguardPayloadMismatch severity=info endpoint=github
route chat-webhook alertname=HookguardPayloadMismatch severity=info endpoint=orders
# an endpoint named like a team's prefix is not that team's
route slack-hookguard alertname=HookguardDeadLetters severity=warning endpoint=stripey
# other alerts are not Hookguard's business
route chat-webhook alertname=NodeDown severity=critical

echo "alertmanager routes: $passes cases as expected, $failures not"

# Inhibition, in a real Alertmanager: the store of "orders" is down, that of "stripe" is not.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
data=$(mktemp -d)
prometheus-alertmanager --config.file="$config" --storage.path="$data" --cluster.listen-address= \
  --web.listen-address="127.0.0.1:$port" >"$data/log" 2>&1 &
am_pid=$!
trap 'kill "$am_pid" 2>/dev/null || true; wait "$am_pid" 2>/dev/null || true; rm -rf "$data"' EXIT
url="http://127.0.0.1:$port"
for _ in $(seq 1 50); do
  curl -fsS "$url/-/ready" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "$url/-/ready" >/dev/null || { echo "Alertmanager did not start:"; cat "$data/log"; exit 1; }

amtool alert add --alertmanager.url="$url" alertname=HookguardStoreUnavailable severity=critical endpoint=orders
amtool alert add --alertmanager.url="$url" alertname=HookguardDeadLettersByClass severity=warning endpoint=orders error_class=timeout
amtool alert add --alertmanager.url="$url" alertname=HookguardHandlerFailing severity=warning endpoint=orders
amtool alert add --alertmanager.url="$url" alertname=HookguardDeadLettersByClass severity=warning endpoint=stripe error_class=timeout
amtool alert add --alertmanager.url="$url" alertname=HookguardEventsDeadLettered severity=warning endpoint=stripe
amtool alert add --alertmanager.url="$url" alertname=HookguardEventsDeadLettered severity=warning endpoint=github
# Recovery: the dispatcher of "batch" is stuck; "github" only has a queue that grows.
amtool alert add --alertmanager.url="$url" alertname=HookguardDispatcherStuck severity=critical endpoint=batch
amtool alert add --alertmanager.url="$url" alertname=HookguardQueueBehind severity=warning endpoint=batch
amtool alert add --alertmanager.url="$url" alertname=HookguardQueueGrowing severity=warning endpoint=batch
amtool alert add --alertmanager.url="$url" alertname=HookguardQueueGrowing severity=warning endpoint=github
amtool alert add --alertmanager.url="$url" alertname=HookguardQueueBehind severity=warning endpoint=orders

inhibited() { # inhibited ALERTNAME ENDPOINT -> "true" or "false"
  curl -fsS "$url/api/v2/alerts?filter=alertname%3D%22$1%22&filter=endpoint%3D%22$2%22" \
    | python3 -c 'import json,sys; a=json.load(sys.stdin); print("true" if a and a[0]["status"]["inhibitedBy"] else "false")'
}
expect_inhibited() { # expect_inhibited ALERTNAME ENDPOINT EXPECTED
  local actual
  actual=$(inhibited "$1" "$2")
  if [ "$actual" = "$3" ]; then
    passes=$((passes + 1))
  else
    echo "inhibition FAILED: $1 on $2 inhibited=$actual, expected $3"
    failures=$((failures + 1))
  fi
}
expect_inhibited HookguardDeadLettersByClass orders true
expect_inhibited HookguardHandlerFailing orders true
expect_inhibited HookguardStoreUnavailable orders false
expect_inhibited HookguardDeadLettersByClass stripe false
expect_inhibited HookguardEventsDeadLettered stripe true
expect_inhibited HookguardEventsDeadLettered github false
expect_inhibited HookguardQueueBehind orders true
expect_inhibited HookguardQueueBehind batch true
expect_inhibited HookguardQueueGrowing batch true
expect_inhibited HookguardDispatcherStuck batch false
expect_inhibited HookguardQueueGrowing github false

echo "alertmanager routes and inhibition: $passes cases as expected, $failures not"
[ "$failures" -eq 0 ]
