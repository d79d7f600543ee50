package dev.kernelkit.mi;

import dev.kernelkit.data.Vec;
import java.util.List;

/** Expansion vectors as dense points of the input space; instances stay as given (dense or sparse). */
final class InputSpace implements PointSpace {
    private final List<Vec> instances;
    private final int dim;

    InputSpace(List<Vec> instances, int dim) {
        this.instances = instances;
        this.dim = dim;
    }

    @Override
    public int instanceCount() {
        return instances.size();
    }

    @Override
    public int parameterDim() {
        return dim;
    }

    @Override
    public double instanceDot(int t, double[] p) {
        return instances.get(t).dot(p);
    }

    @Override
    public double instanceSquaredNorm(int t) {
        return instances.get(t).squaredNorm();
    }

    @Override
    public void addInstanceDirection(int t, double scale, double[] acc) {
        instances.get(t).addTo(acc, scale);
    }

    @Override
    public double inner(double[] p, double[] q) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += p[i] * q[i];
        }
        return s;
    }

    @Override
    public void addMetricDirection(double[] q, double scale, double[] acc) {
        for (int i = 0; i < q.length; i++) {
            acc[i] += scale * q[i];
        }
    }
}
