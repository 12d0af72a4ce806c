#!/usr/bin/env python3
"""myokit_apd90.py: the CVODES reference of APD90 under drug block (tests/data/drugblock/myokit_apd90.csv).

    .venv-ref/bin/python lab/reference/drugblock/myokit_apd90.py --cellml-dir DIR [--out CSV]

For each model of refmodels.MODELS, the control and each drug of --drugs at --mult x its Cmax
(CiPA's 'therapeutic'): the conductances of the currents the drug blocks scaled by
1 / (1 + (D / IC50)^h), paced as starcarp study paces (stimulus 60 uA/cm^2 on dV/dt from 1 ms for 1
ms every --bcl ms, --beats stimuli, from the CellML's initial state), Myokit's CVODES with
rtol --rtol, atol --atol; Vm logged every --sample ms over the last beat's window
[1 + (beats-1) bcl, 1 + beats bcl) (CVODES's interpolant at those times) and the biomarkers of
docs/study.md computed from those samples (refmodels.biomarkers)."""
import argparse
import time

import myokit

import refmodels as R


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cellml-dir', required=True)
    ap.add_argument('--out', default='myokit_apd90.csv')
    ap.add_argument('--models', default=','.join(R.MODELS))
    ap.add_argument('--drugs', default='dofetilide,cisapride,verapamil')
    ap.add_argument('--mult', default='1,2,3,4')
    ap.add_argument('--bcl', type=float, default=1000.0)
    ap.add_argument('--beats', type=int, default=10)
    ap.add_argument('--sample', type=float, default=0.01)
    ap.add_argument('--rtol', type=float, default=1e-8)
    ap.add_argument('--atol', type=float, default=1e-10)
    a = ap.parse_args()
    R.check_currents_tsv()
    drugs = R.read_drugs()
    mults = [float(x) for x in a.mult.split(',')]
    out = open(a.out, 'w')
    out.write(f'# Myokit {myokit.__version__} CVODES (rtol {a.rtol:g}, atol {a.atol:g}); lab/reference/drugblock/'
              f'myokit_apd90.py; BCL {a.bcl:g} ms, {a.beats} beats from the initial state, stimulus 60 uA/cm^2 '
              f'on dV/dt from 1 ms for 1 ms each beat; the last beat, Vm sampled every {a.sample:g} ms; ms, mV\n')
    out.write('model,drug,mult_cmax,conc_nM,Vrest,Vmax,dVdt_max,t_act,APD30,APD50,APD90,blocked\n')
    for name in a.models.split(','):
        m, vq = R.load(name, a.cellml_dir)
        cur = R.MODELS[name][3]
        sim = myokit.Simulation(m, R.protocol(a.bcl))
        sim.set_tolerance(a.atol, a.rtol)
        defaults = {q: m.get(q).eval() for q in cur.values()}
        cases = [('control', 0.0, 0.0, {})]
        for d in a.drugs.split(','):
            for k in mults:
                cases.append((d, k, k * drugs[d]['cmax'], drugs[d]['block']))
        for drug, k, conc, block in cases:
            t0 = time.time()
            sim.reset()
            sim.set_time(0)
            used = []
            for c, q in cur.items():
                f = 1.0
                if c in block:
                    f = R.factor(conc, *block[c])
                    used.append(f'{c}*{f:.6g}')
                sim.set_constant(q, defaults[q] * f)
            tw = 1.0 + (a.beats - 1) * a.bcl
            sim.run(tw, log=myokit.LOG_NONE)
            n = int(round(a.bcl / a.sample))
            times = [tw + i * a.sample for i in range(n)]
            log = sim.run(a.bcl, log=['environment.time', vq], log_times=times)
            t, v = list(log['environment.time']), list(log[vq])
            b = R.biomarkers(t, v)
            out.write(f'{name},{drug},{k:g},{conc:.10g},{b["Vrest"]:.8f},{b["Vmax"]:.8f},{b["dVdt_max"]:.6f},'
                      f'{b["t_act"]:.4f},{b["APD30"]:.6f},{b["APD50"]:.6f},{b["APD90"]:.6f},{" ".join(used)}\n')
            out.flush()
            print(f'{name} {drug} {conc:g} nM: APD90 {b["APD90"]:.3f} ms ({time.time() - t0:.1f} s)', flush=True)
    out.close()


main()
