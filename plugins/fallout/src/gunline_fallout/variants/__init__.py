"""Optional rules and the other readings of the seed, each a plugin of its own."""
