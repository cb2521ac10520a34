# SPDX-License-Identifier: Apache-2.0
# The lane models of src/lane/ against the CPU (tests/check_models.c).
#
#   make check-models   every lane operation the kernels use, run on its
#                       instruction and on its model's C form and compared:
#                       exhaustively over byte lanes (every value in every
#                       lane at every aligned place of two lines) and line
#                       offsets, over edge values and a fixed-seed sweep of
#                       MODELS_SWEEP random registers otherwise; then each
#                       tests/model_mutants/*.patch (a model with one lane
#                       changed) applied to a copy of src/ and tests/ must
#                       make the check fail (a sweep of MODELS_MUTANT_SWEEP:
#                       the exhaustive parts reach every mutated lane).
#                       Part of make check; under a minute.
#
# The models' contracts are what WP proves the zeroing kernels, the UTF-8
# kernels' runs of ASCII (src/utf8_ascii_vec.h), the length kernels
# (src/utf8_length_vec.h), the SSE2 and AVX2 encoders
# (src/utf8_encode_vec.h, src/utf8_encode_avx2.h), the modified UTF-8
# encoder (src/utf8_mutf8_vec.h) and the AVX-512 packing of items
# (src/items_x86.c, src/lane/items.h) from
# (proofs/README.md, "The lane models"): this check is what stands behind
# them.  x86-64 only (elsewhere there are no instructions to compare
# with).  On a CPU without AVX2, AVX-512 (F, BW, VL) or its VBMI and
# VBMI2 (modified UTF-8's block) the program says which operations it
# could not check.

MODELS_DIR     := $(BUILD)/models
MODELS_CC      := gcc
MODELS_FLAGS   := $(STD) $(WARN) -Werror -O2
MODELS_SWEEP   ?= 1000000
MODELS_MUTANT_SWEEP ?= 1000
MODELS_JOBS    ?= 2
MODEL_MUTANTS  := $(sort $(wildcard tests/model_mutants/*.patch))
MODELS_SRC     := tests/check_models.c tests/models_cform.c tests/models_ops.h

.PHONY: check-models
CHECK_STEPS += check-models

$(MODELS_DIR)/check_models: $(MODELS_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(MODELS_CC) $(CPPFLAGS) -Itests $(MODELS_FLAGS) -DLEPACK_LANE_C -c tests/models_cform.c \
	  -o $(@D)/models_cform.o
	$(MODELS_CC) $(CPPFLAGS) -Itests $(MODELS_FLAGS) -o $@ tests/check_models.c $(@D)/models_cform.o

check-models:
	@if [ "$$(uname -m)" != x86_64 ]; then \
	  echo "check-models: skipped (x86-64 only, this is $$(uname -m))"; exit 0; fi; \
	$(MAKE) --no-print-directory -s $(MODELS_DIR)/check_models && \
	$(MODELS_DIR)/check_models --sweep $(MODELS_SWEEP) && \
	sh tests/model_mutants.sh $(MODELS_DIR)/mutants $(MODELS_MUTANT_SWEEP) $(MODELS_JOBS) $(MODEL_MUTANTS) -- $(MODELS_CC) $(MODELS_FLAGS)
