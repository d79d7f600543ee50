package dev.kernelkit.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict, minimal RFC 8259 parser written independently of {@link JsonSummary} so the tests can
 * check that what the writer produces parses back: objects become LinkedHashMap, arrays List,
 * numbers Double, plus String, Boolean and null. Throws IllegalStateException on any deviation.
 */
final class TinyJsonParser {
    private final String s;
    private int i;

    private TinyJsonParser(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        TinyJsonParser p = new TinyJsonParser(text);
        p.ws();
        Object v = p.value();
        p.ws();
        if (p.i != text.length()) {
            throw new IllegalStateException("trailing characters at " + p.i);
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> parseObject(String text) {
        return (Map<String, Object>) parse(text);
    }

    private Object value() {
        if (i >= s.length()) {
            throw new IllegalStateException("unexpected end");
        }
        char c = s.charAt(i);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                expect("true");
                return Boolean.TRUE;
            case 'f':
                expect("false");
                return Boolean.FALSE;
            case 'n':
                expect("null");
                return null;
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (peek() == '}') {
            i++;
            return m;
        }
        while (true) {
            ws();
            String k = string();
            ws();
            expect(":");
            ws();
            if (m.put(k, value()) != null) {
                throw new IllegalStateException("duplicate key " + k);
            }
            ws();
            char c = s.charAt(i++);
            if (c == '}') {
                return m;
            }
            if (c != ',') {
                throw new IllegalStateException("expected , or } at " + (i - 1));
            }
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        i++;
        ws();
        if (peek() == ']') {
            i++;
            return l;
        }
        while (true) {
            ws();
            l.add(value());
            ws();
            char c = s.charAt(i++);
            if (c == ']') {
                return l;
            }
            if (c != ',') {
                throw new IllegalStateException("expected , or ] at " + (i - 1));
            }
        }
    }

    private String string() {
        if (s.charAt(i) != '"') {
            throw new IllegalStateException("expected string at " + i);
        }
        i++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw new IllegalStateException("raw control character in string at " + (i - 1));
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = s.charAt(i++);
            switch (e) {
                case '"' -> sb.append('"');
                case '\\' -> sb.append('\\');
                case '/' -> sb.append('/');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                }
                default -> throw new IllegalStateException("bad escape \\" + e);
            }
        }
    }

    private Double number() {
        // JSON grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
        int start = i;
        if (peek() == '-') {
            i++;
        }
        if (peek() == '0') {
            i++;
        } else {
            digits();
        }
        if (peek() == '.') {
            i++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            i++;
            if (peek() == '+' || peek() == '-') {
                i++;
            }
            digits();
        }
        return Double.valueOf(s.substring(start, i));
    }

    private void digits() {
        int start = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == start) {
            throw new IllegalStateException("expected digit at " + i + " in " + s.substring(Math.max(0, i - 20), Math.min(s.length(), i + 20)));
        }
    }

    private void expect(String lit) {
        if (!s.startsWith(lit, i)) {
            throw new IllegalStateException("expected " + lit + " at " + i);
        }
        i += lit.length();
    }

    private char peek() {
        return i < s.length() ? s.charAt(i) : '\0';
    }

    private void ws() {
        while (i < s.length() && " \t\n\r".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
    }
}
