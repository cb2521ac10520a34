// SPDX-License-Identifier: Apache-2.0
/*
 * tests/vectors/utf8.vec checked by the JDK itself: the contract lepack's
 * UTF-8 code follows.
 *
 *   javac -d build/java tests/java/Utf8VectorCheck.java
 *   java -cp build/java Utf8VectorCheck tests/vectors
 *
 * Lines (format in tests/vectors/README.md):
 *   encode NAME UNITS HEX             String.getBytes(UTF_8) gives HEX
 *   decode NAME HEX UNITS STRICT      new String(bytes, UTF_8) gives UNITS; a
 *                                     CharsetDecoder set to REPORT accepts
 *                                     (ok) or stops at byte STRICT
 *   writeutf NAME UNITS HEX           DataOutputStream.writeUTF gives HEX, and
 *                                     DataInputStream.readUTF reads UNITS back
 *   writeutf_repeat NAME UNIT COUNT R COUNT copies of UNIT: a body of R bytes,
 *                                     or ETOOLONG (UTFDataFormatException,
 *                                     nothing written)
 *   readutf NAME HEX UNITS USED       readUTF gives UNITS, USED bytes read
 *   readutf_error NAME HEX KIND OFF   readUTF throws: ERANGE is
 *                                     EOFException, EILLFORMED
 *                                     UTFDataFormatException
 * An unknown kind or a wrong field count fails the run.  With
 * -Dlepack.utf8=broken the check swaps in a decoder that is not the JDK's
 * (CESU-style: surrogates encoded one by one), and must then fail: `make
 * check-java-utf8` verifies that the check can fail.
 */
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

public final class Utf8VectorCheck {
    static final boolean BROKEN = "broken".equals(System.getProperty("lepack.utf8"));

    static int failures = 0;
    static int checked = 0;

    static byte[] hex(String s) {
        if (s.equals("-"))
            return new byte[0];
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++)
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        return b;
    }

    static String units(String s) {
        if (s.equals("-"))
            return "";
        char[] c = new char[s.length() / 4];
        for (int i = 0; i < c.length; i++)
            c[i] = (char) Integer.parseInt(s.substring(4 * i, 4 * i + 4), 16);
        return new String(c);
    }

    static String show(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b)
            sb.append(String.format("%02x", x & 0xff));
        return sb.length() == 0 ? "-" : sb.toString();
    }

    static String show(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++)
            sb.append(String.format("%04x", (int) s.charAt(i)));
        return sb.length() == 0 ? "-" : sb.toString();
    }

    static void check(boolean ok, String where, String what) {
        checked++;
        if (!ok) {
            failures++;
            System.err.println(where + ": " + what);
        }
    }

    static byte[] encode(String s) {
        if (!BROKEN)
            return s.getBytes(StandardCharsets.UTF_8);
        // Not the JDK's rule: each surrogate on its own, as three bytes.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            byte[] b = Character.isSurrogate(c) ? new byte[] {(byte) (0xE0 | c >> 12),
                (byte) (0x80 | (c >> 6 & 0x3F)), (byte) (0x80 | (c & 0x3F))}
                : String.valueOf(c).getBytes(StandardCharsets.UTF_8);
            out.write(b, 0, b.length);
        }
        return out.toByteArray();
    }

    static String strict(byte[] b) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        try {
            d.decode(in);
            return "ok";
        } catch (CharacterCodingException e) {
            return Integer.toString(in.position());
        }
    }

    static byte[] writeUtf(String s) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new DataOutputStream(bytes).writeUTF(s);
        return bytes.toByteArray();
    }

    public static void main(String[] args) throws IOException {
        Path file = Paths.get(args.length > 0 ? args[0] : "tests/vectors", "utf8.vec");
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isEmpty() || line.startsWith("#"))
                continue;
            String[] f = line.split(" ", -1);
            String where = file + ":" + (n + 1) + " " + f[0] + " " + (f.length > 1 ? f[1] : "");
            int want = switch (f[0]) {
                case "encode", "writeutf" -> 4;
                case "decode", "writeutf_repeat", "readutf", "readutf_error" -> 5;
                default -> -1;
            };
            if (want < 0 || f.length != want) {
                check(false, where, "unknown kind or wrong field count");
                continue;
            }
            switch (f[0]) {
                case "encode" -> {
                    byte[] got = encode(units(f[2]));
                    check(Arrays.equals(got, hex(f[3])), where, "getBytes gives " + show(got));
                }
                case "decode" -> {
                    byte[] b = hex(f[2]);
                    String got = new String(b, StandardCharsets.UTF_8);
                    check(got.equals(units(f[3])), where, "new String gives " + show(got));
                    String s = strict(b);
                    check(s.equals(f[4]), where, "strict decoder says " + s);
                }
                case "writeutf" -> {
                    String s = units(f[2]);
                    byte[] got = writeUtf(s);
                    check(Arrays.equals(got, hex(f[3])), where, "writeUTF gives " + show(got));
                    String back = new DataInputStream(new ByteArrayInputStream(hex(f[3]))).readUTF();
                    check(back.equals(s), where, "readUTF gives back " + show(back));
                }
                case "writeutf_repeat" -> {
                    char[] c = new char[Integer.parseInt(f[3])];
                    Arrays.fill(c, (char) Integer.parseInt(f[2], 16));
                    String got;
                    try {
                        got = Integer.toString(writeUtf(new String(c)).length - 2);
                    } catch (UTFDataFormatException e) {
                        got = "ETOOLONG";
                    }
                    check(got.equals(f[4]), where, "writeUTF gives " + got);
                }
                case "readutf" -> {
                    ByteArrayInputStream in = new ByteArrayInputStream(hex(f[2]));
                    String got = new DataInputStream(in).readUTF();
                    check(got.equals(units(f[3])), where, "readUTF gives " + show(got));
                    int used = hex(f[2]).length - in.available();
                    check(used == Integer.parseInt(f[4]), where, "readUTF read " + used + " bytes");
                }
                case "readutf_error" -> {
                    String got;
                    try {
                        new DataInputStream(new ByteArrayInputStream(hex(f[2]))).readUTF();
                        got = "accepted";
                    } catch (EOFException e) {
                        got = "ERANGE";
                    } catch (UTFDataFormatException e) {
                        got = "EILLFORMED";
                    }
                    check(got.equals(f[3]), where, "readUTF: " + got);
                }
                default -> check(false, where, "unreachable");
            }
        }
        System.out.println("Utf8VectorCheck: " + checked + " checks, " + failures + " failed"
                           + (BROKEN ? " (broken encoder)" : ""));
        System.exit(failures == 0 ? 0 : 1);
    }
}
