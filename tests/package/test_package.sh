#!/usr/bin/env bash
# The Debian package as a user gets it: built with CPack from the build directory, its
# dependencies filled in, unpacked into a scratch root, and the programs run from there with
# nothing of the build tree in reach: they find their own models and examples.
# Usage: test_package.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/package" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log"; echo "FAIL: cpack"; exit 1; }
deb=$(ls "$scratch"/package/mapscape_*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libstdc++6 libqt6widgets6 libqt6core6; do
  [[ "$depends" == *"$lib"* ]] || { echo "FAIL: Depends lacks $lib: $depends"; exit 1; }
done
echo "package: $(basename "$deb"), Depends: $depends"

root="$scratch/root"
dpkg-deb -x "$deb" "$root"
for f in usr/bin/mapscape usr/bin/mapscape-cli usr/share/applications/mapscape.desktop \
         usr/share/icons/hicolor/scalable/apps/mapscape.svg usr/share/mapscape/models/resnet18.json \
         usr/share/mapscape/examples/example_study.json; do
  [ -e "$root/$f" ] || { echo "FAIL: the package lacks $f"; exit 1; }
done

# Run from the scratch root with a clean environment and from an unrelated directory.
run() { (cd "$scratch" && env -i PATH=/usr/bin:/bin HOME="$scratch" QT_QPA_PLATFORM=offscreen "$@"); }
cli="$root/usr/bin/mapscape-cli"
run "$cli" --version | grep -q "^mapscape-cli [0-9]" || { echo "FAIL: mapscape-cli --version"; exit 1; }
run "$root/usr/bin/mapscape" --version 2>/dev/null | grep -q "^Mapscape [0-9]" || { echo "FAIL: mapscape --version"; exit 1; }
# (Through a file: grep -q closing the pipe early would kill the CLI with SIGPIPE under pipefail.)
run "$cli" model list >"$scratch/models.txt" 2>&1 && grep -q "^resnet18 " "$scratch/models.txt" ||
  { cat "$scratch/models.txt"; echo "FAIL: the installed CLI does not find its models"; exit 1; }
examples="$root/usr/share/mapscape/examples"
# Here-strings, not `echo | grep -q`: grep quitting at the first match would kill echo with SIGPIPE
# under pipefail when the output is longer than grep's first read (CI failed so once).
out=$(run "$cli" eval "$examples/resnet18_kcp_ws.m" --hw "$examples/edge_accelerator.m" --json)
grep -q '"runtime_cycles"' <<<"$out" || { echo "FAIL: eval of the bundled example"; exit 1; }
grep -q TOTAL <<<"$(run "$cli" search --model resnet18 --layer 2 --budget 300 --quiet)" || { echo "FAIL: search with a bundled model"; exit 1; }
# pagmo's baselines and MPI come from plugins the CLI finds relative to itself.
for plugin in mapscape-pagmo.so mapscape-mpi.so; do
  [ -n "$(find "$root" -name $plugin)" ] || { echo "FAIL: the package lacks $plugin"; exit 1; }
done
grep -q TOTAL <<<"$(run "$cli" search --model resnet18 --layer 5 --algo de --budget 2000 --quiet)" ||
  { echo "FAIL: the installed CLI does not load its pagmo plugin"; exit 1; }
# The surrogate's and the RL baselines' searches come from a plugin the CLI finds relative to itself.
if [ -n "$(find "$root" -name mapscape-torch.so)" ]; then
  grep -q TOTAL <<<"$(run "$cli" search --model resnet18 --layer 2 --algo mindmappings --budget 100 --quiet)" ||
    { echo "FAIL: the installed CLI does not load its libtorch plugin"; exit 1; }
  grep -q "^total" <<<"$(run "$cli" schedule --mix vision --setting S1 --group 1 --algo a2c --budget 50)" ||
    { echo "FAIL: the installed CLI does not run the A2C scheduler from its libtorch plugin"; exit 1; }
fi
# ONNX graphs come through a plugin too.
if [ -n "$(find "$root" -name mapscape-onnx.so)" ]; then
  onnx="$(cd "$(dirname "$0")/.." && pwd)/data/onnx/resnet18_torchvision_weightless.onnx"
  grep -q "21 layers, 1814073344 MACs" <<<"$(run "$cli" model show "$onnx")" ||
    { echo "FAIL: the installed CLI does not import ONNX through its plugin"; exit 1; }
fi
# The Python module: imported from the unpacked root's dist-packages by Debian's python3, it finds
# its models (and its surrogate plugin) relative to itself.
python_dir="$root/usr/lib/python3/dist-packages"
if [ -d "$python_dir/mapscape" ]; then
  run env PYTHONPATH="$python_dir" /usr/bin/python3 -c '
import mapscape, sys
assert mapscape.__file__.startswith(sys.argv[1]), mapscape.__file__
r = mapscape.search("resnet18", "edge", layers=2, budget=300)
assert r.total_runtime_cycles > 0 and "resnet18" in mapscape.Model.bundled()
' "$python_dir" || { echo "FAIL: the installed Python module"; exit 1; }
  if [ -n "$(find "$root" -name mapscape-onnx.so)" ]; then
    # The ONNX reader plugin, found from the module (lib/mapscape) without MAPSCAPE_PLUGIN_DIR.
    run env PYTHONPATH="$python_dir" /usr/bin/python3 -c '
import mapscape, sys
m = mapscape.Model.load(sys.argv[1])
assert (len(m), m.macs) == (21, 1814073344), (len(m), m.macs)
assert sys.argv[2] in open("/proc/self/maps").read()
' "$onnx" "$(find "$root" -name mapscape-onnx.so)" || { echo "FAIL: the installed Python module does not import ONNX through its plugin"; exit 1; }
  fi
  if [ -n "$(find "$root" -name mapscape-torch.so)" ]; then
    run env PYTHONPATH="$python_dir" /usr/bin/python3 -c '
import mapscape
r = mapscape.search("resnet18", layers=2, algo="mindmappings", budget=50)
assert mapscape.surrogate.is_loaded() and r.layers[0].samples > 0
' || { echo "FAIL: the installed Python module does not load its libtorch plugin"; exit 1; }
  fi
  echo "python: the module imports and searches from $python_dir"
  # `cmake --install` with the default prefix puts it where Debian's python3 looks under /usr/local
  # (lib/python3.X/dist-packages; lib/python3/dist-packages is only searched under /usr).
  DESTDIR="$scratch/destdir" cmake --install "$build" --prefix /usr/local >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log"; echo "FAIL: cmake --install"; exit 1; }
  local_site=$(/usr/bin/python3 -c 'import sys; print(next(p for p in sys.path if p.startswith("/usr/local/lib/python3") and p.endswith("dist-packages")))')
  [ -f "$scratch/destdir$local_site/mapscape/__init__.py" ] ||
    { echo "FAIL: cmake --install did not put the module in $local_site"; find "$scratch/destdir" -name "__init__.py"; exit 1; }
  run env PYTHONPATH="$scratch/destdir$local_site" /usr/bin/python3 -c '
import mapscape, sys
assert mapscape.__file__.startswith(sys.argv[1]), mapscape.__file__
assert len(mapscape.Model.load("resnet18")) > 10
if sys.argv[2]:
    assert mapscape.Model.load(sys.argv[2]).macs == 1814073344
' "$scratch/destdir$local_site" "${onnx:-}" || { echo "FAIL: the module installed by cmake --install"; exit 1; }
  echo "python: cmake --install puts it in $local_site, where it imports"
elif [ -f "$build/python/mapscape/__init__.py" ]; then
  echo "FAIL: the build has the Python module but the package lacks it"; exit 1
fi
echo "PASS: the package installs into a scratch root and its programs work there"
