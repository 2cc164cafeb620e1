# Small ONNX graphs written as protobuf bytes by hand, for the tests of Model.load(".onnx"):
# Debian has no Python onnx package, and the importer needs only shapes (weights declared by dims).
# Field numbers are those of onnx/onnx.proto (ModelProto, GraphProto, NodeProto, ...).


def _varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _int(field, value):
    return _varint(field << 3) + _varint(value)


def _bytes(field, payload):
    if isinstance(payload, str):
        payload = payload.encode()
    return _varint(field << 3 | 2) + _varint(len(payload)) + payload


FLOAT = 1
ATTRIBUTE_INTS = 7


def _tensor_type(name, dims):
    """A ValueInfoProto of a float tensor; a dim is an int (a size) or a str (a symbol)."""
    shape = b"".join(_bytes(1, _int(1, d) if isinstance(d, int) else _bytes(2, d)) for d in dims)
    tensor = _int(1, FLOAT) + _bytes(2, shape)
    return _bytes(1, name) + _bytes(2, _bytes(1, tensor))


def _ints_attribute(name, values):
    return _bytes(1, name) + b"".join(_int(8, v) for v in values) + _int(20, ATTRIBUTE_INTS)


def conv_graph(input_dims, out_channels, kernel, name="/first/Conv", opset=17):
    """A graph of one Conv (input "x" of input_dims, NCHW; weight declared by its dims, no data)."""
    in_channels = input_dims[1]
    weight = b"".join(_int(1, d) for d in (out_channels, in_channels, *kernel)) + _int(2, FLOAT) + _bytes(8, name + ".weight")
    node = (_bytes(1, "x") + _bytes(1, name + ".weight") + _bytes(2, "y") + _bytes(3, name) + _bytes(4, "Conv")
            + _bytes(5, _ints_attribute("kernel_shape", kernel)))
    graph = _bytes(1, node) + _bytes(2, "test") + _bytes(5, weight) + _bytes(11, _tensor_type("x", input_dims)) + _bytes(12, _bytes(1, "y"))
    opset_import = _bytes(1, "") + _int(2, opset)
    return _int(1, 8) + _bytes(2, "mapscape-tests") + _bytes(7, graph) + _bytes(8, opset_import)
