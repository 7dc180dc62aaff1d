"""How common the word list's words are, for WordBeamSearch's prior (WordPriors.swift): SCOWL's
levels of commonness (Debian's `scowl` package, /usr/share/dict/scowl; Kevin Atkinson's word lists,
the ones Debian's wamerican is made of; permissive licence: "Permission to use, copy, modify,
distribute and sell these word lists ... is hereby granted without fee, provided that the above
copyright notice appears in all copies", /usr/share/doc/scowl/copyright).

    apt-get install scowl wamerican

A tier's log prior is -ln(its middle rank + 1) when the list's words are ranked by level (Zipf's
law); the words of no shipped tier share one more. Levels 10, 20 and 35 (about 45 000 of
wamerican's words) are shipped: more tiers read no more of our validation writers' words.
"""
import math, os, struct

LEVELS = "10,20,35"
WORD_LIST = "/usr/share/dict/american-english"


def list_words(path=WORD_LIST):
    """The word list's words as WordDecoder.swift reads them: letters only, lower-cased."""
    return sorted({w.strip().lower() for w in open(path, encoding="utf-8", errors="replace")
                   if w.strip().isascii() and w.strip().isalpha() and len(w.strip()) <= 40})


def scowl_tiers(words, levels=LEVELS):
    """SCOWL's levels (Debian's scowl: /usr/share/dict/scowl, Kevin Atkinson's permissive licence) as
    tiers of commonness over the word list `words`: a word's level is the lowest whose English or
    American word or name lists hold it; a tier's log prior is -ln(its middle rank + 1) when the
    list's words are ranked by level (Zipf's law); words of no tier share one more (`unlisted`)."""
    wanted = [int(x) for x in levels.split(",")]
    level = {}
    for lv in (10, 20, 35, 40, 50, 55, 60, 70, 80, 95):
        for kind in ("english-words", "american-words", "english-proper-names", "american-proper-names", "english-upper", "american-upper"):
            path = f"/usr/share/dict/scowl/{kind}.{lv}"
            if not os.path.exists(path):
                continue
            for line in open(path, encoding="latin-1"):
                w = line.strip().lower()
                if w.isascii() and w.isalpha() and w not in level:
                    level[w] = lv
    inlist = set(words)
    counts, start, tiers = {}, 0, []
    for w in inlist:
        lv = level.get(w)
        lv = lv if lv in wanted else None
        counts[lv] = counts.get(lv, 0) + 1
    for lv in wanted:
        n = counts.get(lv, 0)
        tiers.append((lv, -math.log(start + n / 2 + 1)))
        start += n
    unlisted = -math.log(start + counts.get(None, 0) / 2 + 1)
    return {"level": {w: l for w, l in level.items() if l in wanted and w in inlist}, "tiers": tiers, "unlisted": unlisted}



def section(levels=LEVELS):
    """The QWPRIOR1 section appended to words.network (layout: WordPriors.swift)."""
    t = scowl_tiers(list_words(), levels)
    out = b"QWPRIOR1" + struct.pack("<I", len(t["tiers"]))
    for lv, lp in t["tiers"]:
        words = sorted(w for w, l in t["level"].items() if l == lv)
        text = "".join(w + "\n" for w in words).encode("ascii")
        out += struct.pack("<f", lp) + struct.pack("<I", len(text)) + text
    return out + struct.pack("<f", t["unlisted"])


if __name__ == "__main__":
    t = scowl_tiers(list_words(), LEVELS)
    print(len(list_words()), "words;", [(lv, round(lp, 2), sum(1 for l in t["level"].values() if l == lv)) for lv, lp in t["tiers"]], "unlisted", round(t["unlisted"], 2), len(section()), "bytes")
