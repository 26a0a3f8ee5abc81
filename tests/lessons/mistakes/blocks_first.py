"""Blocks before it wins: the other side's line first."""


def choose(board):
    for mark in (board.turn.other, board.turn):
        for line in board.rules.lines:
            marks = [board[cell] for cell in line]
            if marks.count(mark) == len(line) - 1 and None in marks:
                return line[marks.index(None)]
    return board.legal_moves()[0]
