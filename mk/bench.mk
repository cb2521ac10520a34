# SPDX-License-Identifier: Apache-2.0
# Benchmarks (bench/, docs/performance.md).
#
#   make bench          time every kernel, built once with gcc -O2 and once
#                       with clang -O2; print the tables and write
#                       bench/results.md
#   make bench-icount   the same kernels, counted in instructions per item
#                       under callgrind (exact, unlike the timings)
#   make codegen-check  the unchecked loads and stores compile to single
#                       full-width moves on x86-64 (part of `make check`)
#
# Timings come from Google Benchmark: medians of BENCH_REPS repetitions,
# interleaved at random so that a burst of load from another process hits
# every variant alike.  Override BENCH_ARGS to run longer.

BENCH_DIR       := $(BUILD)/bench
BENCH_CCS       := gcc clang
BENCH_CXX_gcc   := g++
BENCH_CXX_clang := clang++
BENCH_OPT       := -O2
BENCH_REPS      ?= 5
BENCH_MIN_TIME  ?= 0.05
BENCH_ARGS      ?= --benchmark_min_time=$(BENCH_MIN_TIME) --benchmark_repetitions=$(BENCH_REPS) \
                   --benchmark_report_aggregates_only=true \
                   --benchmark_enable_random_interleaving=true
BENCH_PY        ?= python3
BENCH_KOBJ      := kern_base.o kern_lepack.o kern_lepack_bytes.o kern_counters.o
BENCH_LOBJ      := $(LIB_SRC:src/%.c=lib/%.o)
BENCH_DEPS      := bench/kernels.h $(LIB_HDR)

.PHONY: bench bench-icount codegen-check

# One object tree per compiler: the library too, so that counters_add is
# measured as that compiler builds it.
define BENCH_template
$(BENCH_DIR)/$(1)/%.o: bench/%.c $(BENCH_DEPS)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) $(STD) $(WARN) $(BENCH_OPT) -c $$< -o $$@

$(BENCH_DIR)/$(1)/kern_lepack_bytes.o: bench/kern_lepack.c $(BENCH_DEPS)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) $(STD) $(WARN) $(BENCH_OPT) -DLEPACK_BYTEWISE -c $$< -o $$@

$(BENCH_DIR)/$(1)/lib/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) $(STD) $(WARN) $(BENCH_OPT) -c $$< -o $$@

$(BENCH_DIR)/$(1)/bench: bench/bench_main.cc $(addprefix $(BENCH_DIR)/$(1)/,$(BENCH_KOBJ) $(BENCH_LOBJ))
	$(BENCH_CXX_$(1)) $(CPPFLAGS) -Ibench -std=c++17 $(WARN) $(BENCH_OPT) -o $$@ $$^ -lbenchmark -lpthread

$(BENCH_DIR)/$(1)/icount: bench/icount.c $(addprefix $(BENCH_DIR)/$(1)/,$(BENCH_KOBJ) $(BENCH_LOBJ))
	$(1) $(CPPFLAGS) -Ibench $(STD) $(WARN) $(BENCH_OPT) -o $$@ $$^
endef
$(foreach c,$(BENCH_CCS),$(eval $(call BENCH_template,$(c))))

bench: $(foreach c,$(BENCH_CCS),$(BENCH_DIR)/$(c)/bench)
	@set -e; for c in $(BENCH_CCS); do \
	  echo "==> bench: $$c"; \
	  $(BENCH_DIR)/$$c/bench $(BENCH_ARGS) --benchmark_format=console \
	    --benchmark_out=$(BENCH_DIR)/$$c.json --benchmark_out_format=json >/dev/null; \
	done
	$(BENCH_PY) bench/report.py --dir $(BENCH_DIR) --out bench/results.md $(BENCH_CCS)
	$(MAKE) --no-print-directory bench-zero

# Each callgrind dump holds one kernel at one size (see bench/icount.c).
bench-icount: $(foreach c,$(BENCH_CCS),$(BENCH_DIR)/$(c)/icount)
	@set -e; for c in $(BENCH_CCS); do \
	  echo "==> bench-icount: $$c"; \
	  rm -rf $(BENCH_DIR)/callgrind-$$c; mkdir -p $(BENCH_DIR)/callgrind-$$c; \
	  valgrind --tool=callgrind --dump-instr=no --compress-strings=no -q \
	    --callgrind-out-file=$(BENCH_DIR)/callgrind-$$c/out $(BENCH_DIR)/$$c/icount; \
	done
	$(BENCH_PY) bench/report.py --dir $(BENCH_DIR) --out bench/results.md $(BENCH_CCS)

# Single loads and stores, checked in the object code of bench/codegen.c.
codegen-check:
	@sh bench/codegen_check.sh $(BUILD)/codegen $(CPPFLAGS) $(STD) $(WARN)

CHECK_STEPS += codegen-check
