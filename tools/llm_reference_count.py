#!/usr/bin/env python3
"""Counts a decoder-only language model's parameters and MACs in PyTorch and checks `mapscape-cli model llm`.

The decoder is built here, module by module, from a Hugging Face config.json (no `transformers`):
token embedding (and GPT-2's learned positions), per layer two norms (LayerNorm with bias for
GPT-2, RMSNorm otherwise), Q/K/V/O Linear layers with the family's biases, the MLP (gated
gate/up/down; GPT-2's fc/proj), the final norm and the LM head (tied to the embedding when the
configuration says so, or by the family's default). Attention's two products are explicit MatMul
modules, grouped per K/V head: Q is reshaped to [batch, kv_heads, group x query tokens, head_dim]
and multiplied by K^T [batch, kv_heads, head_dim, keys] (no K/V duplication). Forward hooks on
every Linear and MatMul module record the products (M x K by K x N, how many times) of

  - a prefill: batch x prompt tokens, the LM head on each sequence's last position only;
  - a decode step: one new token per sequence against a KV cache of context - 1 past tokens
    (inputs) plus its own; a sliding window (Mistral) keeps the last `sliding_window` keys.

Parameters are the sum of numel over the module's parameters (a tied weight once). The script
runs `mapscape-cli model llm NAME --phase ... --out FILE` for the same settings, sums
M x N x K x repeat per layer kind and in total (and compares each kind's M, N, K and runs),
reads the CLI's "parameters:" line, prints a table and exits non-zero on any difference (totals,
a layer kind, or the published parameter count).

Models of billions of parameters are built on the meta device (shapes only: no memory, the hooks
still fire); the small ones (GPT-2, Qwen2-0.5B, test configurations) with seeded random weights.
Run with Debian's PyTorch (python3-torch 1.13):

    /usr/bin/python3 tools/llm_reference_count.py --cli build/mapscape-cli [NAMES...]

With --onnx DIR it also exports one decoder block (+ final norm + LM head) of each model built
with real weights to ONNX, a prefill and a decode step, and checks the import against `model llm`
(tools/llm_onnx_export.py, which does that alone for any configuration and batch).
"""

import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CONFIGS = os.path.join(os.path.dirname(HERE), "models", "llm")

# The exact parameter counts of transformers' modules for the bundled configurations
# (models/llm/README.md).
PUBLISHED_PARAMETERS = {
    "gpt2": 124_439_808,
    "llama-2-7b": 6_738_415_616,
    "llama-3-8b": 8_030_261_248,
    "mistral-7b": 7_241_732_096,
    "qwen2-0.5b": 494_032_768,
}

# Larger than this many parameters: built on the meta device.
REAL_WEIGHTS_LIMIT = 1_000_000_000

# What each family's modelling code decides that config.json leaves out (transformers 4.40's
# modeling_gpt2.py, modeling_llama.py, modeling_mistral.py, modeling_qwen2.py).
FAMILIES = {
    #            gated  tied   layernorm q/k/v bias  o bias  mlp bias  learned positions
    "gpt2": dict(gated=False, tied=True, layernorm=True, qkv_bias=True, o_bias=True, mlp_bias=True, learned_positions=True),
    "llama": dict(gated=True, tied=False, layernorm=False, qkv_bias=False, o_bias=False, mlp_bias=False, learned_positions=False),
    "mistral": dict(gated=True, tied=False, layernorm=False, qkv_bias=False, o_bias=False, mlp_bias=False, learned_positions=False),
    "qwen2": dict(gated=True, tied=False, layernorm=False, qkv_bias=True, o_bias=False, mlp_bias=False, learned_positions=False),
}


class Shape:
    """The shape-bearing fields of a config.json, with the family's defaults."""

    def __init__(self, raw, name):
        self.name = name
        self.family = raw.get("model_type")
        if self.family not in FAMILIES:
            raise SystemExit(f"{name}: model_type {self.family!r} is not one this script builds ({', '.join(FAMILIES)})")
        fam = FAMILIES[self.family]

        def first(*keys, default=None):
            for k in keys:
                if raw.get(k) is not None:
                    return raw[k]
            return default

        self.hidden = first("hidden_size", "n_embd")
        self.heads = first("num_attention_heads", "n_head")
        self.kv_heads = first("num_key_value_heads", default=self.heads)
        self.head_dim = first("head_dim", default=self.hidden // self.heads)
        self.intermediate = first("intermediate_size", "n_inner", default=4 * self.hidden)  # GPT-2: n_inner null = 4 x hidden
        self.layers = first("num_hidden_layers", "n_layer")
        self.vocab = raw["vocab_size"]
        self.positions = first("max_position_embeddings", "n_positions")
        self.gated = fam["gated"]
        self.tied = raw.get("tie_word_embeddings", fam["tied"])
        self.layernorm = fam["layernorm"]
        self.qkv_bias, self.o_bias, self.mlp_bias = fam["qkv_bias"], fam["o_bias"], fam["mlp_bias"]
        if raw.get("attention_bias") is not None:  # Llama: all four projections
            self.qkv_bias = self.o_bias = bool(raw["attention_bias"])
        if raw.get("mlp_bias") is not None:
            self.mlp_bias = bool(raw["mlp_bias"])
        self.learned_positions = fam["learned_positions"]
        # Qwen2 states a window but turns it off (use_sliding_window false); Mistral's is on.
        self.window = raw.get("sliding_window") if raw.get("use_sliding_window", True) else None
        self.eps = first("rms_norm_eps", "layer_norm_epsilon", default=1e-5)
        self.rope_theta = raw.get("rope_theta", 10000.0)
        assert self.heads % self.kv_heads == 0
        self.group = self.heads // self.kv_heads

    def rough_parameters(self):
        h, q, kv = self.hidden, self.heads * self.head_dim, self.kv_heads * self.head_dim
        per_layer = 2 * h * q + 2 * h * kv + (3 if self.gated else 2) * h * self.intermediate
        return self.layers * per_layer + self.vocab * h * (1 if self.tied else 2)


def load_shape(name_or_path, configs_dir):
    path = name_or_path if os.path.isfile(name_or_path) else os.path.join(configs_dir, name_or_path + ".json")
    with open(path) as f:
        raw = json.load(f)
    name = os.path.splitext(os.path.basename(path))[0]
    return Shape(raw, name), path


# ---- the decoder ------------------------------------------------------------------------------


class MatMul(nn.Module):
    """torch.matmul as a module, so that forward hooks see attention's products."""

    def forward(self, a, b):
        return torch.matmul(a, b)


class RMSNorm(nn.Module):
    def __init__(self, width, eps, device):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(width, device=device))
        self.eps = eps

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def norm(cfg, device):
    return nn.LayerNorm(cfg.hidden, eps=cfg.eps, device=device) if cfg.layernorm else RMSNorm(cfg.hidden, cfg.eps, device)


def rotary(cfg, start, count, device):
    """cos and sin of rotary embeddings for positions start .. start + count - 1, [count, head_dim].
    The angles are an element-wise outer product (no MatMul: they are not a layer)."""
    half = cfg.head_dim // 2
    inv_freq = 1.0 / (cfg.rope_theta ** (torch.arange(0, half, dtype=torch.float32, device=device) * 2.0 / cfg.head_dim))
    positions = torch.arange(start, start + count, dtype=torch.float32, device=device)
    angles = positions.unsqueeze(1) * inv_freq.unsqueeze(0)
    angles = torch.cat([angles, angles], dim=-1)
    return angles.cos(), angles.sin()


def rotate(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos + rotated * sin


class Attention(nn.Module):
    def __init__(self, cfg, device):
        super().__init__()
        self.cfg = cfg
        h, q, kv = cfg.hidden, cfg.heads * cfg.head_dim, cfg.kv_heads * cfg.head_dim
        self.q_proj = nn.Linear(h, q, bias=cfg.qkv_bias, device=device)
        self.k_proj = nn.Linear(h, kv, bias=cfg.qkv_bias, device=device)
        self.v_proj = nn.Linear(h, kv, bias=cfg.qkv_bias, device=device)
        self.o_proj = nn.Linear(q, h, bias=cfg.o_bias, device=device)
        self.score = MatMul()  # Q K^T
        self.value = MatMul()  # P V

    def forward(self, x, start, past_k=None, past_v=None):
        """x [B, S, hidden] at positions start .. start + S - 1; past_k, past_v [B, kv_heads, start, head_dim].
        Returns the output and the keys and values attended (the cache after this step)."""
        c = self.cfg
        b, s, _ = x.shape
        # Query head index = kv head x group + member, as transformers' repeat_kv orders them.
        q = self.q_proj(x).view(b, s, c.kv_heads, c.group, c.head_dim).permute(0, 2, 3, 1, 4)  # [B, kv, g, S, d]
        k = self.k_proj(x).view(b, s, c.kv_heads, c.head_dim).transpose(1, 2)  # [B, kv, S, d]
        v = self.v_proj(x).view(b, s, c.kv_heads, c.head_dim).transpose(1, 2)
        if not c.learned_positions:
            cos, sin = rotary(c, start, s, x.device)
            q, k = rotate(q, cos, sin), rotate(k, cos, sin)
        if past_k is not None:
            k = torch.cat([past_k, k], dim=2)
            v = torch.cat([past_v, v], dim=2)
        if c.window is not None and s == 1 and k.shape[2] > c.window:
            # A decode step sees the window's last keys (Mistral's rolling KV cache holds only those).
            k, v = k[:, :, -c.window:], v[:, :, -c.window:]
        keys = k.shape[2]
        q = q.reshape(b, c.kv_heads, c.group * s, c.head_dim) * (1.0 / math.sqrt(c.head_dim))
        scores = self.score(q, k.transpose(-1, -2))  # [B, kv, g x S, keys]
        if s > 1:
            # Causal (and windowed) mask over the dense product: query i sees keys j <= i, i - j < window.
            i = torch.arange(start, start + s, device=x.device).unsqueeze(1)
            j = torch.arange(keys, device=x.device).unsqueeze(0)
            hidden = j > i
            if c.window is not None:
                hidden = hidden | (i - j >= c.window)
            scores = scores.masked_fill(hidden.repeat(c.group, 1), float("-inf"))
        probs = torch.softmax(scores, dim=-1)
        context = self.value(probs, v)  # [B, kv, g x S, d]
        context = context.view(b, c.kv_heads, c.group, s, c.head_dim).permute(0, 3, 1, 2, 4).reshape(b, s, c.heads * c.head_dim)
        return self.o_proj(context), k, v


class GatedMLP(nn.Module):
    def __init__(self, cfg, device):
        super().__init__()
        self.gate_proj = nn.Linear(cfg.hidden, cfg.intermediate, bias=cfg.mlp_bias, device=device)
        self.up_proj = nn.Linear(cfg.hidden, cfg.intermediate, bias=cfg.mlp_bias, device=device)
        self.down_proj = nn.Linear(cfg.intermediate, cfg.hidden, bias=cfg.mlp_bias, device=device)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class GPT2MLP(nn.Module):
    def __init__(self, cfg, device):
        super().__init__()
        self.fc = nn.Linear(cfg.hidden, cfg.intermediate, bias=cfg.mlp_bias, device=device)
        self.proj = nn.Linear(cfg.intermediate, cfg.hidden, bias=cfg.mlp_bias, device=device)

    def forward(self, x):
        return self.proj(F.gelu(self.fc(x), approximate="tanh"))  # gelu_new


class DecoderLayer(nn.Module):
    def __init__(self, cfg, device):
        super().__init__()
        self.input_norm = norm(cfg, device)
        self.attn = Attention(cfg, device)
        self.post_attention_norm = norm(cfg, device)
        self.mlp = GatedMLP(cfg, device) if cfg.gated else GPT2MLP(cfg, device)

    def forward(self, x, start, past_k=None, past_v=None):
        a, k, v = self.attn(self.input_norm(x), start, past_k, past_v)
        x = x + a
        return x + self.mlp(self.post_attention_norm(x)), k, v


class Decoder(nn.Module):
    def __init__(self, cfg, device):
        super().__init__()
        self.cfg = cfg
        self.embed_tokens = nn.Embedding(cfg.vocab, cfg.hidden, device=device)
        self.embed_positions = nn.Embedding(cfg.positions, cfg.hidden, device=device) if cfg.learned_positions else None
        self.layers = nn.ModuleList(DecoderLayer(cfg, device) for _ in range(cfg.layers))
        self.final_norm = norm(cfg, device)
        self.lm_head = nn.Linear(cfg.hidden, cfg.vocab, bias=False, device=device)
        if cfg.tied:
            self.lm_head.weight = self.embed_tokens.weight

    def forward(self, ids, past=None, return_cache=False):
        """ids [B, S] at positions start .. start + S - 1, start = the past's length; past: per layer
        (k, v) [B, kv_heads, start, head_dim]. Returns the last positions' logits [B, vocab] (and the
        new cache)."""
        start = past[0][0].shape[2] if past else 0
        x = self.embed_tokens(ids)
        if self.embed_positions is not None:
            x = x + self.embed_positions(torch.arange(start, start + ids.shape[1], device=ids.device))
        cache = []
        for i, layer in enumerate(self.layers):
            x, k, v = layer(x, start, *(past[i] if past else (None, None)))
            cache.append((k, v))
        logits = self.lm_head(self.final_norm(x)[:, -1, :])
        return (logits, cache) if return_cache else logits


def build(cfg, seed=0, device=None):
    if device is None:
        device = torch.device("meta") if cfg.rough_parameters() > REAL_WEIGHTS_LIMIT else torch.device("cpu")
    torch.manual_seed(seed)
    return Decoder(cfg, device).eval()


def parameter_count(model):
    return sum(p.numel() for p in model.parameters())  # parameters() yields a shared (tied) tensor once


def expanded_attention(attn, x, start):
    """The same attention written the textbook way, every query head with its own copy of its
    K/V head (transformers' repeat_kv): a reference for the grouped products' layout."""
    c = attn.cfg
    b, s, _ = x.shape
    q = attn.q_proj(x).view(b, s, c.heads, c.head_dim).transpose(1, 2)
    k = attn.k_proj(x).view(b, s, c.kv_heads, c.head_dim).transpose(1, 2)
    v = attn.v_proj(x).view(b, s, c.kv_heads, c.head_dim).transpose(1, 2)
    if not c.learned_positions:
        cos, sin = rotary(c, start, s, x.device)
        q, k = rotate(q, cos, sin), rotate(k, cos, sin)
    k, v = k.repeat_interleave(c.group, dim=1), v.repeat_interleave(c.group, dim=1)
    scores = q @ k.transpose(-1, -2) / math.sqrt(c.head_dim)
    scores = scores.masked_fill(torch.ones(s, s, dtype=torch.bool).triu(1), float("-inf"))
    out = (torch.softmax(scores, -1) @ v).transpose(1, 2).reshape(b, s, -1)
    return attn.o_proj(out)


def check_decoder(model, batch=2, prompt=9):
    """For a model with real weights: the grouped attention equals the expanded one, and a
    prefill's last logits equal those of a shorter prefill followed by a decode step through
    its KV cache. Returns the largest differences."""
    cfg = model.cfg
    g = torch.Generator().manual_seed(2)
    ids = torch.randint(0, cfg.vocab, (batch, prompt), generator=g)
    with torch.no_grad():
        x = torch.randn(batch, prompt, cfg.hidden, generator=g)
        attn = model.layers[0].attn
        grouped = attn(x, 0)[0]
        layout = (grouped - expanded_attention(attn, x, 0)).abs().max().item()
        whole = model(ids)
        _, cache = model(ids[:, :-1], return_cache=True)
        stepped = model(ids[:, -1:], cache)
        steps = (whole - stepped).abs().max().item()
    scale = whole.abs().max().item()
    return layout, steps, scale


# ---- counting --------------------------------------------------------------------------------

# The kind (Mapscape's layer name) of a module, by its attribute name.
KINDS = {
    "q_proj": "q_proj", "k_proj": "k_proj", "v_proj": "v_proj", "o_proj": "o_proj",
    "score": "attn_score", "value": "attn_value",
    "gate_proj": "gate_proj", "up_proj": "up_proj", "down_proj": "down_proj",
    "fc": "up_proj", "proj": "down_proj",  # GPT-2's MLP
    "lm_head": "lm_head",
}


def product_shape(module, inputs, output):
    """(M, N, K, runs) of a Linear or MatMul call: runs independent M x K by K x N products."""
    if isinstance(module, nn.Linear):
        x = inputs[0]
        return math.prod(x.shape[:-1]), module.out_features, module.in_features, 1
    a, b = inputs
    batch = torch.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return a.shape[-2], b.shape[-1], a.shape[-1], math.prod(batch)


def record_products(model):
    """Installs forward hooks; returns the list they append (kind, M, N, K, runs) to, and the handles."""
    records = []
    handles = []
    for name, module in model.named_modules():
        if isinstance(module, (nn.Linear, MatMul)):
            kind = KINDS[name.rsplit(".", 1)[-1]]

            def hook(mod, inputs, output, kind=kind):
                records.append((kind,) + tuple(int(v) for v in product_shape(mod, inputs, output)))

            handles.append(module.register_forward_hook(hook))
    return records, handles


def phase_inputs(cfg, phase, batch, tokens, device, seed=1):
    """The inputs of a prefill (tokens = prompt) or a decode step (tokens = context)."""
    g = torch.Generator().manual_seed(seed)
    if phase == "prefill":
        return torch.randint(0, cfg.vocab, (batch, tokens), generator=g).to(device), None
    ids = torch.randint(0, cfg.vocab, (batch, 1), generator=g).to(device)
    past_shape = (batch, cfg.kv_heads, tokens - 1, cfg.head_dim)
    if device.type == "meta":
        past = [(torch.empty(past_shape, device=device), torch.empty(past_shape, device=device)) for _ in range(cfg.layers)]
    else:
        past = [(torch.randn(past_shape, generator=g), torch.randn(past_shape, generator=g)) for _ in range(cfg.layers)]
    return ids, past


def pytorch_macs(model, phase, batch, tokens):
    """MACs per kind of a forward pass, from the hooks."""
    device = next(model.parameters()).device
    ids, past = phase_inputs(model.cfg, phase, batch, tokens, device)
    records, handles = record_products(model)
    try:
        with torch.no_grad():
            logits = model(ids, past)
    finally:
        for h in handles:
            h.remove()
    assert tuple(logits.shape) == (batch, model.cfg.vocab), logits.shape
    if device.type != "meta":
        assert torch.isfinite(logits).all(), "non-finite logits"
    per_kind = collections.OrderedDict()
    for kind, m, n, k, runs in records:
        per_kind[kind] = per_kind.get(kind, 0) + m * n * k * runs
    return per_kind, records


def runs_by_shape(records):
    """{kind: {(M, N, K): runs}}: the hooks' products, or model llm's layers (repeat = runs)."""
    out = {}
    for kind, m, n, k, runs in records:
        shapes = out.setdefault(kind, {})
        shapes[(m, n, k)] = shapes.get((m, n, k), 0) + runs
    return out


def run_cli_llm(cli, config_path, phase, batch, tokens, work):
    out = os.path.join(work, "llm.json")
    size_option = "--prompt" if phase == "prefill" else "--context"
    command = [cli, "model", "llm", config_path, "--phase", phase, "--batch", str(batch), size_option, str(tokens), "--out", out]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed (exit {result.returncode}):\n{result.stderr}")
    match = re.search(r"^parameters: ([\d,]+)", result.stdout, re.M)
    if not match:
        raise SystemExit(f"no 'parameters:' line in the output of {' '.join(command)}:\n{result.stdout}")
    with open(out) as f:
        model = json.load(f)
    return int(match.group(1).replace(",", "")), model["layers"]


def gemm_macs(layer):
    return layer.get("M", 1) * layer.get("N", 1) * layer.get("K", 1) * layer.get("repeat", 1)


def mapscape_macs(layers):
    per_kind = collections.OrderedDict()
    for l in layers:
        if l["type"] != "GEMM":
            raise SystemExit(f"model llm wrote a {l['type']} layer ({l['name']}); expected GEMMs")
        per_kind[l["name"]] = per_kind.get(l["name"], 0) + gemm_macs(l)
    return per_kind


def settings_for(cfg):
    """Prefill at batch 1 and 4, prompts of 128 and 512 tokens; decode at batch 1 and 8 with 1,024
    tokens of context, and with twice a sliding window (Mistral: 8,192 > 4,096). Shorter for a
    configuration with fewer positions (the test configurations)."""
    prompts = [p for p in (128, 512) if p <= cfg.positions] or [cfg.positions // 4, cfg.positions // 2]
    contexts = [1024] if cfg.positions >= 1024 else [cfg.positions]
    if cfg.window and 2 * cfg.window <= cfg.positions:
        contexts.append(2 * cfg.window)
    runs = [("prefill", b, s) for b in (1, 4) for s in prompts]
    runs += [("decode", b, l) for l in contexts for b in (1, 8)]
    return runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"configurations (default: {', '.join(PUBLISHED_PARAMETERS)}) or config.json paths")
    parser.add_argument("--cli", default="build/mapscape-cli", help="the mapscape-cli whose `model llm` is checked")
    parser.add_argument("--configs", default=DEFAULT_CONFIGS, help="directory of the configurations named (default: models/llm)")
    parser.add_argument("--verbose", action="store_true", help="print the MACs of every layer kind")
    parser.add_argument("--threads", type=int, help="PyTorch's threads (default: its own choice)")
    parser.add_argument("--onnx", metavar="DIR",
                        help="also export one decoder block of each model built with real weights to ONNX in DIR and check its "
                             "import against model llm (tools/llm_onnx_export.py at its default batches and lengths)")
    args = parser.parse_args()
    names = args.names or list(PUBLISHED_PARAMETERS)
    if args.threads:
        torch.set_num_threads(args.threads)
    started = time.perf_counter()
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads; cli {args.cli}")
    failures = []
    param_rows = []
    onnx_checks = []
    header = f"{'config':<16} {'phase':<8} {'batch':>5} {'tokens':>7} {'PyTorch MACs':>20} {'Mapscape MACs':>20}  equal"
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory(prefix="mapscape-llm-") as work:
        for name in names:
            cfg, path = load_shape(name, args.configs)
            model = build(cfg)
            device = next(model.parameters()).device
            torch_params = parameter_count(model)
            cli_params = None
            if device.type != "meta":
                layout, steps, scale = check_decoder(model)
                ok = layout < 1e-4 and steps < 1e-4 * max(1.0, scale)
                print(f"{cfg.name}: grouped vs per-head attention max |diff| {layout:.2e}; prefill vs prefill + cached decode "
                      f"step logits max |diff| {steps:.2e} (logits up to {scale:.2f}): {'ok' if ok else 'WRONG'}")
                if not ok:
                    failures.append(f"{cfg.name}: the decoder's own checks failed")
            for phase, batch, tokens in settings_for(cfg):
                t0 = time.perf_counter()
                torch_kinds, records = pytorch_macs(model, phase, batch, tokens)
                cli_params, layers = run_cli_llm(args.cli, path, phase, batch, tokens, work)
                cli_kinds = mapscape_macs(layers)
                torch_total, cli_total = sum(torch_kinds.values()), sum(cli_kinds.values())
                # The same products too: each kind's (M, N, K) and how many times it runs.
                cli_records = [(l["name"], l.get("M", 1), l["N"], l["K"], l.get("repeat", 1)) for l in layers]
                same_shapes = runs_by_shape(records) == runs_by_shape(cli_records)
                equal = dict(torch_kinds) == dict(cli_kinds) and torch_total == cli_total and same_shapes
                label = "prompt" if phase == "prefill" else "context"
                print(f"{cfg.name:<16} {phase:<8} {batch:>5} {tokens:>7} {torch_total:>20,} {cli_total:>20,}  "
                      f"{'yes' if equal else 'NO'}   ({label}; {device.type}, {time.perf_counter() - t0:.1f} s)")
                if not same_shapes:
                    print(f"      products differ: PyTorch {runs_by_shape(records)}\n      model llm {runs_by_shape(cli_records)}")
                if args.verbose or not equal:
                    for kind in dict.fromkeys(list(torch_kinds) + list(cli_kinds)):
                        a, b = torch_kinds.get(kind, 0), cli_kinds.get(kind, 0)
                        print(f"      {kind:<12} {a:>20,} {b:>20,}  {'' if a == b else 'DIFFERS'}")
                if not equal:
                    failures.append(f"{cfg.name} {phase} batch {batch} {label} {tokens}: MACs differ")
            if args.onnx:
                onnx_checks.append((cfg, path) if device.type != "meta" else (cfg, None))
            published = PUBLISHED_PARAMETERS.get(cfg.name)
            param_rows.append((cfg.name, torch_params, cli_params, published))
            if torch_params != cli_params or (published is not None and published != torch_params):
                failures.append(f"{cfg.name}: parameters differ")
            del model

    print()
    header = f"{'config':<16} {'PyTorch params':>16} {'Mapscape params':>16} {'published':>16}  equal"
    print(header)
    print("-" * len(header))
    for name, t, c, p in param_rows:
        ok = t == c and (p is None or p == t)
        print(f"{name:<16} {t:>16,} {c:>16,} {format(p, ',') if p else '-':>16}  {'yes' if ok else 'NO'}")
    if onnx_checks:
        import llm_onnx_export  # the exporter imports this file

        os.makedirs(args.onnx, exist_ok=True)
        for cfg, path in onnx_checks:
            if path is None:
                print(f"\n{cfg.name}: built on the meta device, not exported (no weights to trace)")
                continue
            model = build(cfg, device=torch.device("cpu"))
            for phase, (batch, tokens) in (("prefill", llm_onnx_export.DEFAULT_PREFILL), ("decode", llm_onnx_export.DEFAULT_DECODE)):
                tokens = min(tokens, cfg.positions)
                onnx_path = os.path.join(args.onnx, f"{cfg.name}_{phase}.onnx")
                llm_onnx_export.export_block(model, phase, batch, tokens, onnx_path)
                label = "prompt" if phase == "prefill" else "context"
                print(f"\nONNX: {cfg.name} {phase}, batch {batch}, {label} {tokens}, one decoder block + final norm + LM head: {onnx_path}")
                with tempfile.TemporaryDirectory(prefix="mapscape-llm-onnx-") as work:
                    same = llm_onnx_export.compare(args.cli, onnx_path, path, cfg, phase, batch, tokens, work)
                if not same:
                    failures.append(f"{cfg.name} {phase}: the ONNX import differs from model llm's block")
            del model
    print(f"\nwall time {time.perf_counter() - started:.1f} s")
    for f in failures:
        print("MISMATCH: " + f, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
