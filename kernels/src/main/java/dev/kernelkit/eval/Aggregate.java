package dev.kernelkit.eval;

/**
 * How an inner search combines a candidate's scores over the inner splits: the sum (mi-sparse's
 * tuning, the MKL protocol's pooled correct count) or the mean (the CLI's SVM and IMKPL tuning).
 * Both add the scores in split order starting from 0; the mean divides that sum by the number of
 * splits. Higher (or, for an error metric, lower) wins; ties go to the candidate listed first.
 */
public enum Aggregate {
    /** &Sigma;_k score_k. */
    SUM,
    /** (&Sigma;_k score_k) / K. */
    MEAN;

    /** The aggregate of the per-split scores. */
    public double of(double[] scores) {
        double sum = 0;
        for (double s : scores) {
            sum += s;
        }
        return this == SUM ? sum : sum / scores.length;
    }
}
