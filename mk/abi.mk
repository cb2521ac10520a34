# SPDX-License-Identifier: Apache-2.0
# The ABI of liblepack.so against the committed dump of its release
# (libabigail: Debian's abigail-tools).  README, "Versions and ABI".
#
#   make abi-check  compares build/liblepack.so (its symbols and, from its
#                   DWARF, the types they use) with abi/<SONAME>.abi by
#                   abidiff.  New functions and variables are fine; any
#                   other change abidiff reports (a function removed, a
#                   parameter, return or struct type changed) fails, unless
#                   the version announces a break: then the SONAME is a new
#                   one, with no dump yet, and the changes against the
#                   newest earlier dump are listed as announced.
#   make abi-dump   writes abi/<SONAME>.abi from build/liblepack.so, after
#                   the same check (an unannounced break is refused): at
#                   each release, or to record new functions.

ABI_DIR     := abi
ABI_DUMP     = $(ABI_DIR)/$(SONAME).abi
ABI_OUT     := $(BUILD)/abi
# No paths of this machine in the dump, and type ids that do not shift when
# a type is added, so that a new dump differs from the last only where the
# ABI does.
ABIDW_FLAGS := --no-corpus-path --no-comp-dir-path --short-locs --type-id-style hash
# Additions are not changes the check refuses: abidiff then exits 0.
ABIDIFF_FLAGS := --no-added-syms

.PHONY: abi-check abi-dump
abi-check: $(BUILD)/liblepack.so
	@if ! command -v abidiff >/dev/null 2>&1 || ! command -v abidw >/dev/null 2>&1; then \
	  $(call cannot_run,abi-check,abigail-tools not installed); fi; \
	if [ "$$(uname -m)" != x86_64 ]; then \
	  $(call cannot_run,abi-check,the dumps in $(ABI_DIR)/ are of x86-64); fi; \
	mkdir -p $(ABI_OUT); lib=$(BUILD)/liblepack.so; \
	soname=$$(readelf -d $$lib | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p'); \
	[ "$$soname" = $(SONAME) ] || { echo "abi-check: $$lib has SONAME '$$soname', not $(SONAME)"; exit 1; }; \
	readelf -S $$lib | grep -q '\.debug_info' || \
	  { echo "abi-check: $$lib has no DWARF (CFLAGS without -g), so its types cannot be compared"; exit 1; }; \
	if [ -f $(ABI_DUMP) ]; then \
	  grep -q "soname='$(SONAME)'" $(ABI_DUMP) || \
	    { echo "abi-check: $(ABI_DUMP) is not the dump of $(SONAME)"; exit 1; }; \
	  abilint --noout $(ABI_DUMP) > $(ABI_OUT)/abilint.txt 2>&1 || { cat $(ABI_OUT)/abilint.txt; \
	    echo "abi-check: $(ABI_DUMP) cannot be read (abidiff would then compare nothing)"; exit 1; }; \
	  rc=0; abidiff $(ABIDIFF_FLAGS) $(ABI_DUMP) $$lib > $(ABI_OUT)/abidiff.txt 2>&1 || rc=$$?; \
	  if [ $$(( rc & 3 )) -ne 0 ]; then cat $(ABI_OUT)/abidiff.txt; \
	    echo "abi-check: abidiff failed (status $$rc)"; exit 1; fi; \
	  if [ $$rc -eq 0 ] && grep -qi error $(ABI_OUT)/abidiff.txt; then cat $(ABI_OUT)/abidiff.txt; \
	    echo "abi-check: abidiff reported the errors above"; exit 1; fi; \
	  if [ $$rc -ne 0 ]; then cat $(ABI_OUT)/abidiff.txt; \
	    echo "abi-check: FAILED: the changes above break the ABI of $(SONAME) (abidiff status $$rc;"; \
	    echo "  a program built against $(ABI_DUMP) may call these functions wrongly)."; \
	    echo "  Keep the interface, or announce the break: the next version in src/version.h"; \
	    echo "  ($(if $(filter 0,$(VERSION_MAJOR)),LEPACK_VERSION_MINOR,LEPACK_VERSION_MAJOR) + 1: a new SONAME), a line in README's \"Versions and ABI\","; \
	    echo "  and make abi-dump at the release."; exit 1; fi; \
	  added=$$(abidiff $(ABI_DUMP) $$lib 2>&1 | sed -n 's/^  \[A\] .*{\([A-Za-z_0-9]*\)@.*/\1/p' | tr '\n' ' '); \
	  echo "abi-check: $(SONAME) keeps the ABI of $(ABI_DUMP)$${added:+; new since the dump (make abi-dump records them): $$added}"; \
	else \
	  last=$$(ls $(ABI_DIR)/liblepack.so.*.abi 2>/dev/null | sort -V | tail -n 1); \
	  [ -n "$$last" ] || { echo "abi-check: no dump in $(ABI_DIR)/: make abi-dump"; exit 1; }; \
	  abilint --noout $$last > $(ABI_OUT)/abilint.txt 2>&1 || { cat $(ABI_OUT)/abilint.txt; \
	    echo "abi-check: $$last cannot be read"; exit 1; }; \
	  rc=0; abidiff $(ABIDIFF_FLAGS) --stat $$last $$lib > $(ABI_OUT)/abidiff.txt 2>&1 || rc=$$?; \
	  if [ $$(( rc & 3 )) -ne 0 ]; then cat $(ABI_OUT)/abidiff.txt; \
	    echo "abi-check: abidiff failed (status $$rc)"; exit 1; fi; \
	  echo "abi-check: $(SONAME) is a new ABI, announced by version $(VERSION); against $$last:"; \
	  sed 's/^/  /' $(ABI_OUT)/abidiff.txt; \
	  echo "abi-check: make abi-dump at the release records $(ABI_DUMP)"; \
	fi

abi-dump: $(BUILD)/liblepack.so
	@if ls $(ABI_DIR)/liblepack.so.*.abi >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory abi-check; fi
	@mkdir -p $(ABI_DIR)
	@mkdir -p $(ABI_OUT)
	@abidw $(ABIDW_FLAGS) --out-file $(ABI_OUT)/dump.abi $(BUILD)/liblepack.so
	@{ head -n 1 $(ABI_OUT)/dump.abi; \
	  echo '  <!-- SPDX-License-Identifier: Apache-2.0 -->'; \
	  echo '  <!-- lepack $(VERSION): written by make abi-dump (abidw with the ABIDW_FLAGS of mk/abi.mk); make abi-check compares the library with it. -->'; \
	  tail -n +2 $(ABI_OUT)/dump.abi; } > $(ABI_DUMP)
	@echo "abi-dump: $(ABI_DUMP) written ($$(grep -c '<elf-symbol ' $(ABI_DUMP)) symbols, $$(grep -c '<function-decl ' $(ABI_DUMP)) function declarations): commit it"

CHECK_STEPS += abi-check
