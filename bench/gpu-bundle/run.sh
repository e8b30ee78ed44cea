#!/bin/bash
# SignLearn's GPU rows, in one command, on a bare Linux x86-64 machine with an NVIDIA GPU: no Node,
# no network needed (built by `npm run bench -- --gpu-bundle DIR`; see bench/README.md).
#   bash DIR/run.sh [OUTDIR] [--adapter hardware|null] [--rows tracker|runtimes|all] [--frames N]
#                   [--wasm-frames N] [--quick] [--unpack-only]
# OUTDIR (default DIR/results) gets one JSON (and .log) per row, runtimes.json/.md and results.md.
# --adapter null: Dawn's null adapter, on any Linux machine (no Vulkan set-up; nothing is computed,
#   the WebGPU rows then time the CPU side of dispatching only). --frames: timed frames per tracker
#   row (300). --quick: the runtimes bench's quick settings. --unpack-only: unpack the archives
#   beside this script (base.tar.xz: Node, Dawn, Vulkan packages; rows.tar.xz: the rows) into
#   $SIGNLEARN_GPU_HOME (/tmp/signlearn-gpu) and stop: a later run finds there what it is not given.
# Time limits: ROW_TIMEOUT (150 s a tracker row), RUNTIMES_TIMEOUT (300 s); results.md is rewritten
#   after each row, so a run stopped from outside keeps what it finished.
# Needs bash, tar, xz, timeout; for the GPU: root (dpkg -x into /, ldconfig) and NVIDIA's driver.
set -u
here=$(cd "$(dirname "$0")" && pwd)
adapter=hardware rows=all frames=300 wasm_frames=100 quick= unpack_only=0 out=
while [ $# -gt 0 ]; do
  case $1 in
    --adapter) adapter=$2; shift 2 ;;
    --rows) rows=$2; shift 2 ;;
    --frames) frames=$2; shift 2 ;;
    --wasm-frames) wasm_frames=$2; shift 2 ;;
    --quick) quick=--quick; shift ;;
    --unpack-only) unpack_only=1; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
case $adapter in hardware|null) ;; *) echo "run.sh: --adapter is hardware or null" >&2; exit 2 ;; esac
case $rows in tracker|runtimes|all) ;; *) echo "run.sh: --rows is tracker, runtimes or all" >&2; exit 2 ;; esac
home=${SIGNLEARN_GPU_HOME:-/tmp/signlearn-gpu}
mkdir -p "$home" || exit 1

started=$(date +%s)
for part in base rows; do
  for archive in "$here/$part.tar.xz" "$here/$part.tar"; do
    [ -f "$archive" ] || continue
    echo "unpacking $part ($(du -h "$archive" | cut -f1))"
    rm -rf "${home:?}/$part"
    tar -xf "$archive" -C "$home" || { echo "run.sh: could not unpack $archive" >&2; exit 1; }
    break
  done
done
node=$home/base/bin/node
[ -x "$node" ] || { echo "run.sh: no base part (Node, Dawn) here or in $home: give it the bundle's base.tar.xz" >&2; exit 1; }
# The tracker and runtimes bundles import `webgpu` (it loads dawn.node by its path): resolved from
# $home/node_modules, base's.
ln -sfn base/node_modules "$home/node_modules"
[ "$unpack_only" = 1 ] && { echo "unpacked into $home: $(ls "$home" | tr '\n' ' ')"; exit 0; }

out=${out:-$here/results}
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 1
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}

if [ "$adapter" = hardware ]; then
  # NVIDIA's Vulkan driver needs the loader and the whole glvnd set (libvulkan1 + libglvnd0 alone:
  # "Could not get vkCreateInstance").
  if [ -d "$home/base/debs" ] && [ "$(id -u)" = 0 ]; then
    for deb in "$home"/base/debs/*.deb; do dpkg -x "$deb" / || echo "run.sh: dpkg -x $deb failed" >&2; done
    ldconfig
  else
    echo "run.sh: Vulkan packages not installed (not root, or built with --gpu-bundle-no-vulkan): using the system's" >&2
  fi
  icd=
  for candidate in /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json; do
    [ -f "$candidate" ] && { icd=$candidate; break; }
  done
  if [ -n "$icd" ]; then
    export VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd
    echo "Vulkan driver: $icd"
  else
    echo "run.sh: no nvidia_icd.json found: Dawn picks what the Vulkan loader finds" >&2
  fi
fi

card=
command -v nvidia-smi >/dev/null 2>&1 && card=$(nvidia-smi -L 2>/dev/null | head -1)
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "card: ${card:-none (no nvidia-smi)}"
echo "node: $("$node" --version) ($node)"
echo "adapter: $adapter; results: $out"

# results.md, rewritten after every row: a run cut short still leaves the rows it finished.
report() {
  "$node" "$home/base/report.mjs" --out "$out" --card "$card" --adapter "$adapter" --info "$home/base/INFO.json" > /dev/null || echo "run.sh: report failed" >&2
}

# One process per row, each with a time limit: a hung driver call costs one row, not the run.
# row_process NAME SCRIPT ARGS: SCRIPT is tracker.mjs (tracker_row.ts) or overlap.mjs (overlap_row.ts).
row_process() {
  local name=$1 script=$2; shift 2
  echo "== $name"
  rm -f "$out/$name.json" "$out/$name.failed"
  timeout "${ROW_TIMEOUT:-150}" "$node" "$home/rows/tracker/$script" --row "$name" --out "$out/$name.json" "$@" > "$out/$name.log" 2>&1
  local rc=$?
  if [ $rc -ne 0 ]; then
    echo "exit $rc$([ $rc = 124 ] && echo ' (timed out)'): $(grep -v '^ *at ' "$out/$name.log" | tail -2 | tr '\n' ' ')" > "$out/$name.failed"
    echo "   FAILED: $(cat "$out/$name.failed")"
  else
    grep -E 'adapter|ms per frame|landmarks' "$out/$name.log" | sed 's/^/   /'
  fi
  report
}
tracker_row() {
  row_process "$1" tracker.mjs "${@:2}"
}

if [ "$rows" != runtimes ]; then
  if [ -f "$home/rows/tracker/tracker.mjs" ]; then
    clips=$home/rows/tracker/clips
    gpu="--backend webgpu --adapter $adapter --frames $frames"
    tracker_row webgpu-full-replay-messi $gpu --pose full --hand full --replay on --clip "$clips/messi-zoom"
    tracker_row webgpu-full-replay-model-by-model-messi $gpu --pose full --hand full --replay on --fused off --clip "$clips/messi-zoom"
    tracker_row webgpu-full-no-replay-messi $gpu --pose full --hand full --replay off --clip "$clips/messi-zoom"
    tracker_row webgpu-lite-replay-messi $gpu --pose lite --hand lite --replay on --clip "$clips/messi-zoom"
    tracker_row webgpu-full-replay-vtest $gpu --pose full --hand full --replay on --clip "$clips/vtest-walk"
    tracker_row wasm-full-messi --backend wasm --frames "$wasm_frames" --pose full --hand full --clip "$clips/messi-zoom"
    # Frames overlapped on the GPU against frames read back one by one, in one process (overlap_row.ts).
    if [ -f "$home/rows/tracker/overlap.mjs" ]; then
      row_process webgpu-full-overlap-messi overlap.mjs --adapter "$adapter" --frames "$frames" --pose full --hand full --clip "$clips/messi-zoom"
    fi
  else
    echo "run.sh: no tracker part here or in $home: tracker rows skipped" >&2
  fi
fi

if [ "$rows" != tracker ]; then
  if [ -f "$home/rows/runtimes/runtimes.mjs" ]; then
    echo "== runtimes (bench/runtimes, --adapter $adapter $quick)"
    rm -f "$out/runtimes.failed"
    timeout "${RUNTIMES_TIMEOUT:-300}" "$node" "$home/rows/runtimes/runtimes.mjs" --adapter "$adapter" $quick --out "$out" > "$out/runtimes.log" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
      echo "exit $rc$([ $rc = 124 ] && echo ' (timed out)'): $(grep -v '^ *at ' "$out/runtimes.log" | tail -2 | tr '\n' ' ')" > "$out/runtimes.failed"
      echo "   FAILED: $(cat "$out/runtimes.failed")"
    else
      grep -E '^\| (tfjs-webgpu-replay|litert-webgpu|tfjs-wasm) .*tracked frame|^\*\*Target' "$out/runtimes.md" | sed 's/^/   /'
    fi
  else
    echo "run.sh: no runtimes part here or in $home: runtimes rows skipped" >&2
  fi
fi

report
echo "results: $out/results.md ($(( $(date +%s) - started )) s in all)"
ls "$out"/*.failed > /dev/null 2>&1 && exit 1
exit 0
