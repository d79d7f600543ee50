package dev.kernelkit.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IntIntHashMapTest {

    @Test
    void randomPutsRemovesAndGetsAgreeWithJavaUtilHashMapThroughGrowthAndBackwardShiftDeletion() {
        Random r = new Random(11);
        IntIntHashMap map = new IntIntHashMap(0);
        Map<Integer, Integer> model = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            // clustered keys (collisions, long probe chains) and far ones
            int key = r.nextBoolean() ? r.nextInt(3000) : r.nextInt(Integer.MAX_VALUE - 1);
            switch (r.nextInt(4)) {
                case 0, 1 -> {
                    int v = r.nextInt(1_000_000);
                    map.put(key, v);
                    model.put(key, v);
                }
                case 2 -> assertThat(map.remove(key)).isEqualTo(model.remove(key) != null);
                default -> assertThat(map.get(key)).isEqualTo(model.getOrDefault(key, IntIntHashMap.ABSENT));
            }
            assertThat(map.size()).isEqualTo(model.size());
        }
        for (Map.Entry<Integer, Integer> e : model.entrySet()) {
            assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
        }
    }

    @Test
    void negativeKeysAndTheAbsentMarkerAsAValueAreRefused() {
        IntIntHashMap map = new IntIntHashMap(4);
        assertThatThrownBy(() -> map.put(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> map.put(1, IntIntHashMap.ABSENT)).isInstanceOf(IllegalArgumentException.class);
        assertThat(map.containsKey(1)).isFalse();
    }
}
