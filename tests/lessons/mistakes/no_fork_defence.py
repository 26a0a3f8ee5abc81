"""Win, else block, else the first free cell: no defence against forks."""


def choose(board):
    for mark in (board.turn, board.turn.other):
        for line in board.rules.lines:
            marks = [board[cell] for cell in line]
            if marks.count(mark) == len(line) - 1 and None in marks:
                return line[marks.index(None)]
    return board.legal_moves()[0]
