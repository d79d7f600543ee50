package dev.kernelkit.svm;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.kernel.GammaHeuristic;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.InputKind;
import dev.kernelkit.learn.Learner;
import dev.kernelkit.learn.LearnerCatalog;
import dev.kernelkit.learn.Task;
import dev.kernelkit.learn.Trainer;
import java.util.ArrayList;
import java.util.List;

/**
 * The learners of the kernels module: the SVM with a Gaussian kernel, hinge ({@code svm}) and
 * squared hinge ({@code l2-svm}). Defaults: C = 1 and gamma = g0 ({@link GammaHeuristic#scale});
 * grid: C in {0.1, 1, 10, 100} x gamma in g0 * {1/16, 1/4, 1, 4, 16}.
 */
public final class SvmCatalog implements LearnerCatalog {
    /** The C grid of the default tuning grid. */
    public static final List<Double> C_GRID = List.of(0.1, 1.0, 10.0, 100.0);

    @Override
    public List<Learner<?>> learners() {
        return List.of(new SvmLearner(SvmLoss.HINGE), new SvmLearner(SvmLoss.SQUARED_HINGE));
    }

    private record SvmLearner(SvmLoss loss) implements Learner<Vec> {
        @Override
        public String name() {
            return loss == SvmLoss.HINGE ? Svm.NAME : Svm.NAME_L2;
        }

        @Override
        public String description() {
            return loss == SvmLoss.HINGE ? "C-SVC with a Gaussian kernel, our SMO solver (one-vs-rest for 3+ classes)"
                    : "L2-SVM (squared hinge) with a Gaussian kernel, our SMO solver";
        }

        @Override
        public InputKind input() {
            return InputKind.VECTORS;
        }

        @Override
        public Task task() {
            return Task.CLASSIFICATION;
        }

        @Override
        public Trainer<Vec, ? extends FittedModel<Vec>> trainer(Dataset<Vec> training, long seed) {
            double gamma = GammaHeuristic.roundTo4Digits(GammaHeuristic.scale(LabeledDataset.of(training).points()));
            return Svm.trainer(SvmOptions.of(new GaussianKernel(gamma)).withLoss(loss));
        }

        @Override
        public List<Trainer<Vec, ? extends FittedModel<Vec>>> grid(Dataset<Vec> training, long seed) {
            List<Trainer<Vec, ? extends FittedModel<Vec>>> out = new ArrayList<>();
            for (double gamma : GammaHeuristic.grid(LabeledDataset.of(training).points())) {
                for (double c : C_GRID) {
                    out.add(Svm.trainer(SvmOptions.of(new GaussianKernel(gamma)).withC(c).withLoss(loss)));
                }
            }
            return out;
        }
    }
}
