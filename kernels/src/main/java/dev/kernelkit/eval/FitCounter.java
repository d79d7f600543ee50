package dev.kernelkit.eval;

import dev.kernelkit.learn.FittedModel;

/**
 * How an inner fit is counted in a {@link Selection}: how many fits it stands for and how many of
 * those ended without meeting their stopping rule. By default ({@link #byReport()}) one fit per
 * model, unconverged when its {@link dev.kernelkit.learn.FitReport#converged()} is false; a
 * one-vs-rest learner may count its machines instead (the MKL protocol's "tuning fits").
 *
 * @param <X> the example type
 */
public interface FitCounter<X> {

    /** The fits this model stands for, &ge; 0. */
    int fits(FittedModel<X> model);

    /** How many of them did not converge, in [0, fits]. */
    int unconverged(FittedModel<X> model);

    /** One fit per model, unconverged when its report says so. */
    static <X> FitCounter<X> byReport() {
        return new FitCounter<>() {
            @Override
            public int fits(FittedModel<X> model) {
                return 1;
            }

            @Override
            public int unconverged(FittedModel<X> model) {
                return model.report().converged() ? 0 : 1;
            }
        };
    }
}
