package dev.kernelkit.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.LibsvmFormat;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.eval.Evaluation;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.io.Models;
import dev.kernelkit.kernel.GaussianKernel;
import dev.kernelkit.learn.Learners;
import dev.kernelkit.learn.Model;
import dev.kernelkit.learn.ScaledModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.svm.Svm;
import dev.kernelkit.svm.SvmOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code of README's "Using kernelkit as a library" section, run as it is printed there (between
 * the BEGIN and END lines) on a two-moons file, so the README example cannot rot.
 */
class ReadmeLibraryExampleTest {

    @Test
    void theReadmeLibraryExampleRunsAndSavesAModelThatLoadsBack(@TempDir Path dir) throws Exception {
        LibsvmFormat.write(SyntheticData.twoMoons(300, 0.15, 1), dir.resolve("moons.libsvm"));
        Path file = dir.resolve("moons.libsvm");
        Path modelFile = dir.resolve("moons.model");
        // BEGIN README
        LabeledDataset data = LibsvmFormat.read(file);
        Trainer<Vec, ScaledModel<Vec>> trainer = ScaledModel.trainer(FeatureScaling.STANDARD,
                Svm.trainer(SvmOptions.of(new GaussianKernel(0.5)).withC(10)));
        ScaledModel<Vec> model = trainer.fit(data, p -> System.err.println(p));  // one progress listener
        System.out.println(model.report());          // learner, options, iterations, converged, seconds
        Models.save(model, modelFile);                // one entry point for every model type
        Model<?> loaded = Models.loadClassifier(modelFile);      // the file's type picks the reader
        System.out.println(loaded.classNames() + " " + model.predictName(data.x(0)));
        Evaluation cv = ModelSelection.crossValidation(Resampling.stratifiedKFold(10, 3, 1), trainer).run(data);
        System.out.println(cv.summary() + " over folds, " + cv.repeatSummary() + " over repeats");
        // any learner of any module, by name, with its paper's defaults:
        System.out.println(Learners.vectors("sm1").trainer(data, 1).fit(data).report());
        // END README
        @SuppressWarnings("unchecked")
        Model<Vec> back = (Model<Vec>) loaded;
        for (Vec x : data.points()) {
            assertThat(back.decisions(x)).containsExactly(model.decisions(x));
        }
        assertThat(cv.summary().mean()).isGreaterThan(0.9);
    }
}
