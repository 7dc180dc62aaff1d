import numpy as np
CLASSES = [str(i) for i in range(10)] + [chr(c) for c in range(65, 91)] + [chr(c) for c in range(97, 123)]
CI = {c: i for i, c in enumerate(CLASSES)}
LOW = np.array([CI[c.lower()] if c.isalpha() else CI[c] for c in CLASSES])   # class -> its lower-case/digit index

def softmax(S):
    S = S - S.max(1, keepdims=True); P = np.exp(S); return P / P.sum(1, keepdims=True)

def merged_pred(S):
    """Sum the softmax probabilities of the two cases of each letter; returns the merged (digit/lower) index."""
    P = softmax(S); Q = np.zeros_like(P)
    np.add.at(Q.T, LOW, P.T)
    return Q.argmax(1)

def metrics(S, y):
    y = np.asarray(y); pred = S.argmax(1)
    ci = LOW[pred] == LOW[y]; mp = merged_pred(S); cim = mp == LOW[y]
    dig = y < 10; up = (y >= 10) & (y < 36); lo = y >= 36
    r = {"all_ci": ci.mean(), "all_ci_merge": cim.mean(), "upper_ci": ci[up].mean(), "lower_ci": ci[lo].mean(),
         "upper_ci_merge": cim[up].mean(), "lower_ci_merge": cim[lo].mean(),
         "digits62": (pred[dig] == y[dig]).mean(), "digits62_merge": cim[dig].mean(),
         "digits_only": (S[dig][:, :10].argmax(1) == y[dig]).mean(), "top1": (pred == y).mean()}
    return {k: 100 * float(v) for k, v in r.items()}

def fmt(r):
    return ("all_ci {all_ci:.1f} (merge {all_ci_merge:.1f}) | upper {upper_ci:.1f} ({upper_ci_merge:.1f}) | lower {lower_ci:.1f} "
            "({lower_ci_merge:.1f}) | dig62 {digits62:.1f} ({digits62_merge:.1f}) | digonly {digits_only:.1f}").format(**r)

LOOKALIKE = [set("0o"), set("1li"), set("9qg"), set("2z"), set("5s")]   # after lower-casing (i covers capital I)

def lookalike_report(S, y):
    """Case-insensitive accuracy if confusions inside a look-alike group counted as correct, and the digit errors
    that go to a look-alike letter."""
    pred = S.argmax(1); a = [CLASSES[LOW[i]] for i in y]; b = [CLASSES[LOW[i]] for i in pred]
    same = lambda u, v: u == v or any(u in g and v in g for g in LOOKALIKE)
    ok = np.array([same(u, v) for u, v in zip(a, b)])
    dig = np.asarray(y) < 10
    derr = [(CLASSES[u], CLASSES[v]) for u, v in zip(np.asarray(y)[dig], pred[dig]) if u != v]
    look = sum(1 for u, v in derr if same(u, CLASSES[LOW[CI[v]]]))
    return (f"case-insensitive all with look-alike groups {LOOKALIKE} merged: {100*ok.mean():.1f} %; "
            f"digit errors (62-class argmax): {len(derr)} of {dig.sum()}, of which {look} to a look-alike "
            f"(0/o/O, 1/l/I/i, 9/q/g, 2/z/Z, 5/s/S); digits top-1 if those were right: {100*(1-(len(derr)-look)/dig.sum()):.1f} %")
