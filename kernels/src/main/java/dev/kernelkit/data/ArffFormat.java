package dev.kernelkit.data;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads and writes Weka ARFF files, dense and sparse: ordinary ARFF (numeric features and a
 * class) into a {@link LabeledDataset}, and multi-instance relational ARFF into a
 * {@link BagDataset}.
 *
 * <p><b>Syntax handled.</b> {@code @relation}, {@code @attribute name type} with types
 * {@code numeric}/{@code real}/{@code integer}, nominal {@code {v1,v2,...}} and (for bags)
 * {@code relational ... @end name}, and {@code @data}. Keywords are case-insensitive; names and
 * values may be quoted with {@code '} or {@code "} (backslash escapes {@code \n \t \r \\ \' \"}
 * inside quotes); {@code %} starts a comment outside quotes.
 *
 * <p><b>Sparse rows.</b> A data row may be dense ({@code 0,1.5,0,pos}) or sparse, as Weka writes
 * text data: {@code {1 1.5,3 pos}} lists 0-based attribute indices, in increasing order, with
 * their values (pairs separated by commas or blanks, as Weka's tokenizer takes them). An omitted
 * attribute has Weka's internal value 0: 0 for a numeric attribute, the <em>first declared
 * value</em> for a nominal one (Weka omits a nominal class or bag id equal to its first value,
 * so {@code {}} is the all-zero point of the first class). Dense and sparse rows may be mixed;
 * a file with at least one sparse row is read into {@link SparseVec} points, otherwise into
 * {@link DenseVec} points. In multi-instance files the instances inside the relational value may
 * be sparse too ({@code '{0 1.5}\n{1 2}'}); bag instances are always read as dense vectors. A
 * sparse row may not omit the relational value (Weka's value 0 there is not a bag) nor a string
 * bag id.
 *
 * <p><b>Not supported</b>, each a clear error naming the attribute or value, the file and the
 * line: {@code string} and {@code date} attributes (convert text with Weka's
 * {@code StringToWordVector}, which writes sparse numeric attributes), nominal features, missing
 * values {@code ?}, instance weights {@code {w}}, nested relational attributes.
 *
 * <p><b>Ordinary ARFF → labels.</b> Every attribute but the class must be numeric. The class is
 * the last attribute, except that a file whose only nominal attribute is elsewhere has that one
 * as class (Weka's {@code StringToWordVector} writes the class first). A numeric class gives its
 * value as the label; a nominal class with exactly two values gives labels in {-1, +1}: when both
 * values are numerically ±1 by their sign, otherwise the first declared value is -1 and the
 * second +1 (Weka's "index 1 is the positive class"). A nominal class with another number of
 * values gives the value itself when every value is an integer (and no two are the same number),
 * otherwise the 0-based index of the value in declaration order.
 *
 * <p><b>Multi-instance ARFF → bags.</b> Exactly three attributes, as Weka's MI format: a
 * nominal (or string) bag id, a relational attribute whose sub-attributes are the numeric
 * instance features, and a nominal class. Each data row is one bag:
 * {@code id,"x11,x12,...\nx21,x22,...",class} where {@code \n} inside the quoted string
 * separates instances. Two class values give a binary data set ({@link BagDataset#binary},
 * mapping as above); otherwise the class names are the declared values in declaration order.
 *
 * <p><b>Writers.</b> {@link #write} and {@link #writeBags} write dense rows,
 * {@link #writeSparse} and {@link #writeBagsSparse} sparse ones; all write numbers so that they
 * read back to the identical double (sparse rows drop zeros, so -0.0 reads back as 0.0).
 *
 * <p>Errors: {@link MalformedDataException} ("file:line: problem") for a bad number, NaN, a
 * wrong value count, a bad, unordered or out-of-range sparse index, an empty bag, a class value
 * not declared ("unknown class"), a missing value, a repeated bag id or an unsupported
 * construct; {@link java.nio.file.NoSuchFileException} naming a missing file.
 */
public final class ArffFormat {
    private ArffFormat() {
    }

    private enum Kind { NUMERIC, NOMINAL, STRING, DATE, RELATIONAL }

    private record Attribute(String name, Kind kind, List<String> values, List<Attribute> children, int line) {
    }

    private record Field(String text, boolean quoted) {
    }

    /** The attributes, the data rows as (line number, text) and the line of {@code @data}. */
    private record Header(List<Attribute> attributes, List<String[]> dataLines, int dataLine) {
    }

    /** One value of a sparse row: the 0-based attribute index and its value. */
    private record SparseEntry(int index, Field value) {
    }

    /**
     * Reads an ordinary ARFF file (numeric features and a class, see the class comment); dense
     * points, or sparse points when the file has a sparse row.
     */
    public static LabeledDataset read(Path file) throws IOException {
        Header h = parseHeader(file);
        List<Attribute> atts = h.attributes();
        if (atts.size() < 2) {
            throw new MalformedDataException(file, h.dataLine(), "expected at least one feature and a class attribute"
                    + " before '@data', found " + atts.size() + " attribute(s)");
        }
        int ci = classAttribute(atts);
        Attribute cls = atts.get(ci);
        for (int j = 0; j < atts.size(); j++) {
            if (j != ci && atts.get(j).kind() != Kind.NUMERIC) {
                Attribute a = atts.get(j);
                throw new MalformedDataException(file, a.line(), "attribute '" + a.name() + "' is "
                        + unsupported(a.kind()) + "; only numeric features and a nominal or numeric class are supported"
                        + (a.kind() == Kind.RELATIONAL ? " (a multi-instance file: read it as bags)" : ""));
            }
        }
        if (cls.kind() != Kind.NUMERIC && cls.kind() != Kind.NOMINAL) {
            throw new MalformedDataException(file, cls.line(), "class attribute '" + cls.name() + "' is "
                    + unsupported(cls.kind()) + "; the class must be nominal or numeric");
        }
        if (cls.kind() == Kind.NOMINAL && cls.values().isEmpty()) {
            throw new MalformedDataException(file, cls.line(), "class attribute '" + cls.name()
                    + "' declares no values");
        }
        int d = atts.size() - 1;
        double[] classValue = cls.kind() == Kind.NOMINAL ? nominalLabels(cls.values()) : null;
        List<double[]> denseRows = new ArrayList<>();
        List<SparseVec> sparseRows = new ArrayList<>();
        boolean anySparse = false;
        double[] labels = new double[16];
        int n = 0;
        for (String[] dl : h.dataLines()) {
            int lineNo = Integer.parseInt(dl[0]);
            String row = dl[1];
            double y;
            if (row.startsWith("{")) {
                anySparse = true;
                List<SparseEntry> entries = sparseRow(row, atts.size(), file, lineNo, "row");
                int[] idx = new int[entries.size()];
                double[] val = new double[entries.size()];
                int k = 0;
                Field c = null;
                for (SparseEntry e : entries) {
                    if (e.index() == ci) {
                        c = e.value();
                    } else {
                        idx[k] = e.index() < ci ? e.index() : e.index() - 1;
                        val[k] = number(e.value(), file, lineNo, "attribute '" + atts.get(e.index()).name() + "'");
                        k++;
                    }
                }
                if (c == null) { // Weka's value 0: the number 0 or the first declared value
                    y = classValue == null ? 0.0 : classValue[0];
                } else {
                    y = classValue == null ? number(c, file, lineNo, "class '" + cls.name() + "'")
                            : classValue[classIndex(c, cls, file, lineNo)];
                }
                sparseRows.add(new SparseVec(d, Arrays.copyOf(idx, k), Arrays.copyOf(val, k)));
                denseRows.add(null);
            } else {
                List<Field> f = splitFields(row, file, lineNo);
                checkWeights(f, file, lineNo);
                if (f.size() != d + 1) {
                    throw new MalformedDataException(file, lineNo, "wrong column count: expected " + (d + 1)
                            + " values (" + d + " features and the class), found " + f.size());
                }
                double[] x = new double[d];
                for (int j = 0, k = 0; j <= d; j++) {
                    if (j != ci) {
                        x[k++] = number(f.get(j), file, lineNo, "attribute '" + atts.get(j).name() + "'");
                    }
                }
                Field c = f.get(ci);
                y = classValue == null ? number(c, file, lineNo, "class '" + cls.name() + "'")
                        : classValue[classIndex(c, cls, file, lineNo)];
                denseRows.add(x);
                sparseRows.add(null);
            }
            if (n == labels.length) {
                labels = Arrays.copyOf(labels, 2 * n);
            }
            labels[n++] = y;
        }
        List<Vec> points = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            double[] x = denseRows.get(i);
            if (x == null) {
                points.add(anySparse ? sparseRows.get(i) : sparseRows.get(i).toDense());
            } else {
                points.add(anySparse ? sparseOf(x) : DenseVec.wrap(x));
            }
        }
        return new LabeledDataset(points, Arrays.copyOf(labels, n));
    }

    /** The class attribute: the last, unless the only nominal attribute is elsewhere. */
    private static int classAttribute(List<Attribute> atts) {
        int last = atts.size() - 1;
        if (atts.get(last).kind() == Kind.NOMINAL) {
            return last;
        }
        int nominal = -1;
        for (int j = 0; j < last; j++) {
            if (atts.get(j).kind() == Kind.NOMINAL) {
                if (nominal >= 0) {
                    return last;
                }
                nominal = j;
            }
        }
        return nominal >= 0 ? nominal : last;
    }

    private static String unsupported(Kind kind) {
        return switch (kind) {
            case STRING -> "a string attribute: string attributes are not supported (convert text with Weka's"
                    + " StringToWordVector, which writes sparse numeric attributes)";
            case DATE -> "a date attribute: date attributes are not supported";
            case RELATIONAL -> "a relational attribute";
            case NOMINAL -> "nominal";
            case NUMERIC -> "numeric";
        };
    }

    private static SparseVec sparseOf(double[] x) {
        int nz = 0;
        for (double v : x) {
            if (v != 0.0) {
                nz++;
            }
        }
        int[] idx = new int[nz];
        double[] val = new double[nz];
        for (int j = 0, k = 0; j < x.length; j++) {
            if (x[j] != 0.0) {
                idx[k] = j;
                val[k++] = x[j];
            }
        }
        return new SparseVec(x.length, idx, val);
    }

    /** Label of each nominal class value, by the rules in the class comment. */
    private static double[] nominalLabels(List<String> values) {
        double[] out = new double[values.size()];
        if (values.size() == 2) {
            int s0 = ClassNames.binarySign(values.get(0));
            int s1 = ClassNames.binarySign(values.get(1));
            if (s0 != 0 && s1 != 0 && s0 != s1) {
                out[0] = s0;
                out[1] = s1;
            } else {
                out[0] = -1;
                out[1] = 1;
            }
            return out;
        }
        boolean integers = true;
        Set<Double> distinct = new HashSet<>();
        for (int k = 0; k < values.size() && integers; k++) {
            try {
                out[k] = Long.parseLong(values.get(k).startsWith("+") ? values.get(k).substring(1) : values.get(k));
                integers = distinct.add(out[k]);
            } catch (NumberFormatException e) {
                integers = false;
            }
        }
        if (!integers) {
            for (int k = 0; k < out.length; k++) {
                out[k] = k;
            }
        }
        return out;
    }

    /**
     * Reads a multi-instance relational ARFF file (bag id, relational instances, class; rows and
     * instances dense or sparse) into bags of dense instances.
     */
    public static BagDataset readBags(Path file) throws IOException {
        Header h = parseHeader(file);
        List<Attribute> atts = h.attributes();
        if (atts.size() != 3 || atts.get(1).kind() != Kind.RELATIONAL) {
            throw new MalformedDataException(file, h.dataLine(), "a multi-instance ARFF file needs exactly three"
                    + " attributes (bag id, relational instances, class) before '@data', found " + describe(atts));
        }
        Attribute idAtt = atts.get(0);
        Attribute rel = atts.get(1);
        Attribute cls = atts.get(2);
        if (idAtt.kind() != Kind.NOMINAL && idAtt.kind() != Kind.STRING) {
            throw new MalformedDataException(file, idAtt.line(), "bag id attribute '" + idAtt.name()
                    + "' must be nominal or string, found " + idAtt.kind().name().toLowerCase(Locale.ROOT));
        }
        if (cls.kind() != Kind.NOMINAL) {
            throw new MalformedDataException(file, cls.line(), "class attribute '" + cls.name()
                    + "' must be nominal, found " + cls.kind().name().toLowerCase(Locale.ROOT));
        }
        for (Attribute a : rel.children()) {
            if (a.kind() != Kind.NUMERIC) {
                throw new MalformedDataException(file, a.line(), "instance attribute '" + a.name() + "' is "
                        + unsupported(a.kind()) + "; only numeric instance features are supported");
            }
        }
        int d = rel.children().size();
        if (d == 0) {
            throw new MalformedDataException(file, rel.line(),
                    "relational attribute '" + rel.name() + "' has no attributes");
        }
        boolean binary = cls.values().size() == 2;
        List<String> classNames = binary ? BagDataset.BINARY_CLASSES : cls.values();
        double[] signs = binary ? nominalLabels(cls.values()) : null;
        List<Bag> bags = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String[] dl : h.dataLines()) {
            int lineNo = Integer.parseInt(dl[0]);
            String row = dl[1];
            Field idField;
            Field instField;
            Field classField;
            if (row.startsWith("{")) {
                Field[] f = new Field[3];
                for (SparseEntry e : sparseRow(row, 3, file, lineNo, "row")) {
                    f[e.index()] = e.value();
                }
                idField = f[0] != null ? f[0] : firstValue(idAtt, file, lineNo, "bag id");
                if (f[1] == null) {
                    throw new MalformedDataException(file, lineNo, "sparse row of bag '" + idField.text()
                            + "' omits the relational attribute '" + rel.name() + "' (the bag's instances)");
                }
                instField = f[1];
                classField = f[2] != null ? f[2] : firstValue(cls, file, lineNo, "class");
            } else {
                List<Field> f = splitFields(row, file, lineNo);
                checkWeights(f, file, lineNo);
                if (f.size() != 3) {
                    throw new MalformedDataException(file, lineNo, "wrong column count: expected 3 values (bag id,"
                            + " instances, class), found " + f.size());
                }
                idField = f.get(0);
                instField = f.get(1);
                classField = f.get(2);
            }
            if (!idField.quoted() && idField.text().equals("?")) {
                throw new MalformedDataException(file, lineNo,
                        "missing value '?' for the bag id; missing values are not supported");
            }
            String id = idField.text();
            if (idAtt.kind() == Kind.NOMINAL && !idAtt.values().contains(id)) {
                throw new MalformedDataException(file, lineNo,
                        "bag id '" + id + "' is not among the declared values of '"
                        + idAtt.name() + "'");
            }
            Integer previous = seen.putIfAbsent(id, lineNo);
            if (previous != null) {
                throw new MalformedDataException(file, lineNo, "bag '" + id + "' already appeared at line " + previous);
            }
            if (!instField.quoted() && instField.text().equals("?")) {
                throw new MalformedDataException(file, lineNo, "missing value '?' for the instances of bag '" + id
                        + "'; missing values are not supported");
            }
            List<Vec> instances = new ArrayList<>();
            int k = 0;
            for (String raw : instField.text().split("\n", -1)) {
                String inst = raw.strip();
                if (inst.isEmpty()) {
                    continue;
                }
                k++;
                String where = "instance " + k + " of bag '" + id + "'";
                double[] x = new double[d];
                if (inst.startsWith("{")) {
                    for (SparseEntry e : sparseRow(inst, d, file, lineNo, where)) {
                        x[e.index()] = number(e.value(), file, lineNo, where + ", attribute '"
                                + rel.children().get(e.index()).name() + "'");
                    }
                } else {
                    List<Field> vals = splitFields(inst, file, lineNo);
                    if (vals.size() != d) {
                        throw new MalformedDataException(file, lineNo,
                                "wrong column count in " + where + ": expected " + d + " values, found " + vals.size());
                    }
                    for (int j = 0; j < d; j++) {
                        x[j] = number(vals.get(j), file, lineNo, where + ", attribute '"
                                + rel.children().get(j).name() + "'");
                    }
                }
                instances.add(DenseVec.wrap(x));
            }
            if (instances.isEmpty()) {
                throw new MalformedDataException(file, lineNo, "empty bag '" + id + "': it has no instances");
            }
            int c = classIndex(classField, cls, file, lineNo);
            bags.add(new Bag(id, instances));
            labels.add(binary ? (signs[c] > 0 ? 1 : 0) : c);
        }
        int[] y = labels.stream().mapToInt(Integer::intValue).toArray();
        return new BagDataset(bags, classNames, y);
    }

    /** The value a sparse row means by omitting a nominal attribute: its first declared value. */
    private static Field firstValue(Attribute a, Path file, int lineNo, String what) throws MalformedDataException {
        if (a.kind() != Kind.NOMINAL || a.values().isEmpty()) {
            throw new MalformedDataException(file, lineNo, "sparse row omits the " + what + " attribute '" + a.name()
                    + "', which has no first declared value to stand for");
        }
        return new Field(a.values().get(0), true);
    }

    private static String describe(List<Attribute> atts) {
        List<String> s = new ArrayList<>();
        for (Attribute a : atts) {
            s.add(a.name() + ":" + a.kind().name().toLowerCase(Locale.ROOT));
        }
        return s.toString();
    }

    private static void checkWeights(List<Field> f, Path file, int lineNo) throws MalformedDataException {
        if (!f.isEmpty() && !f.get(f.size() - 1).quoted() && f.get(f.size() - 1).text().startsWith("{")) {
            throw new MalformedDataException(file, lineNo, "instance weights '{w}' are not supported");
        }
    }

    /**
     * Parses a sparse row {@code {i v, i v, ...}} (already stripped, starting with '{'): indices
     * strictly increasing in [0, size), each with a value; after the closing brace only a
     * comment may follow.
     *
     * @param what "row" or "instance k of bag 'b'", for messages
     */
    private static List<SparseEntry> sparseRow(String s, int size, Path file, int lineNo, String what)
            throws MalformedDataException {
        List<SparseEntry> out = new ArrayList<>();
        int n = s.length();
        int i = 1;
        int prev = -1;
        while (true) {
            i = skipSparseSeparators(s, i);
            if (i >= n || s.charAt(i) == '%') {
                throw new MalformedDataException(file, lineNo, "sparse " + what + " lacks its closing '}'");
            }
            if (s.charAt(i) == '}') {
                i++;
                break;
            }
            int start = i;
            while (i < n && !isSparseDelimiter(s.charAt(i))) {
                i++;
            }
            String tok = s.substring(start, i);
            int index = sparseIndex(tok, size, file, lineNo, what);
            if (index <= prev) {
                throw new MalformedDataException(file, lineNo, "index " + index + " in the sparse " + what
                        + " must be greater than the previous index " + prev
                        + " (sparse rows list attributes in increasing order, each once)");
            }
            i = skipSparseSeparators(s, i);
            if (i >= n || s.charAt(i) == '}' || s.charAt(i) == '{' || s.charAt(i) == '%') {
                throw new MalformedDataException(file, lineNo, "index " + index + " in the sparse " + what
                        + " has no value");
            }
            Field value;
            char c = s.charAt(i);
            if (c == '\'' || c == '"') {
                StringBuilder sb = new StringBuilder();
                i = readQuoted(s, i, sb, file, lineNo);
                value = new Field(sb.toString(), true);
            } else {
                start = i;
                while (i < n && !isSparseDelimiter(s.charAt(i))) {
                    i++;
                }
                value = new Field(s.substring(start, i), false);
            }
            out.add(new SparseEntry(index, value));
            prev = index;
        }
        String rest = s.substring(i).strip();
        if (rest.startsWith(",")) {
            rest = rest.substring(1).strip();
        }
        if (rest.startsWith("{")) {
            throw new MalformedDataException(file, lineNo, "instance weights '{w}' are not supported");
        }
        if (!rest.isEmpty() && !rest.startsWith("%")) {
            throw new MalformedDataException(file, lineNo, "unexpected '" + abbreviate(rest) + "' after the sparse "
                    + what);
        }
        return out;
    }

    private static int sparseIndex(String tok, int size, Path file, int lineNo, String what)
            throws MalformedDataException {
        long v = 0;
        boolean ok = !tok.isEmpty() && tok.length() <= 10;
        for (int k = 0; k < tok.length() && ok; k++) {
            char c = tok.charAt(k);
            ok = c >= '0' && c <= '9';
            v = 10 * v + (c - '0');
        }
        if (!ok) {
            throw new MalformedDataException(file, lineNo, "bad index '" + abbreviate(tok) + "' in the sparse " + what
                    + ", expected an attribute index 0.." + (size - 1));
        }
        if (v >= size) {
            throw new MalformedDataException(file, lineNo, "index " + v + " in the sparse " + what
                    + " is out of range: there are " + size + " attributes (indices 0.." + (size - 1) + ")");
        }
        return (int) v;
    }

    private static int skipSparseSeparators(String s, int i) {
        while (i < s.length() && (s.charAt(i) == ',' || Character.isWhitespace(s.charAt(i)))) {
            i++;
        }
        return i;
    }

    private static boolean isSparseDelimiter(char c) {
        return c == ',' || c == '{' || c == '}' || c == '%' || c == '\'' || c == '"' || Character.isWhitespace(c);
    }

    private static int classIndex(Field c, Attribute cls, Path file, int lineNo) throws MalformedDataException {
        if (!c.quoted() && c.text().equals("?")) {
            throw new MalformedDataException(file, lineNo,
                    "missing value '?' for the class; missing values are not supported");
        }
        int k = cls.values().indexOf(c.text());
        if (k < 0) {
            throw new MalformedDataException(file, lineNo, "unknown class '" + c.text() + "', declared classes of '"
                    + cls.name() + "' are " + cls.values());
        }
        return k;
    }

    private static double number(Field f, Path file, int lineNo, String what) throws MalformedDataException {
        if (!f.quoted() && f.text().equals("?")) {
            throw new MalformedDataException(file, lineNo,
                    "missing value '?' for " + what + "; missing values are not supported");
        }
        return TextFiles.parseFinite(f.text(), file, lineNo, what);
    }

    // ---------------------------------------------------------------- header and tokens

    private static Header parseHeader(Path file) throws IOException {
        List<Attribute> top = new ArrayList<>();
        List<String[]> data = new ArrayList<>();
        int dataLineNo;
        try (BufferedReader in = TextFiles.open(file)) {
            String raw;
            int lineNo = 0;
            boolean inData = false;
            int dataLine = 0;
            Attribute openRelational = null;
            List<Attribute> children = null;
            while ((raw = in.readLine()) != null) {
                lineNo++;
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("%")) {
                    continue;
                }
                if (inData) {
                    data.add(new String[] {Integer.toString(lineNo), line});
                    continue;
                }
                String lower = line.toLowerCase(Locale.ROOT);
                if (lower.startsWith("@relation")) {
                    continue;
                } else if (lower.startsWith("@attribute")) {
                    Attribute a = parseAttribute(line.substring("@attribute".length()), file, lineNo);
                    if (openRelational != null) {
                        if (a.kind() == Kind.RELATIONAL) {
                            throw new MalformedDataException(file, lineNo,
                                    "nested relational attributes are not supported");
                        }
                        children.add(a);
                    } else if (a.kind() == Kind.RELATIONAL) {
                        openRelational = a;
                        children = new ArrayList<>();
                    } else {
                        top.add(a);
                    }
                } else if (lower.startsWith("@end")) {
                    if (openRelational == null) {
                        throw new MalformedDataException(file, lineNo, "'@end' without an open relational attribute");
                    }
                    List<Field> name = splitWords(line.substring("@end".length()), file, lineNo);
                    if (name.size() != 1 || !name.get(0).text().equals(openRelational.name())) {
                        throw new MalformedDataException(file, lineNo,
                                "'" + line + "' does not close relational attribute '"
                                + openRelational.name() + "'");
                    }
                    top.add(new Attribute(openRelational.name(), Kind.RELATIONAL, List.of(), List.copyOf(children),
                            openRelational.line()));
                    openRelational = null;
                    children = null;
                } else if (lower.equals("@data") || lower.startsWith("@data ") || lower.startsWith("@data%")) {
                    if (openRelational != null) {
                        throw new MalformedDataException(file, lineNo,
                                "'@data' before '@end " + openRelational.name() + "'");
                    }
                    inData = true;
                    dataLine = lineNo;
                } else {
                    throw new MalformedDataException(file, lineNo, "bad header line '" + abbreviate(line)
                            + "', expected @relation, @attribute, @end or @data");
                }
            }
            if (!inData) {
                throw new MalformedDataException(file, lineNo, lineNo == 0 ? "empty file, expected an ARFF header"
                        + " (@relation, @attribute, @data)" : "no '@data' section before the end of the file");
            }
            dataLineNo = dataLine;
        }
        Set<String> names = new LinkedHashSet<>();
        for (Attribute a : top) {
            if (!names.add(a.name())) {
                throw new MalformedDataException(file, a.line(), "duplicate attribute name '" + a.name() + "'");
            }
        }
        return new Header(top, data, dataLineNo);
    }

    private static Attribute parseAttribute(String rest, Path file, int lineNo) throws MalformedDataException {
        String s = rest.strip();
        int nameEnd;
        String name;
        if (s.isEmpty()) {
            throw new MalformedDataException(file, lineNo, "@attribute without a name");
        }
        if (s.charAt(0) == '\'' || s.charAt(0) == '"') {
            StringBuilder sb = new StringBuilder();
            nameEnd = readQuoted(s, 0, sb, file, lineNo);
            name = sb.toString();
        } else {
            nameEnd = 0;
            while (nameEnd < s.length() && !Character.isWhitespace(s.charAt(nameEnd)) && s.charAt(nameEnd) != '{') {
                nameEnd++;
            }
            name = s.substring(0, nameEnd);
        }
        String type = stripComment(s.substring(nameEnd)).strip();
        String lt = type.toLowerCase(Locale.ROOT);
        if (type.startsWith("{")) {
            if (!type.endsWith("}")) {
                throw new MalformedDataException(file, lineNo, "nominal type of '" + name + "' lacks a closing '}'");
            }
            List<Field> vals = splitFields(type.substring(1, type.length() - 1), file, lineNo);
            List<String> values = new ArrayList<>();
            for (Field f : vals) {
                if (f.text().isEmpty() && !f.quoted()) {
                    throw new MalformedDataException(file, lineNo, "empty value in nominal type of '" + name + "'");
                }
                if (values.contains(f.text())) {
                    throw new MalformedDataException(file, lineNo,
                            "duplicate value '" + f.text() + "' in nominal type of '"
                            + name + "'");
                }
                values.add(f.text());
            }
            return new Attribute(name, Kind.NOMINAL, List.copyOf(values), List.of(), lineNo);
        }
        Kind kind = switch (lt) {
            case "numeric", "real", "integer" -> Kind.NUMERIC;
            case "string" -> Kind.STRING;
            case "relational" -> Kind.RELATIONAL;
            default -> lt.startsWith("date") ? Kind.DATE : null;
        };
        if (kind == null) {
            throw new MalformedDataException(file, lineNo, "unknown type '" + type + "' of attribute '" + name + "'");
        }
        return new Attribute(name, kind, List.of(), List.of(), lineNo);
    }

    private static String stripComment(String s) {
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '%') {
                return s.substring(0, i);
            }
        }
        return s;
    }

    private static List<Field> splitWords(String s, Path file, int lineNo) throws MalformedDataException {
        List<Field> out = new ArrayList<>();
        for (String w : stripComment(s).strip().split("\\s+")) {
            if (!w.isEmpty()) {
                out.add(new Field(w.length() >= 2 && (w.charAt(0) == '\'' || w.charAt(0) == '"')
                        ? unquoteWord(w, file, lineNo) : w, false));
            }
        }
        return out;
    }

    private static String unquoteWord(String w, Path file, int lineNo) throws MalformedDataException {
        StringBuilder sb = new StringBuilder();
        readQuoted(w, 0, sb, file, lineNo);
        return sb.toString();
    }

    /**
     * Splits comma-separated values, honouring quotes and stopping at an unquoted '%'. Unquoted
     * values are trimmed.
     */
    private static List<Field> splitFields(String s, Path file, int lineNo) throws MalformedDataException {
        List<Field> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (true) {
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            if (i < n && s.charAt(i) == '%') {
                if (!out.isEmpty()) {
                    throw new MalformedDataException(file, lineNo, "value missing before the comment");
                }
                return out;
            }
            if (i >= n) {
                if (!out.isEmpty()) {
                    out.add(new Field("", false));
                }
                return out;
            }
            char c = s.charAt(i);
            if (c == '\'' || c == '"') {
                StringBuilder sb = new StringBuilder();
                i = readQuoted(s, i, sb, file, lineNo);
                out.add(new Field(sb.toString(), true));
                while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                    i++;
                }
            } else {
                int start = i;
                while (i < n && s.charAt(i) != ',' && s.charAt(i) != '%') {
                    i++;
                }
                out.add(new Field(s.substring(start, i).strip(), false));
            }
            if (i >= n || s.charAt(i) == '%') {
                return out;
            }
            if (s.charAt(i) != ',') {
                throw new MalformedDataException(file, lineNo, "bad token after a quoted value at column " + (i + 1)
                        + ": '" + s.charAt(i) + "', expected ','");
            }
            i++;
        }
    }

    /** Reads a quoted string starting at {@code s[start]} into {@code sb}; returns the index after it. */
    private static int readQuoted(String s, int start, StringBuilder sb, Path file, int lineNo)
            throws MalformedDataException {
        char q = s.charAt(start);
        int i = start + 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char e = s.charAt(i + 1);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    default -> sb.append(e);
                }
                i += 2;
            } else if (c == q) {
                return i + 1;
            } else {
                sb.append(c);
                i++;
            }
        }
        throw new MalformedDataException(file, lineNo, "unterminated quoted string starting at column " + (start + 1));
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    // ---------------------------------------------------------------- writers

    /**
     * Writes {@code data} as ordinary ARFF with dense rows: numeric attributes {@code f1..fd} and
     * a last attribute {@code class}. Labels all in {-1, +1} give a nominal class {@code {-1,+1}};
     * integer labels with other than two distinct values a nominal class of those integers
     * (ascending); any other labels (also -0.0, a class of its own) a numeric class, so
     * {@link #read(Path)} returns the same labels.
     *
     * @throws IllegalArgumentException for points without features (also an empty data set),
     *         which ARFF cannot hold
     */
    public static void write(LabeledDataset data, Path file, String relation) throws IOException {
        writePoints(data, file, relation, false);
    }

    /**
     * Writes {@code data} as ordinary ARFF with sparse rows {@code {j v, ..., d class}} (0-based
     * attribute indices, zero features omitted, the class always written): the header and labels
     * of {@link #write}. {@link #read(Path)} gives the same points as {@link SparseVec}.
     */
    public static void writeSparse(LabeledDataset data, Path file, String relation) throws IOException {
        writePoints(data, file, relation, true);
    }

    private static void writePoints(LabeledDataset data, Path file, String relation, boolean sparse)
            throws IOException {
        Objects.requireNonNull(relation, "relation");
        if (data.dim() == 0) {
            throw new IllegalArgumentException("cannot write " + (data.size() == 0 ? "an empty data set"
                    : "points without features") + " as ARFF: it needs at least one feature attribute");
        }
        int d = data.dim();
        double[] classes = data.classes();
        String classType;
        if (data.isBinarySigned()) {
            classType = "{-1,+1}";
        } else if (allIntegers(classes) && classes.length != 2) {
            StringBuilder sb = new StringBuilder("{");
            for (int k = 0; k < classes.length; k++) {
                sb.append(k > 0 ? "," : "").append((long) classes[k]);
            }
            classType = sb.append('}').toString();
        } else {
            classType = "numeric";
        }
        try (BufferedWriter out = TextFiles.create(file)) {
            out.append("@relation ").append(quote(relation)).append("\n\n");
            for (int j = 1; j <= d; j++) {
                out.append("@attribute f").append(Integer.toString(j)).append(" numeric\n");
            }
            out.append("@attribute class ").append(classType).append("\n\n@data\n");
            StringBuilder sb = new StringBuilder(16 * (d + 1));
            for (int i = 0; i < data.size(); i++) {
                sb.setLength(0);
                Vec v = data.x(i);
                double y = data.y(i);
                String label = y == 1.0 && data.isBinarySigned() ? "+1" : TextFiles.formatNumber(y);
                if (sparse) {
                    sb.append('{');
                    appendSparse(sb, v);
                    sb.append(sb.length() > 1 ? "," : "").append(d).append(' ').append(label).append("}\n");
                } else {
                    for (int j = 0; j < d; j++) {
                        sb.append(TextFiles.formatNumber(v.get(j))).append(',');
                    }
                    sb.append(label).append('\n');
                }
                out.append(sb);
            }
        }
    }

    /** Appends "j v,j v" for the non-zero entries of {@code v}. */
    private static void appendSparse(StringBuilder sb, Vec v) {
        int start = sb.length();
        v.forEachStored((j, x) -> {
            if (x != 0.0) {
                sb.append(sb.length() > start ? "," : "").append(j).append(' ').append(TextFiles.formatNumber(x));
            }
        });
    }

    /** Integers a nominal class can name: not -0.0, which is a class of its own but has the name of 0. */
    private static boolean allIntegers(double[] v) {
        for (double x : v) {
            if (x != Math.rint(x) || Math.abs(x) >= 1e15 || Double.doubleToRawLongBits(x) == Long.MIN_VALUE) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes {@code data} as Weka multi-instance ARFF with dense rows: a nominal attribute
     * {@code bag_id} listing the bag ids, a relational attribute {@code bag} with numeric
     * {@code f1..fd}, and a nominal {@code class} with the class names in order. Bag ids must be
     * distinct.
     *
     * @throws IllegalArgumentException for repeated bag ids or an empty data set
     */
    public static void writeBags(BagDataset data, Path file, String relation) throws IOException {
        writeBags(data, file, relation, false);
    }

    /**
     * Writes {@code data} as {@link #writeBags} does, with sparse rows
     * {@code {0 id,1 '{j v,...}\n{j v,...}',2 class}}: each instance is sparse too (zeros
     * omitted, {@code {}} for an all-zero instance); bag id and class are always written.
     */
    public static void writeBagsSparse(BagDataset data, Path file, String relation) throws IOException {
        writeBags(data, file, relation, true);
    }

    private static void writeBags(BagDataset data, Path file, String relation, boolean sparse) throws IOException {
        Objects.requireNonNull(relation, "relation");
        if (data.dim() == 0) {
            throw new IllegalArgumentException("cannot write " + (data.size() == 0 ? "an empty bag data set"
                    : "instances without features") + " as ARFF: the relational attribute needs at least one"
                    + " feature");
        }
        Set<String> ids = new TreeSet<>();
        for (Bag b : data.bags()) {
            if (!ids.add(b.id())) {
                throw new IllegalArgumentException("bag ids must be distinct for ARFF, '" + b.id() + "' repeats");
            }
        }
        int d = data.dim();
        try (BufferedWriter out = TextFiles.create(file)) {
            out.append("@relation ").append(quote(relation)).append("\n\n");
            StringBuilder sb = new StringBuilder("@attribute bag_id {");
            boolean first = true;
            for (Bag b : data.bags()) {
                sb.append(first ? "" : ",").append(quote(b.id()));
                first = false;
            }
            out.append(sb).append("}\n@attribute bag relational\n");
            for (int j = 1; j <= d; j++) {
                out.append("  @attribute f").append(Integer.toString(j)).append(" numeric\n");
            }
            out.append("@end bag\n");
            sb.setLength(0);
            sb.append("@attribute class {");
            for (int k = 0; k < data.classCount(); k++) {
                sb.append(k > 0 ? "," : "").append(quote(data.classNames().get(k)));
            }
            out.append(sb).append("}\n\n@data\n");
            StringBuilder inst = new StringBuilder();
            for (int i = 0; i < data.size(); i++) {
                Bag b = data.bag(i);
                inst.setLength(0);
                for (int p = 0; p < b.size(); p++) {
                    if (p > 0) {
                        inst.append('\n');
                    }
                    Vec v = b.instance(p);
                    if (sparse) {
                        inst.append('{');
                        appendSparse(inst, v);
                        inst.append('}');
                    } else {
                        for (int j = 0; j < d; j++) {
                            inst.append(j > 0 ? "," : "").append(TextFiles.formatNumber(v.get(j)));
                        }
                    }
                }
                sb.setLength(0);
                String id = quote(b.id());
                String instances = quoteAlways(inst.toString());
                String label = quote(data.classNames().get(data.label(i)));
                if (sparse) {
                    sb.append("{0 ").append(id).append(",1 ").append(instances).append(",2 ").append(label).append("}\n");
                } else {
                    sb.append(id).append(',').append(instances).append(',').append(label).append('\n');
                }
                out.append(sb);
            }
        }
    }

    /**
     * The value as is when it needs no quoting, else in single quotes with escapes. White space of
     * any kind (U+2003, U+3000, ...) needs quotes: the reader strips it around unquoted values and
     * splits sparse rows at it.
     */
    static String quote(String s) {
        boolean plain = !s.isEmpty() && !s.equals("?");
        for (int i = 0; i < s.length() && plain; i++) {
            char c = s.charAt(i);
            plain = c > ' ' && c != ',' && c != '\'' && c != '"' && c != '%' && c != '{' && c != '}' && c != '\\'
                    && !Character.isWhitespace(c) && !Character.isSpaceChar(c) && !Character.isISOControl(c);
        }
        return plain ? s : quoteAlways(s);
    }

    /** The value in single quotes, with backslash escapes for quote, backslash and line breaks. */
    private static String quoteAlways(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\'' -> sb.append("\\'");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> sb.append(c);
            }
        }
        return sb.append('\'').toString();
    }
}
