package dev.kernelkit.it.weka;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.util.Stopwatch;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.mi.BagClassifier;
import dev.kernelkit.mi.MiProtocol;
import java.lang.reflect.Field;
import java.util.List;
import weka.classifiers.Classifier;
import weka.classifiers.functions.SMO;
import weka.classifiers.functions.supportVector.RBFKernel;
import weka.classifiers.functions.supportVector.SMOset;
import weka.classifiers.mi.MISMO;
import weka.classifiers.mi.MISVM;
import weka.classifiers.mi.supportVector.MIRBFKernel;
import weka.core.Instances;
import weka.core.SelectedTag;

/**
 * Weka's multi-instance SVMs (package {@code multiInstanceLearning} 1.0.7 on weka-stable 3.8.0)
 * behind our {@link BagClassifier} face, so that {@link MiProtocol} runs them on exactly
 * the folds, inner folds and standardised features it gives our learners.
 *
 * <ul>
 *   <li>{@link Method#MISMO}: Weka's {@code MISMO} with {@code MIRBFKernel}, the <em>summed</em>
 *       set kernel k(X, Y) = &Sigma;<sub>p,q</sub> exp(-&gamma;||x_p - y_q||&sup2;) (ours,
 *       MI-Kernel, averages it by 1/(|X||Y|)), SMO on bags.</li>
 *   <li>{@link Method#MISVM}: Weka's {@code MISVM} with {@code RBFKernel}: Andrews et al.'s
 *       <em>mi-SVM</em> heuristic (instance labels of positive bags imputed from the sign of f, at
 *       least one positive per bag, SMO retrained from scratch until no label changes, at most 500
 *       rounds) despite its name; a bag is positive when any instance has f &gt; 0.</li>
 * </ul>
 * Both are configured through setters only (weka 3.8.0's option-string parser breaks on Java 17):
 * C, gamma, and otherwise Weka's defaults, including its own per-training-set min-max
 * {@code Normalize} filter. Min-max normalisation is invariant under the per-feature positive
 * affine map of our standardisation, so Weka sees the same normalised features whether it gets the
 * raw or the standardised parts. Weka's RNG seeds are its defaults (1), fixed.
 */
public final class WekaMi {

    /** The two Weka classifiers compared. */
    public enum Method {
        /** MISMO + MIRBFKernel. */
        MISMO,
        /** MISVM + RBFKernel (the mi-SVM heuristic). */
        MISVM
    }

    /** What Weka does to the features before its kernel. */
    public enum Features {
        /** Weka's default: min-max {@code Normalize} fitted on the training set (the comparison). */
        WEKA_NORMALIZE,
        /**
         * Weka's {@code FILTER_NONE}: the kernel sees the features as given. MISMO only: Weka's
         * MISVM cannot switch its inner SMO's filter off (it passes {@code MISVM.TAGS_FILTER} to
         * {@code SMO.setFilterType}, which ignores tags other than its own array), so that SMO
         * still min-max normalises the training instances while MISVM evaluates it on raw ones.
         */
        AS_GIVEN
    }

    private WekaMi() {
    }

    /**
     * The method's trainers for the protocol's (gamma, C) (learner {@code weka-mismo} or
     * {@code weka-misvm}); not safe to run concurrently: give the protocol {@code withThreads(1)}.
     */
    public static MiProtocol.Factory learner(Method method) {
        return MiProtocol.factory("weka-" + method.name().toLowerCase(java.util.Locale.ROOT),
                (train, gamma, c) -> fit(method, train, gamma, c));
    }

    /**
     * Trains the Weka classifier on {@code train}.
     *
     * @throws IllegalArgumentException for gamma or c not &gt; 0, or data that is not binary
     * @throws IllegalStateException when Weka throws while training
     */
    public static Model fit(Method method, BagDataset train, double gamma, double c) {
        return fit(method, train, gamma, c, Features.WEKA_NORMALIZE);
    }

    /**
     * Trains the Weka classifier on {@code train} with the given feature handling.
     *
     * @throws IllegalArgumentException for gamma or c not &gt; 0, or data that is not binary
     * @throws IllegalStateException when Weka throws while training
     */
    public static Model fit(Method method, BagDataset train, double gamma, double c, Features features) {
        if (!(gamma > 0)) {
            throw new IllegalArgumentException("gamma must be > 0, got " + gamma);
        }
        if (!(c > 0)) {
            throw new IllegalArgumentException("c must be > 0, got " + c);
        }
        if (method == Method.MISVM && features == Features.AS_GIVEN) {
            throw new IllegalArgumentException("Weka's MISVM cannot train on features as given: its inner SMO "
                    + "min-max normalises anyway (see Features.AS_GIVEN)");
        }
        if (!train.isBinary()) {
            throw new IllegalArgumentException("Weka's MISVM is binary only; the comparison needs classes "
                    + BagDataset.BINARY_CLASSES + ", got " + train.classNames());
        }
        Instances data = WekaBags.toInstances(train);
        Classifier classifier = switch (method) {
            case MISMO -> {
                MISMO m = new MISMO();
                MIRBFKernel k = new MIRBFKernel();
                k.setGamma(gamma);
                m.setKernel(k);
                m.setC(c);
                m.setFilterType(new SelectedTag(filter(features), MISMO.TAGS_FILTER));
                yield m;
            }
            case MISVM -> {
                MISVM m = new MISVM();
                RBFKernel k = new RBFKernel();
                k.setGamma(gamma);
                m.setKernel(k);
                m.setC(c);
                m.setFilterType(new SelectedTag(filter(features), MISVM.TAGS_FILTER));
                yield m;
            }
        };
        Stopwatch clock = Stopwatch.start();
        try {
            classifier.buildClassifier(data);
        } catch (Exception e) {
            throw new IllegalStateException("Weka " + method + " failed to train on " + train.size() + " bags (gamma "
                    + gamma + ", C " + c + "): " + e, e);
        }
        FitReport report = FitReport.of("weka-" + method.name().toLowerCase(java.util.Locale.ROOT),
                "gamma=" + gamma + ", C=" + c + ", features=" + features, 0, clock.elapsedSeconds());
        return new Model(method, classifier, new Instances(data, 0), train.classNames(), train.dim(), report);
    }

    /** Weka's filter tag (MISMO and MISVM use the same ids: 0 normalise, 2 none). */
    private static int filter(Features features) {
        return features == Features.WEKA_NORMALIZE ? MISVM.FILTER_NORMALIZE : MISVM.FILTER_NONE;
    }

    /**
     * A trained Weka classifier that predicts our bags. Its decision values come from Weka's class
     * distribution p: {p_1 - p_0} for two classes, p itself for more, so that {@link #predict} (the
     * first class of largest p) is their {@code Model.classOf}. Not thread-safe (Weka's models are
     * not); has no model file.
     */
    public static final class Model implements BagClassifier {
        private final Method method;
        private final Classifier classifier;
        private final Instances header;
        private final List<String> classNames;
        private final int dim;
        private final FitReport report;

        Model(Method method, Classifier classifier, Instances header, List<String> classNames, int dim,
              FitReport report) {
            this.method = method;
            this.classifier = classifier;
            this.header = header;
            this.classNames = List.copyOf(classNames);
            this.dim = dim;
            this.report = report;
        }

        /** Weka's predicted class index, which is our class index (same class order). */
        @Override
        public int predict(Bag bag) {
            double[] dist = distribution(bag);
            int best = 0;
            for (int k = 1; k < dist.length; k++) {
                if (dist[k] > dist[best]) {
                    best = k;
                }
            }
            if (best >= classNames.size()) {
                throw new IllegalStateException("Weka predicted class " + best + " of " + classNames.size());
            }
            return best;
        }

        @Override
        public double[] decisions(Bag bag) {
            double[] dist = distribution(bag);
            return dist.length == 2 ? new double[] {dist[1] - dist[0]} : dist;
        }

        private double[] distribution(Bag bag) {
            try {
                return classifier.distributionForInstance(WekaBags.single(header, bag));
            } catch (Exception e) {
                throw new IllegalStateException("Weka " + method + " failed to predict bag " + bag.id() + ": " + e, e);
            }
        }

        @Override
        public List<String> classNames() {
            return classNames;
        }

        @Override
        public FitReport report() {
            return report;
        }

        @Override
        public int dim() {
            return dim;
        }

        /**
         * Support vectors the prediction evaluates a kernel against: MISMO's support bags' instances
         * (MIRBFKernel sums over every instance pair), MISVM's support instances. Read from Weka's
         * protected fields by reflection.
         */
        @Override
        public int kernelEvaluationsPerInstance() {
            try {
                if (classifier instanceof MISMO m) {
                    Object binary = ((Object[][]) field(MISMO.class, "m_classifiers").get(m))[0][1];
                    SMOset sv = (SMOset) field(binary.getClass(), "m_supportVectors").get(binary);
                    Instances d = (Instances) field(binary.getClass(), "m_data").get(binary);
                    int n = 0;
                    for (int i = sv.getNext(-1); i != -1; i = sv.getNext(i)) {
                        n += d.instance(i).relationalValue(1).numInstances();
                    }
                    return n;
                }
                SMO smo = (SMO) field(MISVM.class, "m_SVM").get(classifier);
                Object binary = ((Object[][]) field(SMO.class, "m_classifiers").get(smo))[0][1];
                return ((SMOset) field(binary.getClass(), "m_supportVectors").get(binary)).numElements();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read Weka " + method + "'s support vectors: " + e, e);
            }
        }

        private static Field field(Class<?> type, String name) throws NoSuchFieldException {
            for (Class<?> t = type; t != null; t = t.getSuperclass()) {
                try {
                    Field f = t.getDeclaredField(name);
                    f.setAccessible(true);
                    return f;
                } catch (NoSuchFieldException ignored) {
                    // look in the superclass
                }
            }
            throw new NoSuchFieldException(type.getName() + "." + name);
        }
    }
}
