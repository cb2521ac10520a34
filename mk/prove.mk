# SPDX-License-Identifier: Apache-2.0
# Proofs (proofs/README.md): object-code equality of le_mem.h with the
# proven byte form, then Frama-C WP.
#
#   make prove          the contracts the proofs rely on against
#                       proofs/contracts.txt (a changed contract fails until
#                       it is recorded), the machine's provers against
#                       proofs/session/toolchain.txt (others stop the run:
#                       the cache is their evidence), then objeq, then
#                       every WP unit replayed from the committed
#                       cache proofs/session, read through a scratch copy
#                       (build/prove/session) where goals the cache lacks are
#                       proved; proofs/session itself is never written.
#                       Prints each unit's rows as it finishes and fails on
#                       any objeq difference, unproven goal, failed smoke
#                       test, goal count below proofs/min_goals.txt or
#                       function neither proven nor listed in
#                       proofs/trusted.py (PROVE_CACHE=offline: fail instead
#                       of proving what the cache lacks).  Then the
#                       re-proof: every goal of each function whose
#                       fingerprint is not in the cold record
#                       proofs/session/cold.txt (changed since the last cold
#                       proof, or new), and of the day's chunk of the rest
#                       (PROVE_SAMPLE: auto, all, none or a chunk number;
#                       chunks of PROVE_SAMPLE_BUDGET seconds of prover
#                       time), proved again by the provers each cached
#                       verdict came from; any verdict they do not give
#                       again fails.  Last, the code outside the proofs,
#                       counted by file and function
#   make prove-update   the same without the contracts check and the
#                       re-proof, and when everything passed, copies the new
#                       verdicts into proofs/session, records the provers in
#                       its toolchain.txt and rewrites proofs/contracts.txt
#                       (commit them); PROVE_CACHE=cleanup also drops entries
#                       no goal uses
#   make prove-contracts  only rewrites proofs/contracts.txt (the cache
#                       already current); prove-contracts-check only checks
#   make prove-rebuild  every goal proved with an empty cache; when all
#                       passed, the committed cache is replaced and the
#                       provers recorded: the way to a new toolchain
#   make prove-cold     objeq and WP from scratch, without any cache (no
#                       contracts or toolchain check): big units cut into
#                       pieces run side by side, CVC4 tried first, and the
#                       properties a piece left unproven proved once more
#                       (proofs/README.md, "Where a cold run's time goes");
#                       then the fingerprints of the functions it proved are
#                       written to the cold record proofs/session/cold.txt,
#                       those it failed dropped (commit it when all passed).  SHARD=I/N proves only the I-th of N
#                       shards of the pieces (no objeq, no record) and
#                       writes its verdicts to build/prove/cold; then
#   make prove-cold-gather SHARDS=N  checks the N shards' verdicts there
#                       (all present, every goal proved, floors met), runs
#                       objeq and writes the cold record: the Cold proof
#                       workflow's job matrix
#   make prove-trusted  prints every line of code outside the proofs
#   make prove-mutants  applies each proofs/mutants/*.patch to a copy of the
#                       tree and requires the proofs to fail
#   make prove-mutants-check  the same for the mutants `make check` runs
#                       (proofs/mutants_pick.py): every mutant of a function
#                       the last `make prove` of this tree found changed
#                       since the cold proof, and the day's chunk of the
#                       others (PROVE_MUTANTS: auto, all or a chunk number;
#                       PROVE_MUTANT_CHUNKS chunks); the others are applied
#                       as a dry run
#   make prove-driver-test  the driver's own regression tests

PROVE_PY      := python3 proofs/prove.py
PROVE_CONTRACTS := python3 proofs/contracts.py
PROVE_OUT     := $(BUILD)/prove
PROVE_SESSION := proofs/session
PROVE_CACHE   ?= update
# The five units run side by side (PROVE_JOBS), each with PROVE_PAR prover
# processes: on two cores that keeps both busy during frama-c's own
# single-threaded goal generation.  The mutants run two at a time
# (MUTANT_JOBS), each proving its functions with one prover process.
PROVE_JOBS    ?= 5
PROVE_PAR     ?= 1
PROVE_TIMEOUT ?= 10
# A mutant's false goals run to the timeout (z3 and cvc4 answer Timeout,
# not a counter-model), and no function gets more (--cap-timeouts): 5 s
# kills the same goals as 10 s did (utf8-15, 9-int32, 10-hex and 16-insert:
# the same failures) in about 55 % of the time.
MUTANT_TIMEOUT ?= 5
# A cold run (proofs/README.md, "Cold proof"): units cut into frama-c runs
# of about PROVE_COLD_SPLIT goals (weighted by each unit's measured cost
# per goal, GOAL_COST in prove.py), PROVE_COLD_JOBS of them at a time, each
# with one prover process trying CVC4 first and Z3 only where CVC4 fails
# (Z3 first for a few functions, Z3_FIRST in prove.py); the properties a
# piece left unproven are proved once more as soon as a slot frees, with
# both provers side by side.  Five runs on two cores: at one prover process
# WP hands out a goal per 50 ms tick, so a run idles between short goals
# (three runs: 16 min 13 s; four: 15 min 26 s; five: 15 min 7 s, and
# 13 min 49 s with FAST_FUNCTIONS; proofs/README.md).
PROVE_COLD_JOBS  ?= 5
PROVE_COLD_SPLIT ?= 1400
PROVE_ARGS     = --out $(PROVE_OUT) --jobs $(PROVE_JOBS) --par $(PROVE_PAR) --timeout $(PROVE_TIMEOUT)
# The cold record: what the last cold proof proved (proofs/confirm.py).
# The re-proof in `make prove` proves the changed functions again and one
# chunk of the others, PROVE_SAMPLE_BUDGET seconds of prover time (the
# time the cache records for the chunk's verdicts); the chunk changes
# every day (UTC), so that every verdict is proved again within as many
# days as there are chunks (proofs/README.md, "What each run
# establishes").
PROVE_RECORD  := $(PROVE_SESSION)/cold.txt
PROVE_SAMPLE  ?= auto
PROVE_SAMPLE_BUDGET ?= 60
SHARD  ?=
SHARDS ?= 4

.PHONY: prove prove-update prove-cold prove-cold-gather prove-mutants prove-mutants-check prove-driver-test
.PHONY: prove-contracts prove-contracts-check prove-rebuild prove-trusted

# The contracts check first: it takes a second, the proofs minutes.
prove:
	@$(PROVE_CONTRACTS) --check
	@$(PROVE_PY) $(PROVE_ARGS) --session $(PROVE_SESSION) --cache $(PROVE_CACHE) \
	    --confirm $(PROVE_RECORD) --sample $(PROVE_SAMPLE) --sample-budget $(PROVE_SAMPLE_BUDGET)

prove-update:
	@$(PROVE_PY) $(PROVE_ARGS) --session $(PROVE_SESSION) --cache $(PROVE_CACHE) --store
	@$(PROVE_CONTRACTS) --write

prove-contracts:
	@$(PROVE_CONTRACTS) --write

prove-contracts-check:
	@$(PROVE_CONTRACTS) --check

prove-rebuild:
	@$(PROVE_PY) $(PROVE_ARGS) --session $(PROVE_SESSION) --cache rebuild --store
	@$(PROVE_CONTRACTS) --write

prove-cold:
	@$(PROVE_PY) --out $(PROVE_OUT)/cold --cache none --jobs $(PROVE_COLD_JOBS) --par 1 \
	    --timeout $(PROVE_TIMEOUT) --provers cvc4,z3 --split-goals $(PROVE_COLD_SPLIT) --retry \
	    --record $(PROVE_RECORD) $(if $(SHARD),--shard $(SHARD))

prove-cold-gather:
	@$(PROVE_PY) --out $(PROVE_OUT)/cold --cache none --gather $(SHARDS) --record $(PROVE_RECORD)

prove-trusted:
	@$(PROVE_PY) --trusted

prove-mutants:
	@sh proofs/mutants.sh $(PROVE_OUT)/mutants 1 $(MUTANT_TIMEOUT)

# A sixth of the mutants a day (with those of changed functions): all of
# them took a quarter of `make check`; each still runs every sixth day
# there, and all on every push the Cold proof workflow sees.  Dealt by a
# hash of the name into six chunks of 10 or 11 (four chunks of 16 took
# 190 to 225 s of the step, when make check had grown past 35 minutes).
PROVE_MUTANTS       ?= auto
PROVE_MUTANT_CHUNKS ?= 6
prove-mutants-check:
	@set -e; picked=$$(python3 proofs/mutants_pick.py --changed $(PROVE_OUT)/changed.txt \
	    --pick $(PROVE_MUTANTS) --chunks $(PROVE_MUTANT_CHUNKS) proofs/mutants/*.patch); \
	  sh proofs/mutants.sh $(PROVE_OUT)/mutants 1 $(MUTANT_TIMEOUT) $$picked

prove-driver-test:
	@sh proofs/tests/driver.sh $(PROVE_OUT)/driver-test

CHECK_STEPS += prove prove-mutants-check prove-driver-test
