# SPDX-License-Identifier: Apache-2.0
# The UTF-8 counting, validating, decoding and encoding kernels against the scalar path, over the
# windows docs/utf8.md shows to be complete (tests/verify_kernels.c).
#
#   make verify-kernels  every set, the 2^32 raw windows of the decoder and of the
#                        encoder at two offsets each included (about 17 minutes on
#                        two cores); prints each set's count and time
#   make kernel-mutants  the reduced set (every lane offset, every level, in
#                        seconds) passes on src/ as it is and finds a
#                        difference with each tests/kernel_mutants/*.patch
#                        applied to a copy of src/ (part of make check)
#
# On a CPU without AVX-512 no validating kernel runs: kernel-mutants then
# checks the ASCII spans and the SSE2/AVX2 encoders and says that the
# mutants were not tried.

KERNELS_DIR     := $(BUILD)/kernels
KERNELS_JOBS    ?= 2
KERNELS_FLAGS   := $(STD) $(WARN) -Werror -O2
KERNEL_MUTANTS  := $(sort $(wildcard tests/kernel_mutants/*.patch))

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
	@$< --jobs $(KERNELS_JOBS)

# A mutant counts as caught only when the program reports a difference
# (tests/kernel_mutants.sh: exit 1 of verify_kernels); one that does not
# apply, does not build or fails otherwise is BROKEN and stops the run.
# Two mutants run at a time, each on one process: the reduced set stops at
# its first difference, so a mutant costs mostly its build.
kernel-mutants: $(KERNELS_DIR)/verify_kernels
	@$< --quick --jobs $(KERNELS_JOBS) > $(KERNELS_DIR)/clean.log 2>&1 || \
	  { cat $(KERNELS_DIR)/clean.log; echo "kernel-mutants: src/ as it is differs from the scalar path"; exit 1; }
	@sed -n 's/^verify_kernels: //p' $(KERNELS_DIR)/clean.log | sed 's/^/kernel-mutants: src\/: /'
	@if ! grep -q 'best: AVX-512' $(KERNELS_DIR)/clean.log; then \
	  echo "kernel-mutants: no AVX-512 on this CPU: the $(words $(KERNEL_MUTANTS)) mutants of its kernels not tried"; exit 0; fi; \
	rm -rf $(KERNELS_DIR)/mutants; mkdir -p $(KERNELS_DIR)/mutants; \
	printf '%s\n' $(KERNEL_MUTANTS) | \
	  xargs -P $(KERNELS_JOBS) -I{} sh -c 'sh tests/kernel_mutants.sh $(KERNELS_DIR)/mutants \
	    $(KERNELS_DIR)/obj 1 {} -- $(CC) $(KERNELS_FLAGS) > $(KERNELS_DIR)/mutants/$$(basename {} .patch).out; \
	    echo $$? > $(KERNELS_DIR)/mutants/$$(basename {} .patch).rc'; \
	caught=0; bad=0; \
	for p in $(KERNEL_MUTANTS); do \
	  n=$$(basename $$p .patch); cat $(KERNELS_DIR)/mutants/$$n.out; \
	  case $$(cat $(KERNELS_DIR)/mutants/$$n.rc) in 0) caught=$$((caught + 1));; *) bad=1;; esac; \
	done; \
	echo "kernel-mutants: $$caught of $(words $(KERNEL_MUTANTS)) kernel mutants caught"; \
	[ $$bad -eq 0 ]
