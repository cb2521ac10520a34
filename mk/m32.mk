# SPDX-License-Identifier: Apache-2.0
# A 32-bit target: the unit tests and the fuzz corpus replay built for i386
# (clang -m32, ASan and UBSan) and run natively; on a kernel that cannot
# execute i386 programs, built with UBSan alone into build/m32-qemu and run
# under qemu-i386 (ASan's shadow memory does not map under qemu-user: its
# programs hang there).
#
#   make check-m32    build and run build/m32/tests/test_* and
#                     build/m32/replay/<harness> corpus/<harness>
#
# With a 32-bit size_t, LEPACK_MAX_ITEMS is 214748364 and its byte count
# 4294967280: the size limits the proofs reason about are numbers a test or a
# fuzz input can reach.  init at exactly LEPACK_MAX_ITEMS asks for 4 GiB less
# 16 bytes, which no 32-bit process can get (ENOMEM from the real allocator,
# tests/test_counters.c), one item more is EOVERFLOW; grown_capacity's clamp
# and the 20 * n byte counts run at the 32-bit limits on the corpus inputs
# that select them (counters_ops op 8, read_size).
#
# clang, not gcc: Debian's gcc-multilib conflicts with every cross compiler,
# gcc-s390x-linux-gnu (mk/be.mk) included.  Needs libc6-dev-i386,
# lib32gcc-12-dev and libcmocka-dev:i386 (multiarch), which make deps
# installs.

M32_DIR    ?= $(BUILD)/m32
M32_CC     ?= clang
# check-m32 sets these three for the qemu-i386 run.
M32_SAN    ?= address,undefined
M32_EXEC   ?=
M32_QEMU_DIR := $(BUILD)/m32-qemu
# 64-bit file offsets and inode numbers: readdir fails with EOVERFLOW
# without them on file systems with large inode numbers.
M32_FLAGS  := -m32 -D_FILE_OFFSET_BITS=64 -isystem $(M32_DIR)/include $(STD) $(WARN) -Werror -g -O1 -fsanitize=$(M32_SAN) -fno-sanitize-recover=all
M32_TESTS  := $(TEST_NAMES:%=$(M32_DIR)/tests/test_%)
M32_REPLAY := $(FUZZ_HARNESSES:%=$(M32_DIR)/replay/%)
M32_CMOCKA := /usr/lib/i386-linux-gnu/libcmocka.so
# The kernel's asm/ headers are the same for i386; gcc-multilib would link
# them to /usr/include/asm, a private link does the same here.
M32_ASM    := $(M32_DIR)/include/asm

.PHONY: check-m32 m32-run m32-tools
CHECK_STEPS += check-m32

m32-tools: $(M32_ASM)
	@test -f $(M32_CMOCKA) && test -f /usr/include/x86_64-linux-gnu/gnu/stubs-32.h || \
	  { echo "check-m32: 32-bit libc or cmocka missing (make deps installs libc6-dev-i386," \
	    "lib32gcc-12-dev, libcmocka-dev:i386)"; exit 1; }

$(M32_ASM):
	@mkdir -p $(@D)
	ln -sfn /usr/include/x86_64-linux-gnu/asm $@

$(M32_DIR)/tests/test_%: tests/test_%.c $(LIB_SRC) $(REF_SRC) $(TEST_HDR) | m32-tools
	@mkdir -p $(@D)
	$(M32_CC) $(TEST_CPPFLAGS) $(M32_FLAGS) -o $@ $(call test_srcs,$*) -lcmocka

# The library and the reference compiled once, linked by every harness.
M32_OBJS := $(FUZZ_LINK_SRC:%.c=$(M32_DIR)/obj/%.o)
.PRECIOUS: $(M32_DIR)/obj/%.o
$(M32_DIR)/obj/%.o: %.c $(FUZZ_OBJ_HDR) | m32-tools
	@mkdir -p $(@D)
	$(M32_CC) $(FUZZ_INC) $(M32_FLAGS) -c $< -o $@

# No 32-bit ICU: the UTF-8 harnesses compare with ref/ alone here
# (FZ_NO_ICU, mk/utf8.mk), so no harness links FUZZ_LIBS_<harness>.
$(M32_DIR)/replay/%: fuzz/fuzz_%.c fuzz/replay.c $(M32_OBJS) $(FUZZ_DEPS) | m32-tools
	@mkdir -p $(@D)
	$(M32_CC) $(FUZZ_INC) $(M32_FLAGS) $< fuzz/replay.c $(M32_OBJS) -o $@

# Some kernels cannot execute i386 programs at all (built without IA32
# emulation, as in some virtual machines: exec fails with "Exec format
# error").  There the same tests and replays run under qemu-i386, built
# with UBSan alone; the run says so.
$(M32_DIR)/probe: | m32-tools
	@printf 'int main(void) { return 0; }\n' | $(M32_CC) -m32 -x c - -o $@
M32_CANNOT_RUN = ! $(M32_DIR)/probe 2>/dev/null
M32_QEMU_ARGS  = M32_DIR=$(M32_QEMU_DIR) M32_SAN=undefined M32_EXEC=qemu-i386

check-m32: $(M32_DIR)/probe
	@if $(M32_CANNOT_RUN); then \
	  command -v qemu-i386 >/dev/null 2>&1 || \
	    { echo "check-m32: this kernel cannot execute i386 programs and qemu-i386 is missing (make deps installs qemu-user)"; exit 1; }; \
	  echo "check-m32: this kernel cannot execute i386 programs (no IA32 emulation): running them under qemu-i386, UBSan alone (ASan does not run under qemu-user)"; \
	  $(MAKE) --no-print-directory m32-run $(M32_QEMU_ARGS); \
	else $(MAKE) --no-print-directory m32-run; fi

m32-run: $(M32_TESTS) $(M32_REPLAY)
	@start=$$(date +%s); failed=""; \
	for t in $(M32_TESTS); do \
	  if $(TEST_ENV) $(M32_EXEC) $$t >$$t.log 2>&1; then \
	    grep -v -e '^\[ RUN' -e '^\[       OK' $$t.log | sed "s|^|m32 $${t##*/}: |"; \
	  else cat $$t.log; failed="$$failed $${t##*/}"; fi; \
	done; \
	for h in $(FUZZ_HARNESSES); do \
	  if $(TEST_ENV) $(M32_EXEC) $(M32_DIR)/replay/$$h corpus/$$h >$(M32_DIR)/replay/$$h.log 2>&1; then \
	    printf 'm32 replay %-16s %s\n' "$$h" "$$(tail -n 1 $(M32_DIR)/replay/$$h.log)"; \
	  else tail -n 30 $(M32_DIR)/replay/$$h.log; failed="$$failed replay/$$h"; fi; \
	done; \
	npass=$$(cat $(M32_TESTS:%=%.log) | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$$1} END {print s+0}'); \
	echo "check-m32: i386$(if $(M32_EXEC), under $(M32_EXEC) (UBSan)): $$npass unit tests passed, the corpus of $(words $(FUZZ_HARNESSES)) harnesses replayed, in $$(( $$(date +%s) - start )) s"; \
	if [ -n "$$failed" ]; then echo "check-m32: FAILED:$$failed"; exit 1; fi
