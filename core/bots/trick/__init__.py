"""What the trick bots share: bit boards, solver, leaf evaluation, sampling, defence, view."""
