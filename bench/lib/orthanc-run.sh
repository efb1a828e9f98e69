#!/usr/bin/env bash
# Runs inside `unshare -n` (a private network namespace: Orthanc 1.10 cannot bind loopback only, docs/stack-notes.md), so
# nothing it opens is reachable from outside. Starts Orthanc with its storage and index in a fresh temp directory,
# SyncStorageArea on (each file fsynced, as Rangsi does), sends every folder given with the same storescu command
# the bench uses for Rangsi (all at once), prints "elapsed_ms N" and "stored N", stops Orthanc and removes its files.
# WARM_DIRS (folders joined by ':') are sent the same way first, untimed, as the bench warms every archive up.
#   [WARM_DIRS=A:B] orthanc-run.sh WORKDIR FOLDER...
set -euo pipefail
ip link set lo up
work=$1; shift
dir=$(mktemp -d "$work/orthanc-XXXXXX")
cat > "$dir/orthanc.json" <<JSON
{ "Name": "bench", "StorageDirectory": "$dir/storage", "IndexDirectory": "$dir/index", "DicomAet": "ORTHANC",
  "DicomPort": 4242, "HttpPort": 8042, "RemoteAccessAllowed": false, "AuthenticationEnabled": false,
  "SyncStorageArea": true, "DicomCheckCalledAet": false, "StorageCompression": false, "Plugins": [] }
JSON
TCP_NODELAY=1 Orthanc "$dir/orthanc.json" > "$dir/log" 2>&1 &
orthanc=$!
trap 'kill $orthanc 2>/dev/null || true; wait $orthanc 2>/dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 1 300); do (echo > /dev/tcp/127.0.0.1/4242) 2>/dev/null && break; sleep 0.05; done
send_all() {
  local pids=()
  for folder in "$@"; do
    TCP_NODELAY=1 storescu -q -nh +sd +r -R -xe -aec ORTHANC 127.0.0.1 4242 "$folder" & pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
}
if [ -n "${WARM_DIRS:-}" ]; then
  IFS=: read -r -a warm <<< "$WARM_DIRS"
  send_all "${warm[@]}"
fi
start=$(date +%s%N)
send_all "$@"
end=$(date +%s%N)
echo "elapsed_ms $(( (end - start) / 1000000 ))"
echo "stored $(find "$dir/storage" -type f | wc -l)"
