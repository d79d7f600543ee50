package dev.kernelkit.spark.ml;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The column names of a {@link KernelkitClassifier} or its model, with the checks of an input schema and
 * the output schema.
 *
 * @param bag the bag column, null for vector data
 */
record Columns(String features, String label, String bag, String prediction, String rawPrediction,
               String probability) {

    /**
     * Checks the input columns: features a Spark ML vector, label (when training) a number, bag present, and no
     * output column already there.
     *
     * @throws IllegalArgumentException naming the column
     */
    void checkInput(StructType schema, boolean training) {
        List<String> names = Arrays.asList(schema.fieldNames());
        require(names, "featuresCol", features);
        if (!schema.apply(features).dataType().equals(SQLDataTypes.VectorType())) {
            throw new IllegalArgumentException("featuresCol '" + features + "' must hold Spark ML vectors (e.g. from "
                    + "VectorAssembler), found " + schema.apply(features).dataType().simpleString());
        }
        if (training) {
            require(names, "labelCol", label);
            if (!(schema.apply(label).dataType() instanceof NumericType)) {
                throw new IllegalArgumentException("labelCol '" + label + "' must be numeric, found "
                        + schema.apply(label).dataType().simpleString());
            }
        }
        if (bag != null) {
            require(names, "bagCol", bag);
        }
        for (String out : List.of(prediction, rawPrediction, probability)) {
            if (bag == null && names.contains(out)) {
                throw new IllegalArgumentException("output column '" + out + "' already exists in the input");
            }
        }
    }

    private static void require(List<String> names, String param, String column) {
        if (!names.contains(column)) {
            throw new IllegalArgumentException(param + " '" + column + "' is not a column of the input; its columns: "
                    + String.join(", ", names));
        }
    }

    /**
     * The output schema: the input's columns and the outputs for vectors; for bags one row per bag, the bag
     * column, the label column when the input has it, and the outputs.
     */
    StructType output(StructType schema, boolean bags, boolean probabilities) {
        List<StructField> fields = new ArrayList<>();
        if (bags) {
            fields.add(schema.apply(bag));
            if (Arrays.asList(schema.fieldNames()).contains(label)) {
                fields.add(schema.apply(label));
            }
        } else {
            fields.addAll(Arrays.asList(schema.fields()));
        }
        fields.add(DataTypes.createStructField(prediction, DataTypes.DoubleType, false));
        fields.add(DataTypes.createStructField(rawPrediction, SQLDataTypes.VectorType(), false));
        if (probabilities) {
            fields.add(DataTypes.createStructField(probability, SQLDataTypes.VectorType(), false));
        }
        return DataTypes.createStructType(fields);
    }

    /** The struct one scored example gives (its field names are fixed; the model renames them). */
    static StructType scoreType(boolean probabilities) {
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("prediction", DataTypes.DoubleType, false));
        fields.add(DataTypes.createStructField("rawPrediction", SQLDataTypes.VectorType(), false));
        if (probabilities) {
            fields.add(DataTypes.createStructField("probability", SQLDataTypes.VectorType(), false));
        }
        return DataTypes.createStructType(fields);
    }
}
