package dev.kernelkit.eval;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FitReport;
import dev.kernelkit.data.InputKind;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmOptions;
import java.util.Arrays;
import java.util.List;

/** Small learners of the contract for the harness tests. */
final class TestLearners {

    private TestLearners() {
    }

    /** The Gaussian SVM of the kernels module. */
    static Trainer<Vec, ? extends Model<Vec>> svm(double gamma, double c) {
        return Svm.trainer(SvmOptions.of(new GaussianKernel(gamma)).withC(c));
    }

    /** The SVM fitted on the first {@code n} examples of its training data only (a stand-in for a model-size option). */
    static Trainer<Vec, Model<Vec>> svmOnFirst(double gamma, double c, int n) {
        record Options(double gamma, double c, int n) {
        }
        Trainer<Vec, ? extends Model<Vec>> inner = svm(gamma, c);
        return Trainers.of("svm-first-n", InputKind.VECTORS, Task.CLASSIFICATION, new Options(gamma, c, n),
                (data, listener) -> {
                    int m = Math.min(n, data.size());
                    int[] idx = new int[m];
                    for (int i = 0; i < m; i++) {
                        idx[i] = i;
                    }
                    LabeledDataset first = LabeledDataset.of(data.subset(idx));
                    return inner.fit(first.classCount() < 2 ? data : first); // keep both classes
                });
    }

    /** Options of {@link #centroid}: squared distances are scaled by {@code shrink} toward the overall mean. */
    record CentroidOptions(double shrink) {
    }

    /**
     * Nearest class centroid of the bags' mean instances (a small, deterministic bag classifier):
     * class centroids m_c are pulled toward the overall mean by {@code shrink}; decisions are
     * -||mean(bag) - m_c||^2 per class ({f = d_0 - d_1} for two classes).
     */
    static Trainer<Bag, Model<Bag>> centroid(double shrink) {
        CentroidOptions o = new CentroidOptions(shrink);
        return Trainers.of("bag-centroid", InputKind.BAGS, Task.CLASSIFICATION, o, (data, listener) -> {
            int k = data.classCount();
            int d = data.dim();
            double[][] sum = new double[k][d];
            double[] all = new double[d];
            int[] count = new int[k];
            for (int i = 0; i < data.size(); i++) {
                double[] m = mean(data.x(i));
                int c = data.classIndex(i);
                count[c]++;
                for (int j = 0; j < d; j++) {
                    sum[c][j] += m[j];
                    all[j] += m[j];
                }
            }
            double[][] centre = new double[k][d];
            for (int c = 0; c < k; c++) {
                for (int j = 0; j < d; j++) {
                    double mc = count[c] == 0 ? all[j] / data.size() : sum[c][j] / count[c];
                    centre[c][j] = (1 - shrink) * mc + shrink * all[j] / data.size();
                }
            }
            return new CentroidModel(centre, data.classNames(), d, FitReport.of("bag-centroid", o, 0, 0));
        });
    }

    static double[] mean(Bag b) {
        double[] m = new double[b.dim()];
        for (Vec v : b.instances()) {
            double[] x = v.toArray();
            for (int j = 0; j < m.length; j++) {
                m[j] += x[j] / b.size();
            }
        }
        return m;
    }

    record CentroidModel(double[][] centre, List<String> classNames, int dim, FitReport report) implements Model<Bag> {
        @Override
        public int predict(Bag x) {
            return Model.classOf(decisions(x));
        }

        @Override
        public double[] decisions(Bag x) {
            double[] m = mean(x);
            double[] f = new double[centre.length];
            for (int c = 0; c < f.length; c++) {
                double s = 0;
                for (int j = 0; j < m.length; j++) {
                    s += (m[j] - centre[c][j]) * (m[j] - centre[c][j]);
                }
                f[c] = -s;
            }
            return f.length == 2 ? new double[] {f[1] - f[0]} : f;
        }

        @Override
        public InputKind input() {
            return InputKind.BAGS;
        }

        @Override
        public String toString() {
            return "CentroidModel" + Arrays.deepToString(centre);
        }
    }
}
