#!/usr/bin/env python3
"""The command-line layer stays thin: every file of cli/ at most 250 lines and every function
in it at most 80 (library logic belongs in interpreter/, where unit tests reach it).
Usage: check_sizes.py [ROOT]. Prints each breach and exits 1 if there is one."""
import os
import re
import sys

MAX_FILE, MAX_FUNCTION = 250, 80
root = sys.argv[1] if len(sys.argv) > 1 else '.'
# A function's definition: a name and its parameters, then the body's brace (a constructor's
# initialiser list ends the same way); control statements and lambdas are not functions.
signature = re.compile(r'^\s*[\w:<>,&*~ ]*?[\w~]+\s*\(.*\)\s*(const)?\s*(override)?\s*(noexcept)?\s*\{\s*$')
control = re.compile(r'^\s*(if|for|while|switch|else|return|catch|do|try)\b')


def functions(lines):
    """(name line, length) of each function whose body opens at the end of a line."""
    for i, line in enumerate(lines):
        if not signature.match(line) or control.match(line):
            continue
        depth = 0
        for j in range(i, len(lines)):
            depth += lines[j].count('{') - lines[j].count('}')
            if depth <= 0:
                yield i + 1, line.strip(), j - i + 1
                break


breaches = []
cli = os.path.join(root, 'cli')
for name in sorted(os.listdir(cli)):
    if not name.endswith(('.cpp', '.h')):
        continue
    path = os.path.join(cli, name)
    lines = open(path, encoding='utf-8').read().split('\n')
    if len(lines) - 1 > MAX_FILE:
        breaches.append(f'{path}: {len(lines) - 1} lines (at most {MAX_FILE})')
    for at, head, length in functions(lines):
        if length > MAX_FUNCTION:
            breaches.append(f'{path}:{at}: a function of {length} lines (at most {MAX_FUNCTION}): {head}')
for b in breaches:
    print(b)
if not breaches:
    print(f'cli/: every file at most {MAX_FILE} lines, every function at most {MAX_FUNCTION}')
sys.exit(1 if breaches else 0)
