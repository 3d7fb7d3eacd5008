from tabletop.engine import rng


def test_same_seed_same_numbers_and_shuffles():
    a = rng.seed_state(42)
    b = rng.seed_state(42)
    assert rng.permutation(a, 30) == rng.permutation(b, 30)


def test_below_is_in_range_and_covers_all_values():
    state = rng.seed_state(7)
    seen = set()
    for _ in range(500):
        state, value = rng.below(state, 6)
        assert 0 <= value < 6
        seen.add(value)
    assert seen == set(range(6))


def test_permutation_is_a_permutation():
    _, order = rng.permutation(rng.seed_state(3), 40)
    assert sorted(order) == list(range(40))
