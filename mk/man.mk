# SPDX-License-Identifier: Apache-2.0
# The manual page, man/lepack.1 (roff, man(7) macros).
#
#   make man-check   it renders without a warning (man-db's man --warnings
#                    and groff -ww), every option and command of the
#                    command's help texts is in it, and its version is the
#                    command's (tests/man_check.sh, which also checks that
#                    those checks can fail)
#   make man         shows it, rendered


.PHONY: man man-check
man:
	@man -l $(MAN_PAGES)

man-check: $(BUILD)/lepack
	@if ! command -v groff > /dev/null 2>&1 || ! command -v man > /dev/null 2>&1; then \
	  $(call cannot_run,man-check,groff or man missing: apt-get install groff-base man-db); fi; \
	for p in $(MAN_PAGES); do sh tests/man_check.sh $(BUILD)/lepack $$p || exit 1; done

CHECK_STEPS += man-check
