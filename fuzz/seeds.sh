#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Writes the hand-made seeds into corpus/<harness>/seed-*.  Each seed is a
# readable list of bytes in the input format described at the top of its
# harness (fuzz/fuzz_<harness>.c).  Run from the top of the tree; existing
# seed-* files are overwritten, found inputs are left alone.
set -eu
C=corpus

# b N...: bytes with the given decimal values.
b() { for x in "$@"; do printf "\\$(printf '%03o' "$x")"; done; }
# le N W: the low W bytes of N (N >= 0), least significant first.
le() { n=$1; k=0; while [ "$k" -lt "$2" ]; do b $((n % 256)); n=$((n / 256)); k=$((k + 1)); done; }
ff() { k=0; while [ "$k" -lt "$1" ]; do b 255; k=$((k + 1)); done; }

mkdir -p $C/views $C/counters_ops $C/counters_decode $C/cli

# --- views: L, L bytes, then {op, off, value(8)} ------------------------------
# op = type + 7 * order + 14 * action; types u8 u16 i16 u32 i32 u64 i64;
# actions get put cget cput seek forms.
{ b 16; le 0 16
  b $((3 + 14)) 0; le 305419896 8         # put le_u32 at 0
  b 3 0; le 0 8                            # get le_u32 at 0
  b $((5 + 7 + 14)) 8; ff 8                # put be_u64 at 8: all ones
  b $((6 + 7)) 8; le 0 8                   # get be_i64 at 8: -1
  b $((3 + 14)) 13; le 1 8                 # put le_u32 at 13: refused, buffer intact
  b $((5 + 14)) 129; le 7 8                # put le_u64 at SIZE_MAX - 1: overflow refused
  b 1 $((128 + 127)); le 0 8               # get le_u16 far off
} > $C/views/seed-basic
# Every type, order and action once, at an in-range offset and at the edge.
{ b 24; le 1234605616436508552 8; le 81985529216486895 8; le 0 8
  op=0; while [ "$op" -lt 84 ]; do b "$op" $((op % 20)); le $((op * 2654435761)) 8; op=$((op + 1)); done
  op=0; while [ "$op" -lt 84 ]; do b "$op" 23; ff 8; op=$((op + 1)); done
} > $C/views/seed-all-ops
# Cursor: fill 10 bytes to the end, then one more is refused; seek back and read.
{ b 10; le 0 10
  b $((1 + 42)) 0; le 513 8               # cput le_u16
  b $((6 + 7 + 42)) 0; ff 8                # cput be_i64: ends at 10
  b $((0 + 42)) 0; le 9 8                  # cput le_u8: full
  b $((0 + 56)) 2; le 0 8                  # seek 2
  b $((6 + 7 + 28)) 0; le 0 8              # cget be_i64
  b $((4 + 28)) 0; le 0 8                  # cget le_i32: short
} > $C/views/seed-cursor
{ b 0; b 3 0; le 0 8; b 17 0; le 1 8; b 70 0; le 0 8; } > $C/views/seed-empty
{ b 8; le 0 8; b 70 3; le 72623859790382856 8; b 77 7; ff 8; } > $C/views/seed-forms

# --- counters_ops: cache id (4), capacity byte, then ops ----------------------
# 0 add P I(8) U(8) | 1 get idx | 2 encode sel extra | 3 decode n bytes |
# 4 next P | 5 clear | 6 fail k | 7 init id(4) cap | 8 grown sel v(8) sel v(8) |
# 9 strerror s | 10 limits | 11 add many n P | 252..254 shrink | 255 append c d P.
# P: (byte & 7) - 4, or 128 + i32.
add() { b 0 "$1"; le "$2" 8; le "$3" 8; }
# Capacity 1, then growth past it: the write Ignite's growth put past the array.
{ le 7 4; b 1; add 5 100 1; add 6 200 2; add 7 300 3; b 1 1; b 2 0 0; } > $C/counters_ops/seed-grow-from-1
{ le 7 4; b 0; add 4 1 1; add 5 2 2; b 1 0; b 2 1 0; b 2 2 5; b 2 3 3; } > $C/counters_ops/seed-grow-from-0
{ le 1 4; b 2; b 11 63 5; b 11 63 1; b 4 5; b 4 7; b 1 100; b 2 0 0; } > $C/counters_ops/seed-add-many
# Injected allocation failures: growth, map build, map growth, decode, init.
{ le 3 4; b 1; add 4 1 1; b 6 0; add 5 2 2; add 5 2 2; b 6 0; b 4 5; b 4 5
  b 6 0; b 11 40 4; b 11 40 4; b 6 0; b 3 40; le 1 20; le 2 20; b 6 0; b 7 9 0 0 0 5; b 7 9 0 0 0 5
} > $C/counters_ops/seed-fail
{ le 3 4; b 4; add 4 1 1; b 4 4; b 6 1; b 11 20 6; b 6 0; add 6 0 0; b 4 6; } > $C/counters_ops/seed-fail-map
# Decode of 41 bytes (refused), 40 and 0 bytes (accepted), then next_counter.
{ le 9 4; b 2; add 4 1 1; b 3 41; le 1 41; b 3 40; le 12345678901234567 20; le 5 20; b 1 1; b 4 5; b 3 0; b 2 0 0; } > $C/counters_ops/seed-decode-41
# next_counter: repeated partition (last wins), a missing one, and the wrap at INT64_MAX.
{ le 4 4; b 0; add 5 10 0; add 5 20 0; b 0 6; ff 7; b 127; le 0 8; b 4 5; b 4 6; b 4 6; b 4 7
  add 7 1 1; b 4 7; b 5; b 4 5; b 0 $((128)) ; ff 4; le 1 8; le 2 8; b 4 128; ff 4; } > $C/counters_ops/seed-next
# shrink (op bytes 252..254): refused by an injected failure (capacity kept),
# then trimmed; with a built map; on an empty message (storage freed).
{ le 11 4; b 8; add 4 1 1; add 5 2 2; b 6 0; b 252; b 253; b 1 1; b 4 4; add 6 3 3; b 254
  b 2 0 0; b 5; b 254; add 7 4 4; b 1 0; b 4 7; b 252; b 3 20; le 9 20; b 252; b 2 0 0; } > $C/counters_ops/seed-shrink
# append (op byte 255, count byte c, commit byte d, P): reserve, a span of
# c % 64 items, commit of d % (c % 64 + 2); bit 7 of c: no reserve (an empty
# span without room); bit 6: an add between span and commit (stale: refused);
# before and after next_counter's map is built; one item alone; a commit past
# the span; a commit of part of it; a span one item past the room (empty);
# reserve refused (items, map).
{ le 12 4; b 1; add 4 1 1; b 255 10 10 3; b 1 5; b 255 $((128 + 5)) 5 2; b 255 3 2 3
  b 255 $((128 + 2)) 2 3; b 255 1 1 6; b 4 3
  b 255 1 1 7; b 4 7; b 4 4; b 255 40 40 1; b 255 $((128 + 63)) 63 2; b 4 1
  b 255 $((64 + 8)) 8 3; b 255 8 9 3; b 255 8 4 3; b 4 3; b 2 0 0; } > $C/counters_ops/seed-append
{ le 13 4; b 2; add 4 1 1; b 6 0; b 255 30 30 1; b 4 4; b 6 1; b 255 30 30 2; b 6 0; b 255 30 30 3
  b 255 30 30 3; b 4 3; b 2 0 0; } > $C/counters_ops/seed-append-fail
# Batches (op bytes 248 .. 251, item lists: count, mode, items or a seed):
# add items read from the input, generated, onto a built map, under injected
# failures; get items in range, past the end, overflowing; every vector path
# for sizes around the AVX2 (8) and AVX-512 (16) blocks.
{ le 5 4; b 0; b 248 3 1; b 5; le 1 8; le 2 8; b 128; le 7 4; ff 8; le 0 8; b 2; le 3 8; le 4 8
  b 248 40 0 1 2 3 4; b 249 1 10; b 249 39 3; b 249 0 71; b 249 255 2; b 249 43 0
  b 4 1; b 248 33 0 9 9 9 9; b 4 1; b 4 2; b 2 0 0
  b 6 0; b 248 20 0 5 5 5 5; b 6 1; b 4 3; b 6 0; b 248 50 0 6 6 6 6; b 1 7
  for n in 0 1 7 8 9 15 16 17 23 24 31 32 33 47 48 49 63 64 65 71; do b 250 "$n" 0 "$n" 1 2 3; done
  b 251 17 1; i=0; while [ "$i" -lt 17 ]; do b 128; ff 4; ff 8; le 0 8; i=$((i + 1)); done
} > $C/counters_ops/seed-batch
# The vector paths with buffers at offsets into 64-byte aligned blocks (mode
# bits 1-3: items at 8k, bits 4-7: wire bytes at 4k, 62 for 15), so that the
# non-temporal paths run their unaligned head; then the 2^18-item batch (op
# 251, mode bits 6 and 7, generated items), one per input, in inputs whose
# hash selects it (the 4-byte seeds below are chosen for that).
{ le 6 4; b 0
  for m in 2 18 20 36 66 98 130 162 194 226 240 254; do b 250 40 "$m" 1 2 3 4; b 250 71 "$m" 5 6 7 8; done
  b 250 33 19; i=0; while [ "$i" -lt 33 ]; do b 128; ff 4; ff 8; le 0 8; i=$((i + 1)); done
} > $C/counters_ops/seed-misaligned
{ le 6 4; b 0; b 251 37 192; le 1 4; } > $C/counters_ops/seed-stream-48-0
{ le 6 4; b 0; b 251 0 214; le 8 4; } > $C/counters_ops/seed-stream-52-24
{ le 6 4; b 0; b 251 71 232; le 9 4; } > $C/counters_ops/seed-stream-56-32
{ le 6 4; b 0; b 251 9 254; le 3 4; b 251 9 254; le 3 4; } > $C/counters_ops/seed-stream-62-56
# Growth rule edges, statuses, limits, init refusals.
{ le 0 4; b 0; b 8 0; le 1 8; b 0; le 2 8; b 8 1; le 0 8; b 0; le 5 8; b 8 2; le 0 8; b 2; le 0 8
  b 8 4; ff 8; b 0; le 3 8; b 8 3; le 0 8; b 0; le 9 8
  s=0; while [ "$s" -lt 12 ]; do b 9 "$s"; s=$((s + 1)); done
  b 10; b 7 1 2 3 4 255; b 7 1 2 3 4 254; b 7 255 255 255 255 63; add 4 1 1; } > $C/counters_ops/seed-limits

# --- counters_decode: wire bytes ------------------------------------------------
: > $C/counters_decode/seed-empty
le 1 20 > $C/counters_decode/seed-one
{ le 4294967295 4; ff 8; le 0 8; le 1 20; } > $C/counters_decode/seed-two
{ le 1 20; le 2 20; b 9; } > $C/counters_decode/seed-41
le 7 19 > $C/counters_decode/seed-19
{ i=0; while [ "$i" -lt 5 ]; do le $((i * 1000003)) 4; le $((i * 4000000007)) 8; ff 8; i=$((i + 1)); done; } > $C/counters_decode/seed-five

# --- cli: text ------------------------------------------------------------------------
printf '1 2 3\n4 5 6\n' > $C/cli/seed-items
printf -- '-2147483648 -9223372036854775808 9223372036854775807' > $C/cli/seed-limits
printf '2147483648 0 0\n' > $C/cli/seed-int32-over
printf '0 9223372036854775808 0\n' > $C/cli/seed-int64-over
printf '1  2 3\n' > $C/cli/seed-two-spaces
printf '1 2\n' > $C/cli/seed-two-fields
printf '1 2 3\n\n' > $C/cli/seed-empty-line
printf -- '-0 007 -1\n' > $C/cli/seed-zeros
printf 'de ad BE ef\n0102\n' > $C/cli/seed-hex
printf 'a b c' > $C/cli/seed-hex-odd
printf '0g' > $C/cli/seed-hex-bad
: > $C/cli/seed-empty
# `lepack utf8`: a flags byte (bit 7 set; bit 0 encode, 1 --mutf8, 2 --hex,
# 3 --strict, bits 4-5: 1 --help, 2 an unknown option), then the input.
u16() { for x in "$@"; do le "$x" 2; done; }
{ b 129; u16 65 233 8364 55357 56832 55296 56320 0 127 128 2047 2048 65535; } > $C/cli/seed-utf8-encode
{ b 133; i=0; while [ "$i" -lt 40 ]; do u16 $((65 + i)); i=$((i + 1)); done; u16 8364; } > $C/cli/seed-utf8-encode-hex
{ b 131; u16 0 65 55357 56832 56320 2048; } > $C/cli/seed-utf8-encode-mutf8
{ b 135; u16 0 128 55296; } > $C/cli/seed-utf8-encode-mutf8-hex
{ b 129 65 0 66; } > $C/cli/seed-utf8-encode-odd
{ b 137 65 0; } > $C/cli/seed-utf8-encode-strict
{ b 128 65 195 169 226 130 172 240 159 152 128 192 128 237 160 128 244 144 128 128 226 130; } > $C/cli/seed-utf8-decode
{ b 136 65 195 169 226 130 172 240 159 152 128; } > $C/cli/seed-utf8-decode-strict
{ b 136 65 66 237 160 128 67; } > $C/cli/seed-utf8-decode-strict-bad
{ b 130 0 6 65 192 128 237 160 189; } > $C/cli/seed-utf8-decode-mutf8
{ b 130 0 4 65 192 128 66 67; } > $C/cli/seed-utf8-decode-mutf8-trailing
{ b 130 0; } > $C/cli/seed-utf8-decode-mutf8-short
{ b 130 0 5 65; } > $C/cli/seed-utf8-decode-mutf8-cut
{ b 130 0 2 193 129; } > $C/cli/seed-utf8-decode-mutf8-malformed
{ b 132; printf 'e282ac 41\nF0 9f 98 80\tc0'; } > $C/cli/seed-utf8-decode-hex
{ b 132; printf 'e2 8x'; } > $C/cli/seed-utf8-decode-hex-bad
{ b 132; printf 'e28'; } > $C/cli/seed-utf8-decode-hex-odd
{ b 134; printf '0003 41c080'; } > $C/cli/seed-utf8-decode-mutf8-hex
{ b 140; printf 'ed a0 80'; } > $C/cli/seed-utf8-decode-strict-hex
{ b 144; } > $C/cli/seed-utf8-help
{ b 145 65 0; } > $C/cli/seed-utf8-encode-help
{ b 160 65; } > $C/cli/seed-utf8-bogus
# Singular and plural counts, offsets in the decoded bytes and the text,
# the refused --strict --mutf8 and --help after other options.
{ b 129 65; } > $C/cli/seed-utf8-encode-odd-one
{ b 130; } > $C/cli/seed-utf8-decode-mutf8-empty
{ b 130 0 1; } > $C/cli/seed-utf8-decode-mutf8-cut-one
{ b 130 0 1 65 66 67; } > $C/cli/seed-utf8-decode-mutf8-trailing-two
{ b 134; printf '00'; } > $C/cli/seed-utf8-decode-mutf8-hex-short
{ b 134; printf '0001 41\n42'; } > $C/cli/seed-utf8-decode-mutf8-hex-trailing
{ b 134; printf '0003 41\ne2 41'; } > $C/cli/seed-utf8-decode-mutf8-hex-malformed
{ b 140; printf '41\n\n  C0 80'; } > $C/cli/seed-utf8-decode-strict-hex-lines
{ b 138 0 2 193 129; } > $C/cli/seed-utf8-decode-strict-mutf8
{ b 150; printf '0001 41'; } > $C/cli/seed-utf8-decode-help-after-options

# --- zero: length (2), fill, then ops ------------------------------------------
# 0 zero off(2) len(2) chunk stop flags | 1 invalid kind len(2) [extra] |
# 2 alloc hook count-sel v(8) size-sel v(8) fail | 3 refill fill.
# chunk byte: < 160 -> byte % 64 + 1; 160..199 -> 2^((byte - 160) % 16);
# else by byte % 8: 0 n, 1 n - 1, 2 n + 1, 3 SIZE_MAX, 4 1 MiB, 5 n/2 + 1,
# 6 n/3 + 1, 7 the next 2 bytes + 1.
mkdir -p $C/zero
zop() { b 0; le "$1" 2; le "$2" 2; b "$3" "$4" "$5"; }
# Chunks of 8, 64, 1, a partial last chunk, a stop at the 5th poll, resumed.
{ le 4096 2; b 1; zop 10 1000 7 0 0; b 3 9; zop 0 4096 63 5 0; b 3 77; zop 3 4093 0 0 0
  b 3 5; zop 100 3001 166 2 2; b 3 6; zop 0 4096 200 1 0; zop 1 4095 201 1 0; zop 0 17 202 1 0
} > $C/zero/seed-chunks
# Stops at every early poll, the range's length as chunk, SIZE_MAX, 1 MiB.
{ le 2000 2; b 200; s=1; while [ "$s" -lt 6 ]; do b 3 $((s * 40)); zop 7 1500 $((s + 2)) "$s" 0; s=$((s + 1)); done
  zop 0 2000 203 1 0; zop 0 2000 204 1 0; b 3 3; zop 0 0 9 1 0; zop 2000 0 9 0 0; zop 0 2000 207 1 0; b 255 1
} > $C/zero/seed-stops
# The three refusals: chunk 0, NULL, a range that wraps.
{ le 64 2; b 3; b 1 0; le 10 2; b 1 1; le 0 2; b 1 2; le 0 2; b 0; b 1 2; le 4095 2; b 200; zop 0 64 0 0 1; } > $C/zero/seed-invalid
# Zeroed allocation: libc calloc, realloc plus memset, a calloc hook, a failure, overflow.
{ le 0 2; b 0
  b 2 0 0; le 100 8; b 0; le 1 8; b 0
  b 2 1 0; le 4000 8; b 0; le 3 8; b 0
  b 2 2 0; le 64 8; b 1; le 5 8; b 0
  b 2 1 0; le 64 8; b 0; le 1 8; b 200
  b 2 2 0; le 64 8; b 0; le 1 8; b 200
  b 2 1 2; le 0 8; b 2; le 3 8; b 0
  b 2 2 0; le 0 8; b 3; le 60 8; b 0
} > $C/zero/seed-alloc

# --- utf8_encode, utf8_decode, utf8_modified: binary text, written by Python ---
python3 fuzz/seeds_utf8.py
