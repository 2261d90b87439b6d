#!/usr/bin/python3
"""libais in-process timing harness for bench/ais-decode.ts.

libais ships a C++ decoder with a Python binding (`ais.decode(payload, fill_bits)`) and a
deprecated pure-Python CLI (`aisdecode`). This harness times the binding on a file of bare
NMEA sentences: checksum check, field split, multipart reassembly (by channel + sequence
id) and `ais.decode` for every message. Prints one JSON object with the counts and the
wall / CPU seconds spent in the loop (file reading excluded).

Usage: /usr/bin/python3 bench/ais-libais.py FILE
"""
import json
import sys
import time

import ais  # Debian package python3-ais (libais)


def checksum_ok(line):
    star = line.rfind('*')
    if star < 0:
        return False
    x = 0
    for ch in line[1:star]:
        x ^= ord(ch)
    try:
        return x == int(line[star + 1:star + 3], 16)
    except ValueError:
        return False


def main(path):
    with open(path, encoding='latin-1') as f:
        lines = f.read().splitlines()
    pending = {}
    messages = errors = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for line in lines:
        if not checksum_ok(line):
            errors += 1
            continue
        fields = line.split(',')
        if len(fields) != 7:
            errors += 1
            continue
        count, num, seq, chan, payload = fields[1], fields[2], fields[3], fields[4], fields[5]
        fill = int(fields[6].split('*')[0] or 0)
        if count != '1':
            key = (seq, chan)
            if num == '1':
                pending[key] = payload
                continue
            if key not in pending:
                errors += 1
                continue
            pending[key] += payload
            if num != count:
                continue
            payload = pending.pop(key)
        try:
            ais.decode(payload, fill)
            messages += 1
        except Exception:  # libais raises on unsupported/short messages
            errors += 1
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(json.dumps({'sentences': len(lines), 'messages': messages, 'errors': errors, 'wall': wall, 'cpu': cpu}))


if __name__ == '__main__':
    main(sys.argv[1])
