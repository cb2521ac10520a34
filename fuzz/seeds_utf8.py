#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the hand-made seeds of the UTF-8 harnesses into
corpus/utf8_{encode,decode,modified}/seed-*, in the input formats described
at the top of fuzz/fuzz_utf8_*.c.  Run from the top of the tree (fuzz/seeds.sh
calls it); existing seed-* files are overwritten, found inputs left alone."""
import os
import struct

C = 'corpus'


def units(text):
    b = text.encode('utf-16-le', 'surrogatepass')
    return list(struct.unpack('<%dH' % (len(b) // 2), b))


def le16(us):
    return struct.pack('<%dH' % len(us), *us)


def write(harness, name, data):
    d = os.path.join(C, harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'seed-' + name), 'wb') as f:
        f.write(data)


TEXTS = {
    'ascii': 'Hello, World! The quick brown fox jumps over the lazy dog. 0123456789',
    'latin1': 'Grüße aus Köln, café à la française, smørrebrød og æbleskiver.',
    'cyrillic': 'Съешь же ещё этих мягких французских булок, да выпей чаю.',
    'cjk': '中文字符和日本語のテキスト、한국어 텍스트도 있습니다。' * 2,
    'emoji': '\U0001F600\U0001F389\U0001F680\U0001F44D\U0001F525\U0001F4AF' * 6,
    'mixed': '{"id":42,"name":"Zoë","city":"東京","mood":"\U0001F600","ok":true}' * 2,
}


def encode_seeds():
    for name, text in TEXTS.items():
        write('utf8_encode', name, b'\x00' + le16(units(text)))
    write('utf8_encode', 'empty', b'\x00')
    write('utf8_encode', 'boundaries', b'\x03' + le16([0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000,
                                                       0xFFFF, 0xD800, 0xDC00, 0xDBFF, 0xDFFF]))
    write('utf8_encode', 'lone-surrogates', b'\x05' + le16([0x61, 0xD800, 0x41, 0xDC00, 0xDC00,
                                                            0xD800, 0xD800, 0xD83D, 0xDE00,
                                                            0xD800]))
    # A pair across each block edge of the kernels (8, 16, 32 units).
    for edge in (7, 15, 31):
        write('utf8_encode', 'pair-at-%d' % edge,
              b'\x01' + le16([0x61] * edge + [0xD83D, 0xDE00] + [0x62] * 40))
        write('utf8_encode', 'high-at-%d' % edge,
              b'\x01' + le16([0x4E2D] * edge + [0xD83D] + [0x62] * 40))
    write('utf8_encode', 'two-byte-blocks', b'\x02' + le16([0x80 + 37 * k for k in range(48)]))
    # A block of 8 two-byte units but one, U+0800, at the two-byte edge.
    write('utf8_encode', 'two-byte-edge', b'\x02' + le16([0x7FF] * 7 + [0x800] + [0x78] * 16))
    write('utf8_encode', 'pairs-then-ascii', b'\x04' + le16(units('\U0001F600' * 20 + 'x' * 40)))


def decode_seeds():
    for name, text in TEXTS.items():
        write('utf8_decode', name, b'\x00' + text.encode('utf-8'))
        # The same text through the mutation form: one byte changed.
        write('utf8_decode', name + '-mutated', b'\x03\x11\x00\xa0' + le16(units(text)))
        write('utf8_decode', name + '-cut', b'\x05\x23\x00\x00' + le16(units(text)))
    write('utf8_decode', 'empty', b'\x00')
    write('utf8_decode', 'table-3-8', b'\x00' + bytes.fromhex('61f18080e180c262806380bf64'))
    write('utf8_decode', 'overlongs', b'\x00' + bytes.fromhex('c080c1bfe08080e09fbff0808080f08fbfbf'))
    write('utf8_decode', 'surrogates', b'\x00' + bytes.fromhex('eda080edbfbfeda0bdedb880eda041eda0'))
    write('utf8_decode', 'above-max', b'\x00' + bytes.fromhex('f4908080f5808080f8f9fafbfcfdfeff'))
    write('utf8_decode', 'truncated', b'\x00' + bytes.fromhex('41c3e282e28241f09f98f09f9841f09f'))
    write('utf8_decode', 'lead-at-end', b'\x00' + bytes.fromhex('41f0'))
    write('utf8_decode', 'stray', b'\x00' + bytes.fromhex('804180bf80c2c3a9'))
    write('utf8_decode', 'late-error', b'\x00' + b'a' * 100 + bytes.fromhex('e282') + b'b' * 70)
    write('utf8_decode', 'ascii-long', b'\x00' + b'x' * 300)


def modified_seeds():
    for name, text in TEXTS.items():
        us = units(text)
        write('utf8_modified', 'write-' + name, b'\x01\x00\x00' + le16(us))
        body = b''.join(b'\xc0\x80' if u == 0 else chr(u).encode('utf-8', 'surrogatepass')
                        for u in us)
        write('utf8_modified', 'read-' + name, b'\x00' + struct.pack('>H', len(body)) + body)
    write('utf8_modified', 'write-nul-and-lone', b'\x01\x00\x00' + le16([0, 0x41, 0xDC00, 0xD800, 0]))
    # Repeated until the body passes 65535 bytes: 4 * 5462 units of U+0800,
    # and just under it: 4 * 5461.
    write('utf8_modified', 'write-too-long', b'\x0f' + struct.pack('<H', 5462) + le16([0x800]))
    write('utf8_modified', 'write-longest', b'\x0f' + struct.pack('<H', 5461) + le16([0x800]))
    write('utf8_modified', 'read-empty', b'\x00')
    write('utf8_modified', 'read-overlongs', b'\x00' + bytes.fromhex('0007c080c181e08080'))
    write('utf8_modified', 'read-short-body', b'\x00' + bytes.fromhex('00054142'))
    write('utf8_modified', 'read-bad-lead', b'\x00' + bytes.fromhex('00034180f0'))
    write('utf8_modified', 'read-partial', b'\x00' + bytes.fromhex('000341e282'))
    write('utf8_modified', 'read-trailing', b'\x00' + bytes.fromhex('0001414243'))


if __name__ == '__main__':
    encode_seeds()
    decode_seeds()
    modified_seeds()
