package dev.kernelkit.cli.prototypes;

import dev.kernelkit.data.LabeledDataset;
import dev.kernelkit.data.Vec;
import dev.kernelkit.eval.Aggregate;
import dev.kernelkit.eval.Grid;
import dev.kernelkit.eval.InnerSplits;
import dev.kernelkit.eval.Measure;
import dev.kernelkit.eval.Metric;
import dev.kernelkit.eval.Metrics;
import dev.kernelkit.eval.ModelSelection;
import dev.kernelkit.eval.Point;
import dev.kernelkit.eval.Resampling;
import dev.kernelkit.eval.SeedRule;
import dev.kernelkit.data.Dataset;
import dev.kernelkit.learn.FittedModel;
import dev.kernelkit.learn.Trainer;
import dev.kernelkit.learn.Trainers;
import dev.kernelkit.prototypes.ImkplModel;
import dev.kernelkit.prototypes.ImkplOptions;
import dev.kernelkit.prototypes.PrototypeMeasures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The IMKPL protocol of {@code prototypes cv} on the model-selection harness ({@link ModelSelection}):
 * repeated stratified hold-out splits and, with {@code --tune}, the choice among candidates by inner
 * stratified k-fold cross-validation on each training part only (spec §6.5: "hyper-parameters by
 * 5-fold CV on the training part"). A candidate is the base options with some fields overridden,
 * written {@code key=value,key=value}; candidates are separated by {@code ;}. Keys: {@code t, lambda,
 * mu, tau, beta-step, ls-form, self-coding, kernel-cap, dis-form}. The candidate with the highest
 * mean inner accuracy wins (ties: the earlier one).
 */
final class InnerCvTuning {
    /** The grid dimension of the candidates (values: their text). */
    static final String CANDIDATE = "candidate";
    /** Measure: interpretability IP of the final model. */
    static final String IP = "ip";
    /** Measure: discriminative representation DR of the test codes. */
    static final String DR = "dr";
    /** Measure: own-class code mass of the test codes. */
    static final String OWN_CLASS = "own_class_code_mass";
    /** Measure: mean code size of the test codes. */
    static final String CODE_SIZE = "code_size";
    /** Measure: kernels with a weight above 1e-6. */
    static final String KERNELS = "kernels_selected";
    /** Measure: the number of base kernels. */
    static final String BASE_KERNELS = "base_kernels";
    /** Measure: outer iterations of the final fit. */
    static final String ITERATIONS = "iterations";
    /** Measure: the final model's prediction rule (its ordinal in {@link ImkplOptions.PredictionRule}). */
    static final String PREDICTION_RULE = "prediction_rule";

    /** The prediction rules every split is scored under ({@link #ruleAccuracy}, {@link #ruleDr}). */
    static final List<ImkplOptions.PredictionRule> RULES = List.of(ImkplOptions.PredictionRule.PROTOTYPE_VOTE,
            ImkplOptions.PredictionRule.CLASS_RECONSTRUCTION, ImkplOptions.PredictionRule.NEAREST_PROTOTYPE);

    /** Measure: test accuracy of the final model read under {@code rule}. */
    static String ruleAccuracy(ImkplOptions.PredictionRule rule) {
        return "rule_" + rule.name().toLowerCase(Locale.ROOT) + "_accuracy";
    }

    /** Measure: DR of the codes the final model predicts from under {@code rule} ({@link ImkplModel#ruleCode}). */
    static String ruleDr(ImkplOptions.PredictionRule rule) {
        return "rule_" + rule.name().toLowerCase(Locale.ROOT) + "_dr";
    }

    /** A named candidate. */
    record Candidate(String text, ImkplOptions options) {
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
     * The protocol: outer splits {@code outer}; with candidates, the grid of them (one unordered dimension
     * {@code candidate}, labelled by their text), scored by the mean accuracy over {@code innerFolds}
     * stratified folds seeded seed + 1000 + s on outer split s (every candidate scored, even a single one);
     * without, the base options alone. The final fit of split s uses the chosen options with seed + s. Test and
     * inner accuracy come from the model's batch prediction ({@link ImkplModel#predictLabels}); the measures
     * are {@link #IP}, {@link #DR} (of the codes the model's rule predicts from), {@link #OWN_CLASS}, {@link #CODE_SIZE},
     * {@link #KERNELS}, {@link #BASE_KERNELS}, {@link #ITERATIONS}, {@link #PREDICTION_RULE} and, for every rule of
     * {@link #RULES}, the accuracy and DR of the same fit read under that rule.
     *
     * @param candidates the candidates, or null for no tuning
     * @param trainer the IMKPL trainer of some options (base kernels built on the data it fits)
     */
    static ModelSelection<Vec> selection(Resampling outer, ImkplOptions base, List<Candidate> candidates, int innerFolds,
                                         long seed, Function<ImkplOptions, Trainer<Vec, ImkplModel>> trainer) {
        Function<Point, ImkplOptions> options = p -> candidates == null ? base : candidates.get(p.index(0)).options();
        InnerSplits inner = InnerSplits.stratifiedKFold(innerFolds, SeedRule.affine(seed + 1000, 1));
        ModelSelection<Vec> sel = candidates == null ? ModelSelection.of(outer, Grid.single(trainer.apply(base)), inner)
                : ModelSelection.of(outer, Grid.ofTrainers(CANDIDATE, candidates.stream().map(Candidate::text).toList(),
                        candidates.stream().map(c -> trainer.apply(c.options())).toList()), inner)
                .withChooser(s -> s.best(s.grid().points()));
        TestCodes codes = new TestCodes();
        return sel.withAggregate(Aggregate.MEAN)
                .withMetric(Metric.of("accuracy", true, (model, data) -> {
                    LabeledDataset d = LabeledDataset.of(data);
                    return Metrics.accuracy(d.labels(), imkpl(model).predictLabels(d.points()));
                }))
                .withFinalFit((p, grid, s) -> scoringOnce(trainer.apply(options.apply(p).withSeed(seed + s))))
                .withMeasures(measures(codes));
    }

    private static List<Measure<Vec>> measures(TestCodes codes) {
        List<Measure<Vec>> list = new ArrayList<>(List.of(
                new Measure<>(IP, (m, test) -> PrototypeMeasures.interpretability(imkpl(m))),
                new Measure<>(DR, (m, test) -> PrototypeMeasures.discrimination(imkpl(m),
                        PrototypeMeasures.ruleCodes(imkpl(m), LabeledDataset.of(test)), LabeledDataset.of(test).labels())),
                new Measure<>(OWN_CLASS, (m, test) -> PrototypeMeasures.ownClassCodeMass(imkpl(m),
                        codes.of(m, test), LabeledDataset.of(test).labels())),
                new Measure<>(CODE_SIZE, (m, test) -> PrototypeMeasures.meanCodeSize(codes.of(m, test))),
                new Measure<>(KERNELS, (m, test) -> imkpl(m).selectedKernels(1e-6)),
                new Measure<>(BASE_KERNELS, (m, test) -> imkpl(m).kernelWeights().length),
                new Measure<>(ITERATIONS, (m, test) -> imkpl(m).objectiveHistory().length - 1),
                new Measure<>(PREDICTION_RULE, (m, test) -> imkpl(m).predictionRule().ordinal())));
        for (ImkplOptions.PredictionRule rule : RULES) {
            list.add(new Measure<>(ruleAccuracy(rule), (m, test) -> {
                LabeledDataset d = LabeledDataset.of(test);
                return Metrics.accuracy(d.labels(), imkpl(m).withPredictionRule(rule).predictLabels(d.points()));
            }));
            list.add(new Measure<>(ruleDr(rule), (m, test) -> {
                LabeledDataset d = LabeledDataset.of(test);
                ImkplModel mr = imkpl(m).withPredictionRule(rule);
                return PrototypeMeasures.discrimination(mr, PrototypeMeasures.ruleCodes(mr, d), d.labels());
            }));
        }
        return list;
    }

    /**
     * The trainer whose models keep the projections of the last point list they score
     * ({@link ImkplModel#sharingScoredProjections}): the accuracy, codes and DR of every rule on a test part read one
     * set of kernel rows, the same values as without.
     */
    private static Trainer<Vec, ImkplModel> scoringOnce(Trainer<Vec, ImkplModel> t) {
        return Trainers.of(t.name(), t.input(), t.task(), t.options(), (d, l) -> t.fit(d, l).sharingScoredProjections());
    }

    private static ImkplModel imkpl(FittedModel<Vec> model) {
        return (ImkplModel) model;
    }

    /** The test codes of the last (model, test part) asked for: DR, own-class mass and code size read the same codes. */
    private static final class TestCodes {
        private FittedModel<Vec> model;
        private Dataset<Vec> test;
        private double[][] codes;

        synchronized double[][] of(FittedModel<Vec> m, Dataset<Vec> t) {
            if (m != model || t != test) {
                codes = PrototypeMeasures.codes(imkpl(m), LabeledDataset.of(t));
                model = m;
                test = t;
            }
            return codes;
        }
    }
}
