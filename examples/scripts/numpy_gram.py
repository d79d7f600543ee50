#!/usr/bin/env python3
"""Reference timings for `kernelkit bench gram`: the Gaussian Gram matrix of n random points in d
dimensions with numpy/scipy, best of `repeats`, in the two forms the benchmark is compared with:
scipy's exp(-gamma * cdist(X, X, 'sqeuclidean')) and the matrix-product form from squared norms
and X @ X.T. Usage: numpy_gram.py [n] [d] [repeats]. Prints one JSON object."""
import json
import os
import sys
import time

import numpy as np
from scipy.spatial.distance import cdist

n = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
d = int(sys.argv[2]) if len(sys.argv) > 2 else 166
repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
gamma = 1.0 / d
x = np.random.default_rng(42).standard_normal((n, d))


def best(f):
    t = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def product_form():
    sq = np.einsum("ij,ij->i", x, x)
    k = x @ x.T
    k *= 2.0
    k -= sq[:, None]
    k -= sq[None, :]
    np.minimum(k, 0.0, out=k)
    k *= gamma
    np.exp(k, out=k)
    return k


out = {"n": n, "d": d, "repeats": repeats, "numpy": np.__version__,
       "cdist_seconds": best(lambda: np.exp(-gamma * cdist(x, x, "sqeuclidean"))),
       "product_seconds": best(product_form),
       "threads_env": {k: os.environ.get(k) for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "OPENBLAS_CORETYPE")}}
try:
    from threadpoolctl import threadpool_info
    out["blas"] = [{k: i.get(k) for k in ("internal_api", "num_threads", "architecture")} for i in threadpool_info()]
except ImportError:
    pass
print(json.dumps(out))
