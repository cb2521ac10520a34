# SPDX-License-Identifier: Apache-2.0
# The torture harness: concurrent access to packed buffers (torture/,
# docs/concurrency.md).
#
#   make torture          every case for TORTURE_SECONDS each (default 0.2,
#                         about 15 s); TORTURE_ARGS adds options and case
#                         patterns, e.g. TORTURE_ARGS='--format json atom.w8.*'
#   make torture-report   every case for TORTURE_REPORT_SECONDS each (default
#                         2, about 2.5 min); writes the tables of
#                         docs/concurrency.md, with the commit measured
#   make torture-check    part of `make check`: the builds with gcc and clang
#                         (-Werror), the single-instruction check of the raced
#                         accesses and its two controls, a smoke run of every
#                         case with each build and with the portable build
#                         (nothing FORBIDDEN, every thread at least
#                         TORTURE_SMOKE_MIN operations), and the race-free
#                         cases under ThreadSanitizer with a racy control that
#                         ThreadSanitizer must catch

TORTURE_DIR            := $(BUILD)/torture
TORTURE_CCS            := gcc clang
TORTURE_CC             ?= gcc
TORTURE_SRC            := $(filter-out torture/access.c,$(wildcard torture/*.c))
TORTURE_HDR            := $(wildcard torture/*.h) $(LIB_HDR)
TORTURE_FLAGS          := $(CPPFLAGS) -Itorture $(STD) $(WARN) -Werror -g -pthread
TORTURE_SECONDS        ?= 0.2
TORTURE_ARGS           ?=
TORTURE_REPORT_SECONDS ?= 2
TORTURE_SMOKE_SECONDS  ?= 0.05
TORTURE_SMOKE_MIN      ?= 1000
TORTURE_TSAN_ENV       := TSAN_OPTIONS=halt_on_error=1
# A racy case whose accesses ThreadSanitizer sees (C code, not asm).
TORTURE_TSAN_CONTROL   := atom.w8.aligned.le

.PHONY: torture torture-build torture-report torture-check torture-codegen \
        torture-smoke torture-tsan
CHECK_STEPS += torture-check

# access.c is compiled on its own: its object is the one the codegen check
# reads and the one linked into the program.
define TORTURE_template
$(TORTURE_DIR)/$(1)/access.o: torture/access.c $(TORTURE_HDR)
	@mkdir -p $$(@D)
	$(1) $(TORTURE_FLAGS) -O2 -c $$< -o $$@

$(TORTURE_DIR)/$(1)/access-portable.o: torture/access.c $(TORTURE_HDR)
	@mkdir -p $$(@D)
	$(1) $(TORTURE_FLAGS) -O2 -DTORTURE_PORTABLE -c $$< -o $$@

$(TORTURE_DIR)/$(1)/access-O0.o: torture/access.c $(TORTURE_HDR)
	@mkdir -p $$(@D)
	$(1) $(TORTURE_FLAGS) -O0 -c $$< -o $$@

# The control mutant: the 8-byte plain store becomes two 4-byte stores and
# the 8-byte plain load a 4-byte load.
$(TORTURE_DIR)/$(1)/access-split.o: torture/access.c $(TORTURE_HDR)
	@mkdir -p $$(@D)/split
	sed -e 's|"movq %1, (%0)"|"movl %k1, (%0)\\n\\tshrq $$$$32, %1\\n\\tmovl %k1, 4(%0)"|' \
	    -e 's|"movq (%1), %0"|"movl (%1), %k0"|' $$< > $$(@D)/split/access.c
	@test "$$$$(grep -c -e 'movl %k1, 4(%0)' -e 'movl (%1), %k0' $$(@D)/split/access.c)" = 2 || \
	  { echo "torture-codegen: the control mutation no longer applies to torture/access.c"; exit 1; }
	$(1) $(TORTURE_FLAGS) -Itorture -O2 -c $$(@D)/split/access.c -o $$@

$(TORTURE_DIR)/$(1)/torture: $(TORTURE_SRC) $(LIB_SRC) $(TORTURE_HDR) $(TORTURE_DIR)/$(1)/access.o
	$(1) $(TORTURE_FLAGS) -O2 -o $$@ $(TORTURE_SRC) $(LIB_SRC) $(TORTURE_DIR)/$(1)/access.o
endef
$(foreach c,$(TORTURE_CCS),$(eval $(call TORTURE_template,$(c))))

# ThreadSanitizer sees C accesses only: the race-free cases are written in C
# (atomics, byte stores, the publication pattern), the asm cases are not run.
$(TORTURE_DIR)/tsan/torture: torture/access.c $(TORTURE_SRC) $(LIB_SRC) $(TORTURE_HDR)
	@mkdir -p $(@D)
	clang $(TORTURE_FLAGS) -O1 -fsanitize=thread -o $@ torture/access.c $(TORTURE_SRC) $(LIB_SRC)

# The portable build (volatile accesses, __atomic locked accesses on aligned
# addresses only), as other architectures get it.
$(TORTURE_DIR)/portable/torture: torture/access.c $(TORTURE_SRC) $(LIB_SRC) $(TORTURE_HDR)
	@mkdir -p $(@D)
	$(TORTURE_CC) $(TORTURE_FLAGS) -O2 -DTORTURE_PORTABLE -o $@ torture/access.c $(TORTURE_SRC) $(LIB_SRC)

torture-build: $(foreach c,$(TORTURE_CCS) portable tsan,$(TORTURE_DIR)/$(c)/torture)

torture: $(TORTURE_DIR)/$(TORTURE_CC)/torture
	$(TORTURE_DIR)/$(TORTURE_CC)/torture --seconds $(TORTURE_SECONDS) $(TORTURE_ARGS)

torture-report: $(TORTURE_DIR)/$(TORTURE_CC)/torture
	sh torture/report.sh $(TORTURE_DIR)/$(TORTURE_CC)/torture $(TORTURE_REPORT_SECONDS) \
	  docs/concurrency.md $(TORTURE_DIR)

torture-codegen: $(foreach c,$(TORTURE_CCS),$(foreach o,access access-portable access-O0 access-split,$(TORTURE_DIR)/$(c)/$(o).o))
	@set -e; for c in $(TORTURE_CCS); do d=$(TORTURE_DIR)/$$c; \
	  sh torture/codegen_check.sh $$d/access.o asm > $$d/codegen.txt || \
	    { cat $$d/codegen.txt; echo "torture-codegen: $$c: a raced access is not one instruction"; exit 1; }; \
	  echo "torture-codegen: $$c -O2: $$(tail -n 1 $$d/codegen.txt)"; \
	  sh torture/codegen_check.sh $$d/access-portable.o portable > $$d/codegen-portable.txt || \
	    { cat $$d/codegen-portable.txt; echo "torture-codegen: $$c: the portable build splits an access"; exit 1; }; \
	  echo "torture-codegen: $$c -O2 -DTORTURE_PORTABLE: $$(tail -n 1 $$d/codegen-portable.txt)"; \
	  sh torture/codegen_check.sh $$d/access-O0.o asm all > $$d/codegen-O0.txt || \
	    { cat $$d/codegen-O0.txt; echo "torture-codegen: $$c: the -O0 control was not rejected"; exit 1; }; \
	  sh torture/codegen_check.sh $$d/access-split.o asm tt_store_plain_u64 tt_load_plain_u64 \
	    > $$d/codegen-split.txt || \
	    { cat $$d/codegen-split.txt; echo "torture-codegen: $$c: the split control was not rejected"; exit 1; }; \
	  echo "torture-codegen: $$c controls rejected as they must be: -O0 (every function), split 8-byte store and narrowed load"; \
	done

torture-smoke: $(foreach c,$(TORTURE_CCS) portable,$(TORTURE_DIR)/$(c)/torture)
	@set -e; for c in $(TORTURE_CCS) portable; do log=$(TORTURE_DIR)/$$c/smoke.txt; \
	  if $(TORTURE_DIR)/$$c/torture --seconds $(TORTURE_SMOKE_SECONDS) \
	       --min-reads $(TORTURE_SMOKE_MIN) > $$log 2> $$log.err; then :; else \
	    rc=$$?; cat $$log $$log.err; echo "torture-smoke: $$c: FAILED (exit $$rc)"; exit 1; fi; \
	  echo "torture-smoke: $$c: $$(sed 's/^torture: //' $$log.err)"; \
	  echo "torture-smoke: $$c: ACCEPTABLE_INTERESTING (torn, or refused by the CPU):" \
	    "$$(sed -n 's/^\[ACCEPTABLE_INTERESTING\] //p' $$log | tr '\n' ' ')"; \
	done

torture-tsan: $(TORTURE_DIR)/tsan/torture
	@set -e; d=$(TORTURE_DIR)/tsan; \
	if $(TORTURE_TSAN_ENV) $$d/torture --race-free --seconds $(TORTURE_SMOKE_SECONDS) \
	     --min-reads 100 > $$d/race-free.txt 2> $$d/race-free.err; then :; else \
	  cat $$d/race-free.txt $$d/race-free.err; echo "torture-tsan: FAILED on the race-free cases"; exit 1; fi; \
	echo "torture-tsan: race-free cases clean: $$(sed 's/^torture: //' $$d/race-free.err)"; \
	for attempt in 1 2 3 4 5; do \
	  if $(TORTURE_TSAN_ENV) $$d/torture --seconds $(TORTURE_SMOKE_SECONDS) $(TORTURE_TSAN_CONTROL) \
	       > $$d/control.txt 2> $$d/control.err; then :; \
	  elif grep -q 'WARNING: ThreadSanitizer: data race' $$d/control.err; then \
	    echo "torture-tsan: racy control $(TORTURE_TSAN_CONTROL) reported as a data race, as it must be (run $$attempt)"; \
	    exit 0; fi; \
	done; \
	cat $$d/control.txt $$d/control.err; \
	echo "torture-tsan: the racy control $(TORTURE_TSAN_CONTROL) was not reported in 5 runs"; exit 1

torture-check: torture-codegen torture-smoke torture-tsan
