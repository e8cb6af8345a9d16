#!/usr/bin/env python3
"""A prefix file of every address typed whole, for `seoladh prefixes run`.

    python3 scripts/whole_addresses.py --data DIR --lang en > whole-en.tsv
    seoladh prefixes run --index ie.idx --file whole-en.tsv --failures missed.tsv

Each address point's postal lines (English or Irish), without the Eircode line, joined with
", ", is one prefix whose target is the point. Only addresses unique by that text (ignoring
case) are written: the others are found as a group, which this file cannot judge. The report's
`5` row is the share of addresses that Autocomplete, given the whole address, shows in its top
5 as themselves; `--failures` lists the rest with the options shown. The holders column is a
placeholder, so the group columns mean nothing here.
"""

import argparse
import collections
import csv
import re
import sys

EIRCODE = re.compile(r"^[A-Z0-9]{3} [A-Z0-9]{4}$")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="ECAD-layout directory (POSTAL_ADDRESS.csv)")
    ap.add_argument("--lang", choices=["en", "ga"], default="en")
    ap.add_argument("--every", type=int, default=1, help="only every N-th address point")
    args = ap.parse_args()
    first = 1 if args.lang == "en" else 10
    rows = []
    seen = collections.Counter()
    with open(f"{args.data}/POSTAL_ADDRESS.csv", newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        next(reader)
        for row in reader:
            lines = [line for line in row[first : first + 9] if line]
            if lines and EIRCODE.match(lines[-1]):
                lines.pop()
            if not lines:
                continue
            text = ", ".join(lines)
            rows.append((row[0], text))
            seen[text.upper()] += 1
    out = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    out.writerow(["row", "id", "kind", "words", "target", "holders", "text"])
    kind = "plain" if args.lang == "en" else "irish"
    for i, (ecad_id, text) in enumerate(rows):
        if i % args.every or seen[text.upper()] > 1:
            continue
        out.writerow(["prefix", f"whole-{i}", kind, 5, ecad_id, 1100000001, text])


if __name__ == "__main__":
    main()
