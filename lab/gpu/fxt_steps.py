#!/usr/bin/env python3
"""fxt_steps.py TASKS.REC [SKIP [TAIL]]: where a tissue run's time steps go, per StarPU worker, from
the tasks.rec that starpu_fxt_tool writes (lab/gpu/trace.sh).

For each worker that ran starcarp's tasks: the mean step (the span from the SKIP-th ionic task to
the TAIL-th from the end, over the ionic tasks between), the busy time of each task kind per step
(ionic, halo, diffuse, ...) and the idle gap before each next task, by the pair of kinds (the
hand-overs between dependent tasks). A Markdown table on stdout. SKIP (default 50) leaves out the
first steps (the first upload, calibration), TAIL (default 10) the last ones."""
import collections
import sys


def records(path):
    """The records of a tasks.rec (blank-line separated 'Key: value' lines)."""
    rec = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                if rec:
                    yield rec
                rec = {}
                continue
            key, _, value = line.partition(": ")
            rec[key] = value
    if rec:
        yield rec


def kind(name):
    """A task's kind from its performance-model symbol: starcarp.<kind>... or the model's name."""
    parts = name.split(".")
    known = ("halo", "diffuse", "copy", "gather", "fem", "export", "vm_update")
    return parts[1] if len(parts) > 1 and parts[1] in known else "ionic"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    skip = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    tail = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    per = collections.defaultdict(list)
    for r in records(sys.argv[1]):
        if "StartTime" in r and "WorkerId" in r and r.get("Name", "").startswith("starcarp."):
            per[r["WorkerId"]].append((float(r["StartTime"]), float(r["EndTime"]), kind(r["Name"])))
    print("| worker | steps | step (us) | busy per step (us) | gaps per step (us) |")
    print("|---|---:|---:|---|---|")
    for w, tasks in sorted(per.items(), key=lambda x: int(x[0])):
        tasks.sort()
        ionic = [t for t in tasks if t[2] == "ionic"]
        if len(ionic) <= skip + tail + 1:
            continue
        t0, t1 = ionic[skip][0], ionic[-tail][0]
        n = len(ionic) - skip - tail
        win = [t for t in tasks if t0 <= t[0] < t1]
        busy, gap = collections.Counter(), collections.Counter()
        for a, b in zip(win, win[1:] + [None]):
            busy[a[2]] += a[1] - a[0]
            if b:
                gap[(a[2], b[2])] += b[0] - a[1]
        scale = 1000.0 / n  # tasks.rec's times are in ms
        bs = ", ".join(f"{k} {v * scale:.1f}" for k, v in sorted(busy.items()))
        gs = ", ".join(f"{a}->{b} {v * scale:.1f}" for (a, b), v in sorted(gap.items()))
        print(f"| {w} | {n} | {(t1 - t0) * scale:.1f} | {bs} | {gs} |")


if __name__ == "__main__":
    main()
