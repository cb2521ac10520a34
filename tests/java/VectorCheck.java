// SPDX-License-Identifier: Apache-2.0
/*
 * lepack's golden vectors, checked by an independent Java port.
 *
 * The port packs items the way Ignite's PartitionUpdateCountersMessage does
 * after moving off GridUnsafe: byte-array VarHandle views pinned to
 * little-endian.  If these views and lepack agree on every vector, a Java
 * peer and a C peer exchange the same bytes.
 *
 *   javac -d build/java tests/java/VectorCheck.java
 *   java -cp build/java VectorCheck tests/vectors
 *
 * With -Dlepack.order=BIG_ENDIAN the views take the other byte order (what
 * a big-endian host's native order did to Ignite's bytes); the run must then
 * fail, which `make check-java` verifies.
 *
 * Files read (format in tests/vectors/README.md):
 *   counters.vec      ok NAME ITEMS HEX | error NAME HEX STATUS
 *                     sized_ok NAME SIZE HEX ITEMS | sized_error NAME SIZE HEX STATUS
 *                     fields NAME CACHE_ID ITEMS HEX
 *   next_counter.vec  next NAME ITEMS STEPS (nextCounter, add:, decode:, clear, shrink)
 *   text.vec          items_ok / items_error / hex_ok / hex_error
 * An unknown kind or a wrong field count fails the run, so that a format
 * change is noticed here.
 */
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class VectorCheck {
    static final int ITEM_SIZE = 4 + 8 + 8;
    static final int PART_OFF = 0;
    static final int INIT_OFF = 4;
    static final int UPD_OFF = 12;

    /** LITTLE_ENDIAN; -Dlepack.order=BIG_ENDIAN shows that the check can fail. */
    static final ByteOrder ORDER =
        "BIG_ENDIAN".equals(System.getProperty("lepack.order")) ? ByteOrder.BIG_ENDIAN
                                                                 : ByteOrder.LITTLE_ENDIAN;
    static final VarHandle INT_VIEW = MethodHandles.byteArrayViewVarHandle(int[].class, ORDER);
    static final VarHandle LONG_VIEW = MethodHandles.byteArrayViewVarHandle(long[].class, ORDER);

    record Item(int partition, long initialCounter, long updatesCount) {
        @Override public String toString() {
            return partition + "," + initialCounter + "," + updatesCount;
        }
    }

    /** Thrown where lepack returns a status; the name is lepack's. */
    static final class Status extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String name;
        final long where;

        Status(String name, long where) {
            super(name + " at " + where);
            this.name = name;
            this.where = where;
        }
    }

    private int passed;
    private int failed;

    private void check(boolean ok, String what) {
        if (ok) {
            passed++;
        } else {
            failed++;
            System.err.println("check-java: FAIL: " + what);
        }
    }

    // --- the port under test ----------------------------------------------

    static byte[] pack(List<Item> items) {
        byte[] data = new byte[Math.multiplyExact(items.size(), ITEM_SIZE)];
        for (int i = 0; i < items.size(); i++) {
            int off = i * ITEM_SIZE;
            Item it = items.get(i);
            INT_VIEW.set(data, off + PART_OFF, it.partition());
            LONG_VIEW.set(data, off + INIT_OFF, it.initialCounter());
            LONG_VIEW.set(data, off + UPD_OFF, it.updatesCount());
        }
        return data;
    }

    /** Refuses a length that is not a whole number of items: no truncation. */
    static List<Item> unpack(byte[] data) {
        if (data.length % ITEM_SIZE != 0)
            throw new Status("EBADLEN", data.length);
        List<Item> items = new ArrayList<>();
        for (int off = 0; off < data.length; off += ITEM_SIZE) {
            items.add(new Item((int) INT_VIEW.get(data, off + PART_OFF),
                               (long) LONG_VIEW.get(data, off + INIT_OFF),
                               (long) LONG_VIEW.get(data, off + UPD_OFF)));
        }
        return items;
    }

    /**
     * The first size items of Ignite's data field, the rest spare capacity.
     * The count is checked by division: size * ITEM_SIZE is an int product
     * that wraps for sizes from 107374183 on.
     */
    static List<Item> unpackSized(byte[] data, int size) {
        if (size < 0)
            throw new Status("EINVAL", size);
        if (size > data.length / ITEM_SIZE)
            throw new Status("EBADLEN", size);
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            int off = i * ITEM_SIZE;
            items.add(new Item((int) INT_VIEW.get(data, off + PART_OFF),
                               (long) LONG_VIEW.get(data, off + INIT_OFF),
                               (long) LONG_VIEW.get(data, off + UPD_OFF)));
        }
        return items;
    }

    /** An int as the direct-marshalling stream writes it: v + 1 as 32 bits, 7 at a time. */
    static void javaInt(java.io.ByteArrayOutputStream out, int v) {
        long w = (v + 1L) & 0xFFFFFFFFL;
        do {
            int group = (int) (w & 0x7F);
            w >>>= 7;
            out.write(w != 0 ? group | 0x80 : group);
        } while (w != 0);
    }

    /** cacheId, data (length, then bytes) and size, in the serializer's order. */
    static byte[] fields(int cacheId, List<Item> items) {
        byte[] data = pack(items);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javaInt(out, cacheId);
        javaInt(out, data.length);
        out.write(data, 0, data.length);
        javaInt(out, items.size());
        return out.toByteArray();
    }

    /**
     * nextCounter as lepack keeps it: a HashMap filled in item order on the
     * first call, then +1 per call.  Unlike Ignite's, whose map is built once
     * and never touched again, the map follows the message: add() puts the
     * new item's partition in it, decode() and clear() drop it (the next call
     * builds it from the new items), and shrink() (finishUpdating) leaves it.
     */
    static final class Counters {
        private List<Item> items;
        private Map<Integer, Long> map;

        Counters(List<Item> items) {
            this.items = new ArrayList<>(items);
        }

        Long nextCounter(int partition) {
            if (map == null) {
                map = new HashMap<>();
                for (Item it : items)
                    map.put(it.partition(), it.initialCounter());
            }
            Long c = map.get(partition);
            if (c == null)
                return null;
            long next = c + 1; // wraps like lepack's int64
            map.put(partition, next);
            return next;
        }

        void add(Item it) {
            items.add(it);
            if (map != null)
                map.put(it.partition(), it.initialCounter());
        }

        /** A bad length throws before anything changes. */
        void decode(byte[] data) {
            List<Item> decoded = unpack(data);
            items = decoded;
            map = null;
        }

        void clear() {
            items = new ArrayList<>();
            map = null;
        }

        void shrink() {
        }
    }

    // The text forms of the lepack command, per docs/wire-format.md.

    static List<Item> parseItems(byte[] text) {
        List<Item> items = new ArrayList<>();
        int pos = 0;
        int line = 0;
        while (pos < text.length) {
            line++;
            int end = pos;
            while (end < text.length && text[end] != '\n')
                end++;
            items.add(parseLine(new String(text, pos, end - pos,
                                           java.nio.charset.StandardCharsets.ISO_8859_1), line));
            pos = end < text.length ? end + 1 : end;
        }
        return items;
    }

    private static Item parseLine(String s, int line) {
        if (s.isEmpty())
            throw new Status("EMPTY_LINE", line);
        String[] f = s.split(" ", -1);
        for (int k = 0; k < Math.min(f.length, 3); k++) {
            if (f[k].isEmpty())
                throw new Status("MISSING_FIELD", line);
        }
        if (f.length < 3)
            throw new Status("MISSING_FIELD", line);
        if (f.length > 3)
            throw new Status("TRAILING_TEXT", line);
        // Field by field, so that the first bad field names the error.
        int p = number(f[0], 31, "INT32_RANGE", line).intValueExact();
        long i = number(f[1], 63, "INT64_RANGE", line).longValueExact();
        long u = number(f[2], 63, "INT64_RANGE", line).longValueExact();
        return new Item(p, i, u);
    }

    private static BigInteger number(String f, int bits, String range, int line) {
        if (!f.matches("-?[0-9]+"))
            throw new Status("BAD_NUMBER", line);
        BigInteger v = new BigInteger(f);
        if (v.bitLength() > bits)
            throw new Status(range, line);
        return v;
    }

    static byte[] parseHex(byte[] text) {
        byte[] out = new byte[text.length / 2];
        int n = 0;
        int high = -1;
        int highPos = 0;
        for (int i = 0; i < text.length; i++) {
            int c = text[i] & 0xff;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0b || c == '\f')
                continue;
            int d = c >= '0' && c <= '9' ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0)
                throw new Status("HEX_BAD_CHAR", i);
            if (high < 0) {
                high = d;
                highPos = i;
            } else {
                out[n++] = (byte) (high * 16 + d);
                high = -1;
            }
        }
        if (high >= 0)
            throw new Status("HEX_ODD_DIGITS", highPos);
        return java.util.Arrays.copyOf(out, n);
    }

    // --- vector fields ----------------------------------------------------

    static byte[] hex(String s) {
        if (s.equals("-"))
            return new byte[0];
        if (s.length() % 2 != 0)
            throw new IllegalArgumentException("odd hex field: " + s);
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++)
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    static String hex(byte[] b) {
        if (b.length == 0)
            return "-";
        StringBuilder sb = new StringBuilder();
        for (byte x : b)
            sb.append(String.format("%02x", x & 0xff));
        return sb.toString();
    }

    static List<Item> items(String s) {
        List<Item> items = new ArrayList<>();
        if (s.equals("-"))
            return items;
        for (String t : s.split(";")) {
            String[] f = t.split(",");
            if (f.length != 3)
                throw new IllegalArgumentException("bad item: " + t);
            items.add(new Item(Integer.parseInt(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])));
        }
        return items;
    }

    /** Fields per record kind, the kind included. */
    static final Map<String, Integer> FIELDS = Map.of(
        "ok", 4, "error", 4, "sized_ok", 5, "sized_error", 5, "fields", 5, "next", 4,
        "items_ok", 4, "items_error", 5, "hex_ok", 4, "hex_error", 5);

    /** The cases of a file; a malformed line fails the run. */
    List<String[]> records(Path file) throws IOException {
        List<String[]> out = new ArrayList<>();
        int lineno = 0;
        for (String line : Files.readAllLines(file)) {
            lineno++;
            if (line.isEmpty() || line.startsWith("#"))
                continue;
            String[] r = line.split(" ", -1);
            Integer n = FIELDS.get(r[0]);
            if (n == null || r.length != n) {
                check(false, file + ":" + lineno + ": unknown kind or wrong field count: " + r[0]);
                continue;
            }
            out.add(r);
        }
        return out;
    }

    private static String statusOf(Runnable r) {
        try {
            r.run();
            return "OK";
        } catch (Status s) {
            return s.name;
        }
    }

    // --- the checks -------------------------------------------------------

    private void counters(Path file) throws IOException {
        int ok = 0;
        int err = 0;
        int sized = 0;
        int fieldsCount = 0;
        for (String[] r : records(file)) {
            String name = r[0] + " " + r[1];
            switch (r[0]) {
                case "ok" -> {
                    List<Item> want = items(r[2]);
                    String got = hex(pack(want));
                    check(got.equals(r[3]), name + ": packed " + got + ", expected " + r[3]);
                    List<Item> back = unpack(hex(r[3]));
                    check(back.equals(want), name + ": unpacked " + back + ", expected " + want);
                    ok++;
                }
                case "error" -> {
                    byte[] data = hex(r[2]);
                    String st = statusOf(() -> unpack(data));
                    check(st.equals(r[3]), name + ": Java decode of " + data.length
                          + " bytes gives " + st + ", expected " + r[3]);
                    check(r[3].equals("EBADLEN") == (data.length % ITEM_SIZE != 0),
                          name + ": length " + data.length + " % 20 disagrees with " + r[3]);
                    err++;
                }
                case "sized_ok", "sized_error" -> {
                    byte[] data = hex(r[3]);
                    int size = Integer.parseInt(r[2]);
                    List<Item> got = new ArrayList<>();
                    String st = statusOf(() -> got.addAll(unpackSized(data, size)));
                    String want = r[0].equals("sized_ok") ? "OK" : r[4];
                    check(st.equals(want), name + ": size " + size + " of " + data.length
                          + " bytes gives " + st + ", expected " + want);
                    if (r[0].equals("sized_ok"))
                        check(got.equals(items(r[4])), name + ": " + got + ", expected " + r[4]);
                    // What these vectors are for: in Java's own int arithmetic
                    // the product wraps and a check by multiplication passes.
                    if (r[1].startsWith("product_wraps"))
                        check(size * ITEM_SIZE <= data.length, name + ": " + size + " * 20 = "
                              + size * ITEM_SIZE + " does not wrap to at most " + data.length);
                    sized++;
                }
                case "fields" -> {
                    String got = hex(fields(Integer.parseInt(r[2]), items(r[3])));
                    check(got.equals(r[4]), name + ": fields " + got + ", expected " + r[4]);
                    fieldsCount++;
                }
                default -> check(false, file + ": unexpected kind " + r[0]);
            }
        }
        check(ok > 0 && err > 0 && sized > 0 && fieldsCount > 0,
              file + ": has ok, error, sized and fields vectors");
        System.out.println("check-java: counters.vec: " + ok + " ok, " + err + " error, " + sized
                           + " sized, " + fieldsCount + " fields vectors");
    }

    private void nextCounter(Path file) throws IOException {
        int n = 0;
        for (String[] r : records(file)) {
            if (!r[0].equals("next")) {
                check(false, file + ": unexpected kind " + r[0]);
                continue;
            }
            Counters c = new Counters(items(r[2]));
            for (String q : r[3].split(";")) {
                if (q.startsWith("add:")) {
                    c.add(items(q.substring(4)).get(0));
                } else if (q.startsWith("decode:")) {
                    int eq = q.indexOf('=');
                    byte[] data = hex(q.substring(7, eq));
                    String want = q.substring(eq + 1);
                    String st = statusOf(() -> c.decode(data));
                    check(st.equals(want), "next " + r[1] + ": decode of " + data.length
                          + " bytes gives " + st + ", expected " + want);
                } else if (q.equals("clear")) {
                    c.clear();
                } else if (q.equals("shrink")) {
                    c.shrink();
                } else {
                    int eq = q.indexOf('=');
                    int part = Integer.parseInt(q.substring(0, eq));
                    String want = q.substring(eq + 1);
                    Long got = c.nextCounter(part);
                    String g = got == null ? "ENOTFOUND" : got.toString();
                    check(g.equals(want), "next " + r[1] + ": nextCounter(" + part + ") = " + g
                          + ", expected " + want);
                }
            }
            n++;
        }
        check(n > 0, file + ": has vectors");
        System.out.println("check-java: next_counter.vec: " + n + " vectors");
    }

    private void text(Path file) throws IOException {
        int n = 0;
        for (String[] r : records(file)) {
            String name = r[0] + " " + r[1];
            byte[] input = hex(r[2]);
            switch (r[0]) {
                case "items_ok" -> {
                    try {
                        String got = hex(pack(parseItems(input)));
                        check(got.equals(r[3]), name + ": " + got + ", expected " + r[3]);
                    } catch (Status s) {
                        check(false, name + ": refused with " + s.getMessage());
                    }
                }
                case "hex_ok" -> {
                    try {
                        String got = hex(parseHex(input));
                        check(got.equals(r[3]), name + ": " + got + ", expected " + r[3]);
                    } catch (Status s) {
                        check(false, name + ": refused with " + s.getMessage());
                    }
                }
                case "items_error", "hex_error" -> {
                    try {
                        if (r[0].equals("items_error"))
                            parseItems(input);
                        else
                            parseHex(input);
                        check(false, name + ": accepted, expected " + r[4] + " at " + r[3]);
                    } catch (Status s) {
                        check(s.name.equals(r[4]) && s.where == Long.parseLong(r[3]),
                              name + ": " + s.getMessage() + ", expected " + r[4] + " at " + r[3]);
                    }
                }
                default -> check(false, file + ": unexpected kind " + r[0]);
            }
            n++;
        }
        check(n > 0, file + ": has vectors");
        System.out.println("check-java: text.vec: " + n + " vectors");
    }

    /** The views check bounds, which GridUnsafe did not. */
    private void bounds() {
        byte[] data = new byte[2 * ITEM_SIZE];
        for (int off : new int[] {-1, -ITEM_SIZE, data.length - 3, data.length, Integer.MIN_VALUE}) {
            boolean threw = false;
            try {
                INT_VIEW.set(data, off, 1);
            } catch (IndexOutOfBoundsException e) {
                threw = true;
            }
            check(threw, "INT_VIEW.set at offset " + off + " must throw");
        }
        boolean threw = false;
        try {
            LONG_VIEW.get(data, data.length - 7);
        } catch (IndexOutOfBoundsException e) {
            threw = true;
        }
        check(threw, "LONG_VIEW.get past the end must throw");
        check(hex(data).equals(hex(new byte[data.length])), "failed sets wrote nothing");
        // The last item's updates count ends exactly at the array's end.
        LONG_VIEW.set(data, ITEM_SIZE + UPD_OFF, -2L);
        check((long) LONG_VIEW.get(data, ITEM_SIZE + UPD_OFF) == -2L, "unaligned last field");
    }

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args.length > 0 ? args[0] : "tests/vectors");
        System.out.println("check-java: " + ORDER + " views, vectors in " + dir);
        VectorCheck c = new VectorCheck();
        c.bounds();
        c.counters(dir.resolve("counters.vec"));
        c.nextCounter(dir.resolve("next_counter.vec"));
        c.text(dir.resolve("text.vec"));
        System.out.println("check-java: " + c.passed + " passed, " + c.failed + " failed");
        System.exit(c.failed == 0 && c.passed > 0 ? 0 : 1);
    }
}
