// What the browser tests share: the real binary serving the page, Debian's Chromium driven by
// playwright-core, screenshots under the repository's target/web-screenshots/, and the steps a
// person takes on the page (clicks and keys).

import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const webDir = resolve(here, "..");
export const repoDir = resolve(webDir, "..");
const targetDir = process.env.CARGO_TARGET_DIR ? resolve(repoDir, process.env.CARGO_TARGET_DIR) : join(repoDir, "target");

/** The binary under test: TSUME_BIN, else the release build of this checkout. */
export const tsumeBin = process.env.TSUME_BIN ? resolve(process.env.TSUME_BIN) : join(targetDir, "release", "tsume");
export const shotsDir = join(targetDir, "web-screenshots");
const chromiumPath = process.env.CHROMIUM_BIN || "/usr/bin/chromium";

/** A row of a problems/*.tsv file, by id: its fields by the header's names. */
export function problemRow(file, id) {
  const lines = readFileSync(join(repoDir, "problems", file), "utf8").split("\n");
  const names = lines[0].split("\t");
  for (const line of lines.slice(1)) {
    const cells = line.split("\t");
    if (cells[0] === id) return Object.fromEntries(names.map((n, i) => [n, cells[i]]));
  }
  throw new Error(`no row ${id} in problems/${file}`);
}

export function fixture(name) {
  return join(here, "fixtures", name);
}

/** One thread for the command line and the server alike, so that their answers are the same. */
const oneThread = { ...process.env, TSUME_THREADS: "1" };

/** What the command line answers, for the page's answer to be compared with. */
export function cli(...args) {
  try {
    return execFileSync(tsumeBin, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: oneThread });
  } catch (e) {
    if (e.stdout) return e.stdout; // a non-zero exit (no mate, a flawed check) still printed its answer
    throw e;
  }
}

/** Starts `tsume serve --port 0` and reads its address from the line it prints. */
export async function startServer() {
  if (!existsSync(tsumeBin)) throw new Error(`no binary at ${tsumeBin}: run cargo build --release, or set TSUME_BIN`);
  const proc = spawn(tsumeBin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"], env: oneThread });
  let stderr = "";
  proc.stderr.on("data", (d) => (stderr += d));
  const url = await new Promise((resolveUrl, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`tsume serve printed no address in 20 s: ${out}${stderr}`)), 20000);
    proc.stdout.on("data", (d) => {
      out += d;
      const m = /serving the workbench at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    });
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`tsume serve exited (${code}): ${out}${stderr}`));
    });
  });
  return {
    url,
    stderr: () => stderr,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGINT");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Debian's Chromium, headless, on a fresh profile, kept off every network but this machine's. */
export async function startBrowser() {
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}: apt-get install -y chromium`);
  // playwright-core gives the browser a fresh profile of its own (a new --user-data-dir).
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    /** A fresh context (its own storage) and page, in the language given. */
    async page(locale = "ja-JP", viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ locale, viewport, acceptDownloads: true });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.pageErrors = errors;
      return page;
    },
    async close() {
      await browser.close();
    },
  };
}

export async function shot(page, name) {
  mkdirSync(shotsDir, { recursive: true });
  const path = join(shotsDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

// Steps on the page.

export const square = (usi) => `#board [data-square="${usi}"]`;

/** The USI square of board cell (row, col): row 0 is rank a, col 0 file 9. */
function usiOf(row, col) {
  return `${9 - col}${String.fromCharCode(97 + row)}`;
}

/**
 * Sets up an SFEN on the editor by clicks, as a composer does: the board cleared, each piece
 * picked from the palette and clicked onto its square (a promoted piece clicked twice), the
 * attacker's hand counted up with its + buttons.
 */
export async function setUpByClicks(page, sfen) {
  const [board, side, hands] = sfen.trim().split(/\s+/);
  await page.click("#tab-edit");
  await page.click("#clear-board");
  await page.check(side === "w" ? "#attacker-white" : "#attacker-black");
  const rows = board.split("/");
  for (let r = 0; r < 9; r++) {
    let col = 0;
    const text = rows[r];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (/\d/.test(c)) {
        col += Number(c);
        continue;
      }
      const promoted = c === "+";
      const letter = promoted ? text[++i] : c;
      await page.click(`[data-palette="${letter}"]`);
      await page.click(square(usiOf(r, col)));
      if (promoted) await page.click(square(usiOf(r, col)));
      col++;
    }
  }
  await page.click(`[data-palette="eraser"]`);
  await page.click(`[data-palette="eraser"]`);
  const attacker = side === "w" ? "white" : "black";
  let n = 0;
  for (const c of hands === "-" ? "" : hands) {
    if (/\d/.test(c)) {
      n = n * 10 + Number(c);
      continue;
    }
    const owner = c === c.toUpperCase() ? "black" : "white";
    if (owner === attacker) {
      for (let k = 0; k < (n || 1); k++) await page.click(`[data-hand-plus="${attacker}-${c.toUpperCase()}"]`);
    }
    n = 0;
  }
}

/** Pastes text into the editor's box and reads it. */
export async function paste(page, text) {
  await page.click("#tab-edit");
  await page.fill("#paste", text);
  await page.click("#paste-read");
}

/** Waits for the server's reading of the set-up: the legal-position mark, or its error. */
export async function positionSettled(page) {
  await page.waitForSelector("#pos-status.good, #pos-status.bad", { timeout: 10000 });
  return (await page.locator("#pos-status.good").count()) > 0;
}
