"""A bigger board: win, block, else look two moves deep and score the lines each side can
still complete (the last lesson's model answer)."""


def threats(board, mark):
    found = []
    for line in board.rules.lines:
        marks = [board[cell] for cell in line]
        if marks.count(mark) == len(line) - 1 and None in marks:
            found.append(line[marks.index(None)])
    return found


def score(board, me):
    """Lines still open to one side only, the fuller the better."""
    total = 0
    for line in board.rules.lines:
        marks = [board[cell] for cell in line]
        mine, theirs = marks.count(me), marks.count(me.other)
        if theirs == 0:
            total += 4**mine
        if mine == 0:
            total -= 4**theirs
    return total


def near(board):
    """The free cells next to a mark (the centre on an empty board)."""
    rules = board.rules
    taken = [cell for cell in range(rules.size) if board[cell] is not None]
    if not taken:
        return [rules.cell(rules.m // 2, rules.n // 2)]
    cells = set()
    for cell in taken:
        row, col = divmod(cell, rules.n)
        for r in range(max(0, row - 1), min(rules.m, row + 2)):
            for c in range(max(0, col - 1), min(rules.n, col + 2)):
                if board[rules.cell(r, c)] is None:
                    cells.add(rules.cell(r, c))
    return sorted(cells)


def choose(board):
    me = board.turn
    for mark in (me, me.other):
        found = threats(board, mark)
        if found:
            return found[0]

    def worth(cell):
        after = board.play(cell)
        if after.is_over:
            return 10**9 if after.winner is me else 0
        return min(score(after.play(reply), me) for reply in near(after)) if near(after) else 0

    return max(near(board), key=worth)
