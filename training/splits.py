"""Which cuad-train contracts the key-terms benchmarks keep apart, fixed by the file name alone.

One definition for the benchmarks and for the training: bench/bench_key_terms.py reports the
held-out fifth (``held_out``), bench/bench_key_terms_folds.py splits the other four fifths into
folds (``fold``, fold ``PSEUDO`` being its pseudo-held-out fold), and ``train_clauses --leave-out``
trains the clause model without them (``LEAVE_OUT``), so that a row those contracts make is
measured with a clause model that never saw their labelled spans.

Pure standard library: the benchmarks import it without the training's dependencies.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

PSEUDO = 0  # the fold of the seen contracts whose failures bench/bench_key_terms_folds.py never prints


def held_out(filename: str) -> bool:
    """The fifth of cuad-train kept apart: fixed by the file name alone."""
    return int(hashlib.sha256(filename.encode()).hexdigest()[:8], 16) % 5 == 0


def fold(filename: str) -> int:
    """The fold of a seen contract in bench/bench_key_terms_folds.py: fixed by its file name alone
    (a hash other than the held-out one)."""
    return int(hashlib.sha256(f"r8-fold {filename}".encode()).hexdigest()[:8], 16) % 5


def held_out_or_pseudo(filename: str) -> bool:
    """The held-out fifth and the seen contracts of the pseudo-held-out fold: what a clause model
    for bench/bench_key_terms_folds.py leaves out, so that its pseudo-held-out fold is out of
    sample for the clause model too."""
    return held_out(filename) or fold(filename) == PSEUDO


def held_out_or_fold_one(filename: str) -> bool:
    """The held-out fifth and the seen contracts of fold 1 (59 contracts, the pseudo-held-out fold
    has 63): a control for ``held_out_or_pseudo``, a model trained on as many contracts with the
    pseudo-held-out fold among them, so that what the pseudo-held-out fold loses to a model that
    never saw it is told apart from what a model trained on fewer contracts loses."""
    return held_out(filename) or fold(filename) == 1


# The contracts ``train_clauses --leave-out NAME`` trains without, by name.
LEAVE_OUT: dict[str, Callable[[str], bool]] = {
    "held-out": held_out,
    "held-out-and-pseudo-held-out": held_out_or_pseudo,
    "held-out-and-fold-1": held_out_or_fold_one,
}
