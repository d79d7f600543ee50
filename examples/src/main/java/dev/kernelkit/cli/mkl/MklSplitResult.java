package dev.kernelkit.cli.mkl;

import dev.kernelkit.mkl.MklOptions;
import java.util.Locale;

/**
 * One outer split's result of an mkl command (one method tuned, fitted and tested on it); tuneFits / tuneUnconverged
 * count the CV fits and those that ended without meeting their stopping rule, finalMachines / finalUnconverged the
 * same for the final fit.
 */
record MklSplitResult(int split, MklOptions chosen, double accuracy, double averagePrecision, double selected,
                      double trainSeconds, double tuneSeconds, int svmSolves, int tuneFits, int tuneUnconverged,
                      int finalMachines, int finalUnconverged) {
    /** "" when every fit met its stopping rule, else a note naming the unconverged fits. */
    String convergenceNote() {
        if (tuneUnconverged == 0 && finalUnconverged == 0) {
            return "";
        }
        return String.format(Locale.ROOT, " [UNCONVERGED: %d of %d tuning fits, %d of %d final]",
                tuneUnconverged, tuneFits, finalUnconverged, finalMachines);
    }
}
