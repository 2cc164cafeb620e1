#!/usr/bin/env python3
"""Exports one decoder block of a language model to ONNX and checks its import against `mapscape-cli model llm`.

The decoder is tools/llm_reference_count.py's PyTorch module, built from a config.json. What is
exported is its first decoder block followed by the final norm and the LM head on each
sequence's last position (the embedding is not in the graph: its input is the hidden states
[batch, tokens, hidden]), with fixed shapes:

  prefill  inputs hidden [B, S, hidden]; outputs logits [B, vocab], the block's keys and values
           [B, kv_heads, S, head_dim];
  decode   inputs hidden [B, 1, hidden] and the block's past keys and values
           [B, kv_heads, L - 1, head_dim], concatenated with the new ones inside the graph
           (a sliding window then keeps the last keys); outputs as above with L (or the window's) keys.

Each file is imported with `mapscape-cli model convert`, and every imported layer is compared
with the layers `mapscape-cli model llm CONFIG --phase ... --out` builds for the same phase,
batch and prompt/context, taken for one block: repeat counts divided by the configuration's
number of layers (the LM head's is 1). A MatMul by a weight imports as an FC layer (K outputs, C
inputs, N tokens: docs/onnx-import.md), which is model llm's GEMM with M = tokens, N = outputs,
K = inputs; attention's batched MatMuls import as GEMMs repeated batch x K/V heads times. The
script prints both sides per layer kind and the total MACs, and exits non-zero on a difference.

    /usr/bin/python3 tools/llm_onnx_export.py --cli build/mapscape-cli --out /tmp/llm-onnx \\
        --prefill 2,64 --decode 4,256 qwen2-0.5b gpt2

With --weightless the files keep their initializers' shapes but not their data (a few KB; what
tests/data/llm/ holds, see its README).
"""

import argparse
import collections
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import warnings

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llm_reference_count as ref  # noqa: E402

OPSET = 17
DEFAULT_PREFILL = (2, 64)  # batch, prompt
DEFAULT_DECODE = (4, 256)  # batch, context


class BlockWithHead(nn.Module):
    """The first decoder block, the final norm and the LM head (last position)."""

    def __init__(self, model, start):
        super().__init__()
        self.block = model.layers[0]
        self.final_norm = model.final_norm
        self.lm_head = model.lm_head
        self.start = start  # the first new token's position: 0, or the past's length

    def forward(self, hidden, past_k=None, past_v=None):
        x, k, v = self.block(hidden, self.start, past_k, past_v)
        return self.lm_head(self.final_norm(x)[:, -1, :]), k, v


def export_block(model, phase, batch, tokens, path):
    cfg = model.cfg
    g = torch.Generator().manual_seed(3)
    if phase == "prefill":
        wrapper = BlockWithHead(model, 0).eval()
        args = (torch.randn(batch, tokens, cfg.hidden, generator=g),)
        names = ["hidden"]
    else:
        wrapper = BlockWithHead(model, tokens - 1).eval()
        past = (batch, cfg.kv_heads, tokens - 1, cfg.head_dim)
        args = (torch.randn(batch, 1, cfg.hidden, generator=g), torch.randn(past, generator=g), torch.randn(past, generator=g))
        names = ["hidden", "past_key", "past_value"]
    with torch.no_grad(), warnings.catch_warnings():
        # The tracer warns that shapes become constants: fixed shapes are what is wanted here.
        warnings.simplefilter("ignore", torch.jit.TracerWarning)
        torch.onnx.export(wrapper, args, path, opset_version=OPSET, input_names=names,
                          output_names=["logits", "key", "value"], do_constant_folding=True)


def strip_weights(path, keep_bytes=1024):
    """Drops the data of initializers above keep_bytes (their shapes stay: the importer needs no
    more; small ones such as Reshape's target shapes are kept)."""
    import onnx

    m = onnx.load(path)
    for t in m.graph.initializer:
        if t.ByteSize() > keep_bytes:
            for field in ("raw_data", "float_data", "int32_data", "int64_data", "double_data", "uint64_data", "string_data"):
                t.ClearField(field)
    onnx.save(m, path)


def canonical(layer):
    """An imported or built layer as (type, M tokens, N outputs, K inputs, repeat)."""
    kind = layer["type"]
    if kind == "FC":  # N tokens (1 when absent), K outputs, C inputs
        return ("FC", layer.get("N", 1), layer["K"], layer["C"], layer.get("repeat", 1))
    if kind == "GEMM":
        return ("GEMM", layer.get("M", 1), layer["N"], layer["K"], layer.get("repeat", 1))
    raise ValueError(f"unexpected layer type {kind} ({layer.get('name')})")


def macs(shape):
    return shape[1] * shape[2] * shape[3] * shape[4]


def kind_of_node(name):
    """The module a node came from: /block/attn/q_proj/MatMul -> q_proj; /lm_head/Gemm -> lm_head."""
    parts = [p for p in name.split("/") if p]
    for p in reversed(parts[:-1] or parts):
        if p in ref.KINDS:
            return ref.KINDS[p]
    return name


def compare(cli, onnx_path, config_path, cfg, phase, batch, tokens, work):
    stem = os.path.splitext(os.path.basename(onnx_path))[0]
    imported_json = os.path.join(work, stem + ".imported.json")
    subprocess.run([cli, "model", "convert", onnx_path, imported_json], check=True, capture_output=True, text=True)
    with open(imported_json) as f:
        imported = json.load(f)
    _, built_layers = ref.run_cli_llm(cli, config_path, phase, batch, tokens, work)

    got = collections.OrderedDict()
    for l in imported["layers"]:
        got.setdefault(kind_of_node(l["name"]), []).append(canonical(l))
    want = collections.OrderedDict()
    for l in built_layers:
        t, m, n, k, repeat = canonical(l)
        if l["name"] != "lm_head":
            assert repeat % cfg.layers == 0, l
            repeat //= cfg.layers  # one block
        want.setdefault(l["name"], []).append((t, m, n, k, repeat))

    ok = True
    print(f"  {'kind':<11} {'imported (type M N K x repeat)':<36} {'model llm, one block':<30} {'MACs':>14}  equal")
    for kind in dict.fromkeys(list(want) + list(got)):
        a, b = got.get(kind, []), want.get(kind, [])
        same = [s[1:] for s in a] == [s[1:] for s in b]
        ok &= same
        text_a = "; ".join(f"{s[0]} {s[1]} {s[2]} {s[3]} x{s[4]}" for s in a) or "-"
        text_b = "; ".join(f"{s[0]} {s[1]} {s[2]} {s[3]} x{s[4]}" for s in b) or "-"
        print(f"  {kind:<11} {text_a:<36} {text_b:<30} {sum(map(macs, a)):>14,}  {'yes' if same else 'NO'}")
    total_got = sum(macs(s) for v in got.values() for s in v)
    total_want = sum(macs(s) for v in want.values() for s in v)
    ok &= total_got == total_want
    unmapped = sum(u.get("count", 1) for u in imported.get("not_mapped", []))
    print(f"  total MACs: imported {total_got:,}, model llm (one block + LM head) {total_want:,}: "
          f"{'equal' if total_got == total_want else 'DIFFERENT'}; {len(imported['layers'])} layers imported, "
          f"{unmapped} operators not mapped")
    return ok


def pairs(text):
    b, t = text.split(",")
    return int(b), int(t)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+", help="configurations (models/llm names) or config.json paths")
    parser.add_argument("--cli", default="build/mapscape-cli", help="the mapscape-cli to import with (ONNX plugin built)")
    parser.add_argument("--configs", default=ref.DEFAULT_CONFIGS, help="directory of the configurations named")
    parser.add_argument("--out", default="/tmp/llm-onnx", help="directory for NAME_prefill.onnx and NAME_decode.onnx")
    parser.add_argument("--prefill", type=pairs, default=DEFAULT_PREFILL, metavar="B,S",
                        help="batch and prompt of the prefill (default 2,64)")
    parser.add_argument("--decode", type=pairs, default=DEFAULT_DECODE, metavar="B,L",
                        help="batch and context of the decode step, the new token included (default 4,256)")
    parser.add_argument("--weightless", action="store_true", help="write the files without their weights' data (a few KB)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    print(f"torch {torch.__version__}, opset {OPSET}; command: {' '.join(shlex.quote(a) for a in sys.argv)}")
    ok = True
    for name in args.names:
        cfg, config_path = ref.load_shape(name, args.configs)
        model = ref.build(cfg, device=torch.device("cpu"))
        for phase, (batch, tokens) in (("prefill", args.prefill), ("decode", args.decode)):
            path = os.path.join(args.out, f"{cfg.name}_{phase}.onnx")
            start = time.perf_counter()
            export_block(model, phase, batch, tokens, path)
            if args.weightless:
                strip_weights(path)
            label = "prompt" if phase == "prefill" else "context"
            print(f"{cfg.name} {phase}, batch {batch}, {label} {tokens}: {path} ({os.path.getsize(path):,} bytes, "
                  f"{time.perf_counter() - start:.1f} s); one decoder block + final norm + LM head")
            with tempfile.TemporaryDirectory(prefix="mapscape-llm-onnx-") as work:
                ok &= compare(args.cli, path, config_path, cfg, phase, batch, tokens, work)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
