"""Command-line jobs: self-play, training, evaluation and the benchmark."""
