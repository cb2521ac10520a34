#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The corpus inputs the runtime contract replay reads (mk/eacsl.mk).

  inputs.py HARNESS CORPUS_DIR

prints the paths of the inputs it replays, one a line, and on stderr a note
of what it leaves out, if anything.  Every input is replayed, except where a
contract's cost under E-ACSL grows with the square of the input and a few
long inputs would take minutes:
- utf8_encode: `encoded` checks each unit's bytes at the offset u8len of its
  prefix, a sum over the prefix: inputs of at most 512 bytes (255 units).
- utf8_modified: `mencoded` does the same with m8len: inputs that write at
  most 2048 units (a write input of n units, or min(4 r, 70000) when mode
  bits 1-3 ask for repeats; every read input).
The inputs left out are replayed without E-ACSL by make fuzz-check.
"""
import os
import sys

MAX_ENCODE_BYTES = 512
MAX_MODIFIED_UNITS = 2048


def modified_units(data):
    """Units the utf8_modified harness writes for this input (0 for a read)."""
    if len(data) < 3 or data[0] & 1 == 0:
        return 0
    n = (len(data) - 3) // 2
    r = data[1] | data[2] << 8
    return min(4 * r, 70000) if data[0] & 0x0E == 0x0E and n > 0 else n


def keep(harness, data):
    if harness == "utf8_encode":
        return len(data) <= MAX_ENCODE_BYTES
    if harness == "utf8_modified":
        return modified_units(data) <= MAX_MODIFIED_UNITS
    return True


def main():
    harness, corpus = sys.argv[1], sys.argv[2]
    names = sorted(f for f in os.listdir(corpus) if not f.startswith("."))
    kept = []
    for f in names:
        with open(os.path.join(corpus, f), "rb") as fh:
            if keep(harness, fh.read()):
                kept.append(os.path.join(corpus, f))
    if len(kept) < len(names):
        sys.stderr.write("%d of %d inputs (see fuzz/eacsl/inputs.py)" % (len(kept), len(names)))
    print("\n".join(kept))


main()
