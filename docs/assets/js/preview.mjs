// Renders the shared rule and sheet templates in the browser: Nunjucks for the template, marked for the Markdown,
// DOMPurify so that nothing a table types can become markup.
import { formatPoints, siteUrl } from "./dom.mjs";

let tools = null;

async function loadScript(url) {
  await new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src: url, onload: resolve, onerror: reject });
    document.head.append(script);
  });
}

// Nunjucks' small runtime with the templates precompiled at build, and DOMPurify's minified build: classic scripts.
export function loadRenderer(runtime) {
  tools ??= (async () => {
    const [{ marked }] = await Promise.all([
      import(siteUrl(runtime.vendor.marked)),
      window.nunjucks ? null : loadScript(siteUrl(runtime.vendor.nunjucks)),
      window.DOMPurify ? null : loadScript(siteUrl(runtime.vendor.dompurify)),
      window.nunjucksPrecompiled ? null : loadScript(siteUrl(runtime.templates)),
    ]);
    const { nunjucks, nunjucksPrecompiled, DOMPurify } = window;
    const loader = new nunjucks.PrecompiledLoader(nunjucksPrecompiled);
    const env = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: true });
    env.addFilter("num", formatPoints);
    const templates = { rule_body: env.getTemplate("rule_body"), sheet_body: env.getTemplate("sheet_body") };
    return { marked, sanitize: DOMPurify.sanitize, templates };
  })();
  return tools;
}

// A turn for the browser (a tap, a paint) between the steps of a render.
function yieldToPage() {
  return new Promise((resolve) => setTimeout(resolve));
}

// Markdown cut before each level-two heading that no HTML container (a `<div>` or `<section>` of the template) is
// open around, so that each piece is whole on its own.
function cutAtHeadings(markdown) {
  const pieces = [];
  let lines = [];
  let open = 0;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ") && open === 0 && lines.length) {
      pieces.push(lines.join("\n"));
      lines = [];
    }
    lines.push(line);
    open += count(line, CONTAINER_OPENS) - count(line, CONTAINER_CLOSES);
  }
  pieces.push(lines.join("\n"));
  return pieces;
}

const CONTAINER_OPENS = /<(div|section|details|aside|figure|blockquote)\b/gi;
const CONTAINER_CLOSES = /<\/(div|section|details|aside|figure|blockquote)\s*>/gi;

function count(text, pattern) {
  return text.match(pattern)?.length ?? 0;
}

// Renders `described` with the shared template `name` into `target`, a section (from one level-two heading to the
// next) per turn, so that no task parses and cleans the whole page; nothing is shown if `stale()` says by then that a
// newer render is on its way.
export async function renderInto(target, runtime, name, described, stale = () => false) {
  const { marked, sanitize, templates } = await loadRenderer(runtime);
  await yieldToPage();
  if (stale()) return;
  const markdown = templates[name].render({ v: described });
  const sections = [];
  for (const section of cutAtHeadings(markdown)) {
    await yieldToPage();
    if (stale()) return;
    sections.push(sanitize(marked.parse(section), { USE_PROFILES: { html: true }, RETURN_DOM_FRAGMENT: true }));
  }
  target.replaceChildren(...sections);
}
