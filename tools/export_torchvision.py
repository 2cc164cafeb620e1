#!/usr/bin/env python3
"""Exports torchvision networks to ONNX and imports them as Mapscape models (models/*_torchvision.json).

Each network is built from torchvision's definition with random weights (nothing is downloaded),
exported with torch.onnx at opset 17, and imported with `mapscape-cli model convert`. The script
then checks the import against PyTorch itself: forward hooks on every Conv, Linear and
MultiheadAttention module record the layers PyTorch runs (their shapes and multiply-accumulates,
attention's Q.K^T and A.V products included); every imported layer must equal, field for field,
the layer its module predicts, and the totals must agree. It prints both totals per network.

Needs Debian's python3-torchvision (PyTorch 1.13); run with /usr/bin/python3:

    /usr/bin/python3 tools/export_torchvision.py --cli build/mapscape-cli --out models [NAMES...]

With --keep DIR the .onnx files are kept there (with their weights: e.g. for timing imports); with
--weightless DIR a copy without weights (the graph alone, a few KB) is written there: the test
suite's torchvision-shaped ResNet-18 (tests/data/onnx/) was made so.
"""

import argparse
import collections
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

import torch
import torchvision

# name: (torchvision constructor, title, input size)
NETWORKS = {
    "resnet18": (torchvision.models.resnet18, "ResNet-18", 224),
    "resnet50": (torchvision.models.resnet50, "ResNet-50", 224),
    "mobilenet_v2": (torchvision.models.mobilenet_v2, "MobileNet-V2", 224),
    "mobilenet_v3_large": (torchvision.models.mobilenet_v3_large, "MobileNet-V3-Large", 224),
    "efficientnet_b0": (torchvision.models.efficientnet_b0, "EfficientNet-B0", 224),
    "vgg16": (torchvision.models.vgg16, "VGG-16", 224),
    "vit_b_16": (torchvision.models.vit_b_16, "ViT-B/16", 224),
    "densenet121": (torchvision.models.densenet121, "DenseNet-121", 224),
    "squeezenet1_0": (torchvision.models.squeezenet1_0, "SqueezeNet 1.0", 224),
}

OPSET = 17


def _varint(data, pos):
    value, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7


def _encode_varint(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        out.append(b | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _fields(data):
    """(field number, wire type, whole field bytes, payload) of a protobuf message."""
    pos = 0
    while pos < len(data):
        start = pos
        tag, pos = _varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            _, pos = _varint(data, pos)
            payload = None
        elif wire == 1:
            pos += 8
            payload = None
        elif wire == 5:
            pos += 4
            payload = None
        elif wire == 2:
            length, pos = _varint(data, pos)
            payload = data[pos:pos + length]
            pos += length
        else:
            raise ValueError(f"wire type {wire}")
        yield number, wire, data[start:pos], payload


def _length_delimited(number, payload):
    return _encode_varint(number << 3 | 2) + _encode_varint(len(payload)) + payload


def strip_weights(onnx_bytes, keep_bytes=1024):
    """The model without its initializers' data (shapes kept; data under keep_bytes kept, as
    Reshape's target shapes): ModelProto.graph (7) -> GraphProto.initializer (5) -> TensorProto's
    data fields (float_data 4, int32_data 5, string_data 6, int64_data 7, raw_data 9, double_data
    10, uint64_data 11). Written with protobuf's wire format by hand: python3-onnx is not needed."""
    data_fields = {4, 5, 6, 7, 9, 10, 11}
    out = bytearray()
    for number, wire, whole, payload in _fields(onnx_bytes):
        if number != 7 or wire != 2:
            out += whole
            continue
        graph = bytearray()
        for gnum, gwire, gwhole, gpayload in _fields(payload):
            if gnum != 5 or gwire != 2:
                graph += gwhole
                continue
            kept, data = bytearray(), bytearray()
            for tnum, _, twhole, _ in _fields(gpayload):
                (data if tnum in data_fields else kept).extend(twhole)
            if len(data) <= keep_bytes:
                kept += data
            graph += _length_delimited(5, bytes(kept))
        out += _length_delimited(7, bytes(graph))
    return bytes(out)


def layer(kind, **dims):
    """A layer as the importer writes it (workload/onnx_import.cpp), without its name."""
    out = {"type": kind}
    out.update({k: v for k, v in dims.items() if v is not None})
    return out


def batch_field(n):
    return n if n > 1 else None


def expected_conv(module, inputs, output):
    x = inputs[0]
    n = x.shape[0]
    output = output[0] if isinstance(output, tuple) else output
    spatial = x.dim() - 2
    kernel = list(module.kernel_size)
    stride = list(module.stride)
    padding = list(module.padding) if not isinstance(module.padding, str) else None
    if padding is None or any(d != 1 for d in module.dilation):
        raise SystemExit(f"{module}: padding modes and dilations are not covered by this script")
    sizes = [x.shape[2 + i] + 2 * padding[i] for i in range(spatial)]
    if spatial == 1:
        kernel, stride, sizes = [1] + kernel, [1] + stride, [1] + sizes
    groups = module.groups
    c_in = module.in_channels
    k_out = module.out_channels
    if groups == 1:
        kind, dims = "CONV", dict(K=k_out, C=c_in)
    elif groups == c_in and k_out == c_in:
        kind, dims = "DSCONV", dict(K=1, C=c_in)  # as the engine writes depthwise layers
    else:
        kind, dims = "NGCONV", dict(G=groups, K=k_out // groups, C=c_in // groups)
    out = layer(kind, N=batch_field(n), **dims, R=kernel[0], S=kernel[1], Y=sizes[0], X=sizes[1])
    if stride[0] == stride[1]:
        out["stride"] = stride[0]
    else:
        out["stride_y"], out["stride_x"] = stride[0], stride[1]
    # The zeros Y and X include: rows before and after, columns before and after.
    pads = [0, 0] + [padding[0]] * 2 if spatial == 1 else [padding[0], padding[0], padding[1], padding[1]]
    if any(pads):
        out["padding"] = pads
    macs = output.numel() * (c_in // groups) * kernel[0] * kernel[1]
    return [(out, macs)]


def expected_linear(module, inputs, output):
    x = inputs[0]
    tokens = x.numel() // module.in_features
    macs = tokens * module.in_features * module.out_features
    return [(layer("FC", N=batch_field(tokens), K=module.out_features, C=module.in_features), macs)]


def expected_attention(module, inputs, output):
    """nn.MultiheadAttention (self-attention, packed projections, as torchvision's ViT uses it):
    the input projection, Q.K^T, A.V and the output projection. PyTorch computes the projections
    with F.linear on the module's parameters, so no Linear hook sees them: they are counted here."""
    # torchvision passes query, key and value by keyword, which forward hooks do not see (PyTorch
    # 1.13); the attention's output has the query's shape.
    out = output[0] if isinstance(output, tuple) else output
    if module.batch_first:
        n, length, e = out.shape
    else:
        length, n, e = out.shape
    heads = module.num_heads
    d = e // heads
    tokens = n * length
    fc = lambda k, c: (layer("FC", N=batch_field(tokens), K=k, C=c), tokens * k * c)
    qk = layer("GEMM", M=length, N=length, K=d)
    av = layer("GEMM", M=length, N=d, K=length)
    if n * heads > 1:
        qk["repeat"] = av["repeat"] = n * heads
    return [fc(3 * e, e), (qk, n * heads * length * length * d), (av, n * heads * length * d * length), fc(e, e)]


def module_records(model, example):
    """{module path: [(expected layer, MACs), ...]} from one forward pass."""
    records = collections.defaultdict(list)
    handles = []
    for name, module in model.named_modules():
        if isinstance(module, (torch.nn.Conv1d, torch.nn.Conv2d)):
            handler = expected_conv
        elif isinstance(module, torch.nn.MultiheadAttention):
            handler = expected_attention
        elif isinstance(module, torch.nn.Linear) and not isinstance(
            module, torch.nn.modules.linear.NonDynamicallyQuantizableLinear
        ):
            handler = expected_linear  # (attention's output projection is counted with it)
        elif isinstance(module, (torch.nn.Conv3d, torch.nn.ConvTranspose1d, torch.nn.ConvTranspose2d, torch.nn.Bilinear)):
            raise SystemExit(f"{name}: {type(module).__name__} is not covered by this script")
        else:
            continue

        def hook(mod, inputs, output, name=name, handler=handler):
            records[name].extend(handler(mod, inputs, output))

        handles.append(module.register_forward_hook(hook))
    with torch.no_grad():
        model(example)
    for h in handles:
        h.remove()
    return records


def module_of(layer_name, module_names):
    """'/layer1/layer1.0/conv1/Conv' -> 'layer1.0.conv1': torch.onnx names nodes by their modules'
    scopes, each scope by its name relative to an enclosing module ('downsample.0' inside the
    block 'layer2.0'), so the qualified name is rebuilt against the modules that exist."""
    parts = [p for p in layer_name.split("/") if p][:-1]
    qualified = ""
    for part in parts:
        prefixes = [qualified] if qualified else []
        while prefixes and "." in prefixes[-1]:
            prefixes.append(prefixes[-1].rsplit(".", 1)[0])
        candidates = [f"{p}.{part}" for p in prefixes] + [part]
        qualified = next((c for c in candidates if c in module_names), candidates[0])
    return qualified


def imported_total(cli, json_path):
    out = subprocess.run([cli, "model", "show", json_path], check=True, capture_output=True, text=True).stdout
    m = re.match(r".*?: .*?, (\d+) MACs", out.splitlines()[0])
    return int(m.group(1))


def export(name, cli, out_dir, keep_dir, weightless_dir):
    constructor, title, size = NETWORKS[name]
    torch.manual_seed(0)
    model = constructor(weights=None).eval()
    example = torch.randn(1, 3, size, size)
    records = module_records(model, example)
    module_names = {name for name, _ in model.named_modules()}

    work = keep_dir or tempfile.mkdtemp(prefix="mapscape-tv-")
    onnx_path = os.path.join(work, f"{name}.onnx")
    start = time.perf_counter()
    torch.onnx.export(model, example, onnx_path, opset_version=OPSET, input_names=["image"], output_names=["logits"])
    export_seconds = time.perf_counter() - start

    json_path = os.path.join(out_dir, f"{name}_torchvision.json")
    source = (
        f"torchvision {torchvision.__version__.split('+')[0]} models.{name}(weights=None) with random weights, "
        f"exported by torch.onnx {torch.__version__.split('+')[0]} (opset {OPSET}, input 1x3x{size}x{size}) and imported with "
        f"`mapscape-cli model convert {name}.onnx {name}_torchvision.json`, by `tools/export_torchvision.py {name}`"
    )
    description = (
        f"{title} as torchvision defines it, 3x{size}x{size} input, batch 1: every convolution and "
        f"linear layer at its real shape (strides, padding)"
        + ("; attention products as GEMMs repeated per head" if name.startswith("vit") else "")
    )
    command = [cli, "model", "convert", onnx_path, json_path, "--name", f"{name}_torchvision",
               "--description", description, "--source", source]
    start = time.perf_counter()
    subprocess.run(command, check=True)
    import_seconds = time.perf_counter() - start

    with open(json_path) as f:
        imported = json.load(f)
    # Layer for layer: each module's imported layers are those its hook predicted, in order.
    by_module = collections.defaultdict(list)
    for entry in imported["layers"]:
        entry = dict(entry)
        by_module[module_of(entry.pop("name"), module_names)].append(entry)
    problems = []
    for module, expected in records.items():
        want = [e for e, _ in expected]
        got = by_module.pop(module, [])
        if got != want:
            problems.append(f"{module}: imported {got}, PyTorch ran {want}")
    for module, got in by_module.items():
        problems.append(f"{module}: imported {got}, but PyTorch ran no Conv/Linear/attention there")
    hooks_macs = sum(m for expected in records.values() for _, m in expected)
    total = imported_total(cli, json_path)
    layers = sum(len(v) for v in records.values())
    print(f"{name:20s} PyTorch hooks {hooks_macs:>14,d} MACs ({hooks_macs / 1e9:.3f} G) in {layers} layers; "
          f"imported {total:>14,d} MACs in {len(imported['layers'])} layers: "
          f"{'equal' if total == hooks_macs and not problems else 'DIFFERENT'}; "
          f".onnx {os.path.getsize(onnx_path) / 1e6:.1f} MB, export {export_seconds:.1f} s, import {import_seconds:.2f} s")
    for p in problems:
        print("    " + p)
    if weightless_dir:
        with open(onnx_path, "rb") as f:
            stripped = strip_weights(f.read())
        with open(os.path.join(weightless_dir, f"{name}_torchvision_weightless.onnx"), "wb") as f:
            f.write(stripped)
    if not keep_dir:
        os.remove(onnx_path)
        os.rmdir(work)
    return total == hooks_macs and not problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help=f"networks (default all: {', '.join(NETWORKS)})")
    parser.add_argument("--cli", default="build/mapscape-cli", help="the mapscape-cli to import with")
    parser.add_argument("--out", default="models", help="directory for the model JSON files")
    parser.add_argument("--keep", help="keep the exported .onnx files (with weights) in this directory")
    parser.add_argument("--weightless", help="also write each .onnx without its weights (NAME_torchvision_weightless.onnx) here")
    args = parser.parse_args()
    names = args.names or list(NETWORKS)
    for n in names:
        if n not in NETWORKS:
            raise SystemExit(f"unknown network {n} (known: {', '.join(NETWORKS)})")
    for d in (args.keep, args.weightless):
        if d:
            os.makedirs(d, exist_ok=True)
    print(f"torch {torch.__version__}, torchvision {torchvision.__version__}; "
          f"command: {' '.join(shlex.quote(a) for a in sys.argv)}")
    ok = all([export(n, args.cli, args.out, args.keep, args.weightless) for n in names])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
