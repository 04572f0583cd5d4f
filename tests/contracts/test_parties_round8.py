"""Round 8 of the parties (docs/decisions/key-terms.md "Round 8: parties"): the in-house estimate
by folds of the seen contracts (bench/bench_party_folds.py) never reads the held-out fifth of
cuad-train, and every seen contract is in one fold fixed by its file name."""

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_the_folds_of_the_seen_contracts_never_read_the_held_out_fifth() -> None:
    sys.path.insert(0, str(BENCH))
    import bench_party_folds
    from bench_key_terms import held_out

    read = list(bench_party_folds._seen_and_dev())
    seen = [(group, number, name) for group, number, name, _ in read if group != "dev"]
    assert len(seen) == 308 and sum(1 for group, *_ in read if group == "dev") == 20
    assert not any(held_out(name) for _, _, name in seen)
    for group, number, name in seen:
        assert number == bench_party_folds.fold(name)
        assert (group == "develop") == (number in bench_party_folds.DEVELOP)
    # Folds 0-2 are read, 3 and 4 only counted: both are a real share of the seen contracts.
    assert 150 < sum(1 for group, *_ in seen if group == "develop") < 230

