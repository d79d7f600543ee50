package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PointSetsTest {

    /** A problem of n points whose groups are given; only size and group are read. */
    private static MebProblem problem(int[] group, boolean distributed) {
        MebProblem p = new MebProblem() {
            @Override
            public int size() {
                return group.length;
            }

            @Override
            public double entry(int i, int j) {
                throw new UnsupportedOperationException();
            }

            @Override
            public double offset(int i) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int group(int i) {
                return group[i];
            }
        };
        if (!distributed) {
            return p;
        }
        return new DistributedMebProblem() {
            @Override
            public int size() {
                return p.size();
            }

            @Override
            public double entry(int i, int j) {
                return p.entry(i, j);
            }

            @Override
            public double offset(int i) {
                return p.offset(i);
            }

            @Override
            public int group(int i) {
                return p.group(i);
            }

            @Override
            public void prefetch(int[] points, int count, Lookahead ahead) {
            }

            @Override
            public int furthestBeyond(double threshold, double centreNorm2, int[] core, double[] w, int len) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int furthestFrom(int z) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int furthestOutsideBall(double threshold, double centrePlusKappa, int[] core, double[] w, int len) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void theBitGroupsSelectTheSameKthMembersAsTheIndexArraysAcrossBlocksAndAPartialLastWord() {
        Random r = new Random(3);
        for (int n : new int[] {1, 63, 64, 65, 4095, 4096, 4097, 20_011}) {
            for (double p1 : new double[] {0.0, 0.03, 0.5, 0.97, 1.0}) {
                int[] group = new int[n];
                for (int i = 0; i < n; i++) {
                    group[i] = r.nextDouble() < p1 ? 1 : 0;
                }
                PointSets.Groups bits = PointSets.groups(problem(group, true));
                PointSets.Groups arrays = PointSets.groups(problem(group, false));
                assertThat(bits).isInstanceOf(PointSets.BitGroups.class);
                for (int g = 0; g < 2; g++) {
                    List<Integer> expected = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        if (group[i] == g) {
                            expected.add(i);
                        }
                    }
                    assertThat(bits.size(g)).isEqualTo(expected.size());
                    assertThat(arrays.size(g)).isEqualTo(expected.size());
                    for (int k = 0; k < expected.size(); k++) {
                        assertThat(bits.member(g, k)).as("n %d, group %d, member %d", n, g, k)
                                .isEqualTo(expected.get(k));
                        assertThat(arrays.member(g, k)).isEqualTo(expected.get(k));
                    }
                }
            }
        }
    }

    @Test
    void flagsOfAnyFormRememberWhatWasSet() {
        int[] group = new int[1000];
        for (boolean distributed : new boolean[] {false, true}) {
            PointSets.Flags f = PointSets.flags(problem(group, distributed));
            for (int i = 0; i < 1000; i += 7) {
                f.set(i);
            }
            for (int i = 0; i < 1000; i++) {
                assertThat(f.get(i)).isEqualTo(i % 7 == 0);
            }
        }
    }
}
