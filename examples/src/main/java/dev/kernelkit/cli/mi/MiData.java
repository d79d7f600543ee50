package dev.kernelkit.cli.mi;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.FeatureScaling;
import dev.kernelkit.data.FittedScaler;
import dev.kernelkit.data.Splits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The bag sets the sparse-mi train and bench commands derive from a file: replicated bags, the first fold's parts. */
final class MiData {
    private MiData() {
    }

    /** Every bag k times (ids suffixed #r), labels kept. */
    static BagDataset replicated(BagDataset d, int k) {
        if (k == 1) {
            return d;
        }
        List<Bag> bags = new ArrayList<>();
        int[] labels = new int[d.size() * k];
        for (int r = 0; r < k; r++) {
            for (int i = 0; i < d.size(); i++) {
                bags.add(new Bag(d.bag(i).id() + "#" + r, d.bag(i).instances()));
                labels[r * d.size() + i] = d.label(i);
            }
        }
        return new BagDataset(bags, d.classNames(), labels);
    }

    /**
     * The first fold of a stratified 10-fold split over bags, standardised on its training part:
     * {training part, held-out part}.
     */
    static BagDataset[] firstFold(BagDataset all, long seed) {
        Splits.Split split = Splits.stratifiedKFold(all.labels(), 10, seed).get(0);
        BagDataset rawTrain = all.subset(split.train());
        FittedScaler scaler = FeatureScaling.STANDARD.fit(rawTrain);
        return new BagDataset[] {scaler.apply(rawTrain), scaler.apply(all.subset(split.test()))};
    }

    /** The median of the values (the mean of the middle two for an even count). */
    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
    }
}
