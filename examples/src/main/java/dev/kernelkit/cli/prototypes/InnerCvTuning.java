package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Splits;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.prototypes.ImkplOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Hyper-parameter choice by inner stratified k-fold cross-validation on a training part only
 * (spec §6.5: "hyper-parameters by 5-fold CV on the training part"). A candidate is the base
 * options with some fields overridden, written {@code key=value,key=value}; candidates are
 * separated by {@code ;}. Keys: {@code t, lambda, mu, tau, beta-step, ls-form, self-coding,
 * kernel-cap}. The candidate with the highest mean inner accuracy wins (ties: the earlier one).
 */
final class InnerCvTuning {

    /** A named candidate. */
    record Candidate(String text, ImkplOptions options) {
    }

    /** The choice: the winning candidate and every candidate's mean inner accuracy, in input order. */
    record Choice(Candidate best, double[] innerAccuracy) {
    }

    private InnerCvTuning() {
    }

    /**
     * Parses the candidate list against the base options.
     *
     * @throws IllegalArgumentException for an empty list, an unknown key, or a bad value (the message names it)
     */
    static List<Candidate> parse(String grid, ImkplOptions base) {
        List<Candidate> out = new ArrayList<>();
        for (String cand : grid.split(";")) {
            String text = cand.trim();
            if (text.isEmpty()) {
                continue;
            }
            ImkplOptions o = base;
            for (String kv : text.split(",")) {
                String[] p = kv.trim().split("=", 2);
                if (p.length != 2) {
                    throw new IllegalArgumentException("--tune: expected key=value, got '" + kv.trim() + "'");
                }
                o = apply(o, p[0].trim(), p[1].trim());
            }
            out.add(new Candidate(text, o));
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--tune: no candidate in '" + grid + "'");
        }
        return out;
    }

    private static ImkplOptions apply(ImkplOptions o, String key, String v) {
        try {
            switch (key) {
                case "t":
                    return o.withT(Integer.parseInt(v));
                case "lambda":
                    return o.withWeights(Double.parseDouble(v), o.mu(), o.tau());
                case "mu":
                    return o.withWeights(o.lambda(), Double.parseDouble(v), o.tau());
                case "tau":
                    return o.withWeights(o.lambda(), o.mu(), Double.parseDouble(v));
                case "beta-step":
                    return o.withBetaStep(ImkplOptions.BetaStep.valueOf(v.toUpperCase(Locale.ROOT)));
                case "ls-form":
                    return o.withLsForm(ImkplOptions.LsForm.valueOf(v.toUpperCase(Locale.ROOT)));
                case "self-coding":
                    return o.withSelfCoding(ImkplOptions.SelfCoding.valueOf(v.toUpperCase(Locale.ROOT)));
                case "kernel-cap":
                    return o.withKernelCap(Integer.parseInt(v));
                case "dis-form":
                    return o.withDisForm(ImkplOptions.DisForm.valueOf(v.toUpperCase(Locale.ROOT)));
                default:
                    throw new IllegalArgumentException("--tune: unknown key '" + key
                            + "' (known: t, lambda, mu, tau, beta-step, ls-form, self-coding, kernel-cap, dis-form)");
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--tune: bad number for " + key + ": '" + v + "'");
        }
    }

    /**
     * Chooses a candidate by {@code folds}-fold stratified CV on {@code train} (no other data is seen).
     *
     * @param fit how a candidate is fitted on a fold and turned into a predictor
     */
    static Choice choose(LabeledDataset train, List<Candidate> cands, int folds, long seed,
                         Function<ImkplOptions, Function<LabeledDataset, Function<LabeledDataset, double[]>>> fit) {
        List<Splits.Split> sp = Splits.stratifiedKFold(train.labels(), folds, seed);
        double[] acc = new double[cands.size()];
        int best = 0;
        for (int c = 0; c < cands.size(); c++) {
            double sum = 0;
            for (Splits.Split s : sp) {
                LabeledDataset tr = train.subset(s.train());
                LabeledDataset va = train.subset(s.test());
                sum += Metrics.accuracy(va.labels(), fit.apply(cands.get(c).options()).apply(tr).apply(va));
            }
            acc[c] = sum / sp.size();
            if (acc[c] > acc[best]) {
                best = c;
            }
        }
        return new Choice(cands.get(best), acc);
    }
}
