"""How the computer thinks: the search tree of the current position in a side panel.

A :class:`TreePanel` beside the board shows :class:`~tictactoe.core.tree.Tree` in a
ttk Treeview: every move with its exact value in words, what the chosen search did
there (searched, cut off and why, read from the table) and the positions it
visited below. A switch chooses the search (minimax, alpha-beta, table, table
with symmetries) and the line above the tree gives its count and the others'.
Moves the search never searched below are greyed; a move opens into its replies
when clicked (the tree is built as it is opened). Positions too big to search to
the end show the engine's own search: its iterations, the root moves it scored,
those it never looked at, its principal line.

Options > How the computer thinks opens and closes it; it follows the game.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from tictactoe.core import Board, Limits, Numbering, cell_name
from tictactoe.core.exact.solver import Value
from tictactoe.core.tree import (
    ENGINE_NODES,
    EngineTree,
    Node,
    Search,
    Tree,
    Visit,
    engine_tree,
    searchable,
)
from tictactoe.texts.i18n import Translator
from tictactoe.texts.sentences import positions, search_title, tree_counts, tree_search, tree_value
from tictactoe.ui.tk.intents import Window
from tictactoe.ui.tk.theme import Palette

PLACEHOLDER = "…"
"""The text of the stand-in child that gives an unopened node its arrow."""

WIDTH = 600
"""The panel's width in pixels at 96 dpi."""


class TreePanel(ttk.Frame):
    """The side panel: the search switch, the counts and the tree of the position shown."""

    def __init__(self, parent: tk.Misc, tr: Translator, colours: Palette, pad: int) -> None:
        super().__init__(parent, padding=pad, width=WIDTH)
        self.tr = tr
        self.colours = colours
        self.board: Board | None = None
        self.tree: Tree | None = None
        self.engine: EngineTree | None = None
        self.nodes: dict[str, Node] = {}
        """Treeview item -> the node it shows."""
        self.search = tk.StringVar(self, str(Search.MINIMAX))
        self.title = ttk.Label(self, font="TkHeadingFont")
        self.title.pack(side="top", anchor="w")
        switch = ttk.Frame(self)
        switch.pack(side="top", fill="x", pady=(pad, 0))
        self.switches: dict[Search, ttk.Radiobutton] = {}
        for search in Search:
            button = ttk.Radiobutton(
                switch, variable=self.search, value=str(search), command=self._switched
            )
            button.pack(side="left", padx=(0, pad))
            self.switches[search] = button
        self.counts = ttk.Label(self, wraplength=WIDTH - 2 * pad, justify="left")
        self.counts.pack(side="top", anchor="w", pady=pad)
        body = ttk.Frame(self)
        body.pack(side="top", fill="both", expand=True)
        self.view = ttk.Treeview(body, columns=("value", "search"), selectmode="browse")
        scroll = ttk.Scrollbar(body, orient="vertical", command=self.view.yview)
        self.view.configure(yscrollcommand=scroll.set)
        scroll.pack(side="right", fill="y")
        self.view.pack(side="left", fill="both", expand=True)
        self.view.column("#0", width=90, stretch=False)
        self.view.column("value", width=210, stretch=False)
        self.view.column("search", width=260)
        self.view.bind("<<TreeviewOpen>>", self._opened)
        self.view.bind("<<TreeviewSelect>>", self._selected)
        self.detail = ttk.Label(self, wraplength=WIDTH - 2 * pad, justify="left")
        """The selected row in full (the columns cut long texts short)."""
        self.detail.pack(side="bottom", anchor="w", fill="x", pady=(pad, 0), before=body)
        self.relabel(tr, colours)

    def relabel(self, tr: Translator, colours: Palette) -> None:
        """Every text in the language ``tr`` and the ``colours`` (the tree is built again)."""
        self.tr = _ = tr
        self.colours = colours
        self.view.tag_configure("grey", foreground=colours.muted)
        self.view.tag_configure("win", foreground=colours.win)
        self.view.tag_configure("loss", foreground=colours.lose)
        self.title.configure(text=_("How the computer thinks"))
        for search, button in self.switches.items():
            button.configure(text=search_title(_, search))
        self.view.heading("#0", text=_("Move"), anchor="w")
        self.view.heading("value", text=_("Value"), anchor="w")
        self.view.heading("search", text=_("Search"), anchor="w")
        if self.board is not None:
            board, self.board = self.board, None
            self.show(board)

    def show(self, board: Board) -> None:
        """Show the tree of ``board`` (nothing changes when it is the one shown)."""
        if board == self.board:
            return
        self.board = board
        self.tree = self.engine = None
        if searchable(board):
            self.tree = Tree(board, Search(self.search.get()))
        else:
            self.engine = engine_tree(board, Limits(seconds=None, nodes=ENGINE_NODES))
        self._fill()

    def _switched(self) -> None:
        if self.tree is not None:
            self.tree = self.tree.switched(Search(self.search.get()))
            self._fill()

    def _fill(self) -> None:
        view = self.view
        view.delete(*view.get_children())
        self.nodes.clear()
        self.detail.configure(text="")
        state = "disabled" if self.tree is None else "normal"
        for button in self.switches.values():
            button.configure(state=state)
        if self.tree is not None:
            self._fill_tree(self.tree)
        elif self.engine is not None:
            self._fill_engine(self.engine)

    def _fill_tree(self, tree: Tree) -> None:
        value, counted, others = tree_counts(self.tr, tree)
        self.counts.configure(text=f"{value}\n{counted}\n({others})")
        self._insert_children("", tree.root)

    def _insert_children(self, item: str, node: Node) -> None:
        _ = self.tr
        for child in node.children:
            assert child.move is not None
            tags = ("grey",) if child.visit is not Visit.SEARCHED else (self._tone(child),)
            added = self.view.insert(
                item,
                "end",
                text=cell_name(child.board.rules, child.move, Numbering.COORDS),
                values=(
                    tree_value(_, child.value, child.mover, move=True),
                    tree_search(_, child),
                ),
                tags=tags,
            )
            self.nodes[added] = child
            if child.visit is Visit.SEARCHED and not child.board.is_over:
                self.view.insert(added, "end", text=PLACEHOLDER)

    @staticmethod
    def _tone(node: Node) -> str:
        """A searched node's colour: the value for the player who made its move."""
        return {Value.WIN: "win", Value.LOSS: "loss"}.get(node.value.value, "draw")

    def _selected(self, _event: object = None) -> None:
        view = self.view
        item = view.focus()
        texts = [view.item(item, "text"), *(str(value) for value in view.item(item, "values"))]
        self.detail.configure(text=" · ".join(text for text in texts if text))

    def _opened(self, _event: object = None) -> None:
        item = self.view.focus()
        node = self.nodes.get(item)
        children = self.view.get_children(item)
        if (
            node is None
            or len(children) != 1
            or self.view.item(children[0], "text") != (PLACEHOLDER)
        ):
            return
        self.view.delete(children[0])
        self._insert_children(item, node)

    def open(self, item: str) -> None:
        """Open ``item`` as a click on its arrow does (its replies are built then)."""
        self.view.focus(item)
        self.view.item(item, open=True)
        self._opened()

    def _fill_engine(self, found: EngineTree) -> None:
        _ = self.tr
        board = found.board
        name = cell_name
        self.counts.configure(
            text=_("The engine's own search: {positions}, depth {depth}").format(
                positions=positions(_, found.nodes), depth=found.depth
            )
        )
        view = self.view
        iterations = view.insert("", "end", text=_("Iterations"), open=True)
        for step in found.iterations:
            line = " ".join(name(board.rules, cell, Numbering.COORDS) for cell in step.pv)
            view.insert(
                iterations,
                "end",
                text=_("depth {depth}").format(depth=step.depth),
                values=(f"{step.score:+d}", f"{positions(_, step.nodes)} · {line}"),
            )
        scored = view.insert("", "end", text=_("Moves scored"), open=True)
        for move in found.moves:
            view.insert(
                scored,
                "end",
                text=name(board.rules, move.cell, Numbering.COORDS),
                values=(f"{move.score:+d}", ""),
            )
        if found.pruned:
            view.insert(
                "",
                "end",
                text=_("Never looked at"),
                values=(
                    str(len(found.pruned)),
                    " ".join(name(board.rules, cell, Numbering.COORDS) for cell in found.pruned),
                ),
                tags=("grey",),
            )
        line = " ".join(name(board.rules, cell, Numbering.COORDS) for cell in found.pv)
        view.insert("", "end", text=_("Principal line"), values=("", line))


def opened(app: Window) -> TreePanel:
    """A panel for ``app``'s window, beside its board; the window widens by its width."""
    root = app.root
    root.update_idletasks()
    width, height = root.winfo_width(), root.winfo_height()
    panel = TreePanel(root, app.session.tr, app.colours, app.pad)
    panel.pack(side="right", fill="y", before=app.view)
    panel.pack_propagate(False)
    room = round(WIDTH * app.scale)
    panel.configure(width=room)
    root.geometry(f"{min(width + room, root.winfo_screenwidth())}x{height}")
    return panel


def closed(app: Window, panel: TreePanel) -> None:
    """Take ``panel`` away from ``app``'s window, which narrows by its width."""
    root = app.root
    root.update_idletasks()
    width, height = root.winfo_width(), root.winfo_height()
    room = panel.winfo_width()
    panel.destroy()
    root.geometry(f"{max(width - room, root.winfo_reqwidth())}x{height}")
