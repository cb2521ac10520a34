#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The corpus inputs the runtime contract replay reads (mk/eacsl.mk).

  inputs.py [--full] HARNESS CORPUS_DIR

prints the paths of the inputs it replays, one a line, and on stderr a note
of what it leaves out, if anything.

With --full (make fuzz-eacsl-full), every input is replayed, except where a
contract's cost under E-ACSL grows with the square of the input and a few
long inputs would take minutes:
- utf8_encode: `encoded` checks each unit's bytes at the offset u8len of its
  prefix, a sum over the prefix: inputs of at most 512 bytes (255 units).
- utf8_modified: `mencoded` does the same with m8len: inputs that write at
  most 2048 units (a write input of n units, or min(4 r, 70000) when mode
  bits 1-3 ask for repeats; every read input).

Without it (make fuzz-eacsl, in make check), the zeroing and UTF-8
harnesses read a shorter share, so that the four cost about as much as the
other three: utf8_encode and utf8_decode inputs of at most 256 bytes,
utf8_modified inputs that write at most 512 units, zero inputs whose buffer
is at most 1024 bytes (its first two bytes, mod 16385).  Each still reaches
the clauses the full corpus reaches (make fuzz-eacsl prints the count per
harness and the clauses no input reached).
The inputs left out are replayed without E-ACSL by make fuzz-check.
"""
import os
import sys

FULL = {"utf8_encode_bytes": 512, "utf8_modified_units": 2048}
CHECK = {"utf8_encode_bytes": 256, "utf8_modified_units": 512, "utf8_decode_bytes": 256,
         "zero_buffer": 1024}


def modified_units(data):
    """Units the utf8_modified harness writes for this input (0 for a read)."""
    if len(data) < 3 or data[0] & 1 == 0:
        return 0
    n = (len(data) - 3) // 2
    r = data[1] | data[2] << 8
    return min(4 * r, 70000) if data[0] & 0x0E == 0x0E and n > 0 else n


def zero_buffer(data):
    """The zero harness's buffer length: its first two bytes, mod 16385."""
    return (data[0] | data[1] << 8) % 16385 if len(data) >= 2 else 0


def keep(harness, data, caps):
    if harness == "utf8_encode":
        return len(data) <= caps["utf8_encode_bytes"]
    if harness == "utf8_modified":
        return modified_units(data) <= caps["utf8_modified_units"]
    if harness == "utf8_decode" and "utf8_decode_bytes" in caps:
        return len(data) <= caps["utf8_decode_bytes"]
    if harness == "zero" and "zero_buffer" in caps:
        return zero_buffer(data) <= caps["zero_buffer"]
    return True


def main():
    args = sys.argv[1:]
    caps = CHECK
    if args and args[0] == "--full":
        caps, args = FULL, args[1:]
    harness, corpus = args
    names = sorted(f for f in os.listdir(corpus) if not f.startswith("."))
    kept = []
    for f in names:
        with open(os.path.join(corpus, f), "rb") as fh:
            if keep(harness, fh.read(), caps):
                kept.append(os.path.join(corpus, f))
    if len(kept) < len(names):
        sys.stderr.write("%d of %d inputs (see fuzz/eacsl/inputs.py)" % (len(kept), len(names)))
    print("\n".join(kept))


main()
