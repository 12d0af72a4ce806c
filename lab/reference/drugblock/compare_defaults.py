#!/usr/bin/env python3
"""compare_defaults.py CELLML MODEL: the CellML's literal constants and initial values (read by
Myokit's CellML importer) against the EasyML .model file's `name = number;` and `name_init = number;`
lines (read by a regular expression: not by starcarp). Prints each name found in both with both
values, and the ones that differ by more than 1e-12 relative."""
import re
import sys

import myokit
import myokit.formats


def model_numbers(path):
    num = re.compile(r'^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?)\s*;')
    out = {}
    for line in open(path):
        mm = num.match(line)
        if mm:
            out[mm.group(1)] = float(mm.group(2))
    return out


def main():
    cellml, modelf = sys.argv[1], sys.argv[2]
    m = myokit.formats.importer('cellml').model(cellml)
    em = model_numbers(modelf)
    same = diff = 0
    missing = []
    for v in m.variables(deep=True):
        if v.is_state():
            key, val = v.name() + '_init', v.initial_value(as_float=True)
        elif v.is_literal():
            key, val = v.name(), v.eval()
        else:
            continue
        if key not in em:
            missing.append(v.qname())
            continue
        a, b = val, em[key]
        if abs(a - b) <= 1e-12 * max(abs(a), abs(b), 1e-300):
            same += 1
        else:
            diff += 1
            print(f'DIFFERS {v.qname():45s} CellML {a!r:>24} .model {key} = {b!r}')
    print(f'{same} equal, {diff} differ, {len(missing)} CellML literals/states without a `name = number;` '
          f'line in the .model: {" ".join(missing)}')


main()
