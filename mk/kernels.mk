# SPDX-License-Identifier: Apache-2.0
# The UTF-8 counting, validating and decoding kernels against the scalar path, over the
# windows docs/utf8.md shows to be complete (tests/verify_kernels.c).
#
#   make verify-kernels  every set, the 2^32 raw windows at two offsets included
#                        (about 11 minutes on two cores); prints each set's count and time
#   make kernel-mutants  the reduced set (every lane offset, every level, in
#                        seconds) passes on src/ as it is and finds a
#                        difference with each tests/kernel_mutants/*.patch
#                        applied to a copy of src/ (part of make check)
#
# On a CPU without AVX-512 no validating kernel runs: kernel-mutants then
# checks the ASCII spans and says that the mutants were not tried.

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

$(KERNELS_DIR)/verify_kernels: tests/verify_kernels.c $(KERNELS_OBJ) $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(KERNELS_FLAGS) -o $@ tests/verify_kernels.c $(KERNELS_OBJ)

verify-kernels: $(KERNELS_DIR)/verify_kernels
	@$< --jobs $(KERNELS_JOBS)

# A mutant counts as caught only when the program reports a difference
# (exit 1); a build failure or any other exit is the mutant's fault, and
# stops the run as such.  Only the files a mutant changes are compiled
# again, all of them when it changes a header.
kernel-mutants: $(KERNELS_DIR)/verify_kernels
	@$< --quick --jobs $(KERNELS_JOBS) > $(KERNELS_DIR)/clean.log 2>&1 || \
	  { cat $(KERNELS_DIR)/clean.log; echo "kernel-mutants: src/ as it is differs from the scalar path"; exit 1; }
	@sed -n 's/^verify_kernels: //p' $(KERNELS_DIR)/clean.log | sed 's/^/kernel-mutants: src\/: /'
	@if ! grep -q 'best: AVX-512' $(KERNELS_DIR)/clean.log; then \
	  echo "kernel-mutants: no AVX-512 on this CPU: the $(words $(KERNEL_MUTANTS)) mutants of its kernel not tried"; exit 0; fi; \
	caught=0; \
	for p in $(KERNEL_MUTANTS); do \
	  name=$$(basename $$p .patch); m=$(KERNELS_DIR)/mutants/$$name; \
	  rm -rf $$m; mkdir -p $$m; cp -R src $$m/src; \
	  patch -s -d $$m -p1 --fuzz=0 < $$p || { echo "kernel-mutants: $$name: does not apply"; exit 1; }; \
	  hdr=$$(for h in src/*.h; do cmp -s $$h $$m/$$h || echo $$h; done); \
	  objs=""; for f in $(LIB_SRC:src/%.c=%); do \
	    if [ -z "$$hdr" ] && cmp -s src/$$f.c $$m/src/$$f.c; then objs="$$objs $(KERNELS_DIR)/obj/$$f.o"; \
	    else objs="$$objs $$m/src/$$f.c"; fi; done; \
	  $(CC) -I$$m/src $(KERNELS_FLAGS) -o $$m/verify_kernels tests/verify_kernels.c $$objs \
	    > $$m/build.log 2>&1 || \
	    { cat $$m/build.log; echo "kernel-mutants: $$name: does not build"; exit 1; }; \
	  rc=0; $$m/verify_kernels --quick --jobs $(KERNELS_JOBS) > $$m/run.log 2>&1 || rc=$$?; \
	  case $$rc in \
	    1) caught=$$((caught + 1)); \
	       echo "kernel-mutants: $$name: caught: $$(grep -m1 'level .*window' $$m/run.log | sed 's/^verify_kernels: //')";; \
	    0) echo "kernel-mutants: $$name: SURVIVED the reduced set"; exit 1;; \
	    *) cat $$m/run.log; echo "kernel-mutants: $$name: BROKEN (exit $$rc)"; exit 1;; \
	  esac; \
	done; \
	echo "kernel-mutants: $$caught of $(words $(KERNEL_MUTANTS)) kernel mutants caught"
