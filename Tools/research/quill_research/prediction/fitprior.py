"""The prior of ALSK: Ā(h), the mean outer product x xᵀ of the feature rows over all tuning writers
(the only quantity fitted offline), and, for reference, the fixed global least-squares weights with
every writer normalised by its constant-velocity error."""
import numpy as np
from quill_research.prediction import alsk


def prior(D, writers, h, K, s0):
    """(c, Ā): global weights and mean x xᵀ per learning row at horizon h."""
    A = 0; b = 0; An = 0; nn = 0
    for w in writers:
        es = [alsk.normal_eqs(s["strokes"], h, K, s0) for s in D[w]]
        cvm = sum(e[2] for e in es) / sum(e[3] for e in es)
        for e in es:
            A = A + e[0] / cvm; b = b + e[1] / cvm; An = An + e[0]; nn += 2 * e[3]
    return np.linalg.solve(A + 1e-9 * np.trace(A) * np.eye(len(A)), b), An / nn
