"""Two hidden ReLU layers (D-H1-H2-K), same Adam/AdamW/dropout scheme as mlp.py."""
import numpy as np, time
def train_mlp2(get_epoch, K, H1=512, H2=256, epochs=25, bs=256, lr=2e-3, wd=0.05, drop_in=0.1, drop_h=0.3, seed=0, log=print,
               eval_fn=None, eval_every=5):
    rng = np.random.default_rng(seed)
    D = get_epoch(0)[0].shape[1]
    sizes = [D, H1, H2, K]
    Ws = [(rng.standard_normal((sizes[i + 1], sizes[i])) * np.sqrt((2.0 if i < 2 else 1.0) / sizes[i])).astype(np.float32) for i in range(3)]
    bs_ = [np.zeros(sizes[i + 1], np.float32) for i in range(3)]
    P = Ws + bs_; M = [np.zeros_like(p) for p in P]; V = [np.zeros_like(p) for p in P]
    t = 0; total = None; t0 = time.time()
    def fwd(x):
        h = x
        for i in range(3):
            h = h @ Ws[i].T + bs_[i]
            if i < 2: h = np.maximum(h, 0)
        return h
    for e in range(epochs):
        Z, y = get_epoch(e); n = len(Z)
        if total is None: total = ((n + bs - 1) // bs) * epochs
        perm = rng.permutation(n)
        for s in range(0, n, bs):
            idx = perm[s:s + bs]; x = Z[idx]; yy = y[idx]; m = len(idx)
            x = x * (rng.random(x.shape, dtype=np.float32) >= drop_in) / np.float32(1 - drop_in)
            acts = [x]; masks = []
            h = x
            for i in range(2):
                a = h @ Ws[i].T + bs_[i]; h = np.maximum(a, 0)
                mk = (rng.random(h.shape, dtype=np.float32) >= drop_h) / np.float32(1 - drop_h) * (a > 0)
                h = np.maximum(a, 0) * mk * 1; masks.append(mk); acts.append(h)
            o = h @ Ws[2].T + bs_[2]; o -= o.max(1, keepdims=True); p = np.exp(o); p /= p.sum(1, keepdims=True)
            p[np.arange(m), yy] -= 1; p /= m
            g = p; grads_W = [None] * 3; grads_b = [None] * 3
            for i in (2, 1, 0):
                grads_W[i] = g.T @ acts[i]; grads_b[i] = g.sum(0)
                if i > 0:
                    g = (g @ Ws[i]) * masks[i - 1]
            t += 1; cur = lr * 0.5 * (1 + np.cos(np.pi * min(t / total, 1.0)))
            for j, (pp, gg) in enumerate(zip(P, grads_W + grads_b)):
                M[j] *= 0.9; M[j] += 0.1 * gg; V[j] *= 0.999; V[j] += 0.001 * gg * gg
                if j < 3: pp -= (cur * wd) * pp
                pp -= (cur * (M[j] / (1 - 0.9 ** t)) / (np.sqrt(V[j] / (1 - 0.999 ** t)) + 1e-8)).astype(np.float32)
        msg = f"epoch {e+1}/{epochs} {time.time()-t0:.0f}s"
        if eval_fn and ((e + 1) % eval_every == 0 or e + 1 == epochs):
            msg += " " + eval_fn(fwd)
        log(msg)
    fwd.Ws, fwd.bs = Ws, bs_
    return fwd
