# SPDX-License-Identifier: Apache-2.0
# The UTF-8 counting, validating, decoding, encoding and length kernels
# against the scalar path, over the windows docs/utf8.md shows to be
# complete (tests/verify_kernels.c), every call into a freshly poisoned
# buffer whose frame is checked.
#
#   make verify-kernels  every set, the 2^32 raw windows of the decoder and of the
#                        encoder at two offsets each and every window across
#                        every block edge of the long texts included (about 75
#                        CPU minutes by docs/utf8.md's estimate; the weekly workflow
#                        .github/workflows/kernels.yml runs it); prints each
#                        set's count and time
#   make kernel-mutants  the reduced set (every lane offset, every level, the
#                        edges of the long texts around the 4 KiB limit, in
#                        seconds) passes on src/ as it is and finds a
#                        difference with each tests/kernel_mutants/*.patch
#                        applied to a copy of src/, run at the level its
#                        `Level:` line names (part of make check)
#
# Every level the CPU has is checked; KERNELS_LEVEL=1 or 2 runs both
# targets as on a CPU whose best level is SSE2 or AVX2.  A mutant of a level
# above the best one checked is not tried: kernel-mutants says so, and under
# CI=true fails (cannot_run), as verify-kernels does on a CPU without
# AVX-512 and both do when KERNELS_LEVEL names a level this CPU lacks.

KERNELS_DIR     := $(BUILD)/kernels
KERNELS_JOBS    ?= 2
KERNELS_LEVEL   ?=
KERNELS_FLAGS   := $(STD) $(WARN) -Werror -O2
KERNEL_MUTANTS  := $(sort $(wildcard tests/kernel_mutants/*.patch))
KERNELS_LEVEL_ARG = $(if $(KERNELS_LEVEL),--level $(KERNELS_LEVEL))

.PHONY: verify-kernels kernel-mutants
CHECK_STEPS += kernel-mutants

KERNELS_OBJ     := $(LIB_SRC:src/%.c=$(KERNELS_DIR)/obj/%.o)

$(KERNELS_DIR)/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(KERNELS_FLAGS) -c $< -o $@

$(KERNELS_DIR)/verify_kernels: tests/verify_kernels.c tests/utf8_classes.h $(KERNELS_OBJ) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(KERNELS_FLAGS) -o $@ tests/verify_kernels.c $(KERNELS_OBJ)

verify-kernels: $(KERNELS_DIR)/verify_kernels
	@{ rc=0; $< --jobs $(KERNELS_JOBS) $(KERNELS_LEVEL_ARG) || rc=$$?; echo $$rc > $(KERNELS_DIR)/verify.rc; } | \
	  tee $(KERNELS_DIR)/verify.log; rc=$$(cat $(KERNELS_DIR)/verify.rc); \
	if [ $$rc -eq 3 ]; then $(call cannot_run,verify-kernels,KERNELS_LEVEL=$(KERNELS_LEVEL): this CPU lacks that level); fi; \
	[ $$rc -eq 0 ] || exit $$rc; \
	if ! grep -q '^verify_kernels: levels 1-3 checked' $(KERNELS_DIR)/verify.log; then \
	  $(call cannot_run,verify-kernels,no AVX-512 checked: its kernels are most of what the sets check); fi

# A mutant counts as caught only when the program reports a difference
# (tests/kernel_mutants.sh: exit 1 of verify_kernels); one that does not
# apply, does not build or fails otherwise is BROKEN and stops the run.
# Two mutants run at a time, each on one process: the reduced set stops at
# its first difference.  A mutant runs at the one level its fault lives in
# (verify_kernels --only-level: an AVX-512 fault at AVX-512 alone), capped
# by the best level of the clean run.
kernel-mutants: $(KERNELS_DIR)/verify_kernels
	@rc=0; $< --quick --jobs $(KERNELS_JOBS) $(KERNELS_LEVEL_ARG) > $(KERNELS_DIR)/clean.log 2>&1 || rc=$$?; \
	if [ $$rc -eq 3 ]; then cat $(KERNELS_DIR)/clean.log; \
	  $(call cannot_run,kernel-mutants,KERNELS_LEVEL=$(KERNELS_LEVEL): this CPU lacks that level); fi; \
	if [ $$rc -ne 0 ]; then cat $(KERNELS_DIR)/clean.log; \
	  if [ $$rc -eq 1 ]; then echo "kernel-mutants: src/ as it is differs from the scalar path"; \
	  else echo "kernel-mutants: verify_kernels failed (exit $$rc)"; fi; exit 1; fi; \
	sed -n 's/^verify_kernels: //p' $(KERNELS_DIR)/clean.log | sed 's/^/kernel-mutants: src\/: /'; \
	best=$$(sed -n 's/^verify_kernels: levels 1-\([0-9]\) checked.*/\1/p' $(KERNELS_DIR)/clean.log); \
	rm -rf $(KERNELS_DIR)/mutants; mkdir -p $(KERNELS_DIR)/mutants; \
	printf '%s\n' $(KERNEL_MUTANTS) | \
	  xargs -P $(KERNELS_JOBS) -I{} sh -c 'sh tests/kernel_mutants.sh $(KERNELS_DIR)/mutants \
	    $(KERNELS_DIR)/obj 1 '$$best' {} -- $(CC) $(KERNELS_FLAGS) > $(KERNELS_DIR)/mutants/$$(basename {} .patch).out; \
	    echo $$? > $(KERNELS_DIR)/mutants/$$(basename {} .patch).rc'; \
	caught=0; bad=0; untried=0; \
	for p in $(KERNEL_MUTANTS); do \
	  n=$$(basename $$p .patch); cat $(KERNELS_DIR)/mutants/$$n.out; \
	  case $$(cat $(KERNELS_DIR)/mutants/$$n.rc) in 0) caught=$$((caught + 1));; 3) untried=$$((untried + 1));; *) bad=1;; esac; \
	done; \
	echo "kernel-mutants: $$caught of $(words $(KERNEL_MUTANTS)) kernel mutants caught"; \
	[ $$bad -eq 0 ] || exit 1; \
	if [ $$untried -ne 0 ]; then \
	  $(call cannot_run,kernel-mutants,$$untried mutants of levels above the best level checked not tried); fi
