package dev.kernelkit.examples;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Dimension;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.OuterFold;
import dev.kernelkit.eval.Preprocessing;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A plain SVM through the learner contract, the pattern every learner of kernelkit follows: an options record, a
 * {@link Trainer} (here the Gaussian SVM behind a standardisation fitted on the training data), {@code fit} to an
 * immutable model, one model-file entry point ({@link Models#save} / {@link Models#loadClassifier}, the file's
 * type picks the reader), predictions from the loaded model; then cross-validation of the same trainer and a
 * nested cross-validation that tunes gamma and C on the training parts only, both on the one harness
 * {@link ModelSelection}. Run with
 * {@code java -cp examples/target/kernelkit.jar dev.kernelkit.examples.SvmExample [MODEL_FILE]} (without an
 * argument the model goes to a temporary file, deleted at the end).
 */
public final class SvmExample {
    private SvmExample() {
    }

    /**
     * The loaded model's test accuracy, the largest difference between the decision values of the model in memory
     * and of the one read back, the learner named in the file, and the two cross-validations.
     */
    public record Result(double testAccuracy, double reloadDifference, String loadedLearner, Evaluation crossValidation,
                         Evaluation nested) {
    }

    public static void main(String[] args) throws IOException {
        Path file = args.length == 1 ? Path.of(args[0]) : Files.createTempFile("svm-example", ".model");
        try {
            Result r = run(300, file, 1);
            System.out.printf("model file %s: learner %s; decisions after loading differ by at most %.1e%n", file,
                    r.loadedLearner(), r.reloadDifference());
            System.out.printf("test accuracy of the loaded model: %.4f%n", r.testAccuracy());
            System.out.println("5-fold CV x 2 (gamma 0.5, C 10): " + r.crossValidation().summary() + " over folds");
            System.out.println("nested 5-fold CV, gamma x C by inner 3-fold CV: " + r.nested().summary() + " over folds");
            for (OuterFold f : r.nested().folds()) {
                System.out.printf("  fold %d: chose %s, accuracy %.4f%n", f.index(), f.chosen(), f.score());
            }
        } finally {
            if (args.length == 0) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Trains on {@code n} two-moons points, saves to and loads from {@code modelFile}, scores {@code n} fresh ones. */
    public static Result run(int n, Path modelFile, long seed) throws IOException {
        // 1. Data: two interleaved half circles with noise 0.2 (seeded); a fresh test set.
        LabeledDataset train = SyntheticData.twoMoons(n, 0.2, seed);
        LabeledDataset test = SyntheticData.twoMoons(n, 0.2, seed + 1);

        // 2. The trainer: standardise (fitted on the training data only), then a C-SVM with the Gaussian
        //    exp(-0.5 ||x - z||^2) at C = 10, solved by SMO.
        Trainer<Vec, ScaledModel<Vec>> trainer = ScaledModel.trainer(FeatureScaling.STANDARD,
                Svm.trainer(SvmOptions.of(new GaussianKernel(0.5)).withC(10)));

        // 3. Fit, save, load: the file stores the learner's type, options, scaler and support vectors.
        ScaledModel<Vec> model = trainer.fit(train);
        Models.save(model, modelFile);
        @SuppressWarnings("unchecked")
        Model<Vec> loaded = (Model<Vec>) Models.loadClassifier(modelFile);

        // 4. Predict with the loaded model; it gives the same decision values as the one in memory.
        double difference = 0;
        for (Vec x : test.points()) {
            difference = Math.max(difference, Math.abs(loaded.decisions(x)[0] - model.decisions(x)[0]));
        }
        double accuracy = Metrics.accuracy(loaded, test);

        // 5. Cross-validation of the same trainer: 5 stratified folds, repeated twice.
        Evaluation cv = ModelSelection.crossValidation(Resampling.stratifiedKFold(5, 2, seed), trainer).run(train);

        // 6. Nested cross-validation: on every outer training part, standardise, then choose gamma and C by an
        //    inner stratified 3-fold CV (summed correct predictions, ties to the earlier grid point), refit the
        //    choice on the whole part and score it on the outer test part it never saw.
        Grid<Vec> grid = Grid.of(p -> Svm.trainer(SvmOptions.of(new GaussianKernel(p.number("gamma")))
                        .withC(p.number("C"))),
                Dimension.of("gamma", 0.1, 0.5, 2.0), Dimension.of("C", 1, 10, 100));
        Evaluation nested = ModelSelection.of(Resampling.stratifiedKFold(5, 1, seed), grid,
                        InnerSplits.stratifiedKFold(3, SeedRule.affine(seed + 7919, 7919)))
                .withPreprocessing(Preprocessing.scaling(FeatureScaling.STANDARD))
                .run(train);

        return new Result(accuracy, difference, loaded.report().learner(), cv, nested);
    }
}
