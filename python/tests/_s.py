import sys, oracle, warnings
warnings.simplefilter("ignore")
for s in map(int, sys.argv[1:]):
    try:
        r = oracle.check(s)
        kinds = sorted({f.kind.split('[')[0] for f in r.failures})
        print(s, len(r.failures), kinds, (r.failures[0].text.splitlines()[0][:120] if r.failures else ""), flush=True)
    except Exception as e:
        print(s, "ORACLE-ERR", e, flush=True)
