"""myokit_gen.py: Myokit's own CUDA kernels of the library's models (lab/peers/prepare.sh).

python3 myokit_gen.py --cases tests/reference/cases.csv --out DIR --repo OWNER/NAME=GITDIR ...

For each row of cases.csv whose source is a CellML or .mmt file of a GitHub repository at a commit
(the files the library's models/cellml/*.model were exported from, models/PROVENANCE.md), reads
that file from the given git directory, loads it with Myokit, prepares it for a run at rest and
writes Myokit's CUDA kernel (exporter `cuda-kernel-rl`, Rush-Larsen where Myokit finds inf-tau
gates; `cuda-kernel`, forward Euler, where that exporter fails) to DIR/NAME.cu, with the index of
the membrane potential in DIR/NAME.vm. DIR/models.tsv lists every model: name, exporter (or
"none"), number of states, index of V, and a note (why a model has no kernel). Run at rest: the
stimulus (oxmeta membrane_stimulus_current, or the variable bound to pace) is set to 0; the
diffusion current the exporters need is a new variable bound to diffusion_current and subtracted
from dV/dt (the driver passes 0). Exit 0 when the table was written, 1 otherwise.
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile

import myokit
import myokit.formats

SOURCE = re.compile(r'github\.com/([^/ ]+)/([^/ ]+)(?: \([^)]*\))?/(\S+)@([0-9a-f]+)$')


def read_source(gitdirs, owner, name, path, commit):
    """The bytes of PATH at COMMIT in the git directory given for OWNER/NAME."""
    git = gitdirs[owner + '/' + name]
    return subprocess.run(['git', '--git-dir', git, 'show', commit + ':' + path],
                          check=True, capture_output=True).stdout


def load_model(path):
    """A Myokit model from a .mmt or CellML file."""
    if path.endswith('.mmt'):
        return myokit.load_model(path)
    return myokit.formats.importer('cellml').model(path)


def oxmeta(model, term):
    """The variable annotated with the oxmeta TERM, or None."""
    for var in model.variables(deep=True):
        if var.meta.get('oxmeta') == term:
            return var
    return None


def membrane_potential(model):
    """The membrane potential: the label, the oxmeta annotation, the only state named V, else the
    only state of a component whose name starts with "membrane" (the PMR files)."""
    vm = model.label('membrane_potential') or oxmeta(model, 'membrane_voltage')
    if vm is None:
        named = [s for s in model.states() if s.name() == 'V']
        vm = named[0] if len(named) == 1 else None
    if vm is None:
        named = [s for s in model.states() if s.parent().name().startswith('membrane')]
        vm = named[0] if len(named) == 1 else None
    if vm is None:
        raise ValueError('no membrane potential found (no label, no oxmeta, no membrane state)')
    if model.label('membrane_potential') is None:
        vm.set_label('membrane_potential')
    return vm


def at_rest(model, vm):
    """Stimulus to 0 (the variable bound to pace, oxmeta's stimulus current, else non-states named
    Istim, I_stim, J_stim or I_st), and the diffusion current added to
    dV/dt as a new variable bound to diffusion_current. Returns what was set to 0."""
    zeroed = []
    for label, var in list(model.bindings()):
        if label == 'pace':
            var.set_binding(None)
            var.set_rhs(0)
            zeroed.append(var.qname())
    stim = oxmeta(model, 'membrane_stimulus_current')
    stims = [stim] if stim is not None else [
        v for v in model.variables(deep=True) if v.name().lower() in ('istim', 'i_stim', 'j_stim', 'i_st')]
    for var in stims:
        if not var.is_state():
            var.set_rhs(0)
            zeroed.append(var.qname())
    if model.binding('diffusion_current') is None:
        comp = vm.parent()
        while not isinstance(comp, myokit.Component):
            comp = comp.parent()
        idiff = comp.add_variable_allow_renaming('i_diff')
        idiff.set_rhs(0)
        idiff.set_binding('diffusion_current')
        vm.set_rhs(myokit.Minus(vm.rhs(), myokit.Name(idiff)))
    return zeroed


def export(model, outdir, name):
    """Writes Myokit's kernel of MODEL to OUTDIR/NAME.cu; returns the exporter used."""
    errors = []
    for kind in ('cuda-kernel-rl', 'cuda-kernel'):
        tmp = tempfile.mkdtemp()
        try:
            myokit.formats.exporter(kind).runnable(tmp, model.clone())
            shutil.copy(os.path.join(tmp, 'kernel.cu'), os.path.join(outdir, name + '.cu'))
            return kind, errors
        except Exception as e:  # Myokit's exporters raise many kinds; record and go on
            errors.append(kind + ': ' + str(e).splitlines()[0][:200])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    raise ValueError('; '.join(errors))


def one_model(row, gitdirs, outdir):
    """Generates one case's kernel; returns its models.tsv row."""
    name, src = row['name'], row['source']
    m = SOURCE.match(src)
    if m is None:
        return [name, 'none', '', '', 'no CellML or mmt source (' + src + ')']
    owner, repo, path, commit = m.groups()
    suffix = '.mmt' if path.endswith('.mmt') else '.cellml'
    with tempfile.NamedTemporaryFile(suffix=suffix, delete=False) as f:
        f.write(read_source(gitdirs, owner, repo, path, commit))
    try:
        model = load_model(f.name)
        vm = membrane_potential(model)
        zeroed = at_rest(model, vm)
        kind, errors = export(model, outdir, name)
    except Exception as e:
        return [name, 'none', '', '', str(e).splitlines()[0][:300] if str(e) else type(e).__name__]
    finally:
        os.unlink(f.name)
    states = list(model.states())
    with open(os.path.join(outdir, name + '.vm'), 'w') as f:
        f.write('%d\n' % vm.index())
    note = 'at rest: ' + (', '.join(zeroed) if zeroed else 'no stimulus variable found')
    if errors:
        note += '; ' + '; '.join(errors)
    return [name, kind, str(len(states)), str(vm.index()), note]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--repo', action='append', default=[], help='OWNER/NAME=GITDIR')
    ap.add_argument('--only', default='', help='comma-separated model names')
    a = ap.parse_args()
    gitdirs = dict(r.split('=', 1) for r in a.repo)
    only = set(filter(None, a.only.split(',')))
    os.makedirs(a.out, exist_ok=True)
    rows = [['model', 'exporter', 'states', 'vm_index', 'note']]
    with open(a.cases, newline='') as f:
        for row in csv.DictReader(f):
            if only and row['name'] not in only:
                continue
            rows.append(one_model(row, gitdirs, a.out))
            print('\t'.join(rows[-1][:4]), file=sys.stderr)
    with open(os.path.join(a.out, 'models.tsv'), 'w') as f:
        f.write(''.join('\t'.join(r) + '\n' for r in rows))
    made = sum(1 for r in rows[1:] if r[1] != 'none')
    print('myokit_gen: %d kernels of %d models (Myokit %s)' % (made, len(rows) - 1, myokit.__version__),
          file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
