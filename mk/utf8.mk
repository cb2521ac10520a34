# SPDX-License-Identifier: Apache-2.0
# Java strings as UTF-8 (src/utf8.h, docs/utf8.md): the checks of their own.
# The unit tests (tests/test_utf8.c) are in mk/tests.mk's list, the proofs
# are the utf8 unit of proofs/prove.py, the fuzz harnesses utf8_* are in
# mk/fuzz.mk's list.
#
#   make utf8-vectors-fresh  tests/vectors/utf8.vec is what its generator writes
#   make test-vectors-utf8   rewrites tests/vectors/utf8.vec
#   make test-cli-utf8       `lepack utf8` end to end (tests/cli_utf8.sh)
#   make check-java-utf8     tests/java/Utf8VectorCheck.java: the JDK agrees with
#                            every line of utf8.vec (skipped without a JDK)

UTF8_DIR := $(BUILD)/utf8

.PHONY: utf8-vectors-fresh test-vectors-utf8 test-cli-utf8 check-java-utf8

utf8-vectors-fresh:
	@if command -v python3 >/dev/null 2>&1; then \
	  mkdir -p $(UTF8_DIR) && python3 tests/vectors/gen_utf8_vectors.py $(UTF8_DIR) && \
	  cmp -s $(UTF8_DIR)/utf8.vec tests/vectors/utf8.vec || \
	    { echo "utf8: tests/vectors/utf8.vec differs from gen_utf8_vectors.py output (make test-vectors-utf8)"; exit 1; }; \
	  echo "utf8: tests/vectors/utf8.vec matches gen_utf8_vectors.py"; \
	else $(call cannot_run,utf8-vectors-fresh,python3 not found); fi

test-vectors-utf8:
	python3 tests/vectors/gen_utf8_vectors.py tests/vectors

test-cli-utf8: $(BUILD)/lepack
	@sh tests/cli_utf8.sh $(BUILD)/lepack

UTF8_JAVA_DIR := $(BUILD)/java-utf8
check-java-utf8:
	@if ! command -v javac >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then \
	  $(call cannot_run,check-java-utf8,no JDK; make deps installs default-jdk-headless); fi; \
	set -e; mkdir -p $(UTF8_JAVA_DIR); \
	javac -Xlint:all -Werror -d $(UTF8_JAVA_DIR) tests/java/Utf8VectorCheck.java; \
	java -cp $(UTF8_JAVA_DIR) Utf8VectorCheck tests/vectors; \
	if java -Dlepack.utf8=broken -cp $(UTF8_JAVA_DIR) Utf8VectorCheck tests/vectors \
	     > $(UTF8_JAVA_DIR)/broken.log 2>&1; then \
	  echo "check-java-utf8: FAILED: a non-JDK encoder passed the vectors"; exit 1; fi; \
	echo "check-java-utf8: $$(java -version 2>&1 | head -n 1); a non-JDK encoder fails them, as it must ($$(tail -n 1 $(UTF8_JAVA_DIR)/broken.log))"

CHECK_STEPS += utf8-vectors-fresh test-cli-utf8 check-java-utf8

# The 32-bit replay (mk/m32.mk) has no 32-bit ICU to link: the UTF-8
# harnesses compare with ref/ alone there (fuzz/fuzz_utf8.h, FZ_NO_ICU).
$(M32_DIR)/replay/utf8_%: M32_FLAGS += -DFZ_NO_ICU

# The UTF-8 benchmark (bench/bench_utf8.c, docs/performance.md): built with
# each of BENCH_CCS against the library as that compiler builds it (mk/bench.mk's
# objects), ICU and glibc iconv; `make bench` runs it, and
#   make bench-utf8        runs it alone and rewrites the section "utf8 timings"
#                          of bench/results.md and docs/performance.md
#   make bench-smoke-utf8  builds it and runs one short round (part of make check;
#                          every variant's output is checked against lepack's first)
UTF8_BENCH_ROUNDS ?= 11
UTF8_BENCH_MS     ?= 4
# simdutf, the yardstick (bench/README.md): its compiled library and C
# header, never part of lepack's tree.  Without them the benchmark runs
# without its columns and the report says so.
SIMDUTF_DIR ?= $(wildcard ../shared/anchors/simdutf)
UTF8_SIMDUTF := $(if $(wildcard $(SIMDUTF_DIR)/libsimdutf.a),$(SIMDUTF_DIR))
UTF8_BENCH_SIMDUTF_FLAGS := $(if $(UTF8_SIMDUTF),-DLEPACK_BENCH_SIMDUTF -I$(UTF8_SIMDUTF))
# Linked first, whole: its code then lies at the same address whatever
# lepack's size, so a change to lepack does not move the yardstick
# (docs/performance.md, "simdutf").
UTF8_WHOLE_ARCHIVE := -Wl,--whole-archive
UTF8_NO_WHOLE_ARCHIVE := -Wl,--no-whole-archive
UTF8_BENCH_SIMDUTF_FIRST := $(if $(UTF8_SIMDUTF),$(UTF8_WHOLE_ARCHIVE) $(UTF8_SIMDUTF)/libsimdutf.a $(UTF8_NO_WHOLE_ARCHIVE))
UTF8_BENCH_SIMDUTF_LIBS := $(if $(UTF8_SIMDUTF),-lstdc++)
# The text of every pool (bench/utf8_text.h), shared with the instruction counts.
UTF8_TEXT := bench/utf8_text.c bench/utf8_text.h
define UTF8_BENCH_template
$(BENCH_DIR)/$(1)/bench_utf8: bench/bench_utf8.c $(UTF8_TEXT) ref/ref.c ref/ref_utf8.c ref/ref.h \
    ref/ref_utf8.h $(addprefix $(BENCH_DIR)/$(1)/,$(BENCH_LOBJ)) $(BENCH_DIR)/$(1)/simdutf.flags
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) -Iref $(UTF8_BENCH_SIMDUTF_FLAGS) $(STD) $(WARN) -Werror $(BENCH_OPT) -o $$@ \
	  $(UTF8_BENCH_SIMDUTF_FIRST) bench/bench_utf8.c bench/utf8_text.c ref/ref.c ref/ref_utf8.c \
	  $(addprefix $(BENCH_DIR)/$(1)/,$(BENCH_LOBJ)) \
	  -licuuc $(UTF8_BENCH_SIMDUTF_LIBS)

# Rebuilt when SIMDUTF_DIR changes, so that the binary's columns follow it.
$(BENCH_DIR)/$(1)/simdutf.flags: utf8-simdutf-force
	@mkdir -p $$(@D)
	@echo '$(UTF8_SIMDUTF)' | cmp -s - $$@ || echo '$(UTF8_SIMDUTF)' > $$@
endef
$(foreach c,$(BENCH_CCS),$(eval $(call UTF8_BENCH_template,$(c))))
UTF8_BENCH_BINS := $(BENCH_CCS:%=$(BENCH_DIR)/%/bench_utf8)

.PHONY: bench-utf8 bench-smoke-utf8 utf8-simdutf-force
utf8-simdutf-force:
UTF8_COMMA := ,
bench: bench-utf8
bench-utf8: $(UTF8_BENCH_BINS)
	@set -e; for c in $(BENCH_CCS); do \
	  echo "==> bench: utf8, $$c"; \
	  $(BENCH_DIR)/$$c/bench_utf8 --rounds $(UTF8_BENCH_ROUNDS) --ms $(UTF8_BENCH_MS) \
	    --json $(BENCH_DIR)/utf8-$$c.json; done
	@$(BENCH_PY) bench/utf8_report.py --dir $(BENCH_DIR) --results $(BENCH_RESULTS) \
	  --doc docs/performance.md $(BENCH_CCS)

bench-smoke-utf8: $(UTF8_BENCH_BINS)
	@for c in $(BENCH_CCS); do \
	  $(BENCH_DIR)/$$c/bench_utf8 --quick --rounds 1 --ms 0.05 --json $(BENCH_DIR)/smoke-utf8-$$c.json \
	    2> $(BENCH_DIR)/smoke-utf8-$$c.log || { cat $(BENCH_DIR)/smoke-utf8-$$c.log; exit 1; }; \
	  echo "bench-smoke-utf8: built with $$c: every variant agrees with lepack$(if $(UTF8_SIMDUTF),$(UTF8_COMMA) simdutf's too,; no simdutf (SIMDUTF_DIR)), one round run"; done

CHECK_STEPS += bench-smoke-utf8

# Instructions per call on short strings (bench/icount_utf8.c, docs/performance.md
# "Short strings, instruction by instruction"), counted exactly, so measurable on
# a loaded machine: under callgrind, which runs no AVX-512, so that the vector
# paths, lepack's and simdutf's, are counted in their AVX2 form; and natively, one
# instruction at a time (the trap flag), at this CPU's best level, for the five
# text classes (about 2 minutes per compiler; UTF8_ICOUNT_NATIVE=0 leaves it out).
#   make bench-icount-utf8  counts each compiler's build, splits the counts by
#                           function group and source line (bench/utf8_icount.py)
#                           and rewrites the section "utf8 icount" of
#                           bench/results.md and docs/performance.md; `make
#                           bench-icount` runs it.  Not part of `make check`.
#                           UTF8_ICOUNT_FILTER=encode/lepack/ascii/16 (a
#                           substring of the measurements' names) counts a few
#                           and writes nothing.
# The library is built with -g here (the split is by source line; -g does not
# change the code generated), DWARF 4, which valgrind 3.19 reads from clang too.
UTF8_ICOUNT_FILTER ?=
UTF8_ICOUNT_NATIVE ?= 1
UTF8_ICOUNT_G := -g -gdwarf-4
define UTF8_ICOUNT_template
$(BENCH_DIR)/$(1)/libg/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $$(@D)
	$(1) $(CPPFLAGS) $(STD) $(WARN) $(BENCH_OPT) $(UTF8_ICOUNT_G) -c $$< -o $$@

$(BENCH_DIR)/$(1)/icount_utf8: bench/icount_utf8.c $(UTF8_TEXT) \
    $(LIB_SRC:src/%.c=$(BENCH_DIR)/$(1)/libg/%.o) $(BENCH_DIR)/$(1)/simdutf.flags
	$(1) $(CPPFLAGS) -Ibench $(UTF8_BENCH_SIMDUTF_FLAGS) $(STD) $(WARN) -Werror $(BENCH_OPT) $(UTF8_ICOUNT_G) \
	  -o $$@ $(UTF8_BENCH_SIMDUTF_FIRST) bench/icount_utf8.c bench/utf8_text.c $(LIB_SRC:src/%.c=$(BENCH_DIR)/$(1)/libg/%.o) \
	  $(UTF8_BENCH_SIMDUTF_LIBS)
endef
$(foreach c,$(BENCH_CCS),$(eval $(call UTF8_ICOUNT_template,$(c))))
UTF8_ICOUNT_BINS := $(BENCH_CCS:%=$(BENCH_DIR)/%/icount_utf8)

.PHONY: bench-icount-utf8
bench-icount: bench-icount-utf8
bench-icount-utf8: $(UTF8_ICOUNT_BINS)
	@set -e; for c in $(BENCH_CCS); do \
	  echo "==> bench-icount: utf8, $$c"; \
	  $(BENCH_DIR)/$$c/icount_utf8 '$(UTF8_ICOUNT_FILTER)'; \
	  d=$(BENCH_DIR)/callgrind-utf8-$$c; rm -rf $$d; mkdir -p $$d; \
	  valgrind --tool=callgrind --dump-instr=yes --dump-line=yes --compress-strings=no \
	    --compress-pos=no -q --callgrind-out-file=$$d/out $(BENCH_DIR)/$$c/icount_utf8 \
	    '$(UTF8_ICOUNT_FILTER)'; \
	  if [ '$(UTF8_ICOUNT_NATIVE)' != 0 ]; then \
	    echo "==> bench-icount: utf8, $$c, natively, one instruction at a time"; \
	    $(BENCH_DIR)/$$c/icount_utf8 --step $$d/steps.txt '$(UTF8_ICOUNT_FILTER)'; fi; done
	@$(BENCH_PY) bench/utf8_icount.py --dir $(BENCH_DIR) --results $(BENCH_RESULTS) \
	  --doc docs/performance.md $(if $(UTF8_ICOUNT_FILTER),--no-write) $(BENCH_CCS)
