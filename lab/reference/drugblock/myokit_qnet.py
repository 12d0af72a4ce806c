#!/usr/bin/env python3
"""myokit_qnet.py: a CVODES reference of CiPA's qNet on O'Hara-Rudy CiPA v1 2017 under conductance block
(tests/data/drugblock/myokit_qnet.csv).

    .venv-ref/bin/python lab/reference/drugblock/myokit_qnet.py --cellml-dir DIR [--jobs 2] [--out CSV]

qNet (Dutta et al. 2017, FDA/CiPA AP_simulation): the integral of INaL + ICaL + Ito + IKr + IKs + IK1
over one beat (A/F x ms), written here / 1000 (C/F, CiPA's uC/uF). The control and each of the 12
CiPA training drugs of examples/cipa_training_drugs.csv at --mult x Cmax; every current
with values in the table blocked by scaling its conductance (refmodels.MODELS; IKr by hERG's static
IC50 and Hill coefficient, not CiPA's dynamic hERG binding). Paced at --bcl ms for --beats beats from
the CellML's initial state, the stimulus of CiPA's model (80 A/F for 0.5 ms at the start of each
beat) added to dV/dt only (bench's way: starcarp study --bcl 2000 --stim-start 0 --stim-dur 0.5
--stim-curr 80 --beats 1000). The integral is a CVODES state, set to 0 at the start of each of the
last two beats; both beats' qNet are written, and the last beat's APD90 (docs/study.md's definition,
Vm sampled every 0.01 ms)."""
import argparse
import multiprocessing
import time

import myokit

import refmodels as R

MODEL = 'ohara_rudy_cipa_v1_2017'
CURRENTS = ['INaL.INaL', 'ICaL.ICaL', 'Ito.Ito', 'IKr.IKr', 'IKs.IKs', 'IK1.IK1']

_sim = None


def _setup(a):
    global _sim, _defaults, _vq, _iq, _args
    m, _vq = R.load(MODEL, a.cellml_dir, stim_amp=a.stim_amp)
    c = m.get('bench')
    q = c.add_variable('qnet')
    q.promote(0.0)
    q.set_rhs(myokit.parse_expression(' + '.join(CURRENTS), context=m))
    m.validate()
    _iq = m.get('bench.qnet').index()
    _defaults = {qq: m.get(qq).eval() for qq in R.MODELS[MODEL][3].values()}
    _sim = myokit.Simulation(m, R.protocol(a.bcl, start=a.stim_start, dur=a.stim_dur))
    _sim.set_tolerance(a.atol, a.rtol)
    _args = a


def _beat_q():
    """one beat from the current state with the integral set to 0: qNet in C/F"""
    s = _sim.state()
    s[_iq] = 0.0
    _sim.set_state(s)
    _sim.run(_args.bcl, log=myokit.LOG_NONE)
    return _sim.state()[_iq] / 1000.0


def run_case(case):
    drug, k, conc, block = case
    a = _args
    t0 = time.time()
    _sim.reset()
    _sim.set_time(0)
    used = []
    for c, qq in R.MODELS[MODEL][3].items():
        f = 1.0
        if c in block:
            f = R.factor(conc, *block[c])
            used.append(f'{c}*{f:.6g}')
        _sim.set_constant(qq, _defaults[qq] * f)
    _sim.run((a.beats - 2) * a.bcl, log=myokit.LOG_NONE)
    q_prev = _beat_q()
    # the last beat: qNet and Vm every 0.01 ms from the window's start
    s = _sim.state()
    s[_iq] = 0.0
    _sim.set_state(s)
    tw = _sim.time()
    n = int(round(a.bcl / 0.01))
    log = _sim.run(a.bcl, log=['environment.time', _vq], log_times=[tw + i * 0.01 for i in range(n)])
    q = _sim.state()[_iq] / 1000.0
    b = R.biomarkers(list(log['environment.time']), list(log[_vq]))
    return (f'{MODEL},{drug},{k:g},{conc:.10g},{q:.10f},{q_prev:.10f},{b["APD90"]:.6f},{" ".join(used)}',
            f'{drug} {conc:g} nM: qNet {q:.6f} (beat before {q_prev:.6f}), APD90 {b["APD90"]:.2f} ms '
            f'({time.time() - t0:.0f} s)')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--cellml-dir', required=True)
    ap.add_argument('--out', default='myokit_qnet.csv')
    ap.add_argument('--drugs', default='all')
    ap.add_argument('--mult', default='1,2,3,4')
    ap.add_argument('--bcl', type=float, default=2000.0)
    ap.add_argument('--beats', type=int, default=1000)
    ap.add_argument('--stim-start', type=float, default=0.0)
    ap.add_argument('--stim-dur', type=float, default=0.5)
    ap.add_argument('--stim-amp', type=float, default=80.0)
    ap.add_argument('--rtol', type=float, default=1e-8)
    ap.add_argument('--atol', type=float, default=1e-10)
    ap.add_argument('--jobs', type=int, default=1)
    a = ap.parse_args()
    R.check_currents_tsv()
    drugs = R.read_drugs()
    names = list(drugs) if a.drugs == 'all' else a.drugs.split(',')
    cases = [('control', 0.0, 0.0, {})]
    for d in names:
        for k in (float(x) for x in a.mult.split(',')):
            cases.append((d, k, k * drugs[d]['cmax'], drugs[d]['block']))
    t0 = time.time()
    with multiprocessing.Pool(a.jobs, initializer=_setup, initargs=(a,)) as pool:
        rows = []
        for row, msg in pool.imap(run_case, cases):
            rows.append(row)
            print(msg, flush=True)
    with open(a.out, 'w') as out:
        out.write(f'# Myokit {myokit.__version__} CVODES (rtol {a.rtol:g}, atol {a.atol:g}); lab/reference/drugblock/'
                  f'myokit_qnet.py; {MODEL}, BCL {a.bcl:g} ms, {a.beats} beats from the initial state, stimulus '
                  f'{a.stim_amp:g} uA/cm^2 on dV/dt only from {a.stim_start:g} ms for {a.stim_dur:g} ms each beat; '
                  f'conductance block (IKr by hERG\'s static IC50); qNet = integral of INaL+ICaL+Ito+IKr+IKs+IK1 '
                  f'over the beat / 1000, C/F; qNet_prev the beat before; APD90 of the last beat, ms; '
                  f'{time.time() - t0:.0f} s with {a.jobs} processes\n')
        out.write('model,drug,mult_cmax,conc_nM,qNet,qNet_prev,APD90,blocked\n')
        for r in rows:
            out.write(r + '\n')


if __name__ == '__main__':
    main()
