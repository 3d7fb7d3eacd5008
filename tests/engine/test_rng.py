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


def test_a_shuffle_is_fisher_yates_drawing_each_swap_with_below():
    # the shuffles saved games replay: the same orders and generator states as drawing every swap with `below`
    for seed, size in ((11, 52), (2**64 - 1, 7), (0, 2), (5, 1), (5, 0)):
        state = expected_state = rng.seed_state(seed)
        expected = list(range(size))
        for i in range(size - 1, 0, -1):
            expected_state, j = rng.below(expected_state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert rng.permutation(state, size) == (expected_state, expected)
