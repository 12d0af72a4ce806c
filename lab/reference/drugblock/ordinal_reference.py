#!/usr/bin/env python3
"""ordinal_reference.py: reference fits of the proportional-odds model of CiPA's TdP risk
classification (drivers/study/study_tdp.c), made independently of starcarp.

The model (rms::lrm's parametrisation, as the FDA's CiPA code fits it in
AP_simulation/compute_TdP_error.R): P(Y >= j | x) = F(alpha_j + beta x), F the logistic function,
classes 0 (low) < 1 (intermediate) < 2 (high), x = qNet.

Each data set is fitted twice:
  1. statsmodels' OrderedModel (distr='logit'), its own likelihood code, Newton then BFGS;
     its thresholds c_j and slope b give alpha_j = -c_j, beta = b;
  2. scipy.optimize.minimize (BFGS, gtol 1e-13) on the exact negative log-likelihood written here
     in numpy (scipy.special.log_expit), from statsmodels' estimate, x standardised.
The two must agree within 1e-7 relative; the second is written (it is the sharper optimum).

Data sets:
  myokit_Nx  qNet of the 12 CiPA training drugs at N x Cmax (N = 1..4) from
             tests/data/drugblock/myokit_qnet.csv (Myokit/CVODES, O'Hara-Rudy CiPA, 1000 beats),
             classes from examples/cipa_training_drugs.csv;
  binary     12 points of two classes (0 and 2) that overlap, written below.
For every point: the training prediction (argmax of the fitted class probabilities) and the
leave-one-out prediction (the same, fitted without the point; scipy on the exact likelihood, from
statsmodels' start, stopped where the gradient is below 1e-9 or after 10^4 iterations: for a fold whose
classes are separated by x the estimate runs off to infinity but the argmax settles).

Lab tooling: numpy, scipy, statsmodels (pip install statsmodels). The build and the tests read the
CSV files written here, never Python.

    .venv-ref/bin/python lab/reference/drugblock/ordinal_reference.py --out-dir tests/data/tdp
"""
import argparse
import csv
import os
import sys

import numpy as np
import scipy
import scipy.optimize
import scipy.special
import statsmodels
from statsmodels.miscmodels.ordinal_model import OrderedModel

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
RISK = {'low': 0, 'intermediate': 1, 'high': 2}
BINARY = [(0.010, 2), (0.020, 2), (0.030, 2), (0.035, 0), (0.040, 2), (0.045, 2),
          (0.050, 0), (0.055, 2), (0.060, 0), (0.065, 0), (0.070, 0), (0.080, 0)]


def drug_risks():
    rows = [l for l in open(os.path.join(ROOT, 'examples', 'cipa_training_drugs.csv')) if not l.startswith('#')]
    return {r['drug']: RISK[r['risk']] for r in csv.DictReader(rows)}


def myokit_sets():
    risk = drug_risks()
    path = os.path.join(ROOT, 'tests', 'data', 'drugblock', 'myokit_qnet.csv')
    rows = [l for l in open(path) if not l.startswith('#')]
    sets = {}
    for r in csv.DictReader(rows):
        if r['drug'] == 'control':
            continue
        sets.setdefault('myokit_%sx' % r['mult_cmax'], []).append((r['drug'], float(r['qNet']), risk[r['drug']]))
    return sets


def nll(theta, z, c, k):
    """The exact negative log-likelihood: theta = (a_1 .. a_{k-1}, b) on z, c in 0 .. k-1."""
    a, b = theta[:-1], theta[-1]
    if np.any(np.diff(a) >= 0):
        return np.inf
    up = np.concatenate(([np.inf], a))[c] + b * z  # eta of P(Y >= c)
    lo = np.concatenate((a, [-np.inf]))[c] + b * z  # eta of P(Y >= c + 1)
    # P = F(up) - F(lo) = F(up) F(-lo) (1 - exp(lo - up))
    lp = np.where(np.isinf(up), 0, scipy.special.log_expit(up)) + \
        np.where(np.isinf(lo), 0, scipy.special.log_expit(-lo))
    mid = ~np.isinf(up) & ~np.isinf(lo)
    lp[mid] += np.log(-np.expm1(lo[mid] - up[mid]))
    return -np.sum(lp)


def fit(x, y, with_sm=True):
    """(theta, statsmodels' theta, loglik, classes, mean, sd) of the classes present on z = (x - mean) / sd;
    without statsmodels (with_sm false: a leave-one-out fold) scipy starts from slope 0 and the
    intercepts of the cumulative proportions."""
    x, y = np.asarray(x, float), np.asarray(y)
    cls = sorted(set(y.tolist()))
    k = len(cls)
    c = np.array([cls.index(v) for v in y])
    mean, sd = x.mean(), x.std()
    z = (x - mean) / sd
    if with_sm:
        sm = OrderedModel(c, z[:, None], distr='logit')
        with np.errstate(all='ignore'):
            res = sm.fit(method='newton', maxiter=200, disp=False)
            res = sm.fit(start_params=res.params, method='bfgs', maxiter=10000, gtol=1e-12, disp=False)
        cut = sm.transform_threshold_params(res.params)[1:-1]
        th0 = np.concatenate((-cut, [res.params[0]]))
    else:
        p = np.array([np.mean(c >= j) for j in range(1, k)])
        th0 = np.concatenate((np.log(p / (1 - p)), [0.0]))
    opt = scipy.optimize.minimize(nll, th0, args=(z, c, k), method='BFGS',
                                  options={'gtol': 1e-13 if with_sm else 1e-9, 'maxiter': 10000})
    th = opt.x
    return th, th0, -opt.fun, cls, mean, sd


def probs(th, cls, v):
    a, b = th[:-1], th[-1]
    up = np.concatenate(([1.0], scipy.special.expit(a + b * v), [0.0]))
    return -np.diff(up)


def predict(th, cls, mean, sd, x):
    return cls[int(np.argmax(probs(th, cls, (x - mean) / sd)))]


def loocv(points):
    out = []
    for i in range(len(points)):
        rest = [p for j, p in enumerate(points) if j != i]
        ys = [p[2] for p in rest]
        if len(set(ys)) < 2:
            out.append(-1)
            continue
        th, _, _, cls, mean, sd = fit([p[1] for p in rest], ys, with_sm=False)
        out.append(predict(th, cls, mean, sd, points[i][1]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--out-dir', required=True)
    args = ap.parse_args()
    sets = myokit_sets()
    sets['binary'] = [('p%d' % i, x, y) for i, (x, y) in enumerate(BINARY)]
    prov = ('# lab/reference/drugblock/ordinal_reference.py: statsmodels %s OrderedModel(logit), checked against '
            'scipy %s BFGS on the exact likelihood (written: scipy); numpy %s, Python %s\n'
            % (statsmodels.__version__, scipy.__version__, np.__version__, sys.version.split()[0]))
    model = ('# model: P(Y >= j | x) = 1 / (1 + exp(-(alpha_j + beta x))), classes 0 low, 1 intermediate, '
             '2 high; x qNet (C/F); myokit_Nx: tests/data/drugblock/myokit_qnet.csv at N x Cmax, classes of '
             'examples/cipa_training_drugs.csv; binary: points written in the script\n')
    with open(os.path.join(args.out_dir, 'ordinal_fits.csv'), 'w') as f, \
            open(os.path.join(args.out_dir, 'ordinal_points.csv'), 'w') as g:
        for h in (f, g):
            h.write(prov + model)
        f.write('# alpha_1: intercept of P(Y >= the second class present), alpha_2: of the third (NA with two '
                'classes); loglik at the estimate; sm_rel_diff: the largest relative difference of statsmodels\' '
                'coefficients from these\n')
        f.write('set,n,classes,alpha_1,alpha_2,beta,loglik,sm_rel_diff\n')
        g.write('# train_pred: the most probable class of the fit to the whole set; loocv_pred: of the fit '
                'without the point (-1: not fitted)\n')
        g.write('set,drug,x,y,train_pred,loocv_pred\n')
        for name, pts in sets.items():
            x, y = [p[1] for p in pts], [p[2] for p in pts]
            th, th0, ll, cls, mean, sd = fit(x, y)
            beta = th[-1] / sd
            alpha = th[:-1] - beta * mean
            beta0 = th0[-1] / sd
            alpha0 = th0[:-1] - beta0 * mean
            rel = max(abs(np.concatenate((alpha0, [beta0])) - np.concatenate((alpha, [beta])))
                      / abs(np.concatenate((alpha, [beta]))))
            if rel > 1e-7:
                sys.exit('%s: statsmodels and scipy differ by %g relative' % (name, rel))
            a2 = '%.17g' % alpha[1] if len(alpha) > 1 else 'NA'
            f.write('%s,%d,%s,%.17g,%s,%.17g,%.17g,%.2g\n' % (name, len(pts), ' '.join(map(str, cls)),
                                                             alpha[0], a2, beta, ll, rel))
            cv = loocv(pts)
            for (drug, xv, yv), p in zip(pts, cv):
                g.write('%s,%s,%.10f,%d,%d,%d\n' % (name, drug, xv, yv, predict(th, cls, mean, sd, xv), p))
            err = np.mean([abs(predict(th, cls, mean, sd, xv) - yv) for _, xv, yv in pts])
            cvok = [(p, yv) for p, (_, _, yv) in zip(cv, pts) if p >= 0]
            print('%-10s alpha %s beta %.6g loglik %.6f  training error %.4f  LOOCV error %.4f (sm rel diff %.1e)'
                  % (name, np.array2string(alpha, precision=6), beta, ll, err,
                     np.mean([abs(p - yv) for p, yv in cvok]), rel))


if __name__ == '__main__':
    main()
