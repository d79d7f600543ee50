package dev.kernelkit.it.weka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiKernel;
import dev.kernelkit.mi.MiKernelOptions;
import dev.kernelkit.mi.MiSvm;
import dev.kernelkit.mi.MiSvmModel;
import dev.kernelkit.mi.MiSvmOptions;
import dev.kernelkit.data.Vec;
import dev.kernelkit.testing.RealData;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import weka.classifiers.functions.SMO;
import weka.classifiers.functions.supportVector.RBFKernel;
import weka.classifiers.mi.MISMO;
import weka.classifiers.mi.MISVM;
import weka.classifiers.mi.supportVector.MIRBFKernel;
import weka.core.Instances;
import weka.core.SelectedTag;

/**
 * The fast (CI) piece of the ours-vs-Weka comparison: MUSK1, the 10 folds of {@code sparse-mi
 * compare --seed 1} (first repeat), features scaled on each training part, FIXED
 * hyper-parameters chosen before looking at any fold (the middle of each grid: ours gamma = 0.5/d,
 * C = 10 on standardised features; Weka's gamma = 0.1 and its default C = 1), so that no tuning
 * hides a difference.
 */
class WekaAgreementTest {
    private static final long SEED = 1;
    private static BagDataset musk1;
    private static List<Splits.Split> folds;

    @BeforeAll
    static void load() throws IOException {
        musk1 = CsvBagFormat.read(RealData.file("musk1/musk1.csv"));
        folds = Splits.repeatedStratifiedKFold(musk1.labels(), 10, 1, SEED);
    }

    /** Training and test part of fold f, standardised with the training part's statistics. */
    private static BagDataset[] part(int f) {
        BagDataset tr = musk1.subset(folds.get(f).train());
        FittedScaler s = FeatureScaling.STANDARD.fit(tr);
        return new BagDataset[] {s.apply(tr), s.apply(musk1.subset(folds.get(f).test()))};
    }

    /** The first k bags of class 0 and of class 1, in data order. */
    private static int[] firstOfEachClass(int k) {
        return java.util.stream.IntStream.concat(
                java.util.stream.IntStream.range(0, musk1.size()).filter(i -> musk1.label(i) == 0).limit(k),
                java.util.stream.IntStream.range(0, musk1.size()).filter(i -> musk1.label(i) == 1).limit(k))
                .sorted().toArray();
    }

    private record Agreement(double accuracyA, double accuracyB, double sameFraction) {
    }

    private interface Fitter {
        BagClassifier fit(BagDataset train);
    }

    private static Agreement compare(Fitter a, Fitter b) {
        int okA = 0;
        int okB = 0;
        int same = 0;
        int n = 0;
        for (int f = 0; f < folds.size(); f++) {
            BagDataset[] p = part(f);
            BagClassifier ma = a.fit(p[0]);
            BagClassifier mb = b.fit(p[0]);
            for (int i = 0; i < p[1].size(); i++) {
                int pa = ma.predict(p[1].bag(i));
                int pb = mb.predict(p[1].bag(i));
                okA += pa == p[1].label(i) ? 1 : 0;
                okB += pb == p[1].label(i) ? 1 : 0;
                same += pa == pb ? 1 : 0;
                n++;
            }
        }
        assertThat(n).isEqualTo(92);
        return new Agreement(okA / (double) n, okB / (double) n, same / (double) n);
    }

    /**
     * Same algorithm (Andrews' mi-SVM: Weka's MISVM is mi-SVM), same Gaussian kernel, same C:
     * ours gets the fold min-max scaled on its training part, which is exactly what Weka's own
     * Normalize filter then leaves unchanged (training min 0, max 1), so the two may differ only
     * through their SMO stopping points (ours warm-started, Weka's from scratch) and ties. At gamma
     * 0.1, C = 1 (Weka's default C, the middle of the gamma grid) the instance labels are
     * re-imputed for several rounds in most folds, so the loop is exercised, not only one SVM.
     */
    @Test
    void ourMiSvmAgreesBagByBagWithWekasMisvmOnTheSameKernelAndC() {
        int okOurs = 0;
        int okWeka = 0;
        int same = 0;
        int rounds = 0;
        for (int f = 0; f < folds.size(); f++) {
            BagDataset tr = musk1.subset(folds.get(f).train());
            FittedScaler s = FeatureScaling.MINMAX.fit(tr);
            BagDataset train = s.apply(tr);
            BagDataset test = s.apply(musk1.subset(folds.get(f).test()));
            MiSvmModel ours = MiSvm.fit(train, MiSvmOptions.defaults(MiSvmOptions.Variant.INSTANCE).withGamma(0.1)
                    .withC(1).withMaxRounds(500));
            rounds += ours.rounds()[0];
            BagClassifier weka = WekaMi.fit(WekaMi.Method.MISVM, train, 0.1, 1);
            for (int i = 0; i < test.size(); i++) {
                int p = ours.predict(test.bag(i));
                int q = weka.predict(test.bag(i));
                okOurs += p == test.label(i) ? 1 : 0;
                okWeka += q == test.label(i) ? 1 : 0;
                same += p == q ? 1 : 0;
            }
        }
        String what = "ours " + okOurs + ", Weka " + okWeka + " of 92 correct; same prediction on " + same
                + "; our rounds " + rounds;
        // at least 2 rounds in some folds: more than one SVM per fold on average
        assertThat(rounds).as(what).isGreaterThan(2 * folds.size());
        // 92 test bags over the 10 folds: at most 2 may be predicted differently
        assertThat(same).as(what).isGreaterThanOrEqualTo(90);
        assertThat(Math.abs(okOurs - okWeka)).as(what).isLessThanOrEqualTo(2);
        assertThat(okOurs).as(what).isGreaterThanOrEqualTo(65);
    }

    /**
     * Pins the Weka defect that {@link WekaMi.Features#AS_GIVEN} refuses for MISVM: with MISVM's
     * filter set to "none" its inner SMO still uses its default min-max Normalize filter.
     */
    @Test
    void wekaMisvmsInnerSmoKeepsNormalisingWhenMisvmsFilterIsOff() throws Exception {
        MISVM m = new MISVM();
        RBFKernel k = new RBFKernel();
        k.setGamma(0.1);
        m.setKernel(k);
        m.setFilterType(new SelectedTag(MISVM.FILTER_NONE, MISVM.TAGS_FILTER));
        assertThat(m.getFilterType().getSelectedTag().getID()).isEqualTo(MISVM.FILTER_NONE);
        BagDataset tiny = musk1.subset(firstOfEachClass(4));
        m.buildClassifier(WekaBags.toInstances(tiny));
        Field inner = MISVM.class.getDeclaredField("m_SVM");
        inner.setAccessible(true);
        SMO smo = (SMO) inner.get(m);
        assertThat(smo.getFilterType().getSelectedTag().getID()).isEqualTo(SMO.FILTER_NORMALIZE);
        assertThatThrownBy(() -> WekaMi.fit(WekaMi.Method.MISVM, tiny, 0.1, 1, WekaMi.Features.AS_GIVEN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("normalises anyway");
    }

    /**
     * MI-Kernel (averaged set kernel, our standardised features) against Weka's MISMO (summed
     * MIRBF set kernel, its min-max features): different kernels, the same idea; on MUSK1 each is
     * known to reach about 86-90% (Gärtner et al. 2002: 88.0; issue #4: MISMO 89.1), so on the same
     * 92 test bags they must land within 5 bags of each other, both at least 80%.
     */
    @Test
    void ourMiKernelIsWithinFiveBagsOfWekasMismoOnTheSameFolds() {
        Agreement r = compare(
                tr -> MiKernel.fit(tr, MiKernelOptions.defaults().withGamma(0.5 / tr.dim()).withC(10)),
                tr -> WekaMi.fit(WekaMi.Method.MISMO, tr, 0.1, 1));
        assertThat(Math.abs(r.accuracyA() - r.accuracyB())).as("%s", r).isLessThanOrEqualTo(5.0 / 92);
        assertThat(r.accuracyA()).as("%s", r).isGreaterThanOrEqualTo(0.80);
        assertThat(r.accuracyB()).as("%s", r).isGreaterThanOrEqualTo(0.80);
    }

    /**
     * Weka's min-max normalisation undoes any per-feature positive affine map, so MISMO trained on
     * the raw fold and on the standardised fold predicts the same (the comparison feeds it the
     * standardised parts, like ours).
     */
    @Test
    void wekaMismoPredictsTheSameFromRawAndFromStandardisedFeatures() {
        for (int f = 0; f < 3; f++) {
            BagDataset rawTrain = musk1.subset(folds.get(f).train());
            BagDataset rawTest = musk1.subset(folds.get(f).test());
            BagDataset[] p = part(f);
            BagClassifier raw = WekaMi.fit(WekaMi.Method.MISMO, rawTrain, 0.1, 1);
            BagClassifier std = WekaMi.fit(WekaMi.Method.MISMO, p[0], 0.1, 1);
            for (int i = 0; i < rawTest.size(); i++) {
                assertThat(std.predict(p[1].bag(i))).as("fold %d bag %s", f, rawTest.bag(i).id())
                        .isEqualTo(raw.predict(rawTest.bag(i)));
            }
        }
    }

    /**
     * Weka defect pinned: MIRBFKernel's dot products (CachedKernel.dotProd) skip the attribute
     * whose index is the class index of the OUTER multi-instance data set (bag id 0, bag 1, class
     * 2), so inside a bag the third feature never enters the kernel. Two one-instance bags
     * differing by 1 in feature index 2 get k = exp(0) = 1 (as if equal); differing by 1 in feature
     * index 1 they get exp(-gamma * 1^2) = exp(-0.5) = 0.6065 at gamma 0.5.
     */
    @Test
    void wekaMirbfKernelIgnoresTheThirdFeatureOfEveryInstance() throws Exception {
        BagDataset d = BagDataset.binary(List.of(
                new Bag("a", List.of(DenseVec.of(0, 0, 0, 0))),
                new Bag("b", List.of(DenseVec.of(0, 0, 1, 0))),
                new Bag("c", List.of(DenseVec.of(0, 1, 0, 0)))), new double[] {1, -1, -1});
        Instances data = WekaBags.toInstances(d);
        MIRBFKernel k = new MIRBFKernel();
        k.setGamma(0.5);
        k.buildKernel(data);
        assertThat(k.eval(0, 1, data.instance(0))).isEqualTo(1.0);
        assertThat(k.eval(0, 2, data.instance(0))).isCloseTo(Math.exp(-0.5), within(1e-12));
    }

    /**
     * What Weka's MISMO (MIRBFKernel, C = 1, its default Normalize) computes, found by making ours
     * predict like it: our MI-Kernel with the SUMMED set kernel on min-max features (the training
     * part's map) with the third feature zeroed (the defect above) and C = N/B, the training part's
     * mean bag size — MISMO's MultiInstanceToPropositional gives each instance the weight
     * N / (B |bag|), so each bag comes back with weight N/B, and weka 3.8.0's BinaryMISMO bounds
     * alpha_i by C * weight_i. On Fox (where the boundary is crowded), gamma = 1 (what MISMO's inner CV
     * picks in most Fox folds), the first five folds of seed 1: ours and MISMO predict every test
     * bag alike, while leaving out either correction changes some predictions.
     */
    @Test
    void wekaMismoIsOurSummedMiKernelOnMinMaxWithoutTheThirdFeatureAndCTimesMeanBagSize() throws Exception {
        BagDataset fox = CsvBagFormat.read(RealData.file("fox/fox.csv"));
        List<Splits.Split> foxFolds = Splits.repeatedStratifiedKFold(fox.labels(), 10, 1, SEED);
        int n = 0;
        int same = 0;
        int sameWithCOne = 0;
        int sameWithThirdFeature = 0;
        for (int f = 0; f < 5; f++) {
            BagDataset tr = fox.subset(foxFolds.get(f).train());
            BagDataset te = fox.subset(foxFolds.get(f).test());
            MISMO weka = new MISMO();
            MIRBFKernel k = new MIRBFKernel();
            k.setGamma(1);
            weka.setKernel(k);
            weka.setC(1);
            Instances data = WekaBags.toInstances(tr);
            weka.buildClassifier(data);
            Instances header = new Instances(data, 0);
            FittedScaler mm = FeatureScaling.MINMAX.fit(tr);
            double meanBagSize = tr.instanceCount() / (double) tr.size();
            MiKernelOptions summed = MiKernelOptions.defaults().withGamma(1).withForm(MiKernelOptions.Form.SUMMED);
            BagClassifier ours = MiKernel.fit(withoutThirdFeature(mm.apply(tr)), summed.withC(meanBagSize));
            BagClassifier oursCOne = MiKernel.fit(withoutThirdFeature(mm.apply(tr)), summed.withC(1));
            BagClassifier oursThird = MiKernel.fit(mm.apply(tr), summed.withC(meanBagSize));
            BagDataset teScaled = mm.apply(te);
            BagDataset teDropped = withoutThirdFeature(teScaled);
            for (int i = 0; i < te.size(); i++) {
                double[] dist = weka.distributionForInstance(WekaBags.single(header, te.bag(i)));
                int w = dist[1] > dist[0] ? 1 : 0;
                same += ours.predict(teDropped.bag(i)) == w ? 1 : 0;
                sameWithCOne += oursCOne.predict(teDropped.bag(i)) == w ? 1 : 0;
                sameWithThirdFeature += oursThird.predict(teScaled.bag(i)) == w ? 1 : 0;
                n++;
            }
        }
        assertThat(n).isEqualTo(100);
        assertThat(same).isEqualTo(n);
        assertThat(sameWithCOne).isLessThan(n);
        assertThat(sameWithThirdFeature).isLessThan(n);
    }

    /** The bags with feature index 2 set to 0 in every instance. */
    private static BagDataset withoutThirdFeature(BagDataset d) {
        List<Bag> out = new ArrayList<>(d.size());
        for (Bag b : d.bags()) {
            List<Vec> xs = new ArrayList<>(b.size());
            for (Vec v : b.instances()) {
                double[] x = new double[d.dim()];
                v.addTo(x, 1.0);
                x[2] = 0;
                xs.add(DenseVec.wrap(x));
            }
            out.add(new Bag(b.id(), xs));
        }
        return d.withBags(out);
    }
}
