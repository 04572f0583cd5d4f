"""Round 17 of the parties (docs/decisions/key-terms.md "Round 17: a learned party tagger"): the
tagger's training never reads the held-out fifth, its labels come from the experts' answer, its
decoding keeps the tag scheme, and its combination only completes the rules where they give fewer
than two parties. Not shipped: nothing in contracts/ uses it."""

from training import party_tagger as tagger
from training.splits import held_out

PREAMBLE = (
    "DISTRIBUTION AGREEMENT\n"
    'This Distribution Agreement is made by and between Acme Widgets, Inc., a Delaware corporation ("Acme"), '
    'and Beta Trading LLC, a Texas limited liability company (the "Distributor").\n'
    "Acme makes widgets."
)
ANSWER = 'Acme Widgets, Inc. ("Acme"); Beta Trading LLC ("Distributor")'


def test_the_training_reads_only_the_seen_contracts() -> None:
    names = [name for name, _, _ in tagger.seen_contracts()]
    assert len(names) == 308
    assert not any(held_out(name) for name in names)


def test_labels_mark_the_experts_names_and_the_defined_names_where_defined() -> None:
    tokens = tagger.tokens_of(PREAMBLE)
    tags = tagger.labels(PREAMBLE, tokens, ANSWER)
    marked = {
        kind: " ".join(t.text for t, tag in zip(tokens, tags, strict=True) if tag.endswith(kind)) for kind in "ND"
    }
    assert marked["N"] == "Acme Widgets , Inc Beta Trading LLC"
    assert marked["D"] == "Acme Distributor"  # "Acme makes widgets": no definition, no tag


def test_decoding_never_starts_a_name_inside_it() -> None:
    text = "between Acme Widgets Inc and"
    tokens = tagger.tokens_of(text)
    o, i = [1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0]
    # "Acme" most likely inside a name, not its start: the constraint still opens the name there.
    probs = [o, [0.3, 0.3, 0.4, 0.0, 0.0], i, i, o]
    parties = tagger.decode(text, tokens, probs)
    assert [p.name for p in parties] == ["Acme Widgets Inc"]


def test_the_combination_fills_only_where_the_rules_give_fewer_than_two() -> None:
    sure = tagger.TaggedParty("Beta Trading LLC", 0.95, 120, ["Distributor"], [0.9])
    unsure = tagger.TaggedParty("Gamma Corp", 0.6, 200)
    one = "Acme Widgets, Inc. (\u201cAcme\u201d)"
    assert tagger.combine(one, [sure, unsure], 0.7) == one + "; Beta Trading LLC (\u201cDistributor\u201d)"
    two = one + "; Delta Holdings Ltd."
    assert tagger.combine(two, [sure], 0.7) == two
    # A name the rules give already (up to its legal form) is not added again.
    assert tagger.combine("Beta Trading", [sure], 0.7) == "Beta Trading (\u201cDistributor\u201d)"
