#!/usr/bin/env python3
"""The best any engine can do on a prefix file's typed prefixes of N words.

    python3 scripts/prefix_ceiling.py --data DIR --file prefixes.tsv --words 3 [--failures F]

For each plain, lower-case and Irish prefix (typos left out) whose address begins with it
(English or Irish postal lines, punctuation and fadas ignored), it counts the address points
that begin with it too. With 5 options and the target any of those points alike, no ranking
can show it as itself more often than 5 / count on average; grouped by street (the address
without its house or unit line), the 5 largest groups bound the share inside a group. Prints
both ceilings and the share of prefixes that more than 5 addresses begin with. With the
failures file of `seoladh prefixes run --failures F` on the same prefix file, it prints the
engine's share on the same prefixes too, and lists each miss that 5 or fewer addresses begin
with in the prefix's language (the same words may begin more in the other: Irish lines keep
many English street names).
"""

import argparse
import bisect
import collections
import csv
import re
import unicodedata

EIRCODE = re.compile(r"^[A-Z]\d[\dW] ?\w{4}$")
NUMBERED_EN = re.compile(r"^(\d|FLAT|APARTMENT|UNIT)")
NUMBERED_GA = re.compile(r"^(\d|ARASAN|AONAD)")


def norm(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c)).upper().replace("'", "")
    return " ".join(re.sub(r"[^A-Z0-9 ]+", " ", s).split())


def lines_of(row):
    lines = [x for x in row if x]
    if lines and EIRCODE.match(lines[-1]):
        lines = lines[:-1]
    return lines


def entry(lines, numbered, ecad_id):
    text = norm(" ".join(lines))
    street = norm(" ".join(lines[1:])) if numbered.match(norm(lines[0])) else text
    return (text, ecad_id, street)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="ECAD-layout directory the file was made from")
    ap.add_argument("--file", required=True, help="prefix file (seoladh prefixes make)")
    ap.add_argument("--words", type=int, default=3, help="prefix length in words")
    ap.add_argument("--failures", help="failures file of `seoladh prefixes run` on the file")
    args = ap.parse_args()

    missed = None
    if args.failures:
        with open(args.failures, encoding="utf-8") as fh:
            next(fh)
            missed = {line.split("\t", 1)[0] for line in fh}

    cases = []
    with open(args.file, encoding="utf-8") as fh:
        for line in fh:
            f = line.rstrip("\n").split("\t")
            if f[0] == "prefix" and f[3] == str(args.words) and f[2] in ("plain", "lower", "irish"):
                cases.append((f[1], f[2], int(f[4]), f[6]))

    english, irish = [], []
    with open(f"{args.data}/POSTAL_ADDRESS.csv", newline="", encoding="utf-8") as fh:
        rows = csv.reader(fh)
        next(rows)
        for row in rows:
            ecad_id = int(row[0])
            en, ga = lines_of(row[1:10]), lines_of(row[10:19])
            if en:
                english.append(entry(en, NUMBERED_EN, ecad_id))
            if ga:
                irish.append(entry(ga, NUMBERED_GA, ecad_id))
    english.sort()
    irish.sort()
    keys = {"en": [e[0] for e in english], "ga": [e[0] for e in irish]}

    n = itself = grouped = crowded = shown = 0
    for case_id, kind, target, text in cases:
        rows, k = (irish, keys["ga"]) if kind == "irish" else (english, keys["en"])
        p = norm(text)
        begun = rows[bisect.bisect_left(k, p) : bisect.bisect_left(k, p + "\x7f")]
        ids = {r[1] for r in begun}
        if target not in ids:
            continue
        n += 1
        crowded += len(ids) > 5
        itself += min(1.0, 5 / len(ids))
        streets = collections.Counter(r[2] for r in begun)
        grouped += min(1.0, sum(c for _, c in streets.most_common(5)) / len(ids))
        if missed is not None:
            shown += case_id not in missed
            if case_id in missed and len(ids) <= 5:
                print(f"missed, begun by {len(ids)}: {case_id}\t{text}")
    if n == 0:
        print("no prefix of that length begins its address")
        return
    print(f"{args.words}-word prefixes beginning their address: {n}")
    print(f"begun by more than 5 addresses: {100 * crowded / n:.1f}%")
    print(f"ceiling, target in the top 5 as itself: {100 * itself / n:.1f}%")
    print(f"ceiling, itself or inside one of 5 street groups: {100 * grouped / n:.1f}%")
    if missed is not None:
        print(f"the engine, target in the top 5 as itself: {100 * shown / n:.1f}%")


if __name__ == "__main__":
    main()
