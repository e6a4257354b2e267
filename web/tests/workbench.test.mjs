// The workbench in a real browser, used as a composer uses it: the real `tsume serve`, Debian's
// Chromium, clicks and keys. Answers are compared with what the command line prints.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  cli,
  fixture,
  paste,
  positionSettled,
  problemRow,
  repoDir,
  setUpByClicks,
  shot,
  square,
  startBrowser,
  startServer,
} from "./harness.mjs";

let server;
let chrome;

before(async () => {
  server = await startServer();
  chrome = await startBrowser();
});

after(async () => {
  await chrome?.close();
  await server?.stop();
});

const COOKED_SFEN = "3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b Grbg2s4n4l18p 1";

async function open(locale = "ja-JP", viewport) {
  const page = await chrome.page(locale, viewport);
  await page.goto(server.url);
  await page.waitForSelector("#board svg");
  return page;
}

/** Waits until the editor's SFEN (the server's reading of the set-up) is `sfen`. */
async function sfenIs(page, sfen) {
  await page.waitForFunction((want) => document.querySelector("#sfen-out")?.value === want, sfen, { timeout: 10000 });
}

/** Waits until the text of `selector` matches `re`. */
async function textMatches(page, selector, re) {
  await page.waitForFunction(
    ([sel, source]) => new RegExp(source).test(document.querySelector(sel)?.textContent ?? ""),
    [selector, re.source],
    { timeout: 10000 },
  );
}

async function text(page, selector) {
  return (await page.locator(selector).first().textContent()) ?? "";
}

/** The USI moves of the move list shown. */
async function listedMoves(page) {
  return page.$$eval("#moves .move .usi", (els) => els.map((e) => e.textContent).filter((t) => t));
}

test("図巧 No. 2 set up by clicks and solved; its line stepped through to the mate", async () => {
  const row = problemRow("zuko.tsv", "zuko-002");
  const page = await open();
  await setUpByClicks(page, row.sfen);
  await sfenIs(page, row.sfen);
  await page.waitForSelector("#pos-status [data-pos-ok]");
  assert.match(await text(page, "#pos-status"), /正しい局面/);
  // The defender's hand is "the rest", shown as the server counts it.
  await textMatches(page, "#hand-edit-defender", /残り全部: 金二　銀四　桂二　香三　歩十三/);
  assert.match(decodeURIComponent(new URL(page.url()).hash), /sfen=9\/9\/3B3G1/);
  await shot(page, "editor");

  await page.click("#tab-solve");
  await page.click("#solve-start");
  await page.waitForSelector("[data-result]", { timeout: 60000 });
  assert.match(await text(page, ".result .headline"), /21手詰/);
  assert.match(await text(page, "[data-proven]"), /最短手順を証明/);
  assert.match(await text(page, "[data-mates] li"), /詰みを発見: \d+手詰/);

  // The line is the command line's.
  const expected = JSON.parse(cli("solve", row.sfen, "--json"));
  await page.waitForSelector(`#moves .move[data-ply="${expected.line.length}"]`);
  assert.deepEqual(await listedMoves(page), expected.line);
  const ja = await page.$$eval("#moves .move .ja", (els) => els.slice(1).map((e) => e.textContent));
  assert.deepEqual(ja, expected.line_ja);

  // Stepped through with the keys, the last move marked on the board at each step.
  for (let ply = 1; ply <= expected.line.length; ply++) {
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction((n) => document.querySelector("#nav-ply")?.textContent?.startsWith(`${n}手目`), ply);
    const to = expected.line[ply - 1].slice(2, 4);
    await page.waitForSelector(`${square(to)}.last`);
  }
  await page.waitForSelector("#board[data-mated='true']");
  await page.waitForSelector("[data-mate-badge]:not([hidden])");
  assert.equal(await text(page, "[data-mate-badge]"), "詰み");
  await shot(page, "solved");

  await page.keyboard.press("Home");
  await page.waitForFunction(() => document.querySelector("#nav-ply")?.textContent?.startsWith("開始局面"));
  await page.click('#moves .move[data-ply="5"]');
  await page.waitForFunction(() => document.querySelector("#nav-ply")?.textContent?.startsWith("5手目"));
  await page.keyboard.press("End");
  await page.waitForSelector("#board[data-mated='true']");
  await page.click("#nav-prev");
  await page.waitForSelector("#board[data-mated='false']");
  // Readable in a narrow window too: the hands above and below the board, the panel below.
  await page.setViewportSize({ width: 600, height: 1000 });
  const layout = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect();
    return {
      width: document.documentElement.scrollWidth,
      board: box("#board"),
      panel: box("#tab-solve"),
    };
  });
  assert.ok(layout.width <= 600, `no sideways scrolling: ${layout.width}`);
  assert.ok(layout.panel.top >= layout.board.bottom, "the panel below the board");
  await shot(page, "narrow");
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});

test("a futile interposition in the line is marked, and the line still ends in mate (図巧 No. 20)", async () => {
  const row = problemRow("zuko.tsv", "zuko-020");
  const expected = JSON.parse(cli("solve", row.sfen, "--json"));
  assert.ok(expected.futile_plies.length > 0);
  const page = await open();
  await paste(page, row.sfen);
  await sfenIs(page, row.sfen);
  await page.click("#tab-solve");
  await page.click("#solve-start");
  await page.waitForSelector(`#moves .move[data-ply="${expected.line.length}"]`, { timeout: 60000 });
  assert.deepEqual(await listedMoves(page), expected.line);
  for (const ply of expected.futile_plies) {
    assert.match(await text(page, `#moves .move[data-ply="${ply}"] .tag`), /無駄合/);
  }
  await page.click("#nav-last");
  await page.waitForSelector("#board[data-mated='true']");

  // A line that ends at a check every reply to which is a futile interposition: one named.
  const drops = problemRow("short.tsv", "futile-drops-60");
  const ending = JSON.parse(cli("solve", drops.sfen, "--json"));
  // Named in 日本式 as `solve --format ja` names it, by the answer itself: no second request.
  const named = /以下無駄合（(.+?) (.+?) など/.exec(cli("solve", drops.sfen, "--format", "ja"));
  assert.ok(named, "solve --format ja names the futile ending");
  await paste(page, drops.sfen);
  await sfenIs(page, drops.sfen);
  await page.click("#tab-solve");
  const lineRequests = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/line")) lineRequests.push(r.postData());
  });
  await page.click("#solve-start");
  await textMatches(page, "[data-futile-end]", /最後は無駄合: △.+ ▲.+/);
  assert.ok((await text(page, "[data-futile-end]")).includes(`${named[1]} ${named[2]}`), await text(page, "[data-futile-end]"));
  assert.ok(!lineRequests.some((body) => body.includes(ending.futile_end[0])), "the futile ending is not asked for again");
  await textMatches(page, "#moves-title", /解答/);
  await page.waitForSelector(`#moves .move[data-ply="${ending.line.length}"]`);
  assert.deepEqual(await listedMoves(page), ending.line);
  await page.context().close();
});

test("an illegal set-up shows the command line's message, never accepted", async () => {
  const page = await open();
  await page.click("#clear-board");
  await page.click('[data-palette="k"]');
  await page.click(square("5a"));
  await page.click(square("5i"));
  await page.waitForSelector("#pos-status.bad");
  assert.match(await text(page, "#pos-status .message"), /White has 2 kings/);
  assert.match(await text(page, "#pos-status .gloss"), /後手の玉が2枚/);
  assert.equal(await page.isDisabled("#solve-start"), true);

  // A pawn that can never move; then two pawns on a file.
  await page.click('[data-palette="eraser"]');
  await page.click(square("5i"));
  await page.click('[data-palette="P"]');
  await page.click(square("1a"));
  await page.waitForSelector("#pos-status.bad");
  assert.match(await text(page, "#pos-status .message"), /Pawn on 1a can never move/);
  await page.click('[data-palette="eraser"]');
  await page.click(square("1a"));
  await page.click('[data-palette="P"]');
  await page.click(square("5e"));
  await page.click(square("5g"));
  await page.waitForSelector("#pos-status.bad");
  assert.match(await text(page, "#pos-status .message"), /二歩: two Black pawns on file 5/);
  // The side to move giving check: the pawn between the rook and the king taken away.
  await page.click('[data-palette="eraser"]');
  await page.click(square("5g"));
  await page.click('[data-palette="R"]');
  await page.click(square("5e"));
  await page.click('[data-palette="P"]');
  await page.click(square("5c"));
  await page.waitForSelector("#pos-status.good");
  await page.click('[data-palette="eraser"]');
  await page.click(square("5c"));
  await page.waitForSelector("#pos-status.bad");
  assert.match(await text(page, "#pos-status .message"), /in check/);
  await page.context().close();
});

test("a malformed SFEN shows its error with its place; the page goes on", async () => {
  const page = await open();
  await paste(page, COOKED_SFEN);
  await sfenIs(page, COOKED_SFEN);
  await paste(page, "3g1ks2/6gR1/4S4 b G 1");
  await page.waitForSelector("#paste-result .error");
  const message = await text(page, "#paste-result .error .message");
  assert.match(message, /ranks/);
  assert.match(await text(page, "#paste-result .error"), /1行\d+列/);
  // The position before stays, and so does everything else.
  assert.equal(await page.inputValue("#sfen-out"), COOKED_SFEN);
  await paste(page, "\u0000\u0001 garbage ☗☖ +++ 1");
  await page.waitForSelector("#paste-result .error");
  await shot(page, "malformed-sfen");
  // A pasted line with an illegal move names it.
  await page.click("#tab-line");
  await page.fill("#line-paste", "G*5a 6a5a 5a5b");
  await page.click("#line-use");
  await page.waitForSelector("#line-error .error");
  assert.match(await text(page, "#line-error .message"), /move 3 '5a5b'/);
  assert.deepEqual(page.pageErrors, []);
  await page.context().close();
});

test("a KIF pasted and checked: the 余詰 listed, its evidence played on the board", async () => {
  const page = await open();
  await paste(page, readFileSync(fixture("cooked.kif"), "utf8"));
  await sfenIs(page, COOKED_SFEN);
  assert.match(await text(page, "#paste-result"), /KIF/);
  assert.match(await text(page, "#paste-result .header-fields"), /余詰のある五手詰/);

  await page.click("#tab-check");
  assert.match(await text(page, "#check-intended"), /作意: 5手/);
  await page.click("#check-start");
  await page.waitForSelector("[data-verdict]", { timeout: 60000 });
  assert.equal(await page.getAttribute("[data-verdict]", "data-verdict"), "flawed");
  assert.match(await text(page, "[data-verdict]"), /不完全/);

  const expected = JSON.parse(cli("check", fixture("cooked.kif"), "--json"));
  const cook = expected.findings.findIndex((f) => f.kind === "cook");
  assert.ok(cook >= 0);
  const f = expected.findings[cook];
  const item = page.locator(`.finding`).nth(cook);
  assert.equal(await item.getAttribute("data-finding"), "cook");
  const words = await item.textContent();
  assert.match(words, /余詰/);
  assert.match(words, new RegExp(`${f.ply}手目`));
  assert.ok(words.includes(f.line_ja[0]), `${words} names ${f.line_ja[0]}`);
  // The finding in the Japanese words of check --kif, not the English of the text report.
  assert.equal((await item.locator(".message").textContent()).trim(), f.message_ja);
  assert.equal(await page.locator(".finding").count(), expected.findings.length);

  // The evidence as a branch: the main line to the ply before it, then the alternative.
  await item.locator("[data-show-finding]").click();
  await page.waitForFunction(() => /余詰/.test(document.querySelector("#moves-title")?.textContent ?? ""));
  const branch = [...expected.line.slice(0, f.ply - 1), ...f.line];
  assert.deepEqual(await listedMoves(page), branch);
  await page.waitForSelector(`${square(f.line[0].slice(2, 4))}.last`);
  assert.equal(await page.locator("#moves .move.branch").count(), f.line.length);
  await page.keyboard.press("End");
  await page.waitForSelector("#board[data-mated='true']");
  await shot(page, "check");

  const download = page.waitForEvent("download");
  await page.click("#check-download");
  const kif = readFileSync(await (await download).path(), "utf8");
  assert.match(kif, /変化：1手/);
  await page.click("#line-back");
  await page.waitForFunction(() => /作意/.test(document.querySelector("#moves-title")?.textContent ?? ""));
  assert.deepEqual(await listedMoves(page), expected.line);
  await page.context().close();
});

test("a position with no mate shows its refutation, browsable on the board", async () => {
  const sfen = "4k4/9/9/9/9/9/9/9/9 b P 1";
  const page = await open();
  await paste(page, sfen);
  await page.waitForSelector("#pos-status [data-pos-ok]");
  await page.click("#tab-solve");
  await page.click("#solve-start");
  await page.waitForSelector("[data-result='nomate']", { timeout: 60000 });
  assert.match(await text(page, ".result .headline"), /不詰/);

  const expected = JSON.parse(cli("solve", sfen, "--json")).refutation;
  const first = expected.checks[0];
  const button = page.locator(`[data-refute="${first.check} ${first.reply}"]`);
  assert.match(await button.textContent(), new RegExp(`${first.check_ja} ${first.reply_ja}`));
  await button.click();
  await page.waitForFunction(() => /不詰の応手/.test(document.querySelector("#moves-title")?.textContent ?? ""));
  assert.deepEqual(await listedMoves(page), [first.check, first.reply]);
  await page.waitForSelector(`${square(first.reply.slice(2, 4))}.last`);
  if (first.then) {
    const next = first.then.checks[0];
    await page.click(`[data-refute="${first.check} ${first.reply} ${next.check} ${next.reply}"]`);
    await page.waitForFunction((n) => document.querySelectorAll("#moves .move[data-ply]").length === n, 5);
    assert.deepEqual(await listedMoves(page), [first.check, first.reply, next.check, next.reply]);
  }
  await shot(page, "refutation");
  await page.context().close();
});

test("Stop ends a long search (図巧 No. 21 under the rules of the game) within a second", async (t) => {
  const row = problemRow("zuko.tsv", "zuko-021");
  const page = await open();
  await paste(page, row.sfen);
  await sfenIs(page, row.sfen);
  await page.click("#tab-solve");
  await page.selectOption("#solve-rules", "game");
  await page.fill("#solve-time", "");
  await page.click("#solve-start");
  await page.waitForSelector("[data-progress]", { timeout: 20000 });
  await page.waitForTimeout(1000);
  assert.equal(await page.locator("[data-result]").count(), 0, "still searching after a second");

  // A second page meanwhile is refused, with the reason.
  const other = await open();
  await paste(other, COOKED_SFEN);
  await sfenIs(other, COOKED_SFEN);
  await other.click("#tab-solve");
  await other.click("#solve-start");
  await other.waitForSelector("#solve-out .error[data-status='409']");
  assert.match(await text(other, "#solve-out .error"), /別の探索が実行中です/);
  await other.context().close();

  const started = Date.now();
  await page.click("#solve-stop");
  await page.waitForSelector("[data-result]", { timeout: 10000 });
  const took = Date.now() - started;
  t.diagnostic(`the search stopped ${took} ms after the click`);
  assert.ok(took < 1000, `the search stopped after ${took} ms`);
  assert.equal(await page.getAttribute("[data-result]", "data-result"), "unknown");
  assert.match(await text(page, "[data-result]"), /停止しました/);
  assert.match(await text(page, "[data-proven]"), /最短は未証明/);
  assert.equal(await page.isEnabled("#solve-start"), true);
  await shot(page, "stopped");
  await page.context().close();
});

test("a line played on the board, promotion asked, kept in the address", async () => {
  const page = await open();
  await paste(page, COOKED_SFEN);
  await sfenIs(page, COOKED_SFEN);
  await page.click("#tab-line");
  await page.waitForSelector('#hand-black [data-hand="black"][data-piece="G"]');
  // ▲５一金打: the gold from the hand; △同金; ▲同角 — promotion optional, asked.
  await page.click('#hand-black [data-piece="G"]');
  await page.waitForSelector(`${square("5a")} .target`);
  await page.click(square("5a"));
  await page.waitForSelector('#moves .move[data-ply="1"][aria-current="step"]');
  await page.click(square("6a"));
  await page.click(square("5a"));
  await page.waitForSelector('#moves .move[data-ply="2"][aria-current="step"]');
  await page.click(square("2d"));
  await page.click(square("5a"));
  await page.waitForSelector("#promote:not([hidden])");
  await shot(page, "promotion");
  await page.click("#promote-yes");
  await page.waitForSelector('#moves .move[data-ply="3"][aria-current="step"]');
  assert.deepEqual(await listedMoves(page), ["G*5a", "6a5a", "2d5a+"]);
  assert.equal(await text(page, '#moves .move[data-ply="3"] .ja'), "▲同　角成");
  // An illegal move is not played: the king cannot be left in check... nor a piece moved wrongly.
  await page.click(square("2b"));
  await page.click(square("9b"));
  assert.deepEqual(await listedMoves(page), ["G*5a", "6a5a", "2d5a+"]);
  // The keyboard's way: a legal move picked from the list.
  await page.selectOption("#legal-moves", "4a5a");
  await page.click("#legal-play");
  await page.waitForSelector('#moves .move[data-ply="4"][aria-current="step"]');
  assert.match(decodeURIComponent(new URL(page.url()).hash), /line=G\*5a,6a5a,2d5a\+,4a5a/);

  // A reload opens the same problem and line.
  await page.reload();
  await page.waitForSelector('#moves .move[data-ply="4"]');
  assert.deepEqual(await listedMoves(page), ["G*5a", "6a5a", "2d5a+", "4a5a"]);
  await page.click("#tab-edit");
  await sfenIs(page, COOKED_SFEN);
  await page.context().close();
});

test("a KIF file opened or dropped, Shift-JIS as Windows programs write it", async () => {
  const page = await open();
  await page.setInputFiles("#file-input", fixture("cooked-sjis.kif"));
  await sfenIs(page, COOKED_SFEN);
  assert.match(await text(page, "#paste-result .header-fields"), /余詰のある五手詰/);
  await page.click("#clear-board");
  const bytes = [...readFileSync(fixture("cooked.kif"))];
  await page.evaluate((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], "cooked.kif"));
    for (const type of ["dragenter", "dragover", "drop"]) {
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  }, bytes);
  await sfenIs(page, COOKED_SFEN);
  const download = page.waitForEvent("download");
  await page.click("#download-sfen");
  assert.equal(readFileSync(await (await download).path(), "utf8").trim(), COOKED_SFEN);
  const kifDownload = page.waitForEvent("download");
  await page.click("#download-kif");
  const kif = readFileSync(await (await kifDownload).path(), "utf8");
  assert.match(kif, /５一金打/);
  await page.context().close();
});

/** A record file of the repository's tests (tests/fixtures/kif/), as written by tsshogi. */
const recordFile = (name) => join(repoDir, "tests", "fixtures", "kif", name);

/** The command line's words for `path`, placed as the server places a pasted text. */
const asPasted = (words, path) => words.split(path).join("<problem>");

/** The offset in the paste box of 1-based `line` and `column`. */
function offsetOf(text, line, column) {
  const lines = text.split("\n");
  return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
}

test("a KIF whose move 5 is illegal: the fault with its line, column and reason, and checked as the command line checks the file", async () => {
  const path = recordFile("bad-line.kif");
  const kifText = readFileSync(path, "utf8");
  const solved = JSON.parse(cli("solve", path, "--json"));
  // The command line's warning: the fault placed in the file, then what solve does about it.
  const [placed] = asPasted(solved.warning, path).split("; the diagram");
  assert.match(placed, /^<problem>:24:6: move 5 '９九銀\(34\)' is illegal: the 銀 on ３四 cannot move to ９九/);

  const page = await open();
  await paste(page, kifText);
  await page.waitForSelector("[data-text-fault='line']");
  const fault = page.locator("[data-text-fault='line']");
  const words = await fault.textContent();
  assert.match(words, /注意: 棋譜の5手目「９九銀\(34\)」は指せません/);
  assert.match(words, /24行6列/);
  assert.match(words, /その手の前までの4手を作意として読み込みました。/);
  assert.equal((await fault.locator(".message").textContent()).trim(), placed);
  // Its place, selected in the pasted text.
  await fault.locator("[data-place]").click();
  const at = await page.$eval("#paste", (ta) => ta.selectionStart);
  assert.equal(at, offsetOf(kifText, 24, 6));
  assert.equal(kifText.slice(at, at + 2), "９九");
  await positionSettled(page);
  await shot(page, "bad-line");

  // The check is the command line's of the file: the intended line fails at move 5.
  await page.click("#tab-check");
  assert.match(await text(page, "#check-intended"), /作意: 4手（棋譜の5手目に誤りがあり、そこで終わります）/);
  await page.click("#check-start");
  await page.waitForSelector("[data-verdict]", { timeout: 60000 });
  const expected = JSON.parse(asPasted(cli("check", path, "--json"), path));
  assert.equal(await page.getAttribute("[data-verdict]", "data-verdict"), expected.verdict);
  assert.equal(expected.findings[0].kind, "wrong-line");
  const item = page.locator(".finding").first();
  assert.equal(await item.getAttribute("data-ply"), "5");
  assert.equal((await item.locator(".message").textContent()).trim(), expected.findings[0].message_ja);
  await shot(page, "bad-line-check");
  // Solved, the diagram is, with the command line's warning.
  await page.click("#tab-solve");
  await page.click("#solve-start");
  await page.waitForSelector("[data-result]", { timeout: 60000 });
  assert.equal((await text(page, "[data-solve-warning]")).trim(), `注意: ${asPasted(solved.warning, path)}`);
  await page.context().close();

  const en = await open("en-US");
  await paste(en, kifText);
  await en.waitForSelector("[data-text-fault='line']");
  const english = await text(en, "[data-text-fault='line']");
  assert.match(english, /Warning: The record's move 5 '９九銀\(34\)' cannot be played/);
  assert.match(english, /line 24, column 6/);
  assert.ok(english.includes(placed), english);
  await positionSettled(en);
  await en.locator("[data-text-fault='line']").scrollIntoViewIfNeeded();
  await shot(en, "bad-line-english");
  await en.context().close();
});

test("a KIF whose side line (変化) has an illegal move: the command line's warning, the main line whole", async () => {
  const path = recordFile("bad-side-line.kif");
  const expected = JSON.parse(asPasted(cli("check", path, "--json"), path));
  assert.equal(expected.warnings.length, 1);
  const [warning] = expected.warnings;
  assert.match(warning, /^<problem>:27:6: move 2 '４二玉\(41\)' is illegal: .* \(in a side line: it ends there\)$/);

  const page = await open();
  await paste(page, readFileSync(path, "utf8"));
  await page.waitForSelector("[data-text-fault='side']");
  const fault = page.locator("[data-text-fault='side']");
  const words = await fault.textContent();
  assert.match(words, /注意: 変化の2手目「４二玉\(41\)」は指せません/);
  assert.match(words, /27行6列/);
  assert.match(words, /その変化はこの手の前で終わります。本手順はそのまま読み込みました。/);
  assert.equal((await fault.locator(".message").textContent()).trim(), warning);
  assert.equal(await page.locator("[data-text-fault='line']").count(), 0);
  await positionSettled(page);
  await fault.scrollIntoViewIfNeeded();
  await shot(page, "bad-side-line");
  await page.click("#tab-check");
  assert.match(await text(page, "#check-intended"), /作意: 5手$/);
  await page.click("#check-start");
  await page.waitForSelector("[data-verdict]", { timeout: 60000 });
  assert.equal(await page.getAttribute("[data-verdict]", "data-verdict"), "sound");
  assert.equal((await text(page, "[data-check-warning]")).trim(), `注意: ${warning}`);
  await shot(page, "bad-side-line-check");
  await page.context().close();
});

test("set up by dragging and by the keyboard", async () => {
  const page = await open();
  await page.click("#clear-board");
  // Dragged from the palette onto 5a, then moved from 5a to 4a.
  await page.locator('[data-palette="k"]').dragTo(page.locator(square("5a")));
  await page.waitForSelector(`${square("5a")}[data-piece="k"]`);
  await page.locator(square("5a")).dragTo(page.locator(square("4a")));
  await page.waitForSelector(`${square("4a")}[data-piece="k"]`);
  assert.equal(await page.locator(`${square("5a")}[data-piece]`).count(), 0);
  // The keyboard: the board focused, the cursor moved, a piece typed, promoted with '+'.
  await page.focus("#board");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("S");
  await page.waitForSelector(`${square("5c")}[data-piece="S"]`);
  await page.keyboard.press("+");
  await page.waitForSelector(`${square("5c")}[data-piece="+S"]`);
  await page.keyboard.press("Delete");
  await page.waitForSelector(`${square("5c")}:not([data-piece])`);
  await page.keyboard.press("G");
  await page.click("#hand-edit-attacker [data-hand-plus='black-G']");
  await sfenIs(page, "5k3/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
  // A right-click turns a piece round: the gold becomes White's.
  await page.click(square("5c"), { button: "right" });
  await page.waitForSelector(`${square("5c")}[data-piece="g"]`);
  await page.click(square("5c"), { button: "right" });
  await page.waitForSelector(`${square("5c")}[data-piece="G"]`);

  // The defender's hand: "the rest" until it is set; then as set, and solved as set.
  await textMatches(page, "#hand-edit-defender", /残り全部: 飛二　角二　金二/);
  await page.check("#literal-hands");
  await page.waitForSelector("#hand-edit-defender [data-hand-count='white-R']");
  assert.equal(await text(page, "#hand-edit-defender [data-hand-count='white-R']"), "2");
  await page.click("#hand-edit-defender [data-hand-minus='white-R']");
  await page.click("#hand-edit-defender [data-hand-minus='white-R']");
  await sfenIs(page, "5k3/9/4G4/9/9/9/9/9/9 b G2b2g4s4n4l18p 1");
  assert.match(decodeURIComponent(new URL(page.url()).hash), /hands=literal/);
  await page.uncheck("#literal-hands");
  await sfenIs(page, "5k3/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
  await page.context().close();
});

test("the page in Japanese and in English, and the switch between them", async () => {
  const ja = await open("ja-JP");
  assert.equal(await ja.getAttribute("html", "lang"), "ja");
  assert.match(await text(ja, "h1"), /詰将棋ワークベンチ/);
  assert.equal(await text(ja, "#tab-solve"), "解図");
  await ja.click("#lang-en");
  assert.equal(await text(ja, "#tab-solve"), "Solve");
  await ja.reload();
  await ja.waitForSelector("#board svg");
  assert.equal(await text(ja, "#tab-solve"), "Solve", "the choice is kept");
  await ja.context().close();

  const en = await open("en-US");
  assert.equal(await en.getAttribute("html", "lang"), "en");
  assert.match(await text(en, "h1"), /Tsume-shogi workbench/);
  await paste(en, "4k4/9/9/9/9/9/9/9/9 b 9 1");
  await en.waitForSelector("#paste-result .error");
  await en.click("#tab-solve");
  assert.equal(await text(en, "#solve-start"), "Solve");
  await shot(en, "english");
  await en.click("#lang-ja");
  assert.equal(await text(en, "#solve-start"), "解く");
  await en.context().close();
});
