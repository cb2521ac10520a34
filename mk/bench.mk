# SPDX-License-Identifier: Apache-2.0
# Benchmarks (bench/, docs/performance.md).
#
#   make bench          every program of BENCH_PROGS, built with gcc -O2 and
#                       clang -O2, run in BENCH_PROCS processes of
#                       BENCH_ROUNDS paired rounds each; writes each
#                       program's timing sections of bench/results.md
#   make bench-cli      `lepack utf8 decode` (and --strict) against glibc's
#                       iconv on a 200 MB file of each UTF-8 class, written
#                       once under build/bench/cli (bench/cli_bench.py);
#                       about a minute.  `make bench` runs it.
#   make bench-icount   the same pairs counted in instructions under
#                       callgrind (exact); rewrites only the icount sections
#   make bench-fresh    says loudly when bench/results.md was measured on
#                       another src/ than the one here (part of `make check`;
#                       BENCH_STRICT=1 makes it fail)
#   make bench-smoke    builds every program and runs one short round (the
#                       pairs' self-check included); part of `make check`
#   make codegen-check  the unchecked loads and stores compile to single
#                       full-width moves on x86-64 (part of `make check`)
#
# A benchmark program is bench/bench_<prog>.c built on bench/pair.h (paired
# rounds, JSON out) with an instruction-count driver bench/icount_<prog>.c
# or, for counters, bench/icount.c; add it with
#   BENCH_PROGS += <prog>
#   BENCH_OBJ_<prog> := <its objects besides pair.o and the library>
#   BENCH_ICOUNT_<prog> := <the source of its icount driver>
# and `make bench` gives it sections "<prog> timings" and "<prog> icount" in
# bench/results.md.

BENCH_DIR       := $(BUILD)/bench
BENCH_CCS       := gcc clang
BENCH_CXX_gcc   := g++
BENCH_CXX_clang := clang++
BENCH_OPT       := -O2
BENCH_ROUNDS    ?= 15
BENCH_PROCS     ?= 3
BENCH_MIN_US    ?= 200
BENCH_PY        ?= python3
BENCH_RESULTS   := bench/results.md
BENCH_PROGS     := counters
BENCH_KOBJ      := kern_base.o kern_lepack.o kern_lepack_bytes.o kern_counters.o
BENCH_OBJ_counters := $(BENCH_KOBJ) cases.o place.o
BENCH_ICOUNT_counters := bench/icount.c
BENCH_LOBJ      := $(LIB_SRC:src/%.c=lib/%.o)
BENCH_DEPS      := bench/kernels.h bench/pair.h bench/cases.h bench/place.h $(LIB_HDR)

.PHONY: bench bench-cli bench-icount bench-fresh bench-smoke codegen-check

# One object tree per compiler: the library too, so that everything is
# measured as that compiler builds it.
define BENCH_template
$(BENCH_DIR)/$(1)/%.o: bench/%.c $(BENCH_DEPS)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) -Ibench $(STD) $(WARN) $(BENCH_OPT) -c $$< -o $$@

$(BENCH_DIR)/$(1)/kern_lepack_bytes.o: bench/kern_lepack.c $(BENCH_DEPS)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) $(STD) $(WARN) $(BENCH_OPT) -DLEPACK_BYTEWISE -c $$< -o $$@

$(BENCH_DIR)/$(1)/lib/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) $(STD) $(WARN) $(BENCH_OPT) -c $$< -o $$@
endef
$(foreach c,$(BENCH_CCS),$(eval $(call BENCH_template,$(c))))

# Program $(2) built by compiler $(1): the timing binary and the icount one.
define BENCH_prog
$(BENCH_DIR)/$(1)/bench_$(2): $(BENCH_DIR)/$(1)/bench_$(2).o $(BENCH_DIR)/$(1)/pair.o \
    $(addprefix $(BENCH_DIR)/$(1)/,$(BENCH_OBJ_$(2)) $(BENCH_LOBJ))
	$(1) -o $$@ $$^

$(BENCH_DIR)/$(1)/icount_$(2): $(BENCH_ICOUNT_$(2)) $(BENCH_DIR)/$(1)/pair.o \
    $(addprefix $(BENCH_DIR)/$(1)/,$(BENCH_OBJ_$(2)) $(BENCH_LOBJ))
	$(1) $(CPPFLAGS) -Ibench $(STD) $(WARN) $(BENCH_OPT) -o $$@ $$^
endef
$(foreach c,$(BENCH_CCS),$(foreach p,$(BENCH_PROGS),$(eval $(call BENCH_prog,$(c),$(p)))))

BENCH_BINS  = $(foreach c,$(BENCH_CCS),$(BENCH_PROGS:%=$(BENCH_DIR)/$(c)/bench_%))
BENCH_ICBINS = $(foreach c,$(BENCH_CCS),$(BENCH_PROGS:%=$(BENCH_DIR)/$(c)/icount_%))

# The processes of the two compilers alternate, so that a change in the
# machine's load over the run falls on both.
bench: $(BENCH_BINS)
	@set -e; for p in $(BENCH_PROGS); do \
	  rm -f $(BENCH_DIR)/$$p-*.json; \
	  k=1; while [ $$k -le $(BENCH_PROCS) ]; do for c in $(BENCH_CCS); do \
	    echo "==> bench: $$p, $$c, process $$k of $(BENCH_PROCS)"; \
	    $(BENCH_DIR)/$$c/bench_$$p --rounds $(BENCH_ROUNDS) --min-us $(BENCH_MIN_US) \
	      --program $$p --compiler $$c --process $$k --out $(BENCH_DIR)/$$p-$$c-$$k.json; \
	  done; k=$$((k + 1)); done; \
	  $(BENCH_PY) bench/report.py timings --dir $(BENCH_DIR) --results $(BENCH_RESULTS) \
	    --doc docs/performance.md $$p $(BENCH_CCS); \
	done
	$(MAKE) --no-print-directory bench-zero
	$(MAKE) --no-print-directory bench-cli

bench-cli: $(BUILD)/lepack
	$(BENCH_PY) bench/cli_bench.py --lepack $(BUILD)/lepack --dir $(BENCH_DIR)/cli \
	  --into $(BENCH_RESULTS) docs/performance.md

# Each callgrind dump holds one side of one pair at one size.
bench-icount: $(BENCH_ICBINS)
	@set -e; for p in $(BENCH_PROGS); do for c in $(BENCH_CCS); do \
	  echo "==> bench-icount: $$p, $$c"; \
	  rm -rf $(BENCH_DIR)/callgrind-$$p-$$c; mkdir -p $(BENCH_DIR)/callgrind-$$p-$$c; \
	  valgrind --tool=callgrind --dump-instr=no --compress-strings=no -q \
	    --callgrind-out-file=$(BENCH_DIR)/callgrind-$$p-$$c/out $(BENCH_DIR)/$$c/icount_$$p \
	    > $(BENCH_DIR)/callgrind-$$p-$$c/pairs.txt; \
	  done; \
	  $(BENCH_PY) bench/report.py icount --dir $(BENCH_DIR) --results $(BENCH_RESULTS) \
	    --doc docs/performance.md $$p $(BENCH_CCS); \
	done

bench-fresh:
	@$(BENCH_PY) bench/report.py check --results $(BENCH_RESULTS) $(if $(BENCH_STRICT),--strict)

# The pairs still do the same work, and the programs still run.
bench-smoke: $(BENCH_BINS)
	@for c in $(BENCH_CCS); do for p in $(BENCH_PROGS); do \
	  $(BENCH_DIR)/$$c/bench_$$p --rounds 1 --min-us 1 --out $(BENCH_DIR)/smoke-$$p-$$c.json || exit 1; \
	  echo "bench-smoke: $$p built with $$c: self-check passed, one round run"; done; done

# Single loads and stores, checked in the object code of bench/codegen.c.
codegen-check:
	@sh bench/codegen_check.sh $(BUILD)/codegen $(CPPFLAGS) $(STD) $(WARN)

CHECK_STEPS += codegen-check bench-smoke bench-fresh
