#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Are the golden vectors strong enough to catch a wrong port?

A port written from docs/wire-format.md (class Port) must pass every case of
counters.vec, next_counter.vec and text.vec.  Then each mutant below, the
same port with one plausible porting mistake, must fail at least one case:
a mutant that passes everything names a gap in the vectors.  Ignite's own
behaviour (a map built once) is among the mutants, since the vectors pin
lepack's.

usage: check_ports.py [VECTOR_DIR]   (exit 1 when the port fails or a
                                      mutant survives)
"""

import os
import re
import struct
import sys

ITEM = struct.Struct('<iqq')
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
HEX_SPACE = b' \t\n\r\x0b\x0c'


class Refused(Exception):
    def __init__(self, kind, where=None):
        super().__init__(kind)
        self.kind, self.where = kind, where


class Port:
    """The message, nextCounter and the command's text forms, per the docs."""

    order = '<'

    def __init__(self, items):
        self.items = list(items)
        self.map = None

    # --- wire form ---
    def pack(self):
        return b''.join(struct.pack(self.order + 'iqq', *it) for it in self.items)

    def unpack(self, data):
        if len(data) % 20 != 0:
            raise Refused('EBADLEN')
        return [struct.unpack_from(self.order + 'iqq', data, k) for k in range(0, len(data), 20)]

    # --- Ignite's three fields ---
    def unpack_sized(self, data, size):
        """The first size items of the data field; the rest is spare."""
        if size < 0:
            raise Refused('EINVAL')
        if len(data) // 20 < size:
            raise Refused('EBADLEN')
        return [struct.unpack_from(self.order + 'iqq', data, k) for k in range(0, size * 20, 20)]

    def java_int(self, v):
        """DirectByteBufferStream.writeInt: v + 1 mod 2^32 in 7-bit groups."""
        w = (v + 1) % 2**32
        out = bytearray()
        while True:
            b, w = w & 0x7f, w >> 7
            out.append(b | (0x80 if w else 0))
            if not w:
                return bytes(out)

    def fields(self, cache_id):
        data = self.pack()
        return self.java_int(cache_id) + self.java_int(len(data)) + data + self.java_int(len(self.items))

    # --- message operations ---
    def build_map(self):
        self.map = {}
        for p, i, _ in self.items:
            self.map[p] = i

    def bump(self, v):
        return INT64_MIN if v == INT64_MAX else v + 1

    def next(self, p):
        if self.map is None:
            self.build_map()
        if p not in self.map:
            return None
        self.map[p] = self.bump(self.map[p])
        return self.map[p]

    def add(self, item):
        self.items.append(item)
        if self.map is not None:
            self.map[item[0]] = item[1]

    def decode(self, data):
        self.items = self.unpack(data)
        self.map = None

    def clear(self):
        self.items = []
        self.map = None

    def shrink(self):
        pass

    # --- text forms ---
    NUMBER = re.compile(rb'-?[0-9]+\Z')

    def number(self, f, bits, kind):
        if not self.NUMBER.match(f):
            raise Refused('BAD_NUMBER')
        v = int(f)
        if not -(2**(bits - 1)) <= v < 2**(bits - 1):
            raise Refused(kind)
        return v

    def split_line(self, line):
        return line.split(b' ')

    def parse_line(self, line):
        if not line:
            raise Refused('EMPTY_LINE')
        f = self.split_line(line)
        if len(f) < 3 or any(not x for x in f[:3]):
            raise Refused('MISSING_FIELD')
        if len(f) > 3:
            raise Refused('TRAILING_TEXT')
        return (self.number(f[0], 32, 'INT32_RANGE'), self.number(f[1], 64, 'INT64_RANGE'),
                self.number(f[2], 64, 'INT64_RANGE'))

    def lines(self, text):
        out = text.split(b'\n')
        if out and out[-1] == b'':
            out.pop()
        return out

    def parse_items(self, text):
        items = []
        for n, line in enumerate(self.lines(text), 1):
            try:
                items.append(self.parse_line(line))
            except Refused as e:
                raise Refused(e.kind, n)
        return items

    def is_hex_space(self, c):
        return c in HEX_SPACE

    def parse_hex(self, text):
        out, high = bytearray(), None
        for k, c in enumerate(text):
            if self.is_hex_space(c):
                continue
            d = bytes([c]).lower()
            if d not in b'0123456789abcdef':
                raise Refused('HEX_BAD_CHAR', k)
            if high is None:
                high = (int(d, 16), k)
            else:
                out.append(high[0] * 16 + int(d, 16))
                high = None
        if high is not None:
            raise Refused('HEX_ODD_DIGITS', high[1])
        return bytes(out)


# --- the mutants: one porting mistake each ------------------------------------
# Each names the bug it seeds (`# Bug: ID`), its row in docs/bugs.md.

# Bug: map-built-once (docs/bugs.md)
class IgniteMapOnce(Port):
    """Ignite's nextCounter: the map is built once and never updated."""
    def add(self, item):
        self.items.append(item)

    def decode(self, data):
        self.items = self.unpack(data)


# Bug: insert-on-failed-find (docs/bugs.md)
class InsertsAbsent(Port):
    """nextCounter stores a partition it did not find (getOrDefault + put)."""
    def next(self, p):
        if self.map is None:
            self.build_map()
        if p not in self.map:
            self.map[p] = 0
            return None
        return super().next(p)


# Bug: first-duplicate-wins (docs/bugs.md)
class FirstItemWins(Port):
    def build_map(self):
        self.map = {}
        for p, i, _ in self.items:
            self.map.setdefault(p, i)


# Bug: next-returns-old-value (docs/bugs.md)
class ReturnsOldValue(Port):
    def next(self, p):
        if self.map is None:
            self.build_map()
        if p not in self.map:
            return None
        old = self.map[p]
        self.map[p] = self.bump(old)
        return old


# Bug: next-never-stores (docs/bugs.md)
class NeverStores(Port):
    def next(self, p):
        self.build_map()
        return None if p not in self.map else self.bump(self.map[p])


# Bug: next-saturates (docs/bugs.md)
class Saturates(Port):
    def bump(self, v):
        return v if v == INT64_MAX else v + 1


# Bug: next-counts-updates (docs/bugs.md)
class CountsUpdates(Port):
    """The counter taken from the updates count instead of the initial counter."""
    def build_map(self):
        self.map = {}
        for p, _, u in self.items:
            self.map[p] = u


# Bug: add-drops-map (docs/bugs.md)
class AddDropsMap(Port):
    """add() invalidates the map, so the next call rebuilds it and loses counts."""
    def add(self, item):
        self.items.append(item)
        self.map = None


# Bug: add-keeps-old-counter (docs/bugs.md)
class AddKeepsOldCounter(Port):
    """add() of a partition already counted keeps the old counter."""
    def add(self, item):
        self.items.append(item)
        if self.map is not None:
            self.map.setdefault(item[0], item[1])


# Bug: decode-keeps-map (docs/bugs.md)
class DecodeKeepsMap(Port):
    def decode(self, data):
        self.items = self.unpack(data)


# Bug: decode-drops-map-first (docs/bugs.md)
class DecodeDropsMapFirst(Port):
    """The map is dropped before the length is checked."""
    def decode(self, data):
        self.map = None
        self.items = self.unpack(data)


# Bug: decode-length-off-by-one (docs/bugs.md)
class DecodeTruncates(Port):
    """Ignite's reader: len / 20 items, the rest ignored."""
    def unpack(self, data):
        n = len(data) // 20 * 20
        return [struct.unpack_from('<iqq', data, k) for k in range(0, n, 20)]


# Bug: clear-keeps-map (docs/bugs.md)
class ClearKeepsMap(Port):
    def clear(self):
        self.items = []


# Bug: shrink-drops-map (docs/bugs.md)
class ShrinkDropsMap(Port):
    def shrink(self):
        self.map = None


# Bug: wire-not-little-endian (docs/bugs.md)
class BigEndian(Port):
    order = '>'


# Bug: partition-unsigned (docs/bugs.md)
class UnsignedPartition(Port):
    def unpack(self, data):
        items = super().unpack(data)
        return [(p & 0xffffffff, i, u) for p, i, u in items]


# Bug: number-digit-limit (docs/bugs.md)
class DigitLimit(Port):
    """Numbers longer than 20 characters are refused as out of range."""
    def number(self, f, bits, kind):
        if len(f.lstrip(b'-')) > 19:
            raise Refused(kind)
        return super().number(f, bits, kind)


# Bug: number-strtol-prefix (docs/bugs.md)
class StrtolNumbers(Port):
    """A C port on strtol: a number ends at the first byte that is not a digit."""
    def number(self, f, bits, kind):
        return super().number(re.match(rb'-?[0-9]*', f).group(0) or f, bits, kind)


# Bug: number-accepts-plus (docs/bugs.md)
class AcceptsPlus(Port):
    NUMBER = re.compile(rb'[-+]?[0-9]+\Z')


# Bug: item-tab-separator (docs/bugs.md)
class AnyWhitespaceSeparates(Port):
    def split_line(self, line):
        return re.split(rb'[ \t]', line)


# Bug: item-accepts-crlf (docs/bugs.md)
class AcceptsCrLf(Port):
    def lines(self, text):
        return [x[:-1] if x.endswith(b'\r') else x for x in super().lines(text)]


# Bug: item-skips-empty-lines (docs/bugs.md)
class IgnoresEmptyLines(Port):
    def lines(self, text):
        return [x for x in super().lines(text) if x]


# Bug: hex-space-ascii4 (docs/bugs.md)
class HexSpaceIsAscii4(Port):
    """Only space, tab, CR and LF skipped in hex (not VT or FF)."""
    def is_hex_space(self, c):
        return c in b' \t\n\r'


# Bug: hex-pairs-only (docs/bugs.md)
class HexPairsOnly(Port):
    """Whitespace only between bytes: a split pair is refused."""
    def parse_hex(self, text):
        k = 0
        out = bytearray()
        while k < len(text):
            if text[k] in HEX_SPACE:
                k += 1
                continue
            pair = text[k:k + 2]
            for j, c in enumerate(pair):
                if bytes([c]).lower() not in b'0123456789abcdef':
                    raise Refused('HEX_BAD_CHAR', k + j)
            if len(pair) < 2:
                raise Refused('HEX_ODD_DIGITS', k)
            out.append(int(pair, 16))
            k += 2
        return bytes(out)


# Bug: size-field-ignored (docs/bugs.md)
class CountFromLength(Port):
    """The count taken from the data length, as the older readers did:
    a sender's spare capacity becomes phantom items (or a refused length)."""
    def unpack_sized(self, data, size):
        return self.unpack(data)


# Bug: size-product-wraps (docs/bugs.md)
class SizeProductInInt(Port):
    """size * 20 > length in Java int arithmetic: a product that wraps
    passes, and the items that are there are taken."""
    def unpack_sized(self, data, size):
        if size < 0:
            raise Refused('EINVAL')
        if (size * 20 + 2**31) % 2**32 - 2**31 > len(data):
            raise Refused('EBADLEN')
        n = min(size, len(data) // 20)
        return [struct.unpack_from('<iqq', data, k) for k in range(0, n * 20, 20)]


# Bug: negative-size-accepted (docs/bugs.md)
class NegativeSizeEmpty(Port):
    """A negative size read as no items, as a Java loop to size would."""
    def unpack_sized(self, data, size):
        return [] if size < 0 else super().unpack_sized(data, size)


# Bug: fields-int-not-shifted (docs/bugs.md)
class VarintWithoutShift(Port):
    """The ints written as plain unsigned varints, without writeInt's + 1."""
    def java_int(self, v):
        return super().java_int(v - 1)


# Bug: growth-from-zero-stays-zero (docs/bugs.md)
class DoublingFromEmpty(Port):
    """GridUnsafe's ensureSpace: the capacity doubled, and the request
    never compared with it.  From no storage (finishUpdating() of an empty
    message) it stays empty and add writes outside the array: the value
    is lost, and reads back as zeros (as IGNITE-27606's test saw)."""
    def __init__(self, items):
        super().__init__(items)
        self.cap = max(1, len(self.items))

    def shrink(self):
        self.cap = len(self.items)

    def add(self, item):
        if len(self.items) >= self.cap:
            self.cap *= 2
        super().add(item if len(self.items) < self.cap else (0, 0, 0))


MUTANTS = [IgniteMapOnce, InsertsAbsent, FirstItemWins, ReturnsOldValue, NeverStores,
           Saturates, CountsUpdates, AddDropsMap, AddKeepsOldCounter, DecodeKeepsMap,
           DecodeDropsMapFirst, DecodeTruncates, ClearKeepsMap, ShrinkDropsMap, BigEndian,
           UnsignedPartition, DigitLimit, StrtolNumbers, AcceptsPlus, AnyWhitespaceSeparates,
           AcceptsCrLf, IgnoresEmptyLines, HexSpaceIsAscii4, HexPairsOnly, CountFromLength,
           SizeProductInInt, NegativeSizeEmpty, VarintWithoutShift, DoublingFromEmpty]


# --- the vectors ----------------------------------------------------------------

def hexfield(s):
    return b'' if s == '-' else bytes.fromhex(s)


def itemsfield(s):
    if s == '-':
        return []
    return [tuple(int(x) for x in t.split(',')) for t in s.split(';')]


def cases(path):
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                yield n, line.split(' ')


def failures(cls, vecdir):
    """The names of the cases cls gets wrong."""
    bad = []
    for _, r in cases(os.path.join(vecdir, 'counters.vec')):
        if r[0] == 'ok':
            items, data = itemsfield(r[2]), hexfield(r[3])
            if cls(items).pack() != data or cls([]).unpack(data) != items:
                bad.append(r[1])
        elif r[0] == 'error':
            try:
                cls([]).unpack(hexfield(r[2]))
                bad.append(r[1])
            except Refused as e:
                if e.kind != r[3]:
                    bad.append(r[1])
        elif r[0] in ('sized_ok', 'sized_error'):
            try:
                got = cls([]).unpack_sized(hexfield(r[3]), int(r[2]))
                if r[0] != 'sized_ok' or got != itemsfield(r[4]):
                    bad.append(r[1])
            except Refused as e:
                if r[0] != 'sized_error' or e.kind != r[4]:
                    bad.append(r[1])
        elif r[0] == 'fields':
            if cls(itemsfield(r[3])).fields(int(r[2])) != hexfield(r[4]):
                bad.append(r[1])
        else:
            raise ValueError('counters.vec: unknown kind ' + r[0])
    for _, r in cases(os.path.join(vecdir, 'next_counter.vec')):
        m = cls(itemsfield(r[2]))
        ok = True
        for step in r[3].split(';'):
            if step.startswith('add:'):
                m.add(itemsfield(step[4:])[0])
            elif step.startswith('decode:'):
                data, want = step[7:].split('=')
                before = (list(m.items), None if m.map is None else dict(m.map))
                try:
                    m.decode(hexfield(data))
                    got = 'OK'
                except Refused as e:
                    got = e.kind
                    ok &= (list(m.items), None if m.map is None else dict(m.map)) == before
                ok &= got == want
            elif step in ('clear', 'shrink'):
                getattr(m, step)()
            else:
                p, want = step.split('=')
                got = m.next(int(p))
                ok &= ('ENOTFOUND' if got is None else str(got)) == want
        if not ok:
            bad.append(r[1])
    for _, r in cases(os.path.join(vecdir, 'text.vec')):
        text = hexfield(r[2])
        try:
            if r[0].startswith('items'):
                got = b''.join(ITEM.pack(*it) for it in cls([]).parse_items(text))
            else:
                got = cls([]).parse_hex(text)
            if not r[0].endswith('_ok') or got != hexfield(r[3]):
                bad.append(r[1])
        except Refused as e:
            if r[0].endswith('_ok') or (e.kind, e.where) != (r[4], int(r[3])):
                bad.append(r[1])
    return bad


def main():
    vecdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    bad = failures(Port, vecdir)
    if bad:
        print('check-ports: the port from the docs fails: ' + ', '.join(bad))
        return 1
    survivors = []
    for cls in MUTANTS:
        caught = failures(cls, vecdir)
        if caught:
            print('check-ports: %-24s caught by %d cases, first %s' % (cls.__name__, len(caught),
                                                                     caught[0]))
        else:
            survivors.append(cls.__name__)
    if survivors:
        print('check-ports: mutants passing every vector: ' + ', '.join(survivors))
        return 1
    print('check-ports: the documented port passes; %d of %d mutated ports caught'
          % (len(MUTANTS), len(MUTANTS)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
