package dev.kernelkit.it.weka;

import dev.kernelkit.data.Bag;
import dev.kernelkit.data.BagDataset;
import dev.kernelkit.data.Vec;
import java.util.ArrayList;
import java.util.List;
import weka.core.Attribute;
import weka.core.DenseInstance;
import weka.core.Instance;
import weka.core.Instances;

/**
 * Converts our {@link BagDataset} into Weka's multi-instance {@link Instances}: the relational
 * format of Weka's {@code weka.classifiers.mi} package, one row per bag with three attributes
 * <ol>
 *   <li>{@code bag_id}: nominal, the bag ids in data order (row i has value i);</li>
 *   <li>{@code bag}: relational, one numeric attribute {@code f1..fd} per feature, one row per
 *       instance of the bag in its order;</li>
 *   <li>{@code class}: nominal with the data's class names in their order, so that Weka's class
 *       value of row i is {@link BagDataset#label(int)} (index 1 is Weka's "positive" class of
 *       MISVM: for binary bag files that is {@code +1}).</li>
 * </ol>
 * Every value is copied exactly (a {@code double} to a {@code double}); sparse vectors are
 * written densely. Every call builds a fresh header, so converted sets share no mutable Weka
 * state. Test-scope only: Weka must not reach the library modules.
 */
public final class WekaBags {
    /** Name of the relational attribute (index 1, as Weka's MI classifiers expect). */
    public static final String BAG_ATTRIBUTE = "bag";

    private WekaBags() {
    }

    /**
     * The whole data set as Weka multi-instance rows, bag i in row i.
     *
     * @throws IllegalArgumentException when bag ids repeat (Weka's nominal values must be distinct)
     */
    public static Instances toInstances(BagDataset data) {
        List<String> ids = new ArrayList<>(data.size());
        for (Bag b : data.bags()) {
            ids.add(b.id());
        }
        Instances header = header(ids, data.dim(), data.classNames(), "kernelkit-bags");
        Instances out = new Instances(header, data.size());
        for (int i = 0; i < data.size(); i++) {
            out.add(row(out, i, data.bag(i), data.label(i)));
        }
        return out;
    }

    /**
     * One bag as a single Weka row of {@code header} (a header from {@link #toInstances}), with
     * bag-id value 0 and a missing class, attached to a fresh one-row data set: the form Weka's
     * {@code distributionForInstance} reads.
     *
     * @throws IllegalArgumentException when the bag's dimension differs from the header's
     */
    public static Instance single(Instances header, Bag bag) {
        int dim = header.attribute(1).relation().numAttributes();
        if (bag.dim() != dim) {
            throw new IllegalArgumentException("bag " + bag.id() + " has dimension " + bag.dim() + ", expected " + dim);
        }
        Instances one = new Instances(header, 1);
        Instance row = row(one, 0, bag, 0);
        row.setMissing(2);
        one.add(row);
        return one.instance(0);
    }

    private static Instances header(List<String> ids, int dim, List<String> classNames, String name) {
        if (ids.stream().distinct().count() != ids.size()) {
            throw new IllegalArgumentException("bag ids must be distinct for Weka's nominal bag_id attribute, got "
                    + ids.size() + " ids of which " + ids.stream().distinct().count() + " distinct");
        }
        ArrayList<Attribute> features = new ArrayList<>(dim);
        for (int j = 0; j < dim; j++) {
            features.add(new Attribute("f" + (j + 1)));
        }
        Instances relation = new Instances(BAG_ATTRIBUTE, features, 0);
        ArrayList<Attribute> atts = new ArrayList<>(3);
        atts.add(new Attribute("bag_id", new ArrayList<>(ids)));
        atts.add(new Attribute(BAG_ATTRIBUTE, relation));
        atts.add(new Attribute("class", new ArrayList<>(classNames)));
        Instances header = new Instances(name, atts, 0);
        header.setClassIndex(2);
        return header;
    }

    private static Instance row(Instances dataset, int idValue, Bag bag, int label) {
        Instances rel = new Instances(dataset.attribute(1).relation(), bag.size());
        int dim = rel.numAttributes();
        for (Vec x : bag.instances()) {
            double[] v = new double[dim];
            for (int j = 0; j < dim; j++) {
                v[j] = x.get(j);
            }
            rel.add(new DenseInstance(1.0, v));
        }
        double[] values = new double[3];
        values[0] = idValue;
        values[1] = dataset.attribute(1).addRelation(rel);
        values[2] = label;
        Instance row = new DenseInstance(1.0, values);
        row.setDataset(dataset);
        return row;
    }
}
