"""Feasibility test (round nine, m45p), NOT wired into the filter: a learned reader of "this clause
states the answer to a security question / a memorable word", left-one-corpus-out on corpus45g and
corpus45h. Same hashed features and trainer as the privacy-request model.

Usage: .venv/bin/python tools/security_answer_model/feasibility.py [/work/locomo/locomo10.zip]

Positives: ``sentences.json`` answers (written for this) + the spent corpora's security-answer
clauses holding the needle; negatives: ``sentences.json`` stories (the same topics told as life, and
talk about security questions with no answer), every look-alike clause, the privacy model's
everyday negatives. Prints, per threshold: answers read, of the items the rules miss how many it
reads, look-alikes flagged, LoCoMo clauses flagged (LoCoMo is not trained on).
"""
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "benchmarks", ROOT / "tools" / "privacy_model"):
    sys.path.insert(0, str(p))

import train as T  # noqa: E402  (fit/scores over the same hashed features)
from privacy_requests import CORPORA, corpus_items  # noqa: E402

from fact_memory_graph import privacy_model as pm  # noqa: E402
from fact_memory_graph.forgetting import normalise  # noqa: E402
from fact_memory_graph.secrets import redact_secrets  # noqa: E402


def is_sa(k): return k in ('security_answer', 'security_question_answer')
def clauses_with(item):
    out = []
    needles = [normalise(n) for n in item.get('needles') or []]
    for t in item['turns']:
        for c in pm.clauses(normalise(t)):
            if any(n and n in c for n in needles):
                out.append(c)
    return out
mine = json.loads((ROOT / 'tools' / 'security_answer_model' / 'sentences.json').read_text(encoding='utf-8'))
LOCOMO = sys.argv[1] if len(sys.argv) > 1 else '/work/locomo/locomo10.zip'
locomo = []
with zipfile.ZipFile(LOCOMO) as zf:
    for name in zf.namelist():
        if name.endswith('.json'):
            conv = json.loads(zf.read(name))
            for v in (conv.get('conversation', conv) if isinstance(conv, dict) else {}).values():
                if isinstance(v, list):
                    locomo += [x['text'] for x in v if isinstance(x, dict) and 'text' in x]
print('locomo turns', len(locomo))
def run(leave):
    ex = [(normalise(s), 1) for s in mine['answers']] + [(normalise(s), 0) for s in mine['stories']]
    for c in CORPORA:
        if c == leave:
            continue
        for it in corpus_items(c):
            if it['label'] == 'secret' and is_sa(it['kind']):
                ex += [(x, 1) for x in clauses_with(it)]
            elif it['label'] == 'lookalike':
                ex += [(x, 0) for t in it['turns'] for x in pm.clauses(normalise(t))]
    for line in (ROOT / 'tools' / 'privacy_model' / 'chat_negatives.txt').open(encoding='utf-8'):
        if line.strip() and not line.startswith('#'):
            ex += [(x, 0) for x in pm.clauses(normalise(line))]
    w, b = T.fit(ex)
    items = corpus_items(leave)
    res = {}
    for t in (0.5, 0.7, 0.8, 0.9):
        hit = miss_rule_hit = fp = 0
        sa = [it for it in items if it['label'] == 'secret' and is_sa(it['kind'])]
        rule_miss = [it for it in sa if any(n in redact_secrets(x) for x in it['turns'] for n in it['needles'])]
        for it in sa:
            cs = clauses_with(it)
            ok = bool(cs) and T.scores(w, b, cs).max() >= t
            hit += ok
            miss_rule_hit += ok and it in rule_miss
        la = [it for it in items if it['label'] == 'lookalike']
        for it in la:
            cs = clauses_with(it) or [x for tt in it['turns'] for x in pm.clauses(normalise(tt))]
            fp += bool(cs) and T.scores(w, b, cs).max() >= t
        res[t] = (hit, len(sa), miss_rule_hit, len(rule_miss), fp, len(la))
    lc = [x for s in locomo for x in pm.clauses(normalise(s))]
    sc = T.scores(w, b, lc)
    for t in res:
        print(leave, f"t={t}: security answers read {res[t][0]}/{res[t][1]}; of the rule misses {res[t][2]}/{res[t][3]}; look-alikes flagged {res[t][4]}/{res[t][5]}; LoCoMo clauses flagged {(sc >= t).sum()}/{len(lc)}")
for leave in ('corpus45g', 'corpus45h'):
    run(leave)
