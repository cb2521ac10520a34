/* SPDX-License-Identifier: Apache-2.0 */
// Google Benchmark driver for the kernels in kern_*.c.  The kernels are C,
// compiled by the C compiler under test; this file only times them, so the
// C++ compiler that builds it does not change what is measured.
//
// Names are "<op>/<variant>/<items>" so that report.py can lay them out as
// tables; each is timed over the same buffer sizes.
#include <benchmark/benchmark.h>

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernels.h"

namespace {

typedef int (*writer_fn)(uint8_t *, size_t, size_t);
typedef int64_t (*reader_fn)(const uint8_t *, size_t, size_t);
typedef int (*encode_fn)(uint8_t *, size_t, const bench_item *, size_t);
typedef int (*decode_fn)(const uint8_t *, size_t, bench_item *, size_t);

const size_t kSizes[] = {4, 32, 1024, 1000000};
const size_t kGrowSizes[] = {1000, 10000, 100000, 1000000, 10000000};

struct writer { const char *name; writer_fn fn; };
struct reader { const char *name; reader_fn fn; };

const writer kWriters[] = {
    {"raw", bench_write_raw},
    {"bytewise", bench_write_bytewise},
    {"field", bench_write_field},
    {"record", bench_write_record},
    {"field_bytes", bench_write_field_bytes},
    {"record_bytes", bench_write_record_bytes},
};

const reader kReaders[] = {
    {"raw", bench_read_raw},
    {"bytewise", bench_read_bytewise},
    {"field", bench_read_field},
    {"record", bench_read_record},
    {"field_bytes", bench_read_field_bytes},
    {"record_bytes", bench_read_record_bytes},
};

std::vector<bench_item> make_items(size_t n)
{
    std::vector<bench_item> items(n);
    for (size_t i = 0; i < n; i++) {
        items[i].partition = (int32_t)i;
        items[i].initial_counter = (int64_t)i * 10;
        items[i].updates_count = (int64_t)i * 100;
    }
    return items;
}

void set_counts(benchmark::State &state, size_t n)
{
    int64_t items = state.iterations() * (int64_t)n;
    state.SetItemsProcessed(items);
    state.SetBytesProcessed(items * (int64_t)BENCH_ITEM_SIZE);
}

void bm_write(benchmark::State &state, writer_fn fn)
{
    size_t n = (size_t)state.range(0);
    std::vector<uint8_t> buf(n * BENCH_ITEM_SIZE);
    for (auto _ : state) {
        int st = fn(buf.data(), buf.size(), n);
        benchmark::DoNotOptimize(st);
        benchmark::ClobberMemory();
    }
    set_counts(state, n);
}

void bm_read(benchmark::State &state, reader_fn fn)
{
    size_t n = (size_t)state.range(0);
    std::vector<uint8_t> buf(n * BENCH_ITEM_SIZE);
    bench_write_raw(buf.data(), buf.size(), n);
    for (auto _ : state) {
        int64_t sum = fn(buf.data(), buf.size(), n);
        benchmark::DoNotOptimize(sum);
        benchmark::ClobberMemory();
    }
    set_counts(state, n);
}

void bm_encode(benchmark::State &state, encode_fn fn)
{
    size_t n = (size_t)state.range(0);
    std::vector<uint8_t> buf(n * BENCH_ITEM_SIZE);
    std::vector<bench_item> items = make_items(n);
    for (auto _ : state) {
        int st = fn(buf.data(), buf.size(), items.data(), n);
        benchmark::DoNotOptimize(st);
        benchmark::ClobberMemory();
    }
    set_counts(state, n);
}

void bm_decode(benchmark::State &state, decode_fn fn)
{
    size_t n = (size_t)state.range(0);
    std::vector<uint8_t> buf(n * BENCH_ITEM_SIZE);
    std::vector<bench_item> items(n);
    bench_write_raw(buf.data(), buf.size(), n);
    for (auto _ : state) {
        int st = fn(buf.data(), buf.size(), items.data(), n);
        benchmark::DoNotOptimize(st);
        benchmark::ClobberMemory();
    }
    set_counts(state, n);
}

void bm_copy(benchmark::State &state)
{
    size_t n = (size_t)state.range(0);
    std::vector<uint8_t> src(n * BENCH_ITEM_SIZE, 0x5a), dst(n * BENCH_ITEM_SIZE);
    for (auto _ : state) {
        bench_copy(dst.data(), src.data(), n);
        benchmark::ClobberMemory();
    }
    set_counts(state, n);
}

void bm_grow(benchmark::State &state)
{
    size_t n = (size_t)state.range(0);
    for (auto _ : state) {
        int st = bench_counters_grow(n);
        if (st != 0) {
            state.SkipWithError("lepack_counters_add failed");
            break;
        }
        benchmark::ClobberMemory();
    }
    set_counts(state, n);
}

// The same with the allocator keeping freed memory mapped, so that every
// iteration after the first grows into pages that are already there.  The
// cold figure above pays one page fault per 4 KiB of new message, which on
// a virtual machine can cost more than the adds themselves; this one is the
// library's own cost.
void bm_grow_warm(benchmark::State &state)
{
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 1 << 30);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
    // Untimed: faults the pages in once for this run.
    if (bench_counters_grow((size_t)state.range(0)) != 0) {
        state.SkipWithError("lepack_counters_add failed");
        return;
    }
    bm_grow(state);
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
    malloc_trim(0);
#endif
}

// Every variant must produce the same bytes and the same sums, or the
// comparison is between different work.  Checked before anything is timed.
int self_check()
{
    const size_t n = 1024;
    const size_t len = n * BENCH_ITEM_SIZE;
    std::vector<uint8_t> want(len), got(len);
    bench_write_bytewise(want.data(), len, n);
    // Little-endian by construction: item 1's initial counter is 10.
    if (want[BENCH_ITEM_SIZE + 4] != 10 || want[BENCH_ITEM_SIZE + 5] != 0) {
        std::fprintf(stderr, "self-check: bytewise writer is not little-endian\n");
        return 1;
    }
    int64_t want_sum = bench_read_bytewise(want.data(), len, n);
    for (const writer &w : kWriters) {
        std::memset(got.data(), 0xee, len);
        if (w.fn(got.data(), len, n) != 0 || got != want) {
            std::fprintf(stderr, "self-check: write/%s differs\n", w.name);
            return 1;
        }
        // One item short: the checked variants must refuse, not overrun.
        bool checked = std::strcmp(w.name, "raw") != 0 && std::strcmp(w.name, "bytewise") != 0;
        if (checked && w.fn(got.data(), len - 1, n) == 0) {
            std::fprintf(stderr, "self-check: write/%s ignored the length\n", w.name);
            return 1;
        }
    }
    for (const reader &r : kReaders) {
        if (r.fn(want.data(), len, n) != want_sum) {
            std::fprintf(stderr, "self-check: read/%s differs\n", r.name);
            return 1;
        }
    }
    std::vector<bench_item> items = make_items(n), back(n);
    const encode_fn encs[] = {bench_bulk_encode, bench_bulk_encode_bytes};
    const decode_fn decs[] = {bench_bulk_decode, bench_bulk_decode_bytes};
    for (int k = 0; k < 2; k++) {
        std::memset(got.data(), 0xee, len);
        if (encs[k](got.data(), len, items.data(), n) != 0 || got != want ||
            encs[k](got.data(), len - 1, items.data(), n) == 0) {
            std::fprintf(stderr, "self-check: bulk encode %d differs\n", k);
            return 1;
        }
        std::memset(back.data(), 0, n * sizeof(bench_item));
        if (decs[k](want.data(), len, back.data(), n) != 0) {
            std::fprintf(stderr, "self-check: bulk decode %d failed\n", k);
            return 1;
        }
        for (size_t i = 0; i < n; i++) {
            if (back[i].partition != items[i].partition ||
                back[i].initial_counter != items[i].initial_counter ||
                back[i].updates_count != items[i].updates_count) {
                std::fprintf(stderr, "self-check: bulk decode %d differs at %zu\n", k, i);
                return 1;
            }
        }
    }
    if (bench_counters_grow(1000) != 0) {
        std::fprintf(stderr, "self-check: lepack_counters_add failed\n");
        return 1;
    }
    return 0;
}

void register_all()
{
    for (size_t n : kSizes) {
        for (const writer &w : kWriters)
            benchmark::RegisterBenchmark((std::string("write/") + w.name).c_str(), bm_write, w.fn)
                ->Arg((int64_t)n);
        benchmark::RegisterBenchmark("write/bulk", bm_encode, bench_bulk_encode)->Arg((int64_t)n);
        benchmark::RegisterBenchmark("write/bulk_bytes", bm_encode, bench_bulk_encode_bytes)
            ->Arg((int64_t)n);
        benchmark::RegisterBenchmark("write/memcpy", bm_copy)->Arg((int64_t)n);
        for (const reader &r : kReaders)
            benchmark::RegisterBenchmark((std::string("read/") + r.name).c_str(), bm_read, r.fn)
                ->Arg((int64_t)n);
        benchmark::RegisterBenchmark("read/bulk", bm_decode, bench_bulk_decode)->Arg((int64_t)n);
        benchmark::RegisterBenchmark("read/bulk_bytes", bm_decode, bench_bulk_decode_bytes)
            ->Arg((int64_t)n);
        benchmark::RegisterBenchmark("read/memcpy", bm_copy)->Arg((int64_t)n);
    }
    for (size_t n : kGrowSizes)
        benchmark::RegisterBenchmark("grow/add", bm_grow)->Arg((int64_t)n);
    for (size_t n : kGrowSizes)
        benchmark::RegisterBenchmark("grow/add_warm", bm_grow_warm)->Arg((int64_t)n);
}

} // namespace

int main(int argc, char **argv)
{
    if (self_check() != 0)
        return 1;
    register_all();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
