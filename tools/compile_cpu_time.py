#!/usr/bin/python3
"""Compile-time CPU of chosen translation units: recompiles the files of a compile database
(CMAKE_EXPORT_COMPILE_COMMANDS) whose path matches REGEX, without ccache, optionally with edits to the
command ("old=>new" replacements, or "+flag" added before -o), and prints each file's CPU seconds
(user + system of the compiler). CPU time, not wall time: usable on a busy machine.

    tools/compile_cpu_time.py build/compile_commands.json 'ui/.*\.cpp$' -O3=>-O1
"""
import json, os, resource, shlex, subprocess, sys, re
db = json.load(open(sys.argv[1]))
pattern = re.compile(sys.argv[2])
edits = sys.argv[3:]  # "old=>new" replacements on the command string, or "+flag"
tot = 0.0
for e in db:
    if not pattern.search(e['file']): continue
    cmd = e['command']
    cmd = cmd.replace('ccache ', '')
    for ed in edits:
        if ed.startswith('+'): cmd = cmd.replace(' -o ', ' ' + ed[1:] + ' -o ', 1)
        else:
            a, b = ed.split('=>'); cmd = cmd.replace(a, b)
    cmd = re.sub(r' -o \S+', ' -o /tmp/cc_time.o', cmd)
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, shell=True, cwd=e['directory'], capture_output=True, text=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    tot += t
    print(f"{t:6.1f} s {'OK ' if p.returncode == 0 else 'ERR'} {e['file']}", flush=True)
    if p.returncode: print(p.stderr[:2000])
print(f"total {tot:.1f} s")
