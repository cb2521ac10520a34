#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes utf8.vec: Java strings as UTF-8 and modified UTF-8.

The expected values come from Python's codecs, not from lepack: encoding
is str.encode('utf-8') per code point (Python decodes the UTF-16 units with
'surrogatepass', which pairs surrogates and leaves a lone one alone; the JDK
writes '?' for a lone one), decoding is bytes.decode('utf-8', 'replace')
(one U+FFFD per maximal ill-formed subsequence), the strict offset is the
start of Python's UnicodeDecodeError, and writeUTF's body is each unit
encoded on its own with 'surrogatepass' (U+0000 as C0 80).

The JDK departs from the maximal-subpart rule in one place, ED A0..BF (an
encoded surrogate): it takes ED like E1..EC and replaces what it took by a
single U+FFFD.  jdk_decode() below applies that rule on top of Python's
decoder.  tests/java/Utf8VectorCheck.java checks every line against the JDK itself.
The format is in README.md next to this script; the output is
deterministic (make test-vectors-utf8 rewrites it, make check compares).

usage: gen_utf8_vectors.py [OUTDIR]   (default: the directory of this script)
"""

import os
import struct
import sys

REPL = 0xFFFD


class Lcg:
    """The fixed generator of gen_vectors.py, so the file does not depend on
    Python's random module."""

    def __init__(self, seed):
        self.s = seed

    def next(self):
        self.s = (self.s * 6364136223846793005 + 1442695040888963407) % 2**64
        return self.s ^ (self.s >> 29)

    def below(self, n):
        return self.next() % n


def units_field(units):
    return ''.join('%04x' % u for u in units) if units else '-'


def hexs(b):
    return b.hex() if b else '-'


def units_of(text):
    """UTF-16 code units of a Python string (surrogates allowed)."""
    b = text.encode('utf-16-le', 'surrogatepass')
    return [b[i] | b[i + 1] << 8 for i in range(0, len(b), 2)]


def jdk_encode(units):
    """String.getBytes(UTF_8): code points as UTF-8, a lone surrogate '?'."""
    text = struct.pack('<%dH' % len(units), *units).decode('utf-16-le', 'surrogatepass')
    out = bytearray()
    for ch in text:
        if 0xD800 <= ord(ch) <= 0xDFFF:
            out += b'?'
        else:
            out += ch.encode('utf-8')
    return bytes(out)


def python_decode(data):
    return units_of(data.decode('utf-8', 'replace'))


def jdk_decode(data):
    """new String(bytes, UTF_8): Python's maximal subparts, except that ED
    followed by A0..BF is taken with at most one more continuation byte and
    replaced by one U+FFFD."""
    out = []
    i = start = 0
    while i < len(data):
        if data[i] == 0xED and i + 1 < len(data) and 0xA0 <= data[i + 1] <= 0xBF:
            out += python_decode(data[start:i])
            k = 3 if i + 2 < len(data) and 0x80 <= data[i + 2] <= 0xBF else 2
            out.append(REPL)
            i += k
            start = i
        else:
            i += 1
    out += python_decode(data[start:])
    return out


def strict_offset(data):
    try:
        data.decode('utf-8', 'strict')
        return None
    except UnicodeDecodeError as e:
        return e.start


def writeutf(units):
    body = b''.join(b'\xc0\x80' if u == 0 else chr(u).encode('utf-8', 'surrogatepass')
                    for u in units)
    return body


def readutf(data):
    """DataInputStream.readUTF as its javadoc states it: ('ok', units, used),
    ('ERANGE', None) or ('EILLFORMED', offset of the group's first byte)."""
    if len(data) < 2:
        return ('ERANGE', None)
    n = data[0] * 256 + data[1]
    if len(data) - 2 < n:
        return ('ERANGE', None)
    end = 2 + n
    i, units = 2, []
    while i < end:
        a = data[i]
        k = 1 if a < 0x80 else 2 if a >> 5 == 6 else 3 if a >> 4 == 14 else 0
        if k == 0 or i + k > end or any(data[i + j] >> 6 != 2 for j in range(1, k)):
            return ('EILLFORMED', i)
        if k == 1:
            units.append(a)
        elif k == 2:
            units.append((a & 0x1F) << 6 | data[i + 1] & 0x3F)
        else:
            units.append((a & 0x0F) << 12 | (data[i + 1] & 0x3F) << 6 | data[i + 2] & 0x3F)
        i += k
    return ('ok', units, end)


def random_units(r, n):
    """Units biased towards the interesting classes, lone surrogates included."""
    out = []
    while len(out) < n:
        c = r.below(8)
        if c < 3:
            out.append(r.below(0x80))
        elif c == 3:
            out.append(0x80 + r.below(0x780))
        elif c == 4:
            u = 0x800 + r.below(0xF800)
            out.append(u if not 0xD800 <= u <= 0xDFFF else 0x4E00 + r.below(0x5000))
        elif c == 5:
            cp = 0x10000 + r.below(0x100000)
            out += [0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF)]
        elif c == 6:
            out.append(0xD800 + r.below(0x800))
        else:
            out.append(r.below(0x10000))
    return out[:n]


def encode_vectors():
    lines = []

    def case(name, units):
        lines.append('encode %s %s %s' % (name, units_field(units), hexs(jdk_encode(units))))

    case('empty', [])
    case('ascii', units_of('Hello, World!'))
    case('nul', [0])
    case('last_1_byte', [0x7F])
    case('first_2_byte', [0x80])
    case('last_2_byte', [0x7FF])
    case('first_3_byte', [0x800])
    case('below_surrogates', [0xD7FF])
    case('above_surrogates', [0xE000])
    case('replacement_char', [0xFFFD])
    case('last_bmp', [0xFFFF])
    case('first_pair', [0xD800, 0xDC00])
    case('last_pair', [0xDBFF, 0xDFFF])
    case('emoji', units_of('\U0001F600'))
    case('lone_high_at_end', [0x61, 0x62, 0xD800])
    case('lone_high_before_ascii', [0xD800, 0x41])
    case('lone_low', [0xDC00])
    case('lone_low_at_start', [0xDFFF, 0x41])
    case('reversed_pair', [0xDC00, 0xD800])
    case('high_high_low', [0xD800, 0xD83D, 0xDE00])
    case('high_then_pair_then_low', [0xDBFF, 0xD83D, 0xDE00, 0xDC00])
    case('latin1', units_of('Grüße, café à la française'))
    case('cyrillic', units_of('Съешь же ещё этих мягких французских булок'))
    case('cjk', units_of('中文字符和日本語のテキスト'))
    case('mixed', units_of('id=42 name="Zoë" city=東京 mood=\U0001F600\U0001F389 ok'))
    case('ascii_100', units_of('The quick brown fox jumps over the lazy dog. ' * 2 + '0123456789'))
    case('cjk_40', [0x4E00 + 37 * k for k in range(40)])
    case('pairs_33', [u for k in range(33) for u in (0xD83C + k % 3, 0xDC00 + 29 * k)])
    case('latin1_50', [0x41 + k % 26 if k % 3 else 0xC0 + k for k in range(50)])
    r = Lcg(8)
    for n in (1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 100, 257):
        case('random_%d' % n, random_units(r, n))
    return lines


def decode_vectors():
    lines = []
    r = Lcg(16)

    def case(name, data):
        units = jdk_decode(data)
        off = strict_offset(data)
        lines.append('decode %s %s %s %s' % (name, hexs(data), units_field(units),
                                             'ok' if off is None else str(off)))

    case('empty', b'')
    case('ascii', b'Hello, World!')
    case('nul', b'\x00')
    case('two_byte', bytes.fromhex('c280dfbf'))
    case('three_byte', bytes.fromhex('e0a080ed9fbfee8080efbfbf'))
    case('four_byte', bytes.fromhex('f0908080f48fbfbff09f9880'))
    case('unicode_table_3_8', bytes.fromhex('61f18080e180c262806380bf64'))
    case('overlong_c0', bytes.fromhex('c080'))
    case('overlong_c1', bytes.fromhex('c1bf'))
    case('overlong_e0', bytes.fromhex('e08080'))
    case('overlong_e0_9f', bytes.fromhex('e09fbf'))
    case('overlong_f0', bytes.fromhex('f0808080'))
    case('overlong_f0_8f', bytes.fromhex('f08fbfbf'))
    case('surrogate_ed_a0_80', bytes.fromhex('eda080'))
    case('surrogate_ed_bf_bf', bytes.fromhex('edbfbf'))
    case('surrogate_pair_encoded', bytes.fromhex('eda0bdedb880'))
    case('surrogate_ed_a0_at_end', bytes.fromhex('61eda0'))
    case('surrogate_ed_a0_ascii', bytes.fromhex('eda041'))
    case('ed_9f_at_end', bytes.fromhex('ed9f'))
    case('above_max_f4_90', bytes.fromhex('f4908080'))
    case('above_max_f5', bytes.fromhex('f5808080'))
    case('bytes_f8_to_ff', bytes(range(0xF8, 0x100)))
    case('truncated_2', bytes.fromhex('41c3'))
    case('truncated_3', bytes.fromhex('e282'))
    case('truncated_3_ascii', bytes.fromhex('e28241'))
    case('truncated_4', bytes.fromhex('f09f98'))
    case('truncated_4_ascii', bytes.fromhex('f09f9841'))
    case('truncated_4_one', bytes.fromhex('f09f'))
    case('stray_continuation', bytes.fromhex('80'))
    case('stray_continuations', bytes.fromhex('4180bf80'))
    case('lead_then_lead', bytes.fromhex('c2c3a9'))
    case('late_error', b'a' * 40 + bytes.fromhex('e282') + b'b' * 40)
    case('ascii_then_cjk', b'x' * 37 + '中文字符和日本語のテキスト'.encode('utf-8'))
    for name, text in (('latin1', 'Grüße, café à la française'),
                       ('cjk', '中文字符和日本語のテキスト' * 3),
                       ('emoji', '\U0001F600\U0001F389\U0001F680' * 6)):
        case(name, text.encode('utf-8'))
    # Valid text with one byte changed, and random bytes.
    for k in range(12):
        data = bytearray(jdk_encode(random_units(r, 20 + r.below(60))))
        data[r.below(len(data))] = r.below(256)
        case('mutated_%d' % k, bytes(data))
    for k in range(12):
        data = bytes((0x80 + r.below(0x80)) if r.below(2) else r.below(0x80)
                     for _ in range(1 + r.below(70)))
        case('random_bytes_%d' % k, data)
    return lines


def mutf8_vectors():
    lines = []

    def write(name, units):
        body = writeutf(units)
        assert len(body) <= 65535
        lines.append('writeutf %s %s %s' % (name, units_field(units),
                                            hexs(struct.pack('>H', len(body)) + body)))

    def repeat(name, unit, count):
        n = len(writeutf([unit])) * count
        lines.append('writeutf_repeat %s %04x %d %s' % (name, unit, count,
                                                        n if n <= 65535 else 'ETOOLONG'))

    def read(name, data):
        res = readutf(data)
        if res[0] == 'ok':
            lines.append('readutf %s %s %s %d' % (name, hexs(data), units_field(res[1]), res[2]))
        else:
            lines.append('readutf_error %s %s %s %s' % (
                name, hexs(data), res[0], '-' if res[1] is None else str(res[1])))

    write('empty', [])
    write('ascii', units_of('Hello'))
    write('nul', [0])
    write('nul_inside', [0x41, 0, 0x42])
    write('two_byte', [0x80, 0x7FF])
    write('three_byte', [0x800, 0xFFFF])
    write('pair_as_two_surrogates', [0xD83D, 0xDE00])
    write('lone_surrogates', [0xDC00, 0xD800])
    write('mixed', units_of('id=42 Zoë 東京 \U0001F600'))
    repeat('max_ascii', 0x61, 65535)
    repeat('one_over_ascii', 0x61, 65536)
    repeat('max_three_byte', 0x800, 21845)
    repeat('one_over_three_byte', 0x800, 21846)
    repeat('max_nul', 0, 32767)
    repeat('nul_one_over', 0, 32768)
    repeat('surrogates_over', 0xD800, 21846)

    read('overlong_c1_accepted', bytes.fromhex('0002c181'))
    read('overlong_e0_accepted', bytes.fromhex('0003e08080'))
    read('raw_nul_accepted', bytes.fromhex('000100'))
    read('trailing_bytes_left', bytes.fromhex('0001414243'))
    read('empty_input', b'')
    read('one_byte', bytes.fromhex('00'))
    read('body_cut_short', bytes.fromhex('00054142'))
    read('prefix_ffff_short', bytes.fromhex('ffff41'))
    read('continuation_lead', bytes.fromhex('00024180'))
    read('four_byte_lead', bytes.fromhex('0004f09f9880'))
    read('bad_second_byte', bytes.fromhex('0003c24141'))
    read('bad_third_byte', bytes.fromhex('0003e28241'))
    read('partial_at_body_end', bytes.fromhex('000241c2a9'))
    read('partial_three_at_end', bytes.fromhex('0002e282ac'))
    return lines


HEADER = ('# lepack golden vectors: %s\n'
          '# Generated by tests/vectors/gen_utf8_vectors.py; format in tests/vectors/README.md.\n'
          '# Do not edit by hand: change the script and run `make test-vectors-utf8`.\n')


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(outdir, 'utf8.vec'), 'w', newline='\n') as f:
        f.write(HEADER % 'Java strings as UTF-8 and modified UTF-8')
        for line in encode_vectors() + decode_vectors() + mutf8_vectors():
            f.write(line + '\n')


if __name__ == '__main__':
    main()
