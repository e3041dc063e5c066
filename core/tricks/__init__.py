"""Trick-taking shared by Moon and Texas 42: suits, following, trick winners (play) and the count."""
