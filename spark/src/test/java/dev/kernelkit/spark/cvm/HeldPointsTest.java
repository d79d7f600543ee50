package dev.kernelkit.spark.cvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kernelkit.data.DenseVec;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class HeldPointsTest {

    private static LabeledRow row(int i) {
        return new LabeledRow(i % 2 == 0 ? 1 : -1, 1, null, new double[] {i});
    }

    @Test
    void randomPutsAndLookupsAgreeWithAMapOfTheHeldPointsAndNeverExceedTheCapacity() {
        Random r = new Random(7);
        for (int capacity : new int[] {1, 2, 5, 64}) {
            HeldPoints held = new HeldPoints(capacity);
            Map<Integer, LabeledRow> model = new HashMap<>();
            for (int step = 0; step < 20_000; step++) {
                // keys clustered so that probe chains collide and deletions shift entries back
                int i = r.nextInt(4 * capacity + 3) * (r.nextBoolean() ? 1 : 1024);
                if (r.nextInt(3) == 0) {
                    LabeledRow row = row(i);
                    held.put(i, row, row.vec(), i);
                    model.put(i, row);
                    // the store forgets some points; the model keeps only what the store still holds
                    model.keySet().retainAll(setOf(held.indices()));
                    assertTrue(held.contains(i), "a point just put is held");
                } else {
                    int s = held.slot(i);
                    assertEquals(model.containsKey(i), s >= 0, "point " + i + " at step " + step);
                    if (s >= 0) {
                        assertSame(model.get(i), held.row(s));
                        assertEquals(i, held.diag(s));
                    }
                }
                assertTrue(held.size() <= capacity);
                assertEquals(model.size(), held.size(), "the table and the slots agree on what is held");
            }
        }
    }

    @Test
    void thePointsReadSinceTheLastSweepSurviveAnEviction() {
        HeldPoints held = new HeldPoints(3);
        for (int i = 0; i < 3; i++) {
            held.put(i, row(i), row(i).vec(), 0);
        }
        // a full store: the fourth point sweeps once (all read), then evicts the oldest slot
        held.put(3, row(3), row(3).vec(), 0);
        assertFalse(held.contains(0));
        // 1 and 2 lost their second chance in the sweep; reading 2 gives it one again, so 1 goes next
        held.slot(2);
        held.put(4, row(4), row(4).vec(), 0);
        assertFalse(held.contains(1));
        assertTrue(held.contains(2) && held.contains(3) && held.contains(4));
    }

    @Test
    void aPointPutAgainReplacesItsRowInItsSlot() {
        HeldPoints held = new HeldPoints(4);
        held.put(5, row(5), DenseVec.of(new double[] {1}), 1);
        LabeledRow again = row(6);
        held.put(5, again, again.vec(), 2);
        assertEquals(1, held.size());
        assertSame(again, held.row(held.slot(5)));
        assertEquals(2, held.diag(held.slot(5)));
    }

    @Test
    void aCapacityBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new HeldPoints(0));
    }

    private static TreeSet<Integer> setOf(int[] a) {
        TreeSet<Integer> s = new TreeSet<>();
        for (int v : a) {
            s.add(v);
        }
        return s;
    }
}
