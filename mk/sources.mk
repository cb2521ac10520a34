# SPDX-License-Identifier: Apache-2.0
# The one list of sources, harnesses and per-harness link libraries.  The
# Makefile and its fragments include this file; .clusterfuzzlite/build.sh
# and proofs/prove.py read it as text.  So every line is a plain
# `NAME := words` (no +=, no functions, no line continuations); a word may
# be $(NAME) of a name defined above it, which both readers expand.
# Adding a source or a harness is a change to this file alone (`make
# sources-check`, in make check, fails when another file lists them again).

# The library (src/), the command line tool (cli/) and the naive reference
# the fuzzers and tests compare with (ref/).
LIB_SRC := src/status.c src/version.c src/alloc.c src/counter_map.c src/counters.c src/zero.c src/zero_nt.c src/cpu.c src/items.c src/items_x86.c src/utf8.c src/utf8_vec.c
CLI_SRC := cli/main.c cli/text.c cli/utf8.c
REF_SRC := ref/ref.c ref/ref_zero.c ref/ref_utf8.c

# The headers `make install` puts under include/lepack/: those whose every
# declaration liblepack.so exports, and the type and inline headers they
# need.  The rest of src/*.h is internal (kernels, dispatch, the map's and
# the allocator's internals) or ACSL only (le_spec.h, utf8_spec.h, which
# public headers include under __FRAMAC__).  The umbrella <lepack/lepack.h>
# includes every one of them.  tests/install/headers.txt is the installed
# set that `make test-install` expects.
LIB_PUBLIC_HDR := src/allocator.h src/cast.h src/counter_map_type.h src/counters.h src/cursor.h src/item.h src/le.h src/le_bytes.h src/le_mem.h src/span.h src/status.h src/utf8.h src/version.h src/zero.h
LIB_UMBRELLA_HDR := src/lepack.h
# Product code the harnesses link besides the library (the cli harness
# drives the text parser).
FUZZ_SUPPORT_SRC := cli/text.c

# One harness per fuzz/fuzz_<name>.c, in campaign order.
FUZZ_HARNESSES := views counters_ops counters_decode cli zero utf8_encode utf8_decode utf8_modified

# Extra link flags per harness, for the local builds.  ICU is the UTF-8
# harnesses' second oracle, linked statically (the archives of Debian's
# libicu-dev, then libstdc++, which ICU is built against).  -l:NAME.a picks
# the archive even where the shared library is installed too, and the
# order matters (icuuc needs icudata).  Builds that leave ICU out define
# FZ_NO_ICU instead: MSan (not instrumented), i386 (no 32-bit ICU) and the
# engine builds of .clusterfuzzlite/build.sh, which read no FUZZ_LIBS_*
# (fuzz/README.md, "ClusterFuzzLite and OSS-Fuzz").
ICU_STATIC := -l:libicuuc.a -l:libicudata.a -lstdc++ -lm -ldl -lpthread
FUZZ_LIBS_utf8_encode := $(ICU_STATIC)
FUZZ_LIBS_utf8_decode := $(ICU_STATIC)
FUZZ_LIBS_utf8_modified := $(ICU_STATIC)

# The sources each Frama-C WP unit of proofs/prove.py proves (the units
# over proofs/*.c are listed there), and the library sources no unit
# proves, with the reason in proofs/README.md ("trusted pieces"): the
# allocator hook, the UTF-8 vector kernels and the CPU dispatch.
# prove.py fails when a source of LIB_SRC is in neither.  The zeroing
# kernels (zero_nt) are proven from the lane models of src/lane/, whose
# contracts are trusted; the clock next to them is trusted by name
# (proofs/trusted.py).  The batch vector paths (items_x86) are proven from
# the contracts of their block kernels, trusted by name but for the
# AVX-512 packing one, proven from the lane models, and the UTF-8
# dispatch (utf8_vec) from the contracts of its kernels, trusted by name
# but for those the units ascii, length, encode, encode512 and mutf8 prove.
PROVE_UNIT_core := src/counters.c src/counter_map.c src/status.c src/version.c src/items.c
PROVE_UNIT_zero := src/zero.c
PROVE_UNIT_cli := cli/text.c
PROVE_UNIT_utf8 := src/utf8.c
PROVE_UNIT_chunks := src/utf8.c proofs/utf8_chunks.c
PROVE_UNIT_zero_nt := src/zero_nt.c
PROVE_UNIT_items_x86 := src/items_x86.c
PROVE_UNIT_utf8_vec := src/utf8_vec.c
PROVE_TRUSTED_SRC := src/alloc.c src/cpu.c

# The library sources the E-ACSL build of the counters harnesses
# (mk/eacsl.mk) leaves out: counters.c, which fuzz/eacsl/counters_copy.c
# includes with its memcpy wrapper's body after it, the batch vector paths
# (items_x86.c, whose kernels are intrinsics: fuzz/eacsl/items_x86_bodies.c
# stands in), and the zeroing and UTF-8 code those harnesses never call.
EACSL_NOT_counters := src/counters.c src/items_x86.c src/zero.c src/zero_nt.c src/cpu.c src/utf8.c src/utf8_vec.c
