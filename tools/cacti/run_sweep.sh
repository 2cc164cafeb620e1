#!/usr/bin/env bash
# Regenerate the CACTI SRAM tables.
#
# usage:  run_sweep.sh /path/to/cacti [OUTDIR]
#   /path/to/cacti : the CACTI 7 binary built from HewlettPackard/cacti. It is run with its own
#                    directory as cwd, because CACTI reads tech_params/*.dat relative to cwd.
#   OUTDIR         : where to write the CSVs (resources/technologies/cacti/ takes the two cacti_<nm>nm.csv, renamed cacti-<nm>nm.csv)
# env:
#   JOBS=2          parallel CACTI runs (default 2)
#   CONFIGS="..."   which named configurations to sweep (default: all below)
#
# A named configuration is  cell:peripheral:access_mode:optimize  (see config_fields below).
# Output per configuration <cfg> and node <nm>:
#   OUTDIR/cacti_<nm>nm__<cfg>.csv        (required columns)
#   OUTDIR/cacti_<nm>nm__<cfg>_full.csv   (plus sub/gate leakage split, cycle time, chosen organisation)
#   OUTDIR/refused.txt                     (points CACTI refused, with its message)
# The recommended configuration (RECOMMENDED below) is additionally copied to
#   OUTDIR/cacti_45nm.csv and OUTDIR/cacti_65nm.csv
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TEMPLATE="$HERE/sram_template.cfg"

RECOMMENDED="lstp_lstp_normal_ED2"   # see README: closest to the Horowitz anchors among well-behaved configs
ALL_CONFIGS="hp_hp_normal_ED2 hp_hp_normal_ED hp_hp_normal_NONE lstp_hp_normal_ED2 lop_hp_normal_ED2 \
lstp_lstp_normal_ED2 lop_lop_normal_ED2 lstp_lop_normal_ED2 hp_lop_normal_ED2 hp_lstp_normal_ED2 \
hp_hp_fast_ED2 hp_hp_sequential_ED2 hp_hp_normal_EMIN hp_hp_normal_DMIN"

SIZES="64 128 256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608"
WIDTHS_45="16 32 64 128"
WIDTHS_65="16 64"

# ---------------------------------------------------------------------------------------------
# one CACTI run:  point <cacti_bin> <cfgname> <tech_um> <size_bytes> <width_bits>
# prints one line:  OK,<cfgname>,<tech>,<size>,<width>,read_pj,write_pj,leak_mw,area_mm2,access_ns,
#                      sub_leak_mw,gate_leak_mw,cycle_ns,Ndwl,Ndbl,Nspd,Ndcm,Ndsam1,Ndsam2,height_mm,width_mm
#              or:  REFUSED,<cfgname>,<tech>,<size>,<width>,<message>
config_fields() {  # cfgname -> "cell peri mode optimize weights deviate"
  local c="$1" w="0:0:0:100:0" d="20:100000:100000:100000:100000"; IFS=_ read -r cell peri mode opt <<<"$c"
  case "$opt" in
    ED2)  opt="ED^2";;                 # CACTI picks min (t/tmin)^2*(E/Emin) over all organisations
    ED)   opt="ED";;                   # min (t/tmin)*(E/Emin)
    NONE) opt="NONE";;                 # cache.cfg default weights: cycle time, within 20% of min delay
    EMIN) opt="NONE"; w="0:100:0:0:0"; d="100000:100000:100000:100000:100000";;  # min read energy
    DMIN) opt="NONE"; w="100:0:0:0:0"; d="100000:100000:100000:100000:100000";;  # min access time
    *) echo "bad opt in $c" >&2; exit 2;;
  esac
  echo "itrs-$cell itrs-$peri $mode $opt $w $d"
}

point() {
  local bin="$1" cfgname="$2" tech="$3" size="$4" width="$5"
  read -r cell peri mode opt weights deviate <<<"$(config_fields "$cfgname")"
  local block=$(( width / 8 ))
  local tmp; tmp="$(mktemp -d /tmp/cacti_pt.XXXXXX)"
  sed -e "s/@SIZE@/$size/" -e "s/@BLOCK@/$block/" -e "s/@TECH@/$tech/" \
      -e "s/@CELL@/$cell/g" -e "s/@PERI@/$peri/g" -e "s/@WIDTH@/$width/" -e "s/@MODE@/$mode/" \
      -e "s/@WEIGHTS@/$weights/" -e "s/@DEVIATE@/$deviate/" \
      -e "s/@OPT@/$opt/" -e "s/@ECC@/false/" "$TEMPLATE" > "$tmp/run.cfg"
  ( cd "$(dirname "$bin")" && "$bin" -infile "$tmp/run.cfg" ) > "$tmp/out.txt" 2>&1 || true
  awk -v cfg="$cfgname" -v tech="$tech" -v size="$size" -v width="$width" '
    /^    Access time \(ns\):/                          {acc=$4}
    /^    Cycle time \(ns\):/                           {cyc=$4}
    /^    Total dynamic read energy per access \(nJ\):/  {rd=$8}
    /^    Total dynamic write energy per access \(nJ\):/ {wr=$8}
    /^    Total leakage power of a bank \(mW\):/         {lk=$8}
    /^    Total gate leakage power of a bank \(mW\):/    {gl=$9}
    /^    Cache height x width \(mm\):/                 {h=$6; w=$8}
    /^    Best Ndwl :/ {ndwl=$4} /^    Best Ndbl :/ {ndbl=$4} /^    Best Nspd :/ {nspd=$4}
    /^    Best Ndcm :/ {ndcm=$4} /^    Best Ndsam L1 :/ {s1=$5} /^    Best Ndsam L2 :/ {s2=$5}
    /ERROR|must|too small|Less than/ {msg = msg (msg==""?"":" | ") $0}
    END {
      if (acc == "" || rd == "") {
        gsub(/,/, ";", msg); if (msg == "") msg = "no result (CACTI produced no solution)";
        printf "REFUSED,%s,%s,%s,%s,%s\n", cfg, tech, size, width, msg; exit
      }
      printf "OK,%s,%s,%s,%s,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%s,%s,%s,%s,%s,%s,%.6g,%.6g\n",
        cfg, tech, size, width, rd*1000, wr*1000, lk+gl, h*w, acc, lk, gl, cyc,
        ndwl, ndbl, nspd, ndcm, s1, s2, h, w
    }' "$tmp/out.txt"
  rm -rf "$tmp"
}

if [[ "${1:-}" == "--point" ]]; then shift; point "$@"; exit 0; fi

# ---------------------------------------------------------------------------------------------
BIN="${1:?usage: run_sweep.sh /path/to/cacti [OUTDIR]}"
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
[[ -x "$BIN" && -d "$(dirname "$BIN")/tech_params" ]] || { echo "need the cacti binary next to its tech_params/" >&2; exit 1; }
OUT="${2:?usage: run_sweep.sh /path/to/cacti OUTDIR}"; mkdir -p "$OUT"
JOBS="${JOBS:-2}"
CONFIGS="${CONFIGS:-$ALL_CONFIGS}"

jobs_file="$(mktemp /tmp/cacti_jobs.XXXXXX)"; res_file="$(mktemp /tmp/cacti_res.XXXXXX)"
for c in $CONFIGS; do
  for s in $SIZES; do
    for w in $WIDTHS_45; do echo "$BIN $c 0.045 $s $w"; done
    for w in $WIDTHS_65; do echo "$BIN $c 0.065 $s $w"; done
  done
done > "$jobs_file"
echo "running $(wc -l < "$jobs_file") CACTI points with $JOBS parallel jobs ..." >&2
xargs -P "$JOBS" -L 1 "$HERE/run_sweep.sh" --point < "$jobs_file" > "$res_file"

hdr="capacity_bytes,width_bits,read_pj,write_pj,leakage_mw,area_mm2,access_ns"
hdr_full="$hdr,sub_leakage_mw,gate_leakage_mw,cycle_ns,Ndwl,Ndbl,Nspd,Ndcm,Ndsam1,Ndsam2,height_mm,width_mm"
for c in $CONFIGS; do
  for t in 0.045 0.065; do
    nm=$(awk -v t="$t" 'BEGIN{printf "%d", t*1000+0.5}')
    f="$OUT/cacti_${nm}nm__${c}.csv"; ff="$OUT/cacti_${nm}nm__${c}_full.csv"
    echo "$hdr" > "$f"; echo "$hdr_full" > "$ff"
    awk -F, -v c="$c" -v t="$t" '$1=="OK" && $2==c && $3==t' "$res_file" | sort -t, -k4,4n -k5,5n > "$res_file.sel"
    cut -d, -f4-10 "$res_file.sel" >> "$f"; cut -d, -f4-21 "$res_file.sel" >> "$ff"
  done
done
{ echo "config,tech_um,capacity_bytes,width_bits,message"
  grep '^REFUSED' "$res_file" | cut -d, -f2- | sort -t, -k1,1 -k2,2 -k3,3n -k4,4n || true; } > "$OUT/refused.txt"
if [[ " $CONFIGS " == *" $RECOMMENDED "* ]]; then
  cp "$OUT/cacti_45nm__${RECOMMENDED}.csv" "$OUT/cacti_45nm.csv"
  cp "$OUT/cacti_65nm__${RECOMMENDED}.csv" "$OUT/cacti_65nm.csv"
fi
rm -f "$jobs_file" "$res_file" "$res_file.sel"
echo "done: $(ls "$OUT"/cacti_*.csv | wc -l) CSV files in $OUT; refused points: $(($(wc -l < "$OUT/refused.txt")-1))" >&2
