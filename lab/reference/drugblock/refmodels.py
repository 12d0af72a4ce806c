"""refmodels.py: the two CellML models in Myokit, paced as starcarp's bench and study pace, with
drug block by conductance scaling. Shared by myokit_apd90.py and myokit_qnet.py. Independent of
starcarp: the models come from CellML files through Myokit's CellML importer; nothing of starcarp's
parser, code generator or .model files is read here (the current -> parameter map is written out
below, from models/currents.tsv's rows, and checked against that file by check_currents_tsv)."""
import csv
import math
import os

import myokit
import myokit.formats

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))

# model -> (CellML file name, membrane potential, the CellML's stimulus current, currents)
# currents: the usual name -> the Myokit variable scaled (models/currents.tsv's parameter; CiPA's
# hERG is IKr). ORd CiPA: celltype stays 0 (endocardium), the CellML's and the .model's default;
# IKr.D (the file's own hERG drug concentration) stays 0: IKr is blocked through GKr_b.
MODELS = {
    'ohara_rudy_cipa_v1_2017': ('ohara_rudy_cipa_v1_2017.cellml', 'membrane.v', 'membrane.Istim', {
        'INa': 'INa.GNa', 'INaL': 'INaL.GNaL_b', 'ICaL': 'ICaL.PCa_b', 'IKr': 'IKr.GKr_b',
        'IKs': 'IKs.GKs_b', 'IK1': 'IK1.GK1_b', 'Ito': 'Ito.Gto_b'}),
    'ten_tusscher_model_2006_epi': ('ten_tusscher_model_2006_epi.cellml', 'membrane.V', 'membrane.i_Stim', {
        'INa': 'fast_sodium_current.g_Na', 'ICaL': 'L_type_Ca_current.g_CaL',
        'IKr': 'rapid_time_dependent_potassium_current.g_Kr',
        'IKs': 'slow_time_dependent_potassium_current.g_Ks',
        'IK1': 'inward_rectifier_potassium_current.g_K1', 'Ito': 'transient_outward_current.g_to'}),
}

# CiPA's column prefixes (Li2017_IC50.csv) -> the usual current names of models/currents.tsv
CIPA_CURRENTS = {'ICaL': 'ICaL', 'Ito': 'Ito', 'IK1': 'IK1', 'IKs': 'IKs', 'INaL': 'INaL', 'INa': 'INa',
                 'hERG': 'IKr'}


def check_currents_tsv():
    """Each current of MODELS names the parameter models/currents.tsv gives for it."""
    rows = {}
    with open(os.path.join(ROOT, 'models', 'currents.tsv')) as f:
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            p = line.rstrip('\n').split('\t')
            rows[(p[0], p[1])] = p[2]
    for name, (_, _, _, cur) in MODELS.items():
        for c, q in cur.items():
            want = rows.get((name, c))
            if want != q.split('.')[-1]:
                raise SystemExit(f'{name} {c}: models/currents.tsv has {want}, this script {q}')


def read_drugs(path=None):
    """The drug table (examples/cipa_training_drugs.csv): drug -> dict with 'cmax' (nM), 'risk', and
    'block': {current: (IC50 nM, h)} for the currents CiPA gives values for."""
    path = path or os.path.join(ROOT, 'examples', 'cipa_training_drugs.csv')
    with open(path) as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith('#')))
    drugs = {}
    for r in rows:
        block = {}
        for pre, cur in CIPA_CURRENTS.items():
            ic, h = r[pre + '_IC50'], r[pre + '_h']
            if ic != 'NA' and h != 'NA':
                block[cur] = (float(ic), float(h))
        cipa = {'high': 2, 'intermediate': 1, 'low': 0}[r['risk']]
        drugs[r['drug']] = dict(cmax=float(r['Cmax']), risk=r['risk'], cipa=cipa, block=block)
    return drugs


def load(name, cellml_dir, stim_amp=60.0):
    """The model of MODELS[name] from cellml_dir, its stimulus as bench's: the CellML's own stimulus
    current set to 0 (the .model files have Istim = 0, so that no stimulus enters the potassium
    balance), and dV/dt += stim_amp * pace (uA/cm^2 over Cm = 1 uF/cm^2: mV/ms), pace the protocol's
    level (0 or 1). Returns (model, V's qname)."""
    fname, vq, sq, _ = MODELS[name]
    m = myokit.formats.importer('cellml').model(os.path.join(cellml_dir, fname))
    s = m.get(sq)
    s.set_rhs(myokit.Number(0, s.unit()))
    for v in m.variables(deep=True):
        if v.binding() == 'pace':
            v.set_binding(None)
    c = m.add_component('bench')
    pace = c.add_variable('pace')
    pace.set_rhs(0)
    pace.set_binding('pace')
    amp = c.add_variable('stim_amp')
    amp.set_rhs(stim_amp)
    v = m.get(vq)
    v.set_rhs(myokit.Plus(v.rhs(), myokit.Multiply(myokit.Name(amp), myokit.Name(pace))))
    m.validate()
    return m, vq


def protocol(bcl, start=1.0, dur=1.0):
    """bench's train: level 1 from start + k * bcl for dur ms."""
    p = myokit.Protocol()
    p.schedule(1, start, dur, period=bcl, multiplier=0)
    return p


def factor(conc, ic50, h):
    """the fraction of a current left at conc nM: 1 / (1 + (conc / IC50)^h)"""
    return 1.0 / (1.0 + (conc / ic50) ** h) if conc > 0 else 1.0


def biomarkers(t, v):
    """docs/study.md's figures of one beat window from its samples (t[0] the window's start, equal
    steps): Vrest (first sample), Vmax (first highest sample), t_act (middle of the steepest rising
    interval up to the peak), APD90 (first fall to Vmax - 0.9 (Vmax - Vrest) after the peak,
    interpolated, minus t_act). Returns a dict."""
    vrest = v[0]
    imax = max(range(len(v)), key=lambda i: (v[i], -i))
    best, iact = -math.inf, None
    for i in range(1, imax + 1):
        d = (v[i] - v[i - 1]) / (t[i] - t[i - 1])
        if d > best:
            best, iact = d, i
    tact = 0.5 * (t[iact - 1] + t[iact])
    out = dict(Vrest=vrest, Vmax=v[imax], dVdt_max=best, t_act=tact - t[0])
    for lev in (30, 50, 90):
        thr = v[imax] - lev / 100.0 * (v[imax] - vrest)
        apd = math.nan
        for i in range(imax + 1, len(v)):
            if v[i] <= thr:
                a, b = v[i - 1], v[i]
                tc = t[i - 1] + (t[i] - t[i - 1]) * (a - thr) / (a - b)
                apd = tc - tact
                break
        out[f'APD{lev}'] = apd
    return out
