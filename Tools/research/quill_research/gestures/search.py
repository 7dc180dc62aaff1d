"""The threshold search over features.pkl (see features.py): the 15 best rules keeping 98 % recall."""
import pickle, itertools

from quill_research.gestures.paths import work

def main():
    d = pickle.load(open(work("features.pkl"), "rb"))
    neg, pos = d["neg"], d["pos"]
    allpos = pos["horizontal"] + pos["tilted"] + pos["wwww"]
    N = 1982
    def rule(f, b, c, s, w):
        return f["bulge_mean"] <= b and f["cov3"] >= c and f["slant"] <= s and f["w"] <= w
    best = []
    for b in (0.06, 0.08, 0.1, 0.12, 0.15, 1):
      for c in (0, 0.5, 0.6, 0.65, 0.7):
        for s in (0.2, 0.25, 0.3, 0.35):
          for w in (0.5, 0.6, 0.7, 0.8):
            kept = sum(rule(f, b, c, s, w) for f in neg)
            rec = sum(rule(f, b, c, s, w) for f in allpos) / len(allpos)
            best.append((rec >= 0.98, -kept, rec, b, c, s, w))
    best.sort(reverse=True)
    for r in best[:15]: print(r)
    for name in ("bulge_mean", "cov3", "slant", "w", "inner_min", "bulge_max"):
        pass


if __name__ == "__main__":
    main()
