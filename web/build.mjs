// Builds the page into dist/ (or the directory given by `--outdir DIR` or WEB_OUTDIR): index.html,
// app.js and app.css, the three files the server embeds. The same sources give the same bytes.
import { build } from "esbuild";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf("--outdir");
const outdir = resolve(at >= 0 ? args[at + 1] : process.env.WEB_OUTDIR || join(here, "dist"));
mkdirSync(outdir, { recursive: true });

const common = {
  bundle: true,
  minify: true,
  legalComments: "none",
  charset: "utf8",
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  logLevel: "warning",
  write: false,
};

const js = await build({ ...common, entryPoints: [join(here, "src/main.ts")], format: "esm", outfile: "app.js" });
const css = await build({ ...common, entryPoints: [join(here, "src/style.css")], outfile: "app.css" });
writeFileSync(join(outdir, "app.js"), js.outputFiles[0].contents);
writeFileSync(join(outdir, "app.css"), css.outputFiles[0].contents);
writeFileSync(join(outdir, "index.html"), readFileSync(join(here, "src/index.html")));
console.log(`built the page into ${outdir}`);
