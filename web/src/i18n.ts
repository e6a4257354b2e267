// The page's words in Japanese and English. The server's own messages (the command line's) are
// shown as they come; the words around them are these.

export type Lang = "ja" | "en";

const ja = {
  title: "詰将棋ワークベンチ",
  "tab.edit": "配置",
  "tab.line": "手順",
  "tab.solve": "解図",
  "tab.check": "検討",
  "board.label": "将棋盤",
  "hand.black": "先手の持駒",
  "hand.white": "後手の持駒",
  "hand.none": "なし",
  "hand.title.black": "☗先手",
  "hand.title.white": "☖後手",
  "hand.rest": "残り全部",
  "hand.rest.title": "盤上と攻方の持駒にない駒はすべて玉方の持駒",
  "side.black": "先手",
  "side.white": "後手",
  "nav.first": "初手へ",
  "nav.prev": "一手戻る",
  "nav.next": "一手進む",
  "nav.last": "最後へ",
  "nav.ply": "{n}手目",
  "nav.start": "開始局面",
  "nav.mate": "詰み",
  "edit.palette": "駒箱",
  "edit.palette.help": "駒を選んで盤をクリック（ドラッグも可）。置いた駒をもう一度クリックで成/不成、右クリックで向きを変え、消しゴムで削除。盤にフォーカスして矢印キーで移動、駒の文字 (P, p, +…) で配置、Deleteで削除。",
  "edit.eraser": "消しゴム",
  "edit.clear": "盤を空に",
  "edit.attacker": "攻方（手番）",
  "edit.literal": "玉方の持駒を指定する",
  "edit.hand.attacker": "攻方の持駒",
  "edit.hand.defender": "玉方の持駒",
  "edit.add": "{p}を一枚増やす",
  "edit.remove": "{p}を一枚減らす",
  "edit.load": "棋譜・局面の貼り付け",
  "edit.load.help": "SFEN・KIF・KI2・CSA・BOD（柿木の盤面図）を貼り付けるか、ファイルをこのページにドロップ。",
  "edit.load.button": "読み込む",
  "edit.file": "ファイルを開く",
  "edit.sfen": "SFEN",
  "edit.copy": "コピー",
  "edit.copied": "コピーしました",
  "download.sfen": "SFENを保存",
  "download.kif": "KIFを保存",
  "pos.checking": "局面を確認中…",
  "pos.ok": "正しい局面",
  "pos.empty": "盤が空です。駒箱から駒を置くか、棋譜・局面を貼り付けてください。",
  "pos.format": "{format}を読み込みました",
  "pos.game": "対局の棋譜: {n}手目の局面",
  "pos.warning": "注意",
  "line.played": "入力手順",
  "line.solution": "解答",
  "line.finding": "{name}の手順（{ply}手目から）",
  "line.refutation": "不詰の応手",
  "line.help": "盤上で駒を動かして手順を入力（合法手のみ）。成るかどうかを選べるときは尋ねます。",
  "line.paste": "手順を貼り付け（USI: 7g7f G*5b …）",
  "line.paste.button": "手順にする",
  "line.clear": "手順を消す",
  "line.legal": "合法手",
  "line.legal.choose": "合法手を選ぶ…",
  "line.play": "指す",
  "line.empty": "手順はまだありません",
  "line.back": "本手順に戻る",
  "line.futile": "無駄合",
  "line.download": "この手順をKIFで保存",
  "promote.ask": "成りますか？",
  "promote.yes": "成",
  "promote.no": "不成",
  "promote.cancel": "やめる",
  "solve.rules": "ルール",
  "solve.rules.tsume": "詰将棋",
  "solve.rules.game": "実戦",
  "solve.futile": "無駄合",
  "solve.futile.any": "どちらが取っても",
  "solve.futile.checker": "王手した駒で取るときのみ",
  "solve.time": "時間制限（秒）",
  "solve.time.none": "なし",
  "solve.hash": "置換表（MB）",
  "solve.start": "解く",
  "solve.stop": "停止",
  "solve.running": "探索中…",
  "solve.nodes": "局面数",
  "solve.nodes.count": "{n}局面",
  "solve.time.spent": "時間",
  "solve.table": "置換表",
  "solve.searches": "探索",
  "solve.ply": "手目",
  "solve.first_mate": "詰みを発見: {n}手詰",
  "solve.shorter_mate": "より短い詰み: {n}手詰",
  "solve.mate": "{n}手詰",
  "solve.proven": "最短手順を証明",
  "solve.not_proven": "最短は未証明",
  "solve.mate_at_most": "{n}手以内の詰みあり",
  "solve.unknown": "不明（探索の打ち切り）",
  "solve.stopped": "停止しました",
  "solve.nomate": "不詰",
  "solve.pieces_left": "駒余り: {p}",
  "solve.futile_end": "最後は無駄合: {a} {b}",
  "solve.minimax": "変化の最長は{n}手",
  "solve.download": "解答をKIFで保存",
  "refute.title": "不詰の理由（王手と、それをしのぐ応手）",
  "refute.no_check": "以後王手なし",
  "refute.repetition": "千日手（連続王手）",
  "refute.no_mate": "以後詰みなし",
  "refute.left_out": "ほか{n}通りの王手は省略",
  "refute.then": "続く王手（{n}）",
  "refute.none": "王手がありません",
  "check.start": "検討する",
  "check.help": "入力した手順（なければ棋譜の手順、それもなければ解答）を作意として、余詰・早詰・変長・駒余り・不詰を調べます。",
  "check.total": "全体の時間制限（秒）",
  "check.intended": "作意: {n}手",
  "check.intended.none": "作意: なし（解答の手順を調べます）",
  "check.verdict.sound": "健全",
  "check.verdict.flawed": "不完全",
  "check.verdict.undecided": "未確定",
  "check.line_source.solver": "作意がないため解答の手順を調べました",
  "check.whole": "全体",
  "check.ply": "{n}手目",
  "check.counted": "（数えて{n}手目）",
  "check.branch": "分岐 {m}",
  "check.lengths": "{a}手（本手順は残り{b}手）",
  "check.length": "{a}手",
  "check.show": "盤で見る",
  "check.none": "指摘なし",
  "check.download": "変化付きKIFを保存",
  "check.class.flaw": "欠陥",
  "check.class.note": "注記",
  "check.class.undecided": "未決",
  "error.busy": "別の探索が実行中です。停止してからやり直してください。",
  "error.network": "サーバーに接続できません",
  "error.line": "{line}行{column}列",
  "error.label": "エラー",
  "drop.here": "ここにドロップして読み込む",
  "lang.switch": "言語",
  "version": "tsume {v}",
} as const;

export type Key = keyof typeof ja;

const en: Record<Key, string> = {
  title: "Tsume-shogi workbench",
  "tab.edit": "Set up",
  "tab.line": "Line",
  "tab.solve": "Solve",
  "tab.check": "Check",
  "board.label": "Shogi board",
  "hand.black": "Black's hand",
  "hand.white": "White's hand",
  "hand.none": "none",
  "hand.title.black": "☗Black",
  "hand.title.white": "☖White",
  "hand.rest": "the rest",
  "hand.rest.title": "Every piece not on the board nor in the attacker's hand is in the defender's hand",
  "side.black": "Black (先手)",
  "side.white": "White (後手)",
  "nav.first": "To the start",
  "nav.prev": "One ply back",
  "nav.next": "One ply on",
  "nav.last": "To the end",
  "nav.ply": "ply {n}",
  "nav.start": "start",
  "nav.mate": "Mate",
  "edit.palette": "Pieces",
  "edit.palette.help": "Pick a piece, then click the board (or drag it). Click a placed piece again to promote or unpromote it, right-click to turn it round, the eraser to remove it. With the board focused: arrow keys move, a piece letter (P, p, +…) places, Delete removes.",
  "edit.eraser": "Eraser",
  "edit.clear": "Clear the board",
  "edit.attacker": "Attacker (to move)",
  "edit.literal": "Set the defender's hand",
  "edit.hand.attacker": "Attacker's hand",
  "edit.hand.defender": "Defender's hand",
  "edit.add": "One more {p}",
  "edit.remove": "One {p} less",
  "edit.load": "Paste a record or a position",
  "edit.load.help": "Paste an SFEN, KIF, KI2, CSA or BOD (a 柿木 diagram), or drop a file on the page.",
  "edit.load.button": "Read",
  "edit.file": "Open a file",
  "edit.sfen": "SFEN",
  "edit.copy": "Copy",
  "edit.copied": "Copied",
  "download.sfen": "Save SFEN",
  "download.kif": "Save KIF",
  "pos.checking": "Checking the position…",
  "pos.ok": "A legal position",
  "pos.empty": "The board is empty: place pieces from the palette, or paste a record or a position.",
  "pos.format": "Read as {format}",
  "pos.game": "A game record: the position after move {n}",
  "pos.warning": "Warning",
  "line.played": "Line played",
  "line.solution": "Solution",
  "line.finding": "{name}'s line (from ply {ply})",
  "line.refutation": "Refutation",
  "line.help": "Play the line on the board (legal moves only); you are asked whether to promote when it is optional.",
  "line.paste": "Paste a line (USI: 7g7f G*5b …)",
  "line.paste.button": "Use as the line",
  "line.clear": "Clear the line",
  "line.legal": "Legal moves",
  "line.legal.choose": "Choose a legal move…",
  "line.play": "Play",
  "line.empty": "No line yet",
  "line.back": "Back to the main line",
  "line.futile": "futile",
  "line.download": "Save this line as KIF",
  "promote.ask": "Promote?",
  "promote.yes": "Promote (成)",
  "promote.no": "Don't (不成)",
  "promote.cancel": "Cancel",
  "solve.rules": "Rules",
  "solve.rules.tsume": "tsume-shogi",
  "solve.rules.game": "the game",
  "solve.futile": "Futile interpositions",
  "solve.futile.any": "any capture",
  "solve.futile.checker": "capture by the checker only",
  "solve.time": "Time limit (s)",
  "solve.time.none": "none",
  "solve.hash": "Table (MB)",
  "solve.start": "Solve",
  "solve.stop": "Stop",
  "solve.running": "Searching…",
  "solve.nodes": "Nodes",
  "solve.nodes.count": "{n} nodes",
  "solve.time.spent": "Time",
  "solve.table": "Table",
  "solve.searches": "Searches",
  "solve.ply": "ply",
  "solve.first_mate": "Mate found: {n} plies",
  "solve.shorter_mate": "A shorter mate: {n} plies",
  "solve.mate": "Mate in {n}",
  "solve.proven": "proven shortest",
  "solve.not_proven": "not proven shortest",
  "solve.mate_at_most": "A mate in at most {n}",
  "solve.unknown": "Unknown (the search was cut short)",
  "solve.stopped": "Stopped",
  "solve.nomate": "No mate",
  "solve.pieces_left": "Pieces left: {p}",
  "solve.futile_end": "Ends in futile interpositions: {a} {b}",
  "solve.minimax": "The longest defence takes {n} plies",
  "solve.download": "Save the solution as KIF",
  "refute.title": "Why there is no mate: each check and a reply that holds",
  "refute.no_check": "no check follows",
  "refute.repetition": "repetition (perpetual check)",
  "refute.no_mate": "no mate follows",
  "refute.left_out": "{n} more checks left out",
  "refute.then": "the checks that follow ({n})",
  "refute.none": "There is no check",
  "check.start": "Check",
  "check.help": "Checks the line entered (else the record's moves, else the solver's line) as the intended solution: cooks, early mates, longer defences, pieces left, no mate.",
  "check.total": "Time for the whole check (s)",
  "check.intended": "Intended line: {n} plies",
  "check.intended.none": "Intended line: none (the solver's line is checked)",
  "check.verdict.sound": "Sound (健全)",
  "check.verdict.flawed": "Flawed (不完全)",
  "check.verdict.undecided": "Undecided (未確定)",
  "check.line_source.solver": "No intended line was given: the solver's line was checked",
  "check.whole": "whole problem",
  "check.ply": "ply {n}",
  "check.counted": " (counted: {n})",
  "check.branch": "branch {m}",
  "check.lengths": "{a} plies (the main line has {b} left)",
  "check.length": "{a} plies",
  "check.show": "Show",
  "check.none": "No findings",
  "check.download": "Save KIF with variations",
  "check.class.flaw": "flaw",
  "check.class.note": "note",
  "check.class.undecided": "undecided",
  "error.busy": "Another search is running: stop it first.",
  "error.network": "The server cannot be reached",
  "error.line": "line {line}, column {column}",
  "error.label": "Error",
  "drop.here": "Drop here to read it",
  "lang.switch": "Language",
  "version": "tsume {v}",
};

const tables: Record<Lang, Record<Key, string>> = { ja, en };

let current: Lang = "ja";

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang): void {
  current = l;
  document.documentElement.lang = l;
}

/** The page's language: the one chosen before, else the browser's first that we have. */
export function initialLang(stored: string | null, languages: readonly string[]): Lang {
  if (stored === "ja" || stored === "en") return stored;
  for (const l of languages) {
    const base = l.toLowerCase().split("-")[0];
    if (base === "ja") return "ja";
    if (base === "en") return "en";
  }
  return "ja";
}

export function t(key: Key, params: Record<string, string | number> = {}): string {
  return tables[current][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ""));
}

/** A number as the page writes it: 1,234,567. */
export function num(n: number): string {
  return n.toLocaleString(current === "ja" ? "ja-JP" : "en-US");
}

/** Japanese glosses of the set-up faults the command line names in English. */
const FAULTS_JA: [RegExp, (m: RegExpExecArray) => string][] = [
  [/(Black|White) has (\d+) kings/, (m) => `${side(m[1])}の玉が${m[2]}枚`],
  [/two (Black|White) pawns on file (\d)/, (m) => `二歩（${side(m[1])}、${m[2]}筋）`],
  [/(\w+) on (\w+) can never move/, (m) => `行き所のない駒（${m[2]}の${pieceJa(m[1])}）`],
  [/the side not to move \((Black|White)\) is in check/, (m) => `手番でない${side(m[1])}に王手がかかっている`],
  [/has no king/, () => "玉方の玉がない"],
  [/too many (\w+) pieces: (\d+), the set holds (\d+)/, (m) => `${pieceJa(m[1])}が多すぎる（${m[2]}枚、駒は${m[3]}枚まで）`],
];

function side(s: string): string {
  return s === "Black" ? "先手" : "後手";
}

function pieceJa(s: string): string {
  const names: Record<string, string> = {
    King: "玉", Rook: "飛", Bishop: "角", Gold: "金", Silver: "銀", Knight: "桂", Lance: "香", Pawn: "歩",
  };
  return names[s] ?? s;
}

/** The fault in Japanese when it is one of the set-up faults known here; null otherwise. */
export function faultGloss(message: string): string | null {
  if (current !== "ja") return null;
  for (const [re, f] of FAULTS_JA) {
    const m = re.exec(message);
    if (m) return f(m);
  }
  return null;
}
