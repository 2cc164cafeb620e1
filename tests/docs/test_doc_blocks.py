# Every command block of docs/ runs as a reader pastes it, and the figures the page quotes beside it
# are what the programs print: the pages cannot drift from the tools.
#
# A block is a fenced ```sh or ```python block. HTML comments just before it (invisible on the
# rendered page) tell the suite what to do with it:
#
#   <!-- suite: skip: REASON -->          not run (it needs a checkout of another project, installs
#                                          into the system, or builds the tree the suite is testing)
#   <!-- suite: replace "OLD" "NEW" -->   run with OLD replaced by NEW (a smaller budget for a long
#                                          run; the page says so in words)
#   <!-- suite: expect "TEXT" -->         TEXT must be in the block's output, and on the page (with
#                                          or without thousands separators): the page's figure is
#                                          the program's
#   <!-- suite: exit N -->                the block's last command exits with N (0 otherwise)
#   <!-- suite: setup "COMMAND" -->       run COMMAND first (e.g. to make a file the block reads)
#
# A block runs in a scratch directory where build/, resources/, models/, tools/, tests/ and docs/
# lead to the tree's own, as in the README's tour (test_docs). The count of blocks run, skipped and
# figures checked is printed at the end (pytest -s, or the CTest log).
import os
import pathlib
import re
import shlex
import subprocess
import sys
import time

import pytest

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
BUILD_DIR = pathlib.Path(os.environ.get("MAPSCAPE_BUILD_DIR", SOURCE_DIR / "build")).resolve()
DOCS = SOURCE_DIR / "docs"
MARKER = re.compile(r"^<!-- suite: (skip|replace|expect|exit|setup)(?::| )\s*(.*?)\s*-->$")
QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


class Block:
    def __init__(self, page, line, language, text, markers):
        self.page, self.line, self.language, self.text = page, line, language, text
        self.skip = None
        self.replacements, self.expected, self.setup = [], [], []
        self.exit_code = 0
        for kind, argument in markers:
            quoted = [q.replace('\\"', '"').replace("\\n", "\n") for q in QUOTED.findall(argument)]
            if kind == "skip":
                self.skip = argument
            elif kind == "replace":
                assert len(quoted) == 2, f"{self.where()}: replace takes two quoted strings"
                self.replacements.append(tuple(quoted))
            elif kind == "expect":
                assert quoted, f"{self.where()}: expect takes quoted strings"
                self.expected += quoted
            elif kind == "setup":
                self.setup += quoted
            elif kind == "exit":
                self.exit_code = int(argument)

    def where(self):
        return f"{self.page.relative_to(SOURCE_DIR)}:{self.line}"

    def script(self):
        text = self.text
        for old, new in self.replacements:
            assert old in text, f"{self.where()}: the block has no {old!r} to replace"
            text = text.replace(old, new)
        return text


def blocks():
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        lines = page.read_text().split("\n")
        markers, i = [], 0
        while i < len(lines):
            line = lines[i]
            m = MARKER.match(line.strip())
            if m:
                markers.append((m.group(1), m.group(2)))
                i += 1
                continue
            fence = re.match(r"^```(sh|python)\s*$", line)
            if fence:
                start = i + 1
                end = start
                while end < len(lines) and not lines[end].startswith("```"):
                    end += 1
                found.append(Block(page, i + 1, fence.group(1), "\n".join(lines[start:end]) + "\n", markers))
                i = end + 1
                markers = []
                continue
            if line.strip():
                markers = []  # markers belong to the block right after them
            i += 1
    return found


ALL_BLOCKS = blocks()
SUMMARY = {"run": 0, "skipped": 0, "figures": 0}


def page_has(page_text, figure):
    """The figure is on the page as printed, or with thousands separators (14213442 = 14,213,442)."""
    if figure in page_text:
        return True
    return figure in page_text.replace(",", "")


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    root = tmp_path_factory.mktemp("docs")
    (root / "build").symlink_to(BUILD_DIR)
    for name in ("resources", "models", "tools", "tests", "docs"):
        (root / name).symlink_to(SOURCE_DIR / name)
    return root


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=[b.where() for b in ALL_BLOCKS])
def test_block(block, scratch):
    if block.skip:
        SUMMARY["skipped"] += 1
        pytest.skip(block.skip)
    # The page as a reader sees it: the suite's own markers do not count as quoting a figure.
    page_text = "\n".join(line for line in block.page.read_text().split("\n") if not MARKER.match(line.strip()))
    for figure in block.expected:
        assert page_has(page_text, figure), f"{block.where()}: the page does not quote {figure!r}"
    env = {**os.environ, "PYTHONPATH": str(BUILD_DIR / "python"), "QT_QPA_PLATFORM": "offscreen", "MPLBACKEND": "Agg",
           "PYTHONDONTWRITEBYTECODE": "1", "LC_ALL": "C.UTF-8"}
    for command in block.setup:
        subprocess.run(["/bin/bash", "-o", "pipefail", "-c", command], cwd=scratch, env=env, check=True, timeout=600)
    if block.language == "python":
        argv = [sys.executable, "-c", block.script()]
    else:
        argv = ["/bin/bash", "-e", "-o", "pipefail", "-c", block.script()]
    timeout = float(os.environ.get("MAPSCAPE_DOC_BLOCK_TIMEOUT", "900"))
    start = time.monotonic()
    result = subprocess.run(argv, cwd=scratch, env=env, capture_output=True, text=True, timeout=timeout)
    print(f"{block.where()}: {time.monotonic() - start:.1f} s")
    output = result.stdout + result.stderr
    assert result.returncode == block.exit_code, (
        f"{block.where()}: exit {result.returncode}, the page expects {block.exit_code}\n{block.script()}\n{output[-4000:]}")
    for figure in block.expected:
        assert figure in output, f"{block.where()}: the page quotes {figure!r}; the block printed:\n{output[-4000:]}"
    SUMMARY["run"] += 1
    SUMMARY["figures"] += len(block.expected)


def test_zz_summary():
    """Last: how much of the documentation the suite ran (for the log)."""
    total = len(ALL_BLOCKS)
    print(f"\ndocs command blocks: {total}; run {SUMMARY['run']}, skipped with a reason {SUMMARY['skipped']}; "
          f"figures checked {SUMMARY['figures']}")
    assert total >= 40
