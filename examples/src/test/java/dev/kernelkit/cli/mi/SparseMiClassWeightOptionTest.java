package dev.kernelkit.cli.mi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kernelkit.cli.Main;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.CsvBagFormat;
import dev.kernelkit.data.synthetic.SyntheticData;
import dev.kernelkit.io.Models;
import dev.kernelkit.learn.FittedModel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sparse-mi train --class-weight}: the weights reach the fit (the model file's options line names them, and
 * the balanced model differs from the unweighted one), and a bad value is one error line naming the option.
 */
class SparseMiClassWeightOptionTest {
    @TempDir
    Path dir;

    private int run(StringWriter err, String... args) {
        return Main.run(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), args);
    }

    @Test
    void classWeightReachesTheModelFileAndABadOneIsOneLine() throws Exception {
        BagDataset d = SyntheticData.muskLikeBags(6, 24, 150, 4, 5);
        Path data = dir.resolve("bags.csv");
        CsvBagFormat.write(d, data);
        Path weighted = dir.resolve("w.model");
        Path plain = dir.resolve("p.model");
        StringWriter err = new StringWriter();
        String[] common = {"sparse-mi", "train", "--data", data.toString(), "--xv", "3", "--gamma", "0.5", "--c", "1",
            "--iterations", "3"};
        String[] a = java.util.Arrays.copyOf(common, common.length + 4);
        a[common.length] = "--class-weight";
        a[common.length + 1] = "balanced";
        a[common.length + 2] = "--model";
        a[common.length + 3] = weighted.toString();
        assertThat(run(err, a)).as(err.toString()).isZero();
        String[] b = java.util.Arrays.copyOf(common, common.length + 2);
        b[common.length] = "--model";
        b[common.length + 1] = plain.toString();
        assertThat(run(err, b)).as(err.toString()).isZero();
        FittedModel<?> w = Models.load(weighted);
        FittedModel<?> p = Models.load(plain);
        assertThat(w.report().options()).contains("classWeights=balanced");
        assertThat(p.report().options()).doesNotContain("classWeights");
        assertThat(((dev.kernelkit.mi.SparseMiModel) w).decisions(d.bag(0)))
                .isNotEqualTo(((dev.kernelkit.mi.SparseMiModel) p).decisions(d.bag(0)));

        StringWriter bad = new StringWriter();
        String[] c = java.util.Arrays.copyOf(common, common.length + 4);
        c[common.length] = "--class-weight";
        c[common.length + 1] = "pos=0";
        c[common.length + 2] = "--model";
        c[common.length + 3] = dir.resolve("bad.model").toString();
        assertThat(run(bad, c)).isEqualTo(1);
        assertThat(bad.toString().strip().lines()).hasSize(1);
        assertThat(bad.toString()).contains("--class-weight: class weights: weight of class 'pos' must be finite and > 0");
        assertThat(dir.resolve("bad.model")).doesNotExist();
    }
}
