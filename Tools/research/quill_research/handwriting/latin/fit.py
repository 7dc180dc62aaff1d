import sys, time, numpy as np
from scipy.optimize import minimize
from quill_research.handwriting import train
from quill_research.handwriting.latin.load_data import load
HELD = train.HELD_OUT
VAL = {"ced", "aga", "imp", "cea"}
CLASSES = [str(i) for i in range(10)] + [chr(c) for c in range(65, 91)] + [chr(c) for c in range(97, 123)]
CI = {c: i for i, c in enumerate(CLASSES)}

def transform(X, nplane, power=0.5):
    X = X.astype(np.float64).copy()
    X[:, :nplane] = np.power(np.maximum(X[:, :nplane], 0), power)
    return X

def softmax_fit(X, y, lam, iters=300, W0=None):
    n, d = X.shape; k = len(CLASSES)
    Xb = np.hstack([X, np.ones((n, 1))])
    Y = np.zeros((n, k)); Y[np.arange(n), y] = 1
    def f(w):
        W = w.reshape(d + 1, k)
        Z = Xb @ W; Z -= Z.max(1, keepdims=True)
        P = np.exp(Z); P /= P.sum(1, keepdims=True)
        loss = -np.log(P[np.arange(n), y] + 1e-300).mean() + 0.5 * lam * (W[:-1] ** 2).sum()
        G = Xb.T @ (P - Y) / n; G[:-1] += lam * W[:-1]
        return loss, G.ravel()
    w0 = np.zeros((d + 1) * k) if W0 is None else W0.ravel()
    r = minimize(f, w0, jac=True, method="L-BFGS-B", options={"maxiter": iters})
    return r.x.reshape(d + 1, k)

def scores(X, W):
    return np.hstack([X, np.ones((len(X), 1))]) @ W

def report(S, labels, title):
    order = np.argsort(-S, 1)
    pred = [[CLASSES[j] for j in row[:5]] for row in order]
    dig = np.argmax(S[:, :10], 1)
    groups = {"digits": str.isdigit, "upper": str.isupper, "lower": str.islower, "all": lambda c: True}
    lines = [f"{title}: {len(labels)} characters", "| class | n | top-1 | top-1 ignoring case | top-5 |", "|---|---|---|---|---|"]
    for g, t in groups.items():
        idx = [i for i, l in enumerate(labels) if t(l)]
        n = len(idx)
        t1 = sum(pred[i][0] == labels[i] for i in idx)
        nc = sum(pred[i][0].lower() == labels[i].lower() for i in idx)
        t5 = sum(labels[i] in pred[i] for i in idx)
        lines.append(f"| {g} | {n} | {100*t1/n:.1f} % | {100*nc/n:.1f} % | {100*t5/n:.1f} % |")
    idx = [i for i, l in enumerate(labels) if l.isdigit()]
    lines.append(f"digits classified among digits only: {100*np.mean([CLASSES[dig[i]] == labels[i] for i in idx]):.1f} %")
    return "\n".join(lines)

if __name__ == "__main__":
    feat = sys.argv[1]; nplane = int(sys.argv[2]); lams = [float(x) for x in sys.argv[3].split(",")]
    power = float(sys.argv[4]) if len(sys.argv) > 4 else 0.5
    d = load()
    X = transform(np.load(f"/tmp/latin3/{feat}.npy"), nplane, power)
    w = np.array([r[0] for r in d]); lab = [r[1] for r in d]
    y = np.array([CI[l] for l in lab])
    tr = np.array([x not in HELD and x not in VAL for x in w]); va = np.array([x in VAL for x in w])
    mu = X[tr].mean(0); sd = X[tr].std(0) + 1e-3
    Xs = (X - mu) / sd
    Xt, yt = Xs[tr], y[tr]
    if len(sys.argv) > 6:
        A = transform(np.load(f"/tmp/latin3/{sys.argv[6]}.npy"), nplane, power); ai = np.load(f"/tmp/latin3/{sys.argv[6]}_idx.npy")
        keep = tr[ai]
        Xt = np.vstack([Xt, (A[keep] - mu) / sd]); yt = np.concatenate([yt, y[ai[keep]]])
        print("with augmentation", Xt.shape)
    for lam in lams:
        t = time.time()
        W = softmax_fit(Xt, yt, lam, iters=int(sys.argv[5]) if len(sys.argv) > 5 else 300)
        print(f"lam {lam} fit {time.time()-t:.0f}s")
        print(report(scores(Xs[va], W), [lab[i] for i in np.where(va)[0]], f"validation {feat} p{power}"))
        sys.stdout.flush()
