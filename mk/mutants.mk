# SPDX-License-Identifier: Apache-2.0
# The mutant runners themselves under test.
#
#   make mutants-selftest   proofs/mutants.sh, fuzz/mutants.sh (replay and
#                           fuzz) and tests/be/mutants.sh must report each
#                           fixture of tests/mutants/selftest/ BROKEN (does
#                           not apply, does not build, fails without a
#                           report), never killed (tests/mutants/selftest.sh);
#                           and proofs/mutants_pick.py picks every mutant of a
#                           changed function and a share of the others a day

.PHONY: mutants-selftest
CHECK_STEPS += mutants-selftest

mutants-selftest:
	@BE_CC="$(BE_CC)" BE_RUN="$(BE_RUN)" sh tests/mutants/selftest.sh $(BUILD)/mutants-selftest
