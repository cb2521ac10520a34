# SPDX-License-Identifier: Apache-2.0
# The portable build (-DLEPACK_PORTABLE, src/cpu.h): no intrinsics in any
# family (zeroing, items, UTF-8), the level LEPACK_CPU_NONE, the proven
# scalar loops and libc alone.
#
#   make test-portable  the whole library built with -DLEPACK_PORTABLE holds
#                       no AVX register (objdump finds no %ymm or %zmm in any
#                       object, where the ordinary build's items_x86.o,
#                       utf8_vec.o and zero_nt.o have them) and passes the
#                       unit tests of every family with kernels

PORTABLE_DIR   := $(BUILD)/portable
PORTABLE_TESTS := batch zero utf8
PORTABLE_OBJ   := $(LIB_SRC:src/%.c=$(PORTABLE_DIR)/obj/%.o)
# The objects of the ordinary test build that must show AVX registers, so
# that a check that finds none in the portable ones means something.
PORTABLE_CONTROL := $(patsubst %,$(BUILD)/tests/obj/src/%.o,items_x86 utf8_vec zero_nt)

.PHONY: test-portable
CHECK_STEPS += test-portable

$(PORTABLE_DIR)/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CPPFLAGS) $(TEST_CFLAGS) $(TEST_SAN) -DLEPACK_PORTABLE -c $< -o $@

$(PORTABLE_DIR)/test_%: tests/test_%.c $(PORTABLE_OBJ) $(REF_SRC) $(TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CPPFLAGS) $(TEST_CFLAGS) $(TEST_SAN) -DLEPACK_PORTABLE -o $@ $< \
	  $(PORTABLE_OBJ) $(REF_SRC) $(TEST_LIBS)

.SECONDARY: $(PORTABLE_OBJ)

test-portable: $(PORTABLE_TESTS:%=$(PORTABLE_DIR)/test_%) $(PORTABLE_CONTROL)
	@for o in $(PORTABLE_CONTROL); do \
	  objdump -d $$o | grep -q '%[yz]mm' || \
	    { echo "portable: $$o has no AVX register: the check below could not fail"; exit 1; }; \
	done
	@bad=$$(for o in $(PORTABLE_OBJ); do \
	  objdump -d $$o | grep -q '%[yz]mm' && echo $$o; done; true); \
	if [ -n "$$bad" ]; then \
	  echo "portable: the -DLEPACK_PORTABLE build still uses AVX registers in:" $$bad; exit 1; fi
	@for t in $(PORTABLE_TESTS); do \
	  $(TEST_ENV) $(PORTABLE_DIR)/test_$$t > $(PORTABLE_DIR)/test_$$t.log 2>&1 || \
	    { cat $(PORTABLE_DIR)/test_$$t.log; exit 1; }; \
	  echo "portable: test_$$t: $$(sed -n 's/^\[  PASSED  \] //p' $(PORTABLE_DIR)/test_$$t.log)"; \
	done
	@echo "portable: $(words $(PORTABLE_OBJ)) objects without AVX registers ($(words $(PORTABLE_CONTROL)) in the ordinary build have them)"
