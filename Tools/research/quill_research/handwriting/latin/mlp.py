"""One-hidden-layer MLP (ReLU) trained with Adam in numpy (float32). See SPEC.md."""
import numpy as np, time

def relu(x):
    return np.maximum(x, 0, out=x)

class MLP:
    def __init__(self, W1, b1, W2, b2):
        self.W1, self.b1, self.W2, self.b2 = W1, b1, W2, b2      # W1 [H][D], W2 [K][H]
    def scores(self, Z, bs=4096):
        out = []
        for i in range(0, len(Z), bs):
            h = relu(Z[i:i+bs] @ self.W1.T + self.b1)
            out.append(h @ self.W2.T + self.b2)
        return np.vstack(out)

def train_mlp(get_epoch, K, H=512, epochs=30, bs=128, lr=2e-3, wd=1e-4, drop_in=0.1, drop_h=0.3,
              seed=0, log=None, eval_fn=None, eval_every=5):
    """get_epoch(e) -> (Z float32 [n][D], y int [n]) for epoch e (lets epochs use different distorted copies).
    Adam with cosine-decayed learning rate, decoupled weight decay on W1/W2, inverted dropout."""
    rng = np.random.default_rng(seed)
    Z0, _ = get_epoch(0); D = Z0.shape[1]
    W1 = (rng.standard_normal((H, D)) * np.sqrt(2.0 / D)).astype(np.float32); b1 = np.zeros(H, np.float32)
    W2 = (rng.standard_normal((K, H)) * np.sqrt(1.0 / H)).astype(np.float32); b2 = np.zeros(K, np.float32)
    P = [W1, b1, W2, b2]
    M = [np.zeros_like(p) for p in P]; V = [np.zeros_like(p) for p in P]
    b1a, b2a, eps = 0.9, 0.999, 1e-8
    steps_per = None; t = 0; total = None; t0 = time.time()
    for e in range(epochs):
        Z, y = get_epoch(e)
        n = len(Z)
        if total is None:
            steps_per = (n + bs - 1) // bs; total = steps_per * epochs
        perm = rng.permutation(n)
        loss_sum = 0.0
        for s in range(0, n, bs):
            idx = perm[s:s+bs]; x = Z[idx]; yy = y[idx]; m = len(idx)
            if drop_in > 0:
                x = x * (rng.random(x.shape, dtype=np.float32) >= drop_in) / np.float32(1 - drop_in)
            a = x @ W1.T + b1
            h = np.maximum(a, 0)
            if drop_h > 0:
                mh = (rng.random(h.shape, dtype=np.float32) >= drop_h) / np.float32(1 - drop_h)
                h = h * mh
            o = h @ W2.T + b2
            o -= o.max(1, keepdims=True)
            p = np.exp(o); p /= p.sum(1, keepdims=True)
            loss_sum += -np.log(p[np.arange(m), yy] + 1e-12).sum()
            p[np.arange(m), yy] -= 1; p /= m                      # dL/do
            gW2 = p.T @ h; gb2 = p.sum(0)
            dh = p @ W2
            if drop_h > 0:
                dh *= mh
            dh *= (a > 0)
            gW1 = dh.T @ x; gb1 = dh.sum(0)
            t += 1
            cur = lr * 0.5 * (1 + np.cos(np.pi * min(t / total, 1.0)))
            for i, (pp, g) in enumerate(zip(P, (gW1, gb1, gW2, gb2))):
                M[i] *= b1a; M[i] += (1 - b1a) * g
                V[i] *= b2a; V[i] += (1 - b2a) * g * g
                mhat = M[i] / (1 - b1a ** t); vhat = V[i] / (1 - b2a ** t)
                if i in (0, 2) and wd > 0:
                    pp -= (cur * wd) * pp              # decoupled (AdamW) decay
                pp -= (cur * mhat / (np.sqrt(vhat) + eps)).astype(np.float32)
        msg = f"epoch {e+1}/{epochs} loss {loss_sum/n:.4f} {time.time()-t0:.0f}s"
        if eval_fn is not None and ((e + 1) % eval_every == 0 or e + 1 == epochs):
            msg += " " + eval_fn(MLP(W1, b1, W2, b2))
        if log: log(msg)
    return MLP(W1, b1, W2, b2)
