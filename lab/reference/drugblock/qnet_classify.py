#!/usr/bin/env python3
"""qnet_classify.py DIR: the 1000-beat qNet of CiPA's 12 training drugs run by starcarp (one
`starcarp study` per drug, lab/gpu/study_long.sh qnet: its cells tables DIR/<drug>.csv) against the
Myokit reference (tests/data/drugblock/myokit_qnet.csv), and the TdP risk classes they give per dose
with CiPA's procedure (ordinal logistic regression of the training drugs' classes on qNet, training
and leave-one-out predictions: ordinal_reference.py's fit, which drivers.study_tdp checks the
product's fitter against). Prints markdown tables.

    .venv-ref/bin/python lab/reference/drugblock/qnet_classify.py /tmp/long/qnet
"""
import csv
import glob
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ordinal_reference as orf  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..')
NAMES = {0: 'low', 1: 'intermediate', 2: 'high'}


def starcarp_qnet(d):
    """{(drug, multiple of Cmax): (qNet, APD90)} from the cells tables in d."""
    cmax = {r['drug']: float(r['Cmax']) for r in csv.DictReader(
        l for l in open(os.path.join(TOP, 'examples', 'cipa_training_drugs.csv')) if not l.startswith('#'))}
    out = {}
    for f in sorted(glob.glob(os.path.join(d, '*.csv'))):
        if f.endswith(('_summary.csv', '_traces.csv')):
            continue
        for r in csv.DictReader(open(f)):
            c = float(r['conc_nM'])
            m = 0 if c == 0 else round(c / cmax[r['drug']])
            out[('control' if c == 0 else r['drug'], m)] = (float(r['qNet']), float(r['APD90']))
    return out


def myokit_qnet():
    rows = csv.DictReader(l for l in open(os.path.join(TOP, 'tests', 'data', 'drugblock', 'myokit_qnet.csv'))
                          if not l.startswith('#'))
    return {(r['drug'], int(r['mult_cmax'])): (float(r['qNet']), float(r['APD90'])) for r in rows}


def main():
    sc, mk = starcarp_qnet(sys.argv[1]), myokit_qnet()
    risk = orf.drug_risks()
    print('| drug | x Cmax | qNet starcarp (C/F) | qNet Myokit | difference | APD90 starcarp (ms) | APD90 Myokit |')
    print('|---|---:|---:|---:|---:|---:|---:|')
    worst = 0
    for k in sorted(mk, key=lambda k: (k[0] != 'control', list(risk).index(k[0]) if k[0] in risk else 0, k[1])):
        if k in sc:
            (q, a), (qm, am) = sc[k], mk[k]
            worst = max(worst, abs(q - qm))
            print('| %s | %d | %.6f | %.6f | %+.2e | %.2f | %.2f |' % (k[0], k[1], q, qm, q - qm, a, am))
    print('\nlargest |qNet difference|: %.2e C/F\n' % worst)
    print('| x Cmax | source | training error | LOOCV error | misclassified (training) | misclassified (LOOCV) |')
    print('|---:|---|---:|---:|---|---|')
    for m in (1, 2, 3, 4):
        for name, data in (('starcarp', sc), ('Myokit', mk)):
            pts = [(d, data[(d, m)][0], risk[d]) for d in risk if (d, m) in data]
            x, y = [p[1] for p in pts], [p[2] for p in pts]
            th, _, _, cls, mean, sd = orf.fit(x, y)
            pred = [orf.predict(th, cls, mean, sd, xv) for xv in x]
            cv = orf.loocv(pts)
            wrong = ['%s (%s as %s)' % (d, NAMES[yv], NAMES[p]) for (d, _, yv), p in zip(pts, pred) if p != yv]
            wcv = ['%s (%s as %s)' % (d, NAMES[yv], NAMES[p]) for (d, _, yv), p in zip(pts, cv) if p >= 0 and p != yv]
            print('| %d | %s | %.3f | %.3f | %s | %s |' % (
                m, name, np.mean([abs(p - yv) for p, yv in zip(pred, y)]),
                np.mean([abs(p - yv) for p, (_, _, yv) in zip(cv, pts) if p >= 0]),
                ', '.join(wrong) or '-', ', '.join(wcv) or '-'))
    print('\nranking by qNet at 1x (lowest first = highest risk):')
    print(', '.join('%s (%s)' % (d, NAMES[risk[d]]) for d in sorted(risk, key=lambda d: sc[(d, 1)][0])))


if __name__ == '__main__':
    main()
