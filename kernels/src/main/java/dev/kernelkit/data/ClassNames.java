package dev.kernelkit.data;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** Class-name rules shared by the bag readers: binary detection and the stable class order. */
final class ClassNames {
    private ClassNames() {
    }

    /**
     * +1 or -1 when the token is a decimal number equal to one of them ("1", "+1", "-1.0"), else
     * 0 (also for what only Java reads as a number: "1d", "0x1p0").
     */
    static int binarySign(String token) {
        Double v = TextFiles.decimalOrNull(token);
        if (v == null) {
            return 0;
        }
        return v == 1.0 ? 1 : v == -1.0 ? -1 : 0;
    }

    /** True when every token is numerically +1 or -1. */
    static boolean allBinary(Collection<String> tokens) {
        for (String t : tokens) {
            if (binarySign(t) == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Sorts class names: numerically when every name is a decimal number (so "2" before "10"),
     * otherwise by {@link String#compareTo} (Unicode code points).
     */
    static List<String> sorted(Collection<String> names) {
        List<String> out = new ArrayList<>(names);
        boolean numeric = true;
        for (String s : out) {
            if (TextFiles.decimalOrNull(s) == null) {
                numeric = false;
                break;
            }
        }
        if (numeric) {
            out.sort(Comparator.comparingDouble((String s) -> Double.parseDouble(s))
                    .thenComparing(Comparator.naturalOrder()));
        } else {
            out.sort(Comparator.naturalOrder());
        }
        return out;
    }
}
