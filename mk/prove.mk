# SPDX-License-Identifier: Apache-2.0
# Frama-C WP proofs (proofs/README.md).
#
#   make prove          every proof, replayed from the committed cache in
#                       proofs/session (goals missing from it are proved and
#                       added); prints the per-function table and fails on
#                       any unproven goal, failed smoke test or goal count
#                       below proofs/min_goals.txt
#                       (PROVE_CACHE=offline: fail instead of proving what
#                       the cache lacks; PROVE_CACHE=cleanup: also drop
#                       entries no goal uses)
#   make prove-cold     the same from scratch, without reading the cache
#   make prove-mutants  applies each proofs/mutants/*.patch to a copy of the
#                       tree and requires at least one unproven goal

PROVE_PY      := python3 proofs/prove.py
PROVE_OUT     := $(BUILD)/prove
PROVE_SESSION := proofs/session
PROVE_CACHE   ?= update
# The five units run side by side (PROVE_JOBS), each with PROVE_PAR prover
# processes: on two cores that keeps both busy during frama-c's own
# single-threaded goal generation.  The mutants prove one unit at a time.
PROVE_JOBS    ?= 5
PROVE_PAR     ?= 1
PROVE_TIMEOUT ?= 10
PROVE_ARGS     = --out $(PROVE_OUT) --jobs $(PROVE_JOBS) --par $(PROVE_PAR) --timeout $(PROVE_TIMEOUT)

.PHONY: prove prove-cold prove-mutants

prove:
	$(PROVE_PY) $(PROVE_ARGS) --session $(PROVE_SESSION) --cache $(PROVE_CACHE)

prove-cold:
	$(PROVE_PY) $(PROVE_ARGS) --out $(PROVE_OUT)/cold --cache none

prove-mutants:
	sh proofs/mutants.sh $(PROVE_OUT)/mutants 2 $(PROVE_TIMEOUT)

CHECK_STEPS += prove prove-mutants
