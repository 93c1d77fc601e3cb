"""Draw the cause-agreement sample of session 38: split corpora, both halves, seed 38."""
import json, random, sys, tomllib
from pathlib import Path
sys.path.insert(0, "/work/main/bench")
from heldout import load_split, triage_half
split = load_split()
cases = []
for c in split["triage"]["corpora"]:
    name = c["name"]
    for case in tomllib.loads(Path(f"tests/data/{name}/cases.toml").read_text())["case"]:
        if "layer" not in case:
            continue
        cases.append((name, case))
rng = random.Random(38)
held = [x for x in cases if triage_half(x[1]["file"]) == "held_out"]
tun = [x for x in cases if triage_half(x[1]["file"]) != "held_out"]
print(len(held), len(tun))
pick = rng.sample(held, 60) + rng.sample(tun, 60)
rng.shuffle(pick)
keep = ("file", "area", "source", "established_cause")
def block(name, case):
    out = ["[[case]]", f"corpus = {json.dumps(name)}"]
    out += [f"{k} = {json.dumps(case[k], ensure_ascii=False)}" for k in keep if k in case]
    return "\n".join(out) + "\n"
for part, chunk in (("a", pick[:60]), ("b", pick[60:])):
    Path(f"/work/eval/agree38/cases-{part}.toml").write_text("\n".join(block(n, c) for n, c in chunk), encoding="utf-8")
    print(part, sum(triage_half(c["file"]) == "held_out" for _, c in chunk), "held-out")
