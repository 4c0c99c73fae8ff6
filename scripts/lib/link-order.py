#!/usr/bin/env python3
"""Usage: link-order.py BINARY OUTPUT CALLGRIND_OUT...

Writes OUTPUT, the symbol ordering file lld reads when it links the release `materunner`
(Package.swift, `--symbol-ordering-file`): the functions of BINARY whose instructions ran in the given
callgrind profiles (`valgrind --tool=callgrind --dump-instr=yes`), hottest first (most instructions
run), one mangled name a line. Addresses, not callgrind's function names, decide which function ran:
valgrind names a function by one of its symbols and misses code between them.

Put together in one place, the code a run touches fills a few hundred pages of the executable instead
of most of its 10 MB (the kernel maps 64 KiB around each page touched) and is fewer TLB entries a fix.
A name the sources no longer have is skipped by the linker; a function missing from the list only
lands where it would have anyway. So a stale file costs memory, never correctness."""
import bisect
import collections
import re
import subprocess
import sys


def functions(binary):
    """(address, name) of BINARY's functions, by address."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    symbols = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            symbols.append((int(parts[0], 16), parts[2]))
    symbols.sort()
    return symbols


def executed(profile, object_suffix):
    """Instructions run at each address of the object whose path ends in OBJECT_SUFFIX, and the first
    address seen of each function name (to find the load bias)."""
    objects, names = {}, {}
    current_object = current_function = None
    after_call = False
    counts = collections.Counter()
    first = {}
    position = 0
    for line in open(profile, errors="replace"):
        line = line.rstrip("\n")
        if not line:
            continue
        # ob=/fn= (the object and function of the lines that follow) and cob=/cfn= (a call's callee), each
        # "(N) NAME" the first time and "(N)" after it.
        match = re.match(r"^(c?)(ob|fn)=\((\d+)\)(?: (.*))?$", line)
        if match:
            callee, kind, number, name = match.groups()
            table = objects if kind == "ob" else names
            if name:
                table[number] = name
            if not callee:
                if kind == "ob":
                    current_object = table[number]
                else:
                    current_function = table[number]
            continue
        if line.startswith("calls="):
            after_call = True  # the next cost line is the call's inclusive cost, at the call site
            continue
        if not (line[0].isdigit() or line[0] in "+-*"):
            continue
        fields = line.split()
        token = fields[0]
        if token.startswith("0x"):
            position = int(token, 16)
        elif token[0] in "+-":
            position += int(token)
        elif token != "*":
            position = int(token)
        if current_object and current_object.endswith(object_suffix):
            cost = 0 if after_call else (int(fields[1]) if len(fields) > 1 and fields[1].isdigit() else 0)
            counts[position] += cost
            first.setdefault(current_function, position)
        after_call = False
    return counts, first


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    binary, output, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    symbols = functions(binary)
    starts = [address for address, _ in symbols]
    by_name = {name: address for address, name in symbols}
    heat = collections.Counter()
    for profile in profiles:
        counts, first = executed(profile, "/" + binary.rsplit("/", 1)[-1])
        biases = collections.Counter(a - by_name[n] for n, a in first.items() if n in by_name)
        if not biases:
            sys.exit(f"{profile}: no function of {binary} in it (a profile of another build?)")
        bias = biases.most_common(1)[0][0]
        for address, cost in counts.items():
            index = bisect.bisect_right(starts, address - bias) - 1
            if index >= 0:
                heat[symbols[index][1]] += cost + 1
    ordered = sorted(heat, key=lambda name: (-heat[name], name))
    with open(output, "w") as out:
        out.write("".join(name + "\n" for name in ordered))
    print(f"{output}: {len(ordered)} functions from {len(profiles)} profile(s)", file=sys.stderr)


main()
