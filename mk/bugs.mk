# SPDX-License-Identifier: Apache-2.0
# One place per seeded bug: docs/bugs.md.
#
#   make bugs-check   every mutant (proofs/mutants, fuzz/mutants,
#                     tests/be/mutants, the ports of check_ports.py) names
#                     its bug with a Bug: line, every bug has one row whose
#                     mutant columns are the mutants', and every file,
#                     function, test and vector case the table names exists;
#                     then the checker's self-test: each fault seeded into a
#                     scratch copy must fail the check (well under 2 s)
#   make bugs-table   rewrites the mutant columns of docs/bugs.md from the
#                     mutants (a new Bug: ID gets a row to review)

BUGS_PYTHON ?= /usr/bin/python3

.PHONY: bugs-check bugs-table
CHECK_STEPS += bugs-check

bugs-check:
	@$(BUGS_PYTHON) docs/bugs_check.py --check
	@out=$$($(BUGS_PYTHON) docs/bugs_check.py --selftest) || { printf '%s\n' "$$out"; exit 1; }; \
	  printf '%s\n' "$$out" | tail -n 1

bugs-table:
	@$(BUGS_PYTHON) docs/bugs_check.py --write
