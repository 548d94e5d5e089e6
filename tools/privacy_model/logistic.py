"""A logistic regression fitted by AdaGrad on hashed sparse features: the privacy reader's fit,
shared with the value model's trial (tools/value_model). Deterministic: no randomness, numpy only."""

from __future__ import annotations

import numpy as np


def adagrad_logistic(ids: np.ndarray, row: np.ndarray, n_rows: int, y: np.ndarray, sample_w: np.ndarray,
                     dim: int, iterations: int, l2: float) -> tuple[np.ndarray, float]:
    """Weights and bias for rows whose active features are ``ids`` (``row``: each id's row)."""
    w = np.zeros(dim)
    b = 0.0
    g2w = np.full(dim, 1e-8)
    g2b = 1e-8
    rate = 0.5
    for _ in range(iterations):
        z = np.bincount(row, weights=w[ids], minlength=n_rows) + b
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        err = (p - y) * sample_w
        grad = np.bincount(ids, weights=err[row], minlength=dim) + l2 * w
        gb = err.sum()
        g2w += grad * grad
        g2b += gb * gb
        w -= rate * grad / np.sqrt(g2w)
        b -= rate * gb / np.sqrt(g2b)
    return w, b
