"""Output lines of protocol `layoutbench-driver 1` that every Python driver writes alike."""


def print_values(out, frame, values):
    """The `values FRAME v...` line: each value as repr writes it, which reads back as the same double."""
    out.write("values %d %s\n" % (frame, " ".join(repr(float(x)) for x in values)))
