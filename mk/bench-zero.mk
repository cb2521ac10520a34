# SPDX-License-Identifier: Apache-2.0
# Benchmark of chunked zeroing (src/zero.h; docs/performance.md, "Zeroing
# large buffers").
#
#   make bench-zero     build bench/zero_bench.c with gcc -O2, run its four
#                       experiments (throughput on touched and fresh memory,
#                       pauses between polls, time to stop, chunk-size
#                       sweep), then write the tables into bench/results.md
#                       and docs/performance.md (bench/zero_report.py).
#                       About 2-4 minutes; 1 GiB only when MemAvailable
#                       allows.  `make bench` runs it last.
#
# A plain C program rather than Google Benchmark: it measures the gaps
# inside one call and a race between two threads.  Every ratio is taken
# within one round, the variants of a round in random order.

ZB_DIR := $(BUILD)/bench/zero
ZB_CC  := gcc

.PHONY: bench-zero

$(ZB_DIR)/zero_bench: bench/zero_bench.c $(LIB_SRC) $(LIB_HDR)
	@mkdir -p $(@D)
	$(ZB_CC) $(CPPFLAGS) $(STD) $(WARN) -Werror -O2 -o $@ bench/zero_bench.c $(LIB_SRC) -lpthread

bench-zero: $(ZB_DIR)/zero_bench
	@set -e; d=$(ZB_DIR); \
	commit=$$(git rev-parse --short HEAD 2>/dev/null || echo unknown); \
	dirty=false; git diff --quiet HEAD -- src 2>/dev/null || dirty=true; \
	load0=$$(cut -d' ' -f1-3 /proc/loadavg); \
	for m in "tput touched" "tput fresh" pauses stop sweep cross; do \
	  echo "==> bench-zero: $$m"; \
	  $$d/zero_bench $$m > $$d/$$(echo $$m | tr ' ' _).jsonl; done; \
	load1=$$(cut -d' ' -f1-3 /proc/loadavg); \
	printf '{"commit": "%s", "dirty": %s, "date": "%s", "cpu": "%s, %s CPUs", "libc": "%s", "thp": "%s", "load_start": "%s", "load_end": "%s", "mem_available_mib": %s}\n' \
	  "$$commit" "$$dirty" "$$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
	  "$$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)" "$$(nproc)" \
	  "$$(ldd --version 2>&1 | head -n 1)" \
	  "$$(sed 's/.*\[\(.*\)\].*/\1/' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)" \
	  "$$load0" "$$load1" "$$(awk '/MemAvailable/ {print int($$2 / 1024)}' /proc/meminfo)" \
	  > $$d/meta.json
	$(BENCH_PY) bench/zero_report.py --dir $(ZB_DIR) --into bench/results.md docs/performance.md
