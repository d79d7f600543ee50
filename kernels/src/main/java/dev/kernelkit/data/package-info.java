/**
 * Data: vectors ({@link dev.kernelkit.data.Vec}: {@link dev.kernelkit.data.DenseVec}, {@link dev.kernelkit.data.SparseVec}),
 * bags of instances ({@link dev.kernelkit.data.Bag}) and variable-length series, the labelled data sets
 * ({@link dev.kernelkit.data.LabeledDataset}, {@link dev.kernelkit.data.BagDataset}) with their class names,
 * seeded splits ({@link dev.kernelkit.data.Splits}), feature scaling fitted on a training part
 * ({@link dev.kernelkit.data.FeatureScaling}, {@link dev.kernelkit.data.FittedScaler}), and the readers and
 * writers of the file formats (LIBSVM, CSV vectors with a header, CSV bags, ARFF, CSV series); a malformed file
 * is refused with its file, line and byte ({@link dev.kernelkit.data.MalformedDataException}). What every data set
 * is to a learner ({@link dev.kernelkit.data.Dataset}, of an {@link dev.kernelkit.data.InputKind}) is here, not in
 * learn, so that data does not depend on the learner contract.
 */
package dev.kernelkit.data;
