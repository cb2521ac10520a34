# SPDX-License-Identifier: Apache-2.0
# Runtime contract checking: the corpus replay built with Frama-C's E-ACSL,
# so that the executable clauses of the contracts of the functions listed
# below (EACSL_FUNCTIONS_<build>) run on every call the corpus makes, and
# the first violated clause aborts the replay with its text.  Which clauses
# those are, per build and per harness, is counted by fuzz/eacsl/clauses.py
# and listed in build/eacsl/<build>.clauses; fuzz/README.md sums it up.
#
#   make fuzz-eacsl      builds build/eacsl/<harness>, replays corpus/<harness>;
#                        a replay that stops says whether a contract was
#                        violated (the E-ACSL runtime's report), the harness
#                        found a mismatch, or something else stopped it
#   make fuzz-eacsl-full the same over the whole corpus (see EACSL_INPUTS)
#
# Needs Frama-C's E-ACSL plugin and runtime (frama-c-base) and libgmp-dev.
#
# What is checked.  For counters_decode and counters_ops, on every call of
# the functions in EACSL_FUNCTIONS_counters: requires, ensures, named behaviors
# (assumes/ensures, complete and disjoint) and loop invariants in
# src/counters.c and src/counter_map.c.  That covers item_bytes, the
# digits and values of le_spec.h (the le_mem.h loads and stores the message
# uses, the trusted piece of the proofs, run against the proven byte form),
# grown_capacity's exact result, every status a function may return,
# "failure leaves the message as it was" for scalar fields, and the
# allocator hook's contracts (lepack_realloc_bytes, lepack_free_bytes).
# Not valid_counters nor valid_map: E-ACSL 25 drops every clause that
# names them (below).
# For views, on every call of the 91 functions in EACSL_FUNCTIONS_views:
# all of src/le.h (signed conversions, unchecked u8 and signed loads and
# stores, checked get/put of every width and both orders: each behavior's
# status, value and digits), all of src/cursor.h (init, and for each put/get
# the new pos, the digits or value at the old pos, ENOSPACE/ERANGE and
# valid_cursor after the call), and the contracts of the twelve le_mem.h
# primitives, run against the byte form.
# For zero, utf8_encode, utf8_decode and utf8_modified (one translated
# program, EACSL_FUNCTIONS_zero_utf8): the function contracts (requires,
# ensures, named behaviors, complete and disjoint) of the eight functions
# WP proves in src/zero.c (lepack_zero, lepack_zero_timed,
# lepack_zero_alloc, lepack_zero_free and their internal steps), of its
# trusted helpers set_zero, set_zero_stream, stream_pays, read_clock and
# call_poll (bodies from fuzz/eacsl/zero_bodies.c), of the allocator hook's
# calloc and free, and of the 17 functions src/utf8.h declares: the
# encoded, ddecoded, wf_reach, drepl and mencoded results through the
# runtime forms of fuzz/eacsl/runtime_forms.h, every error status and
# offset, the ENOSPACE sizes.  Not the contracts of utf8.c's internal
# functions, and no loop invariant or assertion of utf8.c and zero.c
# (EACSL_CONTRACTS_ONLY: the proofs' steps, whose cost E-ACSL multiplies
# by every iteration).  Not the vector kernels: Frama-C reads no
# intrinsics, so this program runs utf8.c's scalar loops only (every
# kernel of fuzz/eacsl/utf8_vec_bodies.c stops where it starts) and
# zero.c's memset path (stream_pays answers 0); the kernels and their
# trusted contracts (src/utf8_vec.h, zero.c's set_zero_stream) are not
# executed here: the fuzz replay and make verify-kernels compare them
# with the scalar path.
# Nowhere: the contracts of cli/text.c (the cli harness is not built),
# src/span.h (counters_ops calls it, its functions are not listed), the
# byte form of src/le_bytes.h (run as the bodies of the le_mem.h
# primitives, whose contracts are checked, but not checked against its own
# contracts) and the proof-only roundtrip lemmas.
# Every \valid, \valid_read, \separated and \base_addr is decided by E-ACSL's
# own shadow memory, which tracks each heap block and each stack object the
# harness hands to lepack.
#
# How src/ is read.  Frama-C 25's E-ACSL drops any clause that uses a
# predicate or logic function reading memory ("predicates with labels"),
# which is nearly all of src/'s specification.  fuzz/eacsl/inline_spec.py
# therefore copies src/ to build/eacsl/src with each definition turned into a
# C macro, and -pp-annot expands them inside the annotations: the same
# formulas, inlined; valid_counters, used_slots and the recursive and
# inductive UTF-8 definitions take their runtime forms from
# fuzz/eacsl/runtime_forms.h (bounded quantifiers, \sum, \numof).  Under
# __FRAMAC__ the twelve le_mem.h primitives and counters.c's copy_bytes are
# contracts without bodies (LEPACK_BYTEWISE does not change that, le_mem.h
# tests __FRAMAC__ first); fuzz/eacsl/ supplies them: le_mem_bodies.c with
# the byte form of le_bytes.h, counters_copy.c as a byte loop after the
# file.
#
# What is not checked, and why (each dropped clause is listed, with its
# line, function and reason, in build/eacsl/<build>.clauses, from
# build/eacsl/<build>.frama-c.log):
# - assigns clauses and `exits \false`: E-ACSL 25 does not execute frames
#   or abnormal termination; WP proves them.
# - bytes_unchanged{Post, Pre}, copy_bytes' `dst[k] == \old(src[k])` and the
#   realloc hook's kept prefix: \old of a term that depends on a quantified
#   variable is not supported ("\at with logic variable linked to C
#   variable"), so decode's and add's byte-preservation ensures are dropped;
#   the harnesses' differential checks against ref/ cover those bytes.
#   The hook's prefix clause is also rejected for its guard shape
#   (`0 <= k < a && k < b`).
# - struct equality (`*m == \old(*m)`, `m->map == \old(m->map)`): not
#   supported; the scalar fields next to them are checked.
# - lepack_counters_add, lepack_internal_counters_add_slow (the same contract),
#   lepack_counters_add_items and lepack_alloc_slots: their contracts crash
#   the E-ACSL 25 translator (mkBinOp on \old(m->size) typed both as size_t
#   and as a GMP integer; the same for n in alloc_slots' \forall), so they
#   are left out of EACSL_FUNCTIONS_counters (add's asserts with them).  The
#   item layout is still checked through lepack_counters_store_item's
#   item_bytes and lepack_items_store's items_bytes, and growth through
#   counters_reserve.
# - valid_map, hence valid_counters, wherever they occur: keys_unique and
#   probe_closed (src/counter_map_type.h) put slot conditions before the
#   `==>` of their \forall, which E-ACSL 25 rejects ("invalid quantification
#   predicate, expecting '=>' ... found '&&'").  So are the counters' model
#   clauses over every partition or value (`\forall integer p; in_items(...)
#   <==> ...`, counter_is, last_initial: "unguarded \forall"): E-ACSL runs
#   only quantifiers bounded by their guard.  The harnesses' differential
#   checks against ref/ and WP cover them.
# - UTF-8: the clauses that use mlen, mpos or mdecoded (readUTF's groups;
#   no bounded form exists, fuzz/eacsl/runtime_forms.h): the unit count of
#   lepack_mutf8_decoded_length and the ok, whole, bad and full ensures of
#   lepack_mutf8_read; and, as above, the "dst unchanged" halves of the
#   error behaviors of src/utf8.h (bytes_unchanged, units_unchanged) and
#   zero's "bytes from *done on as they were" after a stop (\old under a
#   quantifier).
# - lepack_items_store_range and lepack_items_load_range (src/items.c):
#   for `items + (lo .. hi - 1)` E-ACSL 25 emits a GMP multiplication
#   that takes the size_t lo as a GMP number's address, and the replay
#   crashes; their callers'
#   contracts (lepack_items_store and _load, items_bytes and items_values
#   over the whole array) run instead.
# - loop variants (E-ACSL 25 cannot evaluate them with GMP integers).
# - no views function is left out.  Two E-ACSL 25 limits are worked around
#   instead: the harness reaches its accessors only through a table of
#   function pointers, which E-ACSL does not follow when it decides which
#   stack objects to track (the harness's own `out` then fails \valid), so
#   the build reads fuzz/eacsl/views_reach.c, which adds direct calls behind
#   a branch no input takes; and inline_spec.py writes \old(x) + k as
#   \old(x + k), the same term, because E-ACSL's single GMP-typed copy of
#   \old(c->pos) cannot also serve as a pointer offset (gcc rejects the
#   generated cursor code).  -e-acsl-full-mtracking is no way out: its
#   output does not compile against glibc (it tracks strtok_r, mempcpy...).
# - the cli harness (counters through cli/text.c) is not built yet.
# - E-ACSL 25's \numof over an empty range (\numof(0, n - 1, ...) with
#   n == 0) did not answer 0 (a false violation in drepl's first form):
#   runtime forms count over i + 1 .. n instead.

EACSL_DIR       := $(BUILD)/eacsl
# Every harness but cli (not built yet).  ci/sources.py reads this line for
# fuzz/README.md's table.
EACSL_HARNESSES := $(filter-out cli,$(FUZZ_HARNESSES))
# The translated programs: one per counters and views harness, and one for
# the zeroing harness and the UTF-8 ones together (fuzz/eacsl/zero_utf8.c),
# which share the library sources: one Frama-C run and one compile instead
# of four.  Each harness of the bundle is its own binary, linked from the
# same object and a one-line object naming it.
EACSL_BUNDLE    := zero_utf8
EACSL_IN_BUNDLE := $(filter zero utf8_%,$(EACSL_HARNESSES))
EACSL_BUILDS    := $(filter-out $(EACSL_IN_BUNDLE),$(EACSL_HARNESSES)) $(EACSL_BUNDLE)
EACSL_BUILD_OF   = $(if $(filter $(1),$(EACSL_IN_BUNDLE)),$(EACSL_BUNDLE),$(1))
EACSL_FRAMAC    ?= frama-c
EACSL_CC        ?= gcc
EACSL_SHARE     ?= $(shell $(EACSL_FRAMAC) -print-share-path 2>/dev/null)/e-acsl
EACSL_LIBDIR    ?= $(shell $(EACSL_FRAMAC) -print-lib-path 2>/dev/null)/e-acsl
EACSL_SRC       := $(EACSL_DIR)/src
EACSL_INC       := -I$(EACSL_SRC) -Iref -Icli -Ifuzz
# The files whose loop annotations and assertions the copy leaves out (the
# function contracts stay): see "What is not checked" above.
EACSL_CONTRACTS_ONLY := utf8.c zero.c
# Per build: the product sources as Frama-C reads them (macro-inlined
# copies), plus the bodies fuzz/eacsl/ supplies, and the functions whose
# contracts are executed.
# The counters harnesses read every library source of mk/sources.mk but
# EACSL_NOT_counters (listed there, with the reason).
EACSL_LIB_counters := $(patsubst src/%,$(EACSL_SRC)/%,$(filter-out $(EACSL_NOT_counters),$(LIB_SRC))) \
                   fuzz/eacsl/counters_copy.c fuzz/eacsl/le_mem_bodies.c \
                   fuzz/eacsl/items_x86_bodies.c
EACSL_LIB_counters_decode := $(EACSL_LIB_counters)
EACSL_LIB_counters_ops    := $(EACSL_LIB_counters)
EACSL_LIB_views := $(EACSL_SRC)/status.c fuzz/eacsl/le_mem_bodies.c
# The bundle: the UTF-8 unit's source and, through fuzz/eacsl/zero_bodies.c
# (zero.c with the bodies of its trusted helpers after it), the zeroing
# unit's; the status names; the allocator hook (lepack_zero_alloc's);
# and, for the kernels of src/utf8_vec.h, fuzz/eacsl/utf8_vec_bodies.c
# (each stops where it starts, and the level query answers none) in place
# of src/utf8_vec.c, whose kernels are intrinsics.
EACSL_LIB_zero_utf8 := $(patsubst src/%,$(EACSL_SRC)/%,$(PROVE_UNIT_utf8)) fuzz/eacsl/zero_bodies.c \
                   fuzz/eacsl/utf8_vec_bodies.c
EACSL_LIB_zero_utf8 += $(EACSL_SRC)/status.c $(EACSL_SRC)/alloc.c
# Compiled by gcc as they ship (-DLEPACK_PORTABLE: no kernels) and linked
# to the translated program: src/cpu.c, whose __atomic builtins the printed
# program declares as plain functions, and the clock of src/zero_nt.c,
# whose Frama-C libc (time.h) globals E-ACSL tracks but does not print.
# Neither has a contract that could run here: cpu.c has none, and
# zero_nt.c's are the kernels' (compiled out) and the clock's (assigns
# only).
EACSL_NATIVE_zero_utf8 := $(patsubst src/%.c,$(EACSL_DIR)/native/%.o,$(filter %/cpu.c %/zero_nt.c,$(LIB_SRC)))
# The harness as Frama-C reads it, when it is not fuzz/fuzz_<harness>.c.
EACSL_MAIN_views := fuzz/eacsl/views_reach.c
EACSL_MAIN_zero_utf8 := fuzz/eacsl/zero_utf8.c
# ICU is an oracle of the UTF-8 harnesses, not a contract: Frama-C does not
# read its headers, and the replay without it is the harnesses' own FZ_NO_ICU
# build (the plain replay of make fuzz-check keeps ICU).
EACSL_CPP_zero_utf8 := -DFZ_NO_ICU
# The functions whose contracts run are those WP proves (proofs/min_goals.txt,
# so a new function is checked here too) plus the trusted ones with bodies
# in this build; EACSL_LEFT_OUT crash the E-ACSL translator (above).  Lazy
# (=), so the list is read only when a harness is built.
EACSL_PROVED     = $(shell awk '$(foreach u,$(1),$$1=="$(u)" ||) 0 {print $$2}' proofs/min_goals.txt)
# The functions a header declares: each public function there has its
# contract on its declaration, whose first line names it.
EACSL_LPAREN    := (
EACSL_DECLARED   = $(shell sed -n 's/^[a-z_0-9]*[ *]*\(lepack_[a-z0-9_]*\)$(EACSL_LPAREN).*/\1/p' $(1))
EACSL_LEFT_OUT  := lepack_counters_add lepack_internal_counters_add_slow lepack_counters_add_items \
                   lepack_items_store_range lepack_items_load_range map_next map_home map_probe lepack_map_put \
                   lepack_map_reserve
EACSL_FUNCTIONS_counters = $(filter-out $(EACSL_LEFT_OUT),$(call EACSL_PROVED,core)) \
                   copy_bytes lepack_realloc_bytes lepack_free_bytes lepack_free_slots \
                   lepack_set_allocator le_load_u32 le_load_u64 le_store_u32 le_store_u64
EACSL_FUNCTIONS_counters_decode = $(EACSL_FUNCTIONS_counters)
EACSL_FUNCTIONS_counters_ops    = $(EACSL_FUNCTIONS_counters)
# The twelve trusted primitives of le_mem.h.
EACSL_FUNCTIONS_le_mem := le_load_u16 le_load_u32 le_load_u64 le_store_u16 le_store_u32 \
                   le_store_u64 be_load_u16 be_load_u32 be_load_u64 be_store_u16 be_store_u32 \
                   be_store_u64
EACSL_FUNCTIONS_views = $(EACSL_FUNCTIONS_le_mem) $(call EACSL_PROVED,views cursor)
# Zeroing: every function WP proves in zero.c, the trusted helpers whose
# bodies fuzz/eacsl/zero_bodies.c gives, and the allocator hook's calloc
# and free.  UTF-8: every function src/utf8.h declares (the public
# contracts), not utf8.c's internal ones (WP's proof steps; the scalar
# steps' contracts would multiply the cost of every call).
EACSL_FUNCTIONS_zero_utf8 = $(call EACSL_PROVED,zero) \
                   set_zero set_zero_stream stream_pays read_clock call_poll \
                   lepack_calloc_bytes lepack_free_bytes \
                   $(call EACSL_DECLARED,src/utf8.h)
# Per build: more E-ACSL options.  The bundle's checks do not register the
# values of their terms for the report of a failure (the report keeps the
# clause's text, kind, name, function and line): registering them costs
# more than the checks themselves on the UTF-8 contracts' quantifiers.
EACSL_FLAGS_zero_utf8 := -e-acsl-no-assert-print-data
# gcc's optimisation of the translated programs: none.  The replay's time
# goes to the E-ACSL runtime and GMP (compiled once, -O2), not to the
# generated code: measured on a 2-core x86-64 machine, -O0 replays in the
# same CPU time as -O1/-O2 (within 0.5 s per harness) and compiles the
# translated programs in 3 s (views), 3 s (counters_ops) and 10 s (zero_utf8,
# 15 MB of C) of CPU instead of 13, 11 and 30 s.  EACSL_OPT_<build> may set
# another level for one build.
EACSL_OPT       ?= -O0
EACSL_COMMA     := ,
EACSL_EMPTY     :=
EACSL_SPACE     := $(EACSL_EMPTY) $(EACSL_EMPTY)
# The map's loop annotations name predicates at a label (used_slots{Pre}),
# which the macro copy cannot express: Frama-C then ignores them with a
# warning instead of stopping.  Their functions (EACSL_LEFT_OUT) are not
# instrumented anyway; WP proves them.
EACSL_FRAMAC_FLAGS := -machdep gcc_x86_64 -variadic-no-translation -pp-annot \
                      -kernel-warn-key annot-error=active
# The generated code is E-ACSL's, not the project's: its warnings are not ours.
EACSL_CFLAGS    := -std=c99 -g -fno-builtin -w -DE_ACSL_SEGMENT_MMODEL
EACSL_LIBS      := $(EACSL_LIBDIR)/libeacsl-dlmalloc.a -lgmp -lm -lpthread
EACSL_DEPS      := $(LIB_SRC) $(LIB_HDR) $(REF_SRC) ref/ref.h cli/text.c cli/text.h \
                   $(FUZZ_HARNESSES:%=fuzz/fuzz_%.c) fuzz/fuzz_utf8.h \
                   fuzz/replay.c fuzz/fuzz_reader.h fuzz/fuzz_check.h \
                   $(filter-out fuzz/eacsl/clause_record.c fuzz/eacsl/clauses.py fuzz/eacsl/verdict_check.c,$(wildcard fuzz/eacsl/*.c fuzz/eacsl/*.h fuzz/eacsl/*.py)) \
                   mk/eacsl.mk proofs/min_goals.txt

# Which inputs the replay reads (fuzz/eacsl/inputs.py): in make check a
# shorter share of the zeroing and UTF-8 corpora, which reaches every clause
# the whole corpus reaches at a sixth of its replay time; make
# fuzz-eacsl-full replays the whole corpus (but the few long utf8_encode and
# utf8_modified inputs inputs.py says why it leaves out).
EACSL_INPUTS ?=

.PHONY: fuzz-eacsl fuzz-eacsl-full
fuzz-eacsl-full:
	$(MAKE) --no-print-directory fuzz-eacsl EACSL_INPUTS=--full

$(EACSL_SRC)/.stamp: $(LIB_SRC) $(LIB_HDR) fuzz/eacsl/inline_spec.py fuzz/eacsl/runtime_forms.h
	@rm -rf $(EACSL_SRC)
	python3 fuzz/eacsl/inline_spec.py $(EACSL_CONTRACTS_ONLY:%=--contracts-only %) src $(EACSL_SRC)
	@touch $@

$(EACSL_BUILDS:%=$(EACSL_DIR)/%.e.c): $(EACSL_DIR)/%.e.c: $(EACSL_SRC)/.stamp $(EACSL_DEPS)
	@mkdir -p $(@D)
	nice -n 10 $(EACSL_FRAMAC) $(EACSL_FRAMAC_FLAGS) -cpp-extra-args="$(EACSL_INC) $(EACSL_CPP_$*)" \
	  $(or $(EACSL_MAIN_$*),fuzz/fuzz_$*.c) fuzz/replay.c $(REF_SRC) $(EACSL_LIB_$*) \
	  -e-acsl $(EACSL_FLAGS_$*) \
	  -e-acsl-functions $(subst $(EACSL_SPACE),$(EACSL_COMMA),$(strip $(EACSL_FUNCTIONS_$*))) -then-last -print -ocode $@.tmp \
	  > $(EACSL_DIR)/$*.frama-c.log 2>&1 || \
	  { grep -v '^\[kernel\] Parsing' $(EACSL_DIR)/$*.frama-c.log | tail -n 30; rm -f $@.tmp; exit 1; }
	@mv $@.tmp $@

$(EACSL_BUILDS:%=$(EACSL_DIR)/%.o): $(EACSL_DIR)/%.o: $(EACSL_DIR)/%.e.c
	nice -n 10 $(EACSL_CC) $(EACSL_CFLAGS) $(or $(EACSL_OPT_$*),$(EACSL_OPT)) -I$(EACSL_SHARE) -c $< -o $@

# The E-ACSL runtime, compiled once for every binary, with the assertion of
# fuzz/eacsl/clause_record.c in place of its own (E_ACSL_EXTERNAL_ASSERT):
# the same report and abort, and a record of the clauses evaluated.
$(EACSL_DIR)/e_acsl_rtl.o:
	@mkdir -p $(@D)
	nice -n 10 $(EACSL_CC) $(EACSL_CFLAGS) -DE_ACSL_EXTERNAL_ASSERT -O2 -I$(EACSL_SHARE) \
	  -c $(EACSL_SHARE)/e_acsl_rtl.c -o $@

$(EACSL_DIR)/clause_record.o: fuzz/eacsl/clause_record.c
	@mkdir -p $(@D)
	$(EACSL_CC) $(EACSL_CFLAGS) -O2 -I$(EACSL_SHARE) -c $< -o $@

$(EACSL_DIR)/native/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(EACSL_CC) -std=c11 -O2 -DLEPACK_PORTABLE -Isrc -c $< -o $@

# Per binary: which harness it is (the bundle's LLVMFuzzerTestOneInput
# asks, fuzz/eacsl/zero_utf8.c) and where clause_record.c writes the
# clauses evaluated.
$(EACSL_DIR)/which/%.o: mk/eacsl.mk
	@mkdir -p $(@D)
	printf '%s\n' 'const char *eacsl_harness(void);' 'const char *eacsl_clause_log(void);' \
	  'const char *eacsl_harness(void) { return "$*"; }' \
	  'const char *eacsl_clause_log(void) { return "$(EACSL_DIR)/$*.run-clauses"; }' \
	  | $(EACSL_CC) -x c -c - -o $@

EACSL_RT := $(EACSL_DIR)/e_acsl_rtl.o $(EACSL_DIR)/clause_record.o
define EACSL_LINK
$(EACSL_DIR)/$(1): $(EACSL_DIR)/$(call EACSL_BUILD_OF,$(1)).o $(EACSL_DIR)/which/$(1).o $(EACSL_RT) \
    $(if $(filter $(1),$(EACSL_IN_BUNDLE)),$(EACSL_NATIVE_$(EACSL_BUNDLE)))
	$(EACSL_CC) -o $$@ $$^ $(EACSL_LIBS)
endef
$(foreach h,$(EACSL_HARNESSES),$(eval $(call EACSL_LINK,$(h))))

# The ways a replay can stop (a violated requires, a violated named ensures,
# a harness mismatch, another abort), for the check of verdict.sh below.
$(EACSL_DIR)/verdict_check.e.c: fuzz/eacsl/verdict_check.c fuzz/fuzz_check.h
	@mkdir -p $(@D)
	nice -n 10 $(EACSL_FRAMAC) -machdep gcc_x86_64 -variadic-no-translation -cpp-extra-args="-Ifuzz" \
	  $< -e-acsl -e-acsl-functions verdict_need_positive,verdict_fits -then-last -print -ocode $@.tmp \
	  > $(EACSL_DIR)/verdict_check.frama-c.log 2>&1 || { tail -n 30 $(EACSL_DIR)/verdict_check.frama-c.log; exit 1; }
	@mv $@.tmp $@

$(EACSL_DIR)/verdict_check: $(EACSL_DIR)/verdict_check.e.c $(EACSL_DIR)/which/verdict_check.o $(EACSL_RT)
	nice -n 10 $(EACSL_CC) $(EACSL_CFLAGS) -O2 -I$(EACSL_SHARE) -o $@ $^ $(EACSL_LIBS)

# A replay that stops is reported for what stopped it (fuzz/eacsl/verdict.sh):
# a clause the E-ACSL runtime found violated, the harness's own differential
# mismatch, or anything else.  verdict.sh is first checked on the real
# messages of each kind (fuzz/eacsl/verdict_check.c).  Then, per build, the
# clauses the translation executes and those it drops (fuzz/eacsl/clauses.py,
# from the translated program and Frama-C's log; the list, each dropped
# clause with its reason, in build/eacsl/<build>.clauses), and per harness
# the replay.
fuzz-eacsl: $(EACSL_HARNESSES:%=$(EACSL_DIR)/%) $(EACSL_DIR)/verdict_check
	@for k in contract:1 postcondition:1 mismatch:2 other:3 none:0; do \
	  $(EACSL_DIR)/verdict_check $${k%:*} > $(EACSL_DIR)/verdict_$${k%:*}.log 2>&1; rc=$$?; \
	  got=0; sh fuzz/eacsl/verdict.sh $$rc $(EACSL_DIR)/verdict_$${k%:*}.log > /dev/null || got=$$?; \
	  [ "$$got" = "$${k#*:}" ] || { echo "eacsl: verdict.sh calls a $${k%:*} stop kind $$got, not $${k#*:}"; exit 1; }; \
	done; grep -q 'fits/whole' $(EACSL_DIR)/verdict_postcondition.log || \
	  { echo "eacsl: the report of a violated ensures does not name its behavior and clause"; exit 1; }; \
	n=$$(grep -c -e '^Precondition.*positive$$' -e '^Postcondition.*fits/whole$$' $(EACSL_DIR)/verdict_check.run-clauses); \
	[ "$$n" = 2 ] || { echo "eacsl: the clause record of a passing run misses what it evaluated"; exit 1; }; \
	echo "eacsl: verdict.sh tells a violated contract (precondition, named ensures), a harness mismatch and other stops apart; the clause record lists what a run evaluated"
	@for b in $(EACSL_BUILDS); do \
	  python3 fuzz/eacsl/clauses.py build $$b $(EACSL_DIR)/$$b.e.c $(EACSL_DIR)/$$b.frama-c.log \
	    $(EACSL_DIR)/$$b.clauses || exit 1; done
	@for h in $(EACSL_HARNESSES); do printf 'eacsl: %-16s ' "$$h"; rm -f $(EACSL_DIR)/$$h.run-clauses; \
	  in=$$(python3 fuzz/eacsl/inputs.py $(EACSL_INPUTS) $$h corpus/$$h 2> $(EACSL_DIR)/$$h.inputs) || exit 1; \
	  note=$$(cat $(EACSL_DIR)/$$h.inputs); [ -z "$$note" ] || note=" ($$note)"; \
	  rc=0; $(EACSL_DIR)/$$h $$in > $(EACSL_DIR)/$$h.replay.log 2>&1 || rc=$$?; \
	  if [ $$rc -ne 0 ]; then tail -n 30 $(EACSL_DIR)/$$h.replay.log; fi; \
	  v=$$(sh fuzz/eacsl/verdict.sh $$rc $(EACSL_DIR)/$$h.replay.log); echo "$$v$$note"; \
	  [ $$rc -eq 0 ] || exit 1; \
	  printf 'eacsl: %-16s ' "$$h"; python3 fuzz/eacsl/clauses.py run $$h \
	    $(EACSL_DIR)/$$(case " $(EACSL_IN_BUNDLE) " in *" $$h "*) echo $(EACSL_BUNDLE);; *) echo $$h;; esac).clauses \
	    $(EACSL_DIR)/$$h.run-clauses; echo; done
	@for b in $(EACSL_BUILDS); do \
	  python3 fuzz/eacsl/clauses.py unreached $$b $(EACSL_DIR)/$$b.clauses \
	    $$(if [ $$b = $(EACSL_BUNDLE) ]; then for h in $(EACSL_IN_BUNDLE); do echo $(EACSL_DIR)/$$h.run-clauses; done; \
	       else echo $(EACSL_DIR)/$$b.run-clauses; fi) || exit 1; done

CHECK_STEPS += fuzz-eacsl
