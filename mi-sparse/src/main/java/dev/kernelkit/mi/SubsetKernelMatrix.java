package dev.kernelkit.mi;

import dev.kernelkit.gram.KernelMatrix;

/** The rows and columns {@code index} of a larger kernel matrix, without copying it. */
final class SubsetKernelMatrix implements KernelMatrix {
    private final KernelMatrix base;
    private final int[] index;

    SubsetKernelMatrix(KernelMatrix base, int[] index) {
        this.base = base;
        this.index = index.clone();
    }

    @Override
    public int size() {
        return index.length;
    }

    @Override
    public double get(int i, int j) {
        return base.get(index[i], index[j]);
    }

    @Override
    public void row(int i, double[] out) {
        int r = index[i];
        for (int j = 0; j < index.length; j++) {
            out[j] = base.get(r, index[j]);
        }
    }

    @Override
    public double diagonal(int i) {
        return base.diagonal(index[i]);
    }
}
