package dev.kernelkit.cvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kernelkit.data.DenseVec;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.kernel.GaussianKernel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CvmModelFilesTest {
    @TempDir
    Path dir;

    @Test
    void classifierRoundTripGivesIdenticalDecisions() throws IOException {
        LabeledDataset d = SyntheticData.twoMoons(150, 0.2, 4);
        CvmModel m = CoreVectorMachine.fit(d, CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-4));
        Path f = dir.resolve("m.model");
        CvmModelFiles.save(m, f);
        CvmModel back = CvmModelFiles.loadCvm(f);
        assertThat(back.classes()).containsExactly(m.classes());
        assertThat(back.coreVectorCount()).isEqualTo(m.coreVectorCount());
        assertThat(back.machines().get(0).rho()).isEqualTo(m.machines().get(0).rho());
        for (int i = 0; i < d.size(); i++) {
            assertThat(back.decision(d.x(i))).isEqualTo(m.decision(d.x(i)));
        }
    }

    @Test
    void multiClassRegressionAndOneClassRoundTrip() throws IOException {
        List<Vec> x = new ArrayList<>();
        double[] y = new double[60];
        for (int i = 0; i < 60; i++) {
            x.add(DenseVec.of(i % 3 + 0.01 * i, (i % 3) * 0.5 - 0.02 * i));
            y[i] = i % 3;
        }
        LabeledDataset d = new LabeledDataset(x, y);
        CvmModel m = CoreVectorMachine.fit(d, CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-3)
                .withMultiClass(CvmOptions.MultiClass.ONE_VS_ONE));
        Path f = dir.resolve("mc.model");
        CvmModelFiles.save(m, f);
        CvmModel back = CvmModelFiles.loadCvm(f);
        for (Vec p : x) {
            assertThat(back.decisions(p)).containsExactly(m.decisions(p));
            assertThat(back.predict(p)).isEqualTo(m.predict(p));
        }
        CvrModel r = CoreVectorRegression.fit(d, new CvrOptions(new GaussianKernel(1.0), 10, 0.5, CoreSetOptions.jmlr(1e-3)));
        CvmModelFiles.save(r, dir.resolve("r.model"));
        CvrModel rb = CvmModelFiles.loadCvr(dir.resolve("r.model"));
        OneClassCvmModel o = OneClassCvm.fit(x, new GaussianKernel(1.0), 5, CoreSetOptions.jmlr(1e-3));
        CvmModelFiles.save(o, dir.resolve("o.model"));
        OneClassCvmModel ob = CvmModelFiles.loadOneClass(dir.resolve("o.model"));
        for (Vec p : x) {
            assertThat(rb.predict(p)).isEqualTo(r.predict(p));
            assertThat(ob.decision(p)).isEqualTo(o.decision(p));
        }
        assertThatThrownBy(() -> CvmModelFiles.loadCvm(dir.resolve("r.model")))
                .hasMessageContaining("expected a model of type 'cvm', found 'cvr'");
    }

    @Test
    void storedScalerRoundTripsAndIsAbsentWhenNotGiven() throws IOException {
        List<Vec> x = List.of(DenseVec.of(1, 100), DenseVec.of(3, 300), DenseVec.of(2, 1000), DenseVec.of(5, 0));
        LabeledDataset d = new LabeledDataset(x, new double[] {1, -1, 1, -1});
        FittedScaler scaler = FeatureScaling.LOG1P_MINMAX.fit(d);
        CvmModel m = CoreVectorMachine.fit(scaler.apply(d), CvmOptions.jmlr(new GaussianKernel(1.0), 10, 1e-3));
        Path with = dir.resolve("scaled.model");
        CvmModelFiles.save(m, scaler, with);
        FittedScaler back = CvmModelFiles.loadScaler(with).orElseThrow();
        assertThat(back.kind()).isEqualTo(FeatureScaling.LOG1P_MINMAX);
        // log1p-minmax on feature 1: log1p(x) over the training range [log1p(0), log1p(1000)];
        // the raw point (2, 1000) therefore maps to second coordinate exactly 1.
        assertThat(back.apply(DenseVec.of(2, 1000)).get(1)).isEqualTo(1.0);
        for (Vec p : x) {
            assertThat(back.apply(p).get(0)).isEqualTo(scaler.apply(p).get(0));
            assertThat(back.apply(p).get(1)).isEqualTo(scaler.apply(p).get(1));
        }
        Path without = dir.resolve("raw.model");
        CvmModelFiles.save(m, without);
        assertThat(CvmModelFiles.loadScaler(without)).isEmpty();
        OneClassCvmModel o = OneClassCvm.fit(scaler.apply(d).points(), new GaussianKernel(1.0), 5, CoreSetOptions.jmlr(1e-3));
        CvmModelFiles.save(o, scaler, dir.resolve("o.model"));
        assertThat(CvmModelFiles.loadScaler(dir.resolve("o.model")).orElseThrow().offsets()).containsExactly(scaler.offsets());
    }
}
