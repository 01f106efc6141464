"""The exception every layer of the front end raises for what wrapc does
not model; the backend catches it and falls back to PyTorch's own runtime
wrapper for that graph. Its own module, below everything that raises it."""


class Unsupported(Exception):
    """A graph wrapc does not model; the message says why."""
