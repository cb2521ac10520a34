# SPDX-License-Identifier: Apache-2.0
"""What the proofs do not prove, by file and by name, and the gate that
keeps every other function of the proven code in proofs/min_goals.txt.

Every function defined in src/ (headers included, ghost functions too) and
in the sources of the proof units (cli/text.c, proofs/*.c) is exactly one
of:

- proven: WP proves it (its name is in proofs/min_goals.txt);
- objeq: a memcpy-form primitive of src/le_mem.h, proven equal to the byte
  form by object-code equality (proofs/objeq), or a helper inlined there;
- trusted: WP sees only its contract, which the proofs rely on: every
  function of a TRUSTED_FILES file, and the TRUSTED_FUNCTIONS of a
  proven file (their bodies hidden from WP under __FRAMAC__);
- unproven: code of a proven file that no proof covers and no proof
  relies on (UNPROVEN_FUNCTIONS: the command's messages and memory).

Anything else fails `make prove`, whatever its name: a new helper in a
proven file is proven or listed here with its reason.  Trusted and
unproven code is debt, so summary() counts its lines, file by file and
function by function, and `make prove` prints them.
"""
import os

import csource

# Files no line of which is proven (proofs/README.md, "Assumptions", item
# numbers in brackets; [10] is the lane models of src/lane/).  Their .c
# files are mk/sources.mk's
# PROVE_TRUSTED_SRC (check() holds the two lists together).
TRUSTED_FILES = {
    "src/alloc.c": "the allocator hook [2]: realloc, calloc and free behind the contracts "
                   "of src/alloc.h and src/counter_map.h",
    "src/cpu.c": "the CPU dispatch module [6-8]: CPUID, sysconf and /sys, the kernel tables",
    "src/cpu_level.h": "the dispatch's level helpers, included by src/cpu.c and "
                       "src/utf8_vec.c only",
}
# Functions of proven files whose bodies WP does not see: under __FRAMAC__
# the file declares them with a contract, which is trusted.
TRUSTED_FUNCTIONS = {
    "src/counters.c": {
        "copy_bytes": "memcpy [3], its libc contract written for bytes",
    },
    "src/zero.c": {
        "set_zero": "memset [4], its libc contract written for bytes",
        "set_zero_stream": "the dispatch's non-temporal kernel [8], with set_zero's contract "
                           "(each kernel's proven one, zero_nt.h)",
        "stream_pays": "the dispatch's choice of kernel [8]: any answer",
        "read_clock": "the clock of the pause-budget mode [8]: any reading",
        "call_poll": "the caller's poll [5]: assigns only its own state",
    },
    "src/utf8_vec.c": {
        "vec_load_masked": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_errors_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_verdict_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_count_stride_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_count_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_units_1_2": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_put_units": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode32": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_two_byte_block": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode_block": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_two_byte_run_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode_run_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_short_mb": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_short_ascii": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode_short_rest": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode_short_mb": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_decode_short_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_ascii_decode_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_utf8_decode_avx512": "the UTF-8 vector kernels [7]: the AVX-512 validating decoder and count",
        "vec_cpu_level": "the UTF-8 dispatch [7]: the level from the CPU's features",
        "vec_slot_now": "the UTF-8 dispatch [7]: the level in use, an atomic load: any value",
        "vec_first": "the UTF-8 dispatch [7]: the level decided at the first use: any value",
        "lepack_vec_select": "the UTF-8 dispatch [7]: the tests' choice of level, called by "
                             "no proven code",
    },
    "src/zero_nt.c": {
        "lepack_clock_ns": "the clock of the pause-budget mode [8]: the test's clock through a "
                           "pointer, or clock_gettime",
    },
    # The lane models [10]: WP sees each operation's contract (its model);
    # the compilers see the intrinsic, which make check-models compares
    # with the model's C form.
    "src/lane/align.h": {
        "lane_line_offset_u8": "the lane models [10]: an address modulo 64",
    },
    "src/lane/make.h": {
        "v128_setzero_u8": "the lane models [10]: pxor",
        "v256_setzero_u8": "the lane models [10]: vpxor",
        "v512_setzero_u8": "the lane models [10]: vpxord",
    },
    "src/lane/load.h": {
        "v128_load_u8": "the lane models [10]: movdqu",
        "v256_load_u8": "the lane models [10]: vmovdqu (256 bits)",
        "v512_load_u8": "the lane models [10]: vmovdqu8 (512 bits)",
        "v512_load_first_u8": "the lane models [10]: vmovdqu8 under a mask of the first lanes",
        "v512_load_u16": "the lane models [10]: vmovdqu16 (512 bits)",
        "v512_load_first_u16": "the lane models [10]: vmovdqu16 under a mask of the first lanes",
        "v128_load_u16": "the lane models [10]: movdqu (8 units)",
        "v256_load_u16": "the lane models [10]: vmovdqu (256 bits, 16 units)",
    },
    "src/lane/count.h": {
        "v128_count_above_u16": "the lane models [10]: pxor, pcmpgtw, pmovmskb and popcnt",
        "v256_count_above_u16": "the lane models [10]: vpxor, vpcmpgtw, vpmovmskb and popcnt",
        "v128_any_surrogate_u16": "the lane models [10]: pand, pcmpeqw and pmovmskb",
        "v256_any_surrogate_u16": "the lane models [10]: vpand, vpcmpeqw and vptest",
        "v512_count_above_first_u16": "the lane models [10]: bzhi, a masked vpcmpuw and popcnt",
    },
    "src/lane/pair.h": {
        "v512_paired_lanes_u16": "the lane models [10]: vpandd, two vpcmpeqw and a test of "
                                 "the highs' mask shifted against the lows'",
    },
    "src/lane/encode.h": {
        "v128_ascii2_u16": "the lane models [10]: por, pand, pcmpeqw and pmovmskb",
        "v128_store_pack_u16": "the lane models [10]: packuswb and movdqu",
        "v128_two_byte_u16": "the lane models [10]: psubw, pxor, pcmpgtw and pmovmskb",
        "v128_store_two_byte_u16": "the lane models [10]: psrlw, psllw, pand, por and movdqu",
        "v128_pairs_u16": "the lane models [10]: pand, pcmpeqd and pmovmskb",
        "v128_store_pairs_u16": "the lane models [10]: a pair's code point and four bytes in "
                                "its 32-bit lane (pslld, paddd, psrld, pand, por) and movdqu",
        "v256_ascii_u16": "the lane models [10]: vptest against 0xFF80",
        "v256_pairs_u16": "the lane models [10]: vpand, vpcmpeqd and vpmovmskb",
        "v128_store_pairs2_u16": "the lane models [10]: v128_store_pairs_u16 of two registers, "
                                 "one after the other",
    },
    "src/lane/half.h": {
        "v256_low_u16": "the lane models [10]: the low 128 bits of a register",
        "v256_high_u16": "the lane models [10]: vextracti128",
    },
    "src/lane/bmp.h": {
        "v256_store_utf8_bmp_u16": "the lane models [10]: each unit's 1 to 3 bytes in its 32-bit "
                                   "lane (vpmovzxwd, vpsrld, vpand, vpor, vpslld, vpcmpgtd, "
                                   "vpblendvb), a shuffle-table row per half (vmovmskps), "
                                   "vpshufb and two movdqu",
    },
    "src/lane/bmp512.h": {
        "v512_store_mutf8_first_u16": "the lane models [10]: the one-byte form (vptestnmw, "
                                      "vptestmw, vpmovwb, masked vmovdqu8) or the forms below",
        "vec_put_bytes": "the lane models [10]: the forms' store (vmovdqu8, masked or not); "
                         "the forms are also the AVX-512 encoder's [7]",
        "vec_two_byte_avx512": "the lane models [10]: the two-byte form (vpsrlw, vpand, vpor, "
                               "vpsllw, vmovdqu16 under masks, vptestmb, vpcompressb, popcnt)",
        "vec_bmp16_avx512": "the lane models [10]: the three-byte form of 16 units in 32-bit "
                            "lanes (vpmovzxwd, vpcmpud, vpsrld, vpand, vpor, vpslld, "
                            "vmovdqa32 under masks, vptestmb, vpcompressb, popcnt)",
        "vec_wide32_avx512": "the lane models [10]: the three-byte form of 32 units, a half at "
                             "a time",
        "vec_bmp32_avx512": "the lane models [10]: the two-byte or the three-byte form, by a "
                            "masked vpcmpuw",
    },
    "src/lane/mixed512.h": {
        "vec_mixed16_avx512": "the lane models [10]: 16 units of the mixed block in 32-bit "
                              "lanes (vpcmpud, a masked vpslld and vpaddd, vpblendmd, "
                              "vpmultishiftqb, vpternlogd, vpcmpub, vpcompressb, popcnt)",
        "vec_mixed_lanes_avx512": "the lane models [10]: the mixed block's pair, skip and "
                                  "lone-surrogate masks (vpandd, vpcmpeqw)",
        "v512_store_utf8_mixed_u16": "the lane models [10]: the mixed block of 32 units "
                                     "(the masks, vpmovzxwd, valignd, vec_mixed16_avx512 "
                                     "twice)",
        "v512_load_wide33_u16": "the lane models [10]: 33 units widened to 32-bit lanes "
                                "(four vpmovzxwd loads)",
        "v512_store_utf8_mixed_wide_u16": "the lane models [10]: the mixed block of 32 units "
                                          "from their widened lanes (the masks, "
                                          "vec_mixed16_avx512 twice)",
        "v512_store_utf8_bmp_first_u16": "the lane models [10]: the BMP block, bmp512.h's "
                                         "forms under a mask of the first lanes",
        "v512_store_utf8_bmp32_u16": "the lane models [10]: the BMP block of 32 units, its "
                                     "form chosen by the caller's test",
        "v512_store_utf8_pairs_u16": "the lane models [10]: 16 pairs' code points and four "
                                     "bytes in their 32-bit lanes, and vmovdqu8",
        "v512_pairs_u16": "the lane models [10]: vpandd and vpcmpneqd",
        "v512_any_surrogate_u16": "the lane models [10]: vpandd and vpcmpeqw",
        "v512_none_wide_u16": "the lane models [10]: vpcmpuw against 0x800",
        "v512_pair_out_u16": "the lane models [10]: lane 31's bit of the highs' mask (vpandd, "
                             "vpcmpeqw) and a test of the unit after the block",
        "lane_prefetch_short_u16": "the lane models [10]: two prefetcht0",
        "lane_put_mixed": "the lane models [10]: the five stores' bytes (C form)",
    },
    "src/lane/items.h": {
        "v512_load_items_u32": "the lane models [10]: vmovdqu32 of an item block's struct words",
        "v512_pack_put5_u32": "the lane models [10]: a block's five wire registers, each "
                              "vpermt2d of two struct registers with its index and a store "
                              "(vmovdqu32, vmovdqa32 or vmovntdq)",
        "v512_pack_idx_u32": "the lane models [10]: a wire register's vpermt2d index",
        "v512_put_line_u32": "the lane models [10]: one of v512_pack_put5_u32's and "
                             "v512_unpack_put6_u32's stores",
        "v512_load_wire_u32": "the lane models [10]: vmovdqu32 of 16 wire words",
        "v512_unpack_put6_u32": "the lane models [10]: a block's six struct registers, each "
                                "vpermt2d of two wire registers masked to zero the padding, "
                                "and a store (vmovdqu32, vmovdqa32 or vmovntdq)",
        "v512_unpack_idx_u32": "the lane models [10]: a struct register's vpermt2d index",
        "v512_unpack_keep_u32": "the lane models [10]: the lanes of a struct register that are "
                                "not padding",
        "lane_item_line_offset_of": "the lane models [10]: an item array's address modulo 64",
        "lane_wire_word": "the lane models [10]: a block's wire word from its registers (C form)",
        "lane_wire_at": "the lane models [10]: a wire word's value from its bytes (C form)",
        "lane_put_item": "the lane models [10]: an item from its five wire words (C form)",
        "lane_u2_word": "the lane models [10]: a struct word from the AVX2 unpacking's "
                        "registers (C form)",
        "v256_load_items_u32": "the lane models [10]: vmovdqu of an item block's struct words",
        "v256_pack_put5_u32": "the lane models [10]: a block's five wire registers, each two "
                              "vpermd and a vpblendd of two struct registers, and vmovdqu",
        "v256_load_wire_u32": "the lane models [10]: vmovdqu of 8 wire words",
        "v256_unpack_put6_u32": "the lane models [10]: a block's six struct registers, each "
                                "vpermd of 8 wire words and a vpand that zeroes the padding, "
                                "and vmovdqu",
        "lane_item_word": "the lane models [10]: a struct word from an item's fields (C form)",
        "lane_pack_put": "the lane models [10]: a wire register packed and stored (C form)",
    },
    "src/lane/narrow.h": {
        "v512_store_narrow_u16": "the lane models [10]: vpmovwb and vmovdqu8 (256 bits)",
        "v512_store_narrow_first_u16": "the lane models [10]: vpmovwb and masked vmovdqu8",
    },
    "src/lane/sign.h": {
        "v128_first_high_u8": "the lane models [10]: pmovmskb and bsf",
        "v256_first_high_u8": "the lane models [10]: vpmovmskb and bsf",
        "v512_first_high_u8": "the lane models [10]: vpmovb2m and tzcnt",
        "v512_none_high2_u8": "the lane models [10]: vporq, vpmovb2m and a mask test",
        "v512_none_high_u16": "the lane models [10]: vptestmw against 0xFF80 and a mask test",
    },
    "src/lane/widen.h": {
        "v128_store_widen_u8": "the lane models [10]: punpcklbw, punpckhbw and movdqu",
        "v256_store_widen_u8": "the lane models [10]: vpmovzxbw and vmovdqu (256 bits)",
        "v512_store_widen_u8": "the lane models [10]: vpmovzxbw and vmovdqu16",
        "v512_store_widen_first_u8": "the lane models [10]: vpmovzxbw and masked vmovdqu16",
    },
    "src/lane/stream.h": {
        "v128_stream_u8": "the lane models [10]: movntdq",
        "v256_stream_u8": "the lane models [10]: vmovntdq (256 bits)",
        "v512_stream_u8": "the lane models [10]: vmovntdq (512 bits)",
        "lane_sfence": "the lane models [10]: sfence, which writes no memory",
    },
}
# Functions of proven files that no proof covers and none relies on.
UNPROVEN_FUNCTIONS = {
    "cli/text.c": {
        "describe_byte": "an error message",
        "set_error": "an error message (snprintf)",
        "describe_not_digit": "an error message",
        "describe_out_of_range": "an error message",
        "describe_line_fault": "an error message",
        "text_parse_items": "the loop over lines around the proven scanners (malloc, "
                            "lepack_counters_add)",
        "text_parse_hex": "the buffer around the proven hex scanner (malloc)",
        "text_format_item": "an item printed as text (snprintf)",
    },
}
# src/le_mem.h: its memcpy-form primitives are objeq's (objeq.FUNCTIONS);
# these helpers are inlined into them and compiled with them.
OBJEQ_FILE = "src/le_mem.h"
OBJEQ_HELPERS = {"mem_swap_u16", "mem_swap_u32", "mem_swap_u64"}

KINDS = ("proven", "objeq", "trusted", "unproven")


def scanned_files(root, unit_files):
    """src/*.c and src/*.h, the proof units' sources and the local headers
    they include, sorted."""
    files = set()
    src = os.path.join(root, "src")
    for name in os.listdir(src):
        if name.endswith((".c", ".h")):
            files.add("src/" + name)
    # Every file reached is read for its includes once, those of src/ too
    # (a unit's source may include a header of src/ that includes more).
    todo = [f for f in unit_files if os.path.exists(os.path.join(root, f))]
    read = set()
    while todo:
        f = todo.pop()
        if f in read or not os.path.exists(os.path.join(root, f)):
            continue
        read.add(f)
        files.add(f)
        text = open(os.path.join(root, f), encoding="utf-8").read()
        for inc in csource.local_includes(text):
            dep = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            if dep not in read and os.path.exists(os.path.join(root, dep)):
                todo.append(dep)
    return sorted(files)


class Trust:
    """Every definition of the scanned files with its kind: rows of
    (file, function, kind, first line, last line, code lines, reason)."""

    def __init__(self, root, unit_files, proven, objeq_functions, trusted_src):
        self.root = root
        self.rows = []
        self.problems = []
        self.file_lines = {}
        for f in scanned_files(root, unit_files):
            text = open(os.path.join(root, f), encoding="utf-8").read()
            defs = csource.definitions(text)
            if f in TRUSTED_FILES:
                self.file_lines[f] = csource.code_lines(text)
            seen = set()
            for name, first, last, lines in defs:
                seen.add(name)
                kind, why = self._kind(f, name, proven, objeq_functions)
                if kind is None:
                    self.problems.append(
                        "%s:%d: %s is defined but neither proven (proofs/min_goals.txt) nor "
                        "listed as trusted or unproven in proofs/trusted.py" % (f, first, name))
                    continue
                self.rows.append((f, name, kind, first, last, lines, why))
            for table in (TRUSTED_FUNCTIONS, UNPROVEN_FUNCTIONS):
                for name in sorted(set(table.get(f, {})) - seen):
                    self.problems.append("%s: %s is listed in proofs/trusted.py but not defined "
                                         "there" % (f, name))
        for table in (TRUSTED_FUNCTIONS, UNPROVEN_FUNCTIONS):
            for f in sorted(set(table) - set(r[0] for r in self.rows) - set(self.file_lines)):
                if not os.path.exists(os.path.join(root, f)):
                    self.problems.append("%s: listed in proofs/trusted.py but missing" % f)
        for f in sorted(set(TRUSTED_FILES)):
            if not os.path.exists(os.path.join(root, f)):
                self.problems.append("%s: listed in proofs/trusted.py but missing" % f)
        want = set(f for f in TRUSTED_FILES if f.endswith(".c"))
        if set(trusted_src) != want:
            self.problems.append(
                "mk/sources.mk's PROVE_TRUSTED_SRC (%s) and the .c files of proofs/trusted.py's "
                "TRUSTED_FILES (%s) differ: a trusted file needs its reason in both"
                % (" ".join(sorted(trusted_src)), " ".join(sorted(want))))

    @staticmethod
    def _kind(f, name, proven, objeq_functions):
        if f in TRUSTED_FILES:
            return "trusted", TRUSTED_FILES[f]
        if name in TRUSTED_FUNCTIONS.get(f, {}):
            return "trusted", TRUSTED_FUNCTIONS[f][name]
        if name in UNPROVEN_FUNCTIONS.get(f, {}):
            return "unproven", UNPROVEN_FUNCTIONS[f][name]
        if f == OBJEQ_FILE and (name in objeq_functions or name in OBJEQ_HELPERS):
            return "objeq", "object-code equality with the byte form"
        if f == OBJEQ_FILE:
            return None, None  # a new primitive needs its objeq pair
        if name in proven:
            return "proven", ""
        return None, None

    def names(self, kind):
        return set(r[1] for r in self.rows if r[2] == kind)

    def not_proven(self):
        """Names some definition of which is trusted or unproven: a call
        to one of them is not a call to a proven function (the same static
        name in a proven file and a trusted one counts as trusted)."""
        return set(r[1] for r in self.rows if r[2] in ("trusted", "unproven"))

    def summary(self):
        """Lines that count the code outside the proofs, file by file."""
        out, totals = [], []
        for kind, title in (("trusted", "trusted (WP sees only the contract)"),
                            ("unproven", "not proven, relied on by no proof")):
            rows = [r for r in self.rows if r[2] == kind]
            files = sorted(set(r[0] for r in rows) | (set(self.file_lines) if kind == "trusted"
                                                      else set()))
            if not files:
                continue
            out.append("%s:" % title)
            lines = nfun = 0
            for f in files:
                mine = [r for r in rows if r[0] == f]
                if f in self.file_lines:
                    n = self.file_lines[f]
                    head = "  %s: whole file, %d code lines (%d in %s)" % (
                        f, n, sum(r[5] for r in mine), plural(len(mine), "function"))
                else:
                    n = sum(r[5] for r in mine)
                    head = "  %s: %d code lines in %s" % (f, n, plural(len(mine), "function"))
                lines += n
                nfun += len(mine)
                out.append(head)
                out += wrap(["%s %d" % (r[1], r[5]) for r in mine], "      ")
            totals.append((kind, lines, nfun))
        out.append("outside the proofs: %s code lines (%s)" % (
            sum(t[1] for t in totals), ", ".join(
                "%s %d in %s" % (k, n, plural(f, "function")) for k, n, f in totals)))
        return out

    def listing(self):
        """Every trusted or unproven line, as file:line: text."""
        out = []
        for f in sorted(set(r[0] for r in self.rows if r[2] in ("trusted", "unproven"))):
            text = open(os.path.join(self.root, f), encoding="utf-8").read().split("\n")
            if f in self.file_lines:
                spans = [(1, len(text))]
            else:
                spans = [(r[3], r[4]) for r in self.rows
                         if r[0] == f and r[2] in ("trusted", "unproven")]
            for first, last in spans:
                for k in range(first, last + 1):
                    out.append("%s:%d: %s" % (f, k, text[k - 1]))
        return out


def plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def wrap(words, indent, width=100):
    lines, cur = [], indent
    for w in words:
        if len(cur) + len(w) + 2 > width and cur.strip():
            lines.append(cur.rstrip().rstrip(","))
            cur = indent
        cur += w + ", "
    if cur.strip():
        lines.append(cur.rstrip().rstrip(","))
    return lines
