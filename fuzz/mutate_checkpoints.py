#!/usr/bin/env python3
"""Structured mutation campaign for the checkpoint harnesses (issue 36).

libFuzzer (fuzz/README.md) mutates bytes; most byte edits of a JSON-lines
checkpoint are refused by the JSON reader before they reach what the issue is
about: a record that parses, carries a valid seal and still lies (a count
that does not fit its shard, a failure at the wrong level, a record moved,
dropped or written twice).  This script makes such records: it parses each
record of a seed, edits one value, one key or one line (the edits below),
writes the input with a random mode byte (the harness reseals every complete
line unless mode bit 1 is set, fuzz/checkpoint_oracle.h), and feeds batches
of them to the gcc replay binary of the harness, whose verdict oracle aborts
on a resumed verdict that differs from a fresh one without saying so.

    /usr/bin/python3 fuzz/mutate_checkpoints.py build/fuzz/fuzz_replay_route_checkpoint \
        fuzz/corpus/route_checkpoint/fresh-complete --runs 20000 --seed 1 [--keep DIR]

A finding is copied to --keep (default: the current folder) as
finding-<harness>-<n> with the harness's message; exit status 1.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

BATCH = 200


def leaves(value, path=()):
    """Every (path, value) of a JSON value, containers included."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))


def replaced(root, path, new):
    if not path:
        return new
    node = root
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = new
    return root


def new_value(rng, old, pool):
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return rng.choice([old + 1, old - 1, 0, -1, old * 2, 2 ** 31, 2 ** 63 - 1, old + rng.randint(2, 9)])
    if isinstance(old, float):
        return rng.choice([0.0, 1.0, old * 1.5, -old, 1e308])
    if isinstance(old, str):
        return rng.choice(pool + ["", "x", old + "x"])
    if isinstance(old, list):
        if not old:
            return [rng.choice(pool)] if pool else [0]
        edit = rng.randrange(4)
        out = list(old)
        i = rng.randrange(len(out))
        if edit == 0:
            del out[i]
        elif edit == 1:
            out.insert(i, out[i])
        elif edit == 2:
            rng.shuffle(out)
        else:
            out.append(out[i])
        return out
    if isinstance(old, dict):
        out = dict(old)
        if out and rng.random() < 0.5:
            del out[rng.choice(list(out))]
        else:
            out[rng.choice(["extra", "shard", "level"])] = 1
        return out
    return 0 if old is None else None


def mutate(rng, lines):
    """One structured edit of the records (lines[0] is the header)."""
    lines = list(lines)
    records = list(range(1, len(lines)))
    edit = rng.randrange(10)
    if not records or edit == 0:  # the header
        i = 0
    else:
        i = rng.choice(records)
    if edit == 1 and records:
        del lines[rng.choice(records)]
        return lines
    if edit == 2 and records:
        j = rng.choice(records)
        lines.insert(j, lines[j])
        return lines
    if edit == 3 and len(records) > 1:
        a, b = rng.sample(records, 2)
        lines[a], lines[b] = lines[b], lines[a]
        return lines
    if edit == 4 and records:
        j = rng.choice(records)
        return lines[:j] + [lines[j][: rng.randrange(len(lines[j]) + 1)]]
    try:
        rec = json.loads(lines[i])
    except ValueError:
        return lines
    pool = [v for _, v in leaves(rec) if isinstance(v, str)]
    paths = [p for p, _ in leaves(rec) if p and p[0] != "check"]
    if not paths:
        return lines
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        path = rng.choice(paths)
        node = rec
        try:
            for p in path:
                node = node[p]
        except (KeyError, IndexError, TypeError):
            continue
        rec = replaced(rec, path, new_value(rng, node, pool))
    lines[i] = json.dumps(rec, separators=(",", ":"))
    return lines


def run_batch(harness, folder):
    p = subprocess.run([harness, folder], capture_output=True, text=True)
    return p.returncode, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("harness")
    ap.add_argument("seeds", nargs="+")
    ap.add_argument("--runs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--modes", default="0,1,2", help="mode bytes to draw from (4: tolerance without certificates)")
    ap.add_argument("--keep", default=".")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    modes = [int(m) for m in a.modes.split(",")]
    seeds = []
    for s in a.seeds:
        with open(s, "rb") as f:
            data = f.read()
        seeds.append(data[1:].decode().rstrip("\n").split("\n"))
    name = os.path.basename(a.harness).replace("fuzz_replay_", "")
    done = findings = 0
    with tempfile.TemporaryDirectory() as work:
        while done < a.runs:
            batch = os.path.join(work, "batch")
            shutil.rmtree(batch, ignore_errors=True)
            os.mkdir(batch)
            n = min(BATCH, a.runs - done)
            for k in range(n):
                lines = rng.choice(seeds)
                for _ in range(rng.choice([1, 1, 2, 3])):
                    lines = mutate(rng, lines)
                with open(os.path.join(batch, "%06d" % k), "wb") as f:
                    f.write(bytes([rng.choice(modes)]) + ("\n".join(lines) + "\n").encode())
            code, err = run_batch(a.harness, batch)
            if code != 0:  # find the input: one at a time
                for k in sorted(os.listdir(batch)):
                    c, e = run_batch(a.harness, os.path.join(batch, k))
                    if c != 0:
                        findings += 1
                        out = os.path.join(a.keep, "finding-%s-%d" % (name, findings))
                        shutil.copy(os.path.join(batch, k), out)
                        print("finding: %s\n%s" % (out, e[-2000:]))
                        break
                if findings >= 5:
                    break
            done += n
    print("%s: %d mutated inputs, %d finding(s)" % (name, done, findings))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
