package dev.kernelkit.mkl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.gram.BaseKernelMatrices;
import dev.kernelkit.gram.MultipleKernel;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ParamValues;
import dev.kernelkit.learn.Scaled;
import dev.kernelkit.svm.ClassWeights;
import dev.kernelkit.svm.LibsvmSolver;
import dev.kernelkit.svm.SmoSolver;
import dev.kernelkit.svm.SvmLoss;
import dev.kernelkit.svm.SvmProblem;
import dev.kernelkit.svm.SvmSolution;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class weights in the MKL family (issue #38): sample i costs C w_{c(i)} in every SVM solve. At the kernel
 * weights an MKL fit ends with, its alpha is LIBSVM's weighted solution (-w1 W) on the same combined kernel
 * matrix; weights that are all 1 give the unweighted fit bit for bit; balanced weights raise the minority
 * recall on a held-out sample; the weights survive the model file; unweighted options print as before.
 */
class MklClassWeightsTest {
    @TempDir
    Path dir;

    /** n0 points of class -1 around the origin and n1 of class +1 around (1.2, 1.2), two noise features. */
    static LabeledDataset imbalanced(int n0, int n1, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Vec> x = new ArrayList<>();
        double[] y = new double[n0 + n1];
        for (int i = 0; i < n0 + n1; i++) {
            double shift = i < n0 ? 0 : 1.2;
            x.add(DenseVec.of(shift + gauss(r), shift + gauss(r), gauss(r), gauss(r)));
            y[i] = i < n0 ? -1 : 1;
        }
        return new LabeledDataset(x, y);
    }

    private static double gauss(SplittableRandom r) {
        double u = 1 - r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void atItsFinalWeightsAWeightedMklFitIsLibsvmsWeightedSvmOnTheCombinedKernel() {
        LabeledDataset d = imbalanced(60, 15, 3);
        MultipleKernel kernels = MultipleKernel.of(List.of(new GaussianKernel(0.1), new GaussianKernel(1),
                new GaussianKernel(10))).withUnitTrace(d.points());
        BaseKernelMatrices gram = kernels.gram(d.points());
        double c = 2;
        double w = 3;
        for (MklOptions base : List.of(MklOptions.simple(c), MklOptions.sm1(c, 0.5), MklOptions.average(c))) {
            MklOptions o = base.withSolver(SmoSolver.Options.defaults().withEps(1e-9))
                    .withClassWeights(ClassWeights.of(Map.of("1", w)));
            MklResult r = SoftMarginMkl.fitBinary(gram, d.labels(), o);
            double[] cs = new double[d.size()];
            for (int i = 0; i < cs.length; i++) {
                cs[i] = d.y(i) > 0 ? c * w : c;
            }
            SvmSolution lib = new LibsvmSolver(1e-9, true, 100)
                    .solve(new SvmProblem(gram.combined(r.mu()), d.labels(), cs, SvmLoss.HINGE), null);
            int atUpperOfPositives = 0;
            for (int i = 0; i < cs.length; i++) {
                assertThat(r.alpha()[i]).as("%s alpha %d", base.method(), i).isCloseTo(lib.alpha(i), within(1e-5 * c * w));
                assertThat(r.alpha()[i]).isBetween(0.0, cs[i] * (1 + 1e-12));
                atUpperOfPositives += d.y(i) > 0 && r.alpha()[i] > c * 1.01 ? 1 : 0;
            }
            // the weights are in effect: some positive alpha is above the unweighted bound C
            assertThat(atUpperOfPositives).as(base.method() + " positives above C").isPositive();
        }
    }

    @SuppressWarnings("unchecked")
    private static Learner<Vec> learner(String name) {
        return (Learner<Vec>) new MklCatalog().learners().stream().filter(l -> l.name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static double[] decisions(FittedModel<Vec> m, List<Vec> x) {
        double[] out = new double[x.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((Model<Vec>) m).decisions(x.get(i))[0];
        }
        return out;
    }

    @Test
    void weightsOfOneGiveTheUnweightedFitBitForBitAndTheOptionsPrintAsBefore() {
        LabeledDataset d = imbalanced(40, 12, 5);
        Learner<Vec> sm1 = learner("sm1");
        FittedModel<Vec> plain = sm1.trainer(d, 1, ParamValues.NONE).fit(d);
        FittedModel<Vec> ones = sm1.trainer(d, 1, ParamValues.parse("sm1", sm1.params(),
                Map.of("class-weight", "-1=1,1=1"))).fit(d);
        assertThat(decisions(ones, d.points())).isEqualTo(decisions(plain, d.points()));
        assertThat(MklOptions.simple(1).toString()).isEqualTo("MklOptions[method=SIMPLE, c=1.0, theta=1.0, p=1.0, "
                + "maxIterations=200, tolerance=0.01, weightThreshold=1.0E-5, solver=" + SmoSolver.Options.defaults() + "]");
        assertThat(MklOptions.simple(1).withClassWeights(ClassWeights.BALANCED).toString())
                .endsWith(", classWeights=balanced]");
    }

    @Test
    void balancedWeightsRaiseTheMinorityRecallOfSimpleMklAndAveKernelOnAHeldOutSample() {
        LabeledDataset train = imbalanced(150, 20, 11);
        LabeledDataset test = imbalanced(1500, 200, 12);
        for (String name : List.of("simple", "ave")) {
            Learner<Vec> l = learner(name);
            double before = recall(l.trainer(train, 1, ParamValues.NONE).fit(train), test);
            double after = recall(l.trainer(train, 1, ParamValues.parse(name, l.params(),
                    Map.of("class-weight", "balanced"))).fit(train), test);
            assertThat(after).as("%s minority recall unweighted %s, balanced %s", name, before, after)
                    .isGreaterThan(before + 0.1);
        }
    }

    private static double recall(FittedModel<Vec> m, LabeledDataset test) {
        int hits = 0;
        int positives = 0;
        for (int i = 0; i < test.size(); i++) {
            if (test.y(i) > 0) {
                positives++;
                hits += ((Model<Vec>) m).predictName(test.x(i)).equals("1") ? 1 : 0;
            }
        }
        return hits / (double) positives;
    }

    @Test
    void theClassWeightsSurviveTheModelFile() throws Exception {
        LabeledDataset d = imbalanced(40, 12, 7);
        Learner<Vec> l = learner("simple");
        FittedModel<Vec> m = l.trainer(d, 1, ParamValues.parse("simple", l.params(),
                Map.of("class-weight", "1=2.5"))).fit(d);
        Path file = dir.resolve("w.model");
        Models.save(m, file);
        FittedModel<?> back = Models.load(file);
        MklModel inner = (MklModel) Scaled.innermost(back);  // the protocol trainer standardises first
        assertThat(inner.options().classWeights()).isEqualTo(ClassWeights.of(Map.of("1", 2.5)));
        assertThat(decisions((FittedModel<Vec>) back, d.points())).isEqualTo(decisions(m, d.points()));
    }
}
