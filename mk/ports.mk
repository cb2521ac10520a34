# SPDX-License-Identifier: Apache-2.0
# The golden vectors as a porter uses them.
#
#   make check-ports   tests/vectors/check_ports.py: a Python port written
#                      from docs/wire-format.md passes every vector, and each
#                      of its mutants (one porting mistake each, Ignite's
#                      build-once nextCounter map among them) fails at least
#                      one; a surviving mutant is a gap in the vectors

.PHONY: check-ports
check-ports:
	@python3 tests/vectors/check_ports.py tests/vectors

CHECK_STEPS += check-ports
